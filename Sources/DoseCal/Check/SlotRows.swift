import ICal

/// Each slot's series UIDs and first days, and what every channel fires per series UID, read
/// one slot at a time: which UID a slot's dose belongs to (the one the checked calendar fires it
/// from, else the slot's part that started last on or before the dose day) and each channel's
/// instants of the slot in the check's window (foreign UIDs left out).
struct SeriesLookup {
    /// Each slot's parts, by UID.
    private var partsBySlot: [SlotKey: [(firstDate: LocalDate, uid: String)]] = [:]
    let calendar: [String: [Int]]
    let libical: [String: [Int]]?
    let window: Range<Int>

    init(
        parts: [String: (key: SlotKey, firstDate: LocalDate)], calendar: [String: [Int]], libical: [String: [Int]]?,
        window: Range<Int>
    ) {
        for (uid, part) in parts { partsBySlot[part.key, default: []].append((part.firstDate, uid)) }
        for key in partsBySlot.keys { partsBySlot[key]!.sort { $0.uid < $1.uid } }
        self.calendar = calendar
        self.libical = libical
        self.window = window
    }

    /// Whether the checked calendar has a series of slot `key` (a slot with no expected dose
    /// still has rows for what its series fires).
    func isChecked(_ key: SlotKey) -> Bool { partsBySlot[key]?.contains { calendar[$0.uid] != nil } == true }

    /// The instants of slot `key` in `byUID` within the window (nil: no series of the slot).
    func instants(of key: SlotKey, in byUID: [String: [Int]]) -> [Int]? {
        var result: [Int]?
        for part in partsBySlot[key] ?? [] {
            guard let instants = byUID[part.uid] else { continue }
            result = (result ?? []) + instants.filter { window.contains($0) }
        }
        return result
    }

    /// The lookup of one slot, for its doses one after another.
    func slot(_ key: SlotKey) -> Slot { Slot(parts: partsBySlot[key] ?? [], calendar: calendar) }

    /// A slot's UIDs, looked up only for the rows that need them (most doses are only counted).
    struct Slot {
        let parts: [(firstDate: LocalDate, uid: String)]
        private let calendar: [String: [Int]]
        /// The checked calendar's UID per instant, made at the first lookup of a fired dose.
        private var firedBy: [Int: String]?

        init(parts: [(firstDate: LocalDate, uid: String)], calendar: [String: [Int]]) {
            self.parts = parts
            self.calendar = calendar
        }

        /// The checked calendar's UID of `instant` (nil: none of the slot's series fires it).
        mutating func uid(at instant: Int) -> String? {
            if firedBy == nil {
                var uidAt: [Int: String] = [:]
                for part in parts { for instant in calendar[part.uid] ?? [] { uidAt[instant] = part.uid } }
                firedBy = uidAt
            }
            return firedBy?[instant]
        }

        mutating func uid(day: LocalDate, firing instant: Int?) -> String? {
            // One series from the dose's day on: the dose is its own, whatever fires it.
            if parts.count == 1, parts[0].firstDate <= day { return parts[0].uid }
            if let instant, let uid = uid(at: instant) { return uid }
            return parts.filter { $0.firstDate <= day }.max { ($0.firstDate, $0.uid) < ($1.firstDate, $1.uid) }?.uid
        }
    }
}

/// What one group of medications brings to its slots' rows besides their expected doses: the
/// notification plan's instants per UID (nil: not compared) and, with an itinerary, what a feed
/// left in the home zone fires per slot and day.
struct UnitChannels {
    var plan: [String: [Int]]?
    var homePinned: [DoseChecker.Key: Int]
}

/// The rows of one slot: each expected dose with what every channel fires for it, then the
/// reminders no dose expects.
struct SlotRows {
    let checker: DoseChecker
    let engine: WallClockEngine
    let series: SeriesLookup
    let systemZone: ((String) -> (any ZoneRules)?)?
    /// Where extra and duplicate reminders count: the dose days in the home zone.
    let extraWindow: Range<Int>
    /// What the calendar's expansion left out: those doses are unchecked.
    let cut: ExpansionCut
    private let reminders: Set<String>
    private let matcher = InstanceMatcher()

    init(
        checker: DoseChecker, engine: WallClockEngine, series: SeriesLookup, systemZone: ((String) -> (any ZoneRules)?)?,
        extraWindow: Range<Int>, cut: ExpansionCut
    ) {
        self.checker = checker
        self.engine = engine
        self.series = series
        self.systemZone = systemZone
        self.extraWindow = extraWindow
        self.cut = cut
        reminders = Set(checker.schedule.medications.filter(\.reminder.enabled).map(\.id))
    }

    /// The rows of slot `key` (its expected `doses` in time order), each with the slot's
    /// `rank`, added to `rows`.
    func append(_ key: SlotKey, doses: [Occurrence], unit: UnitChannels, rank: Int, to rows: inout CheckRows) {
        let instants = doses.map { $0.instant }
        let found = matcher.match(expected: instants, actual: series.instants(of: key, in: series.calendar) ?? [])
        let libFound = series.libical.map { matcher.match(expected: instants, actual: series.instants(of: key, in: $0) ?? []) }
        let planFound = unit.plan.map { matcher.match(expected: instants, actual: series.instants(of: key, in: $0) ?? []) }
        var zones = NoteZones()
        var uids = series.slot(key)
        // Medications without reminders have no notifications to compare.
        let comparesPlan = reminders.contains(key.medicationID)
        // Each dose read in place (a copy of each retains its five references).
        doses.withUnsafeBufferPointer { doses in
            for i in doses.indices {
                let day = engine.localDate(of: doses[i])
                guard day >= checker.from && day <= checker.to else { continue }
                let actual = found.matched[i]
                // The dose's UID, looked up when a cut or a row needs it (most doses are only counted).
                var known: String??
                func uid() -> String? {
                    if known == nil { known = .some(uids.uid(day: day, firing: actual)) }
                    return known ?? nil
                }
                let unchecked = actual == nil && cut.leavesDosesUnchecked && cut.leftOut(uid(), at: doses[i].instant)
                // libical's reading of the same file, where it differs from the correct one (and
                // where both expansions read the series in full).
                let libical = libFound.flatMap {
                    $0.matched[i] == found.matched[i] || unchecked
                        || (!cut.libicalSeries.isEmpty && uid().map(cut.libicalSeries.contains) == true)
                        ? nil : DoseCheck.Note.libical($0.matched[i])
                }
                var notes = self.notes(doses[i], key: key, day: day, libical: libical, pinned: unit.homePinned, zones: &zones)
                if let planFound, comparesPlan, planFound.matched[i] != doses[i].instant {
                    notes.append(.plan(planFound.matched[i]))
                }
                let status: DoseCheck.Status =
                    unchecked ? .unchecked : actual == nil ? .missing : actual == doses[i].instant ? .ok : .moved
                // A row that is only counted is not made.
                guard rows.keeps(status: status, hasNotes: !notes.isEmpty) else {
                    rows.count(status: status, day: day, expected: true)
                    continue
                }
                rows.append(
                    DoseCheck(
                        medicationID: key.medicationID, slotID: key.slotID, uid: uid(), day: day, local: doses[i].local,
                        zone: doses[i].zone, expected: doses[i].instant, calendar: actual, status: status, notes: notes),
                    rank: rank)
            }
        }
        for (instant, status) in found.extra.map({ ($0, DoseCheck.Status.extra) }) + found.duplicates.map({ ($0, .duplicate) })
        where extraWindow.contains(instant) {
            rows.append(
                DoseCheck(
                    medicationID: key.medicationID, slotID: key.slotID, uid: uids.uid(at: instant), day: nil, local: nil,
                    zone: nil, expected: nil, calendar: instant, status: status, notes: []), rank: rank)
        }
    }

    /// The notes in report order: the dose's gap or overlap, libical's reading, the iOS trigger,
    /// the system's zone data, a feed left in the home zone (the plan's comes last).
    private func notes(
        _ dose: Occurrence, key: SlotKey, day: LocalDate, libical: DoseCheck.Note?, pinned homePinned: [DoseChecker.Key: Int],
        zones: inout NoteZones
    ) -> [DoseCheck.Note] {
        var notes: [DoseCheck.Note] = []
        switch dose.resolution {
        case .gap(let shifted): notes.append(.gap(shiftedTo: shifted))
        case .overlap: notes.append(.overlap)
        case .normal: break
        }
        if let libical { notes.append(libical) }
        if let identifier = dose.zone?.identifier {
            zones.look(up: identifier, systemZone: systemZone)
            // A dose on its way to a new wall clock (gradual) has no repeating trigger to compare.
            if dose.shift == 0, !RepeatingTrigger.firesAtDose(dose, zone: zones.ios) {
                let ios = zones.ios.flatMap { RepeatingTrigger.fire(at: dose.local.time, on: dose.local.date, zone: $0) }
                if ios != dose.instant { notes.append(.ios(ios)) }
            }
            if let system = zones.systemInstant(of: dose.local).map({ $0 + dose.shift }), system != dose.instant {
                notes.append(.zoneData(system))
            }
        }
        if !homePinned.isEmpty, let pinned = homePinned[DoseChecker.Key(key, day)], pinned != dose.instant {
            notes.append(.homeZone(pinned))
        }
        return notes
    }
}

/// The zones a slot's notes read, looked up by identifier once for a run of doses in one zone:
/// the iOS trigger's (the system's zone files, whatever database the dose's own zone came
/// from) and the system's zone data as libical reads it.
struct NoteZones {
    private(set) var identifier: String?
    private(set) var ios: Zone?
    /// The system's zone, resolving the run's local times one stretch of one offset at a time.
    private var system: ZoneResolver.Steady?

    mutating func look(up identifier: String, systemZone: ((String) -> (any ZoneRules)?)?) {
        guard identifier != self.identifier else { return }
        self.identifier = identifier
        ios = Zone(identifier)
        system = systemZone?(identifier).map(ZoneResolver.Steady.init)
    }

    /// `local`'s RFC 5545 instant in the system's zone data (nil: not compared).
    mutating func systemInstant(of local: LocalDateTime) -> Int? {
        system?.resolve(floating: local.secondsSinceEpoch).instant
    }
}
