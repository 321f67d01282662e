import ICal

/// Which series UID a slot's dose belongs to: the one the checked calendar fires it from, else
/// the slot's part that started last on or before the dose day.
struct SeriesLookup {
    private var partsBySlot: [SlotKey: [(firstDate: LocalDate, uid: String)]] = [:]
    /// The checked calendar's UID per slot and instant.
    private(set) var uidAt: [SlotKey: [Int: String]] = [:]

    init(parts: [String: (key: SlotKey, firstDate: LocalDate)], calendar: [String: [Int]]) {
        for (uid, part) in parts { partsBySlot[part.key, default: []].append((part.firstDate, uid)) }
        for (uid, instants) in calendar {
            guard let key = parts[uid]?.key else { continue }
            var slot = uidAt.removeValue(forKey: key) ?? [:]
            for instant in instants { slot[instant] = uid }
            uidAt[key] = slot
        }
    }

    /// The lookup of one slot, for its doses one after another.
    func slot(_ key: SlotKey) -> Slot { Slot(parts: partsBySlot[key] ?? [], uidAt: uidAt[key] ?? [:]) }

    struct Slot {
        let parts: [(firstDate: LocalDate, uid: String)]
        /// The checked calendar's UID per instant.
        let uidAt: [Int: String]

        func uid(day: LocalDate, firing instant: Int?) -> String? {
            if let instant, let uid = uidAt[instant] { return uid }
            return parts.filter { $0.firstDate <= day }.max { ($0.firstDate, $0.uid) < ($1.firstDate, $1.uid) }?.uid
        }
    }
}

/// Each channel's instants in the check's window, per slot (foreign UIDs left out).
struct ChannelInstants {
    var checked: [SlotKey: [Int]]
    var libical: [SlotKey: [Int]]?
    var plan: [SlotKey: [Int]]?

    init(
        calendar: [String: [Int]], libical: [String: [Int]]?, plan: [String: [Int]]?, uids: [String: SlotKey],
        window: Range<Int>
    ) {
        func bySlot(_ byUID: [String: [Int]]?) -> [SlotKey: [Int]]? {
            guard let byUID else { return nil }
            var result: [SlotKey: [Int]] = [:]
            for (uid, instants) in byUID {
                guard let key = uids[uid] else { continue }
                result[key, default: []] += instants.filter { window.contains($0) }
            }
            return result
        }
        checked = bySlot(calendar) ?? [:]
        self.libical = bySlot(libical)
        self.plan = bySlot(plan)
    }
}

/// The rows of one slot: each expected dose with what every channel fires for it, then the
/// reminders no dose expects.
struct SlotRows {
    let checker: DoseChecker
    let engine: WallClockEngine
    let series: SeriesLookup
    let channels: ChannelInstants
    /// With an itinerary: what a feed left in the home zone fires, per slot and day.
    let homePinned: [DoseChecker.Key: Int]
    let systemZone: ((String) -> (any ZoneRules)?)?
    /// Where extra and duplicate reminders count: the dose days in the home zone.
    let extraWindow: Range<Int>
    /// What the calendar's expansion left out: those doses are unchecked.
    let cut: ExpansionCut
    private let reminders: Set<String>
    private let matcher = InstanceMatcher()

    init(
        checker: DoseChecker, engine: WallClockEngine, series: SeriesLookup, channels: ChannelInstants,
        homePinned: [DoseChecker.Key: Int], systemZone: ((String) -> (any ZoneRules)?)?, extraWindow: Range<Int>,
        cut: ExpansionCut
    ) {
        self.checker = checker
        self.engine = engine
        self.series = series
        self.channels = channels
        self.homePinned = homePinned
        self.systemZone = systemZone
        self.extraWindow = extraWindow
        self.cut = cut
        reminders = Set(checker.schedule.medications.filter(\.reminder.enabled).map(\.id))
    }

    /// The rows of slot `key` (its expected `doses` in time order), appended to `rows`.
    func append(_ key: SlotKey, doses: [Occurrence], to rows: inout [DoseCheck]) {
        let instants = doses.map(\.instant)
        let found = matcher.match(expected: instants, actual: channels.checked[key] ?? [])
        let libFound = channels.libical.map { matcher.match(expected: instants, actual: $0[key] ?? []) }
        let planFound = channels.plan.map { matcher.match(expected: instants, actual: $0[key] ?? []) }
        var zones = NoteZones()
        let uids = series.slot(key)
        // Medications without reminders have no notifications to compare.
        let comparesPlan = reminders.contains(key.medicationID)
        for i in doses.indices {
            let dose = doses[i]
            let day = engine.localDate(of: dose)
            guard day >= checker.from && day <= checker.to else { continue }
            let actual = found.matched[i]
            let uid = uids.uid(day: day, firing: actual)
            let unchecked = actual == nil && cut.leftOut(uid, at: dose.instant)
            // libical's reading of the same file, where it differs from the correct one (and
            // where both expansions read the series in full).
            let libical = libFound.flatMap {
                $0.matched[i] == found.matched[i] || unchecked || uid.map(cut.libicalSeries.contains) == true
                    ? nil : DoseCheck.Note.libical($0.matched[i])
            }
            var notes = self.notes(dose, key: key, day: day, libical: libical, zones: &zones)
            if let planFound, comparesPlan, planFound.matched[i] != dose.instant {
                notes.append(.plan(planFound.matched[i]))
            }
            let status: DoseCheck.Status =
                unchecked ? .unchecked : actual == nil ? .missing : actual == dose.instant ? .ok : .moved
            rows.append(
                DoseCheck(
                    medicationID: key.medicationID, slotID: key.slotID, uid: uid, day: day, local: dose.local,
                    zone: dose.zone, expected: dose.instant, calendar: actual, status: status, notes: notes))
        }
        for (instant, status) in found.extra.map({ ($0, DoseCheck.Status.extra) }) + found.duplicates.map({ ($0, .duplicate) })
        where extraWindow.contains(instant) {
            rows.append(
                DoseCheck(
                    medicationID: key.medicationID, slotID: key.slotID, uid: uids.uidAt[instant], day: nil, local: nil,
                    zone: nil, expected: nil, calendar: instant, status: status, notes: []))
        }
    }

    /// The notes in report order: the dose's gap or overlap, libical's reading, the iOS trigger,
    /// the system's zone data, a feed left in the home zone (the plan's comes last).
    private func notes(
        _ dose: Occurrence, key: SlotKey, day: LocalDate, libical: DoseCheck.Note?, zones: inout NoteZones
    ) -> [DoseCheck.Note] {
        var notes: [DoseCheck.Note] = []
        switch dose.resolution {
        case .gap(let shifted): notes.append(.gap(shiftedTo: shifted))
        case .overlap: notes.append(.overlap)
        case .normal: break
        }
        if let libical { notes.append(libical) }
        if let zone = dose.zone {
            zones.look(up: zone.identifier, systemZone: systemZone)
            // A dose on its way to a new wall clock (gradual) has no repeating trigger to compare.
            if dose.shift == 0, !RepeatingTrigger.firesAtDose(dose, zone: zones.ios) {
                let ios = zones.ios.flatMap { RepeatingTrigger.fire(at: dose.local.time, on: dose.local.date, zone: $0) }
                if ios != dose.instant { notes.append(.ios(ios)) }
            }
            if let rules = zones.system {
                let system = ZoneResolver.resolve(dose.local, in: rules).instant + dose.shift
                if system != dose.instant { notes.append(.zoneData(system)) }
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
    private(set) var system: (any ZoneRules)?

    mutating func look(up identifier: String, systemZone: ((String) -> (any ZoneRules)?)?) {
        guard identifier != self.identifier else { return }
        self.identifier = identifier
        ios = Zone(identifier)
        system = systemZone?(identifier)
    }
}
