public import ICal

/// Holds the expected dose instants of a schedule next to what calendars and devices fire.
///
/// Pure: the caller expands the calendars (over `instantWindow`) and passes their instants per
/// series UID; the checker pairs them with the wall-clock engine's doses, slot by slot.
public struct DoseChecker: Sendable {
    public var schedule: Schedule
    /// Dose days checked, inclusive.
    public var from: LocalDate
    public var to: LocalDate
    public var gapPolicy: GapPolicy

    public init(schedule: Schedule, from: LocalDate, to: LocalDate, gapPolicy: GapPolicy = .shift) {
        self.schedule = schedule
        self.from = from
        self.to = to
        self.gapPolicy = gapPolicy
    }

    /// The instants to expand calendars over: the window with two days' margin on each side,
    /// so that doses near its edges pair with their own reminders.
    public var instantWindow: Range<Int> {
        from.adding(days: -2).daysSinceEpoch * 86_400..<to.adding(days: 3).daysSinceEpoch * 86_400
    }

    /// Which medication and slot each of dosecal's series UIDs belongs to.
    public var seriesUIDs: [String: SlotKey] {
        var result: [String: SlotKey] = [:]
        for (uid, series) in seriesParts { result[uid] = series.key }
        return result
    }

    /// Every series of the feed: its UID, slot and first dose day.
    private var seriesParts: [String: (key: SlotKey, firstDate: LocalDate)] {
        let planner = SeriesPlanner(engine: WallClockEngine(schedule: schedule))
        var result: [String: (key: SlotKey, firstDate: LocalDate)] = [:]
        for m in schedule.medications {
            for plan in planner.plans(for: m) {
                let key = SlotKey(medicationID: m.id, slotID: plan.slotID)
                result[DoseIdentity.series(key, plan.part).uid] = (key, plan.firstDate)
            }
        }
        return result
    }

    /// The UIDs dosecal's feed may have: its dose series and a supply warning per medication.
    private func ownUIDs(series: [String: (key: SlotKey, firstDate: LocalDate)]) -> Set<String> {
        Set(series.keys).union(schedule.medications.map { DoseIdentity.supplyWarning(medicationID: $0.id).uid })
    }

    /// Compares the channels with the expected doses.
    /// - Parameters:
    ///   - calendar: the checked calendar's instants per series UID (dosecal's feed, or a file
    ///     that came back from a phone).
    ///   - libical: libical 3.0.16's own expansion of the same calendar, per UID.
    ///   - plan: the local-notification plan's instants per series UID.
    ///   - systemZone: the system's zone data for a zone ID (nil: not compared).
    public func check(
        calendar: [String: [Int]], libical: [String: [Int]]? = nil, plan: [String: [Int]]? = nil,
        systemZone: ((String) -> (any ZoneRules)?)? = nil
    ) -> CheckReport {
        let parts = seriesParts
        let reminders = Set(schedule.medications.filter(\.reminder.enabled).map(\.id))
        let uids = parts.mapValues(\.key)
        // The series a dose day belongs to: the slot's part that started last on or before it.
        var partsBySlot: [SlotKey: [(firstDate: LocalDate, uid: String)]] = [:]
        for (uid, part) in parts { partsBySlot[part.key, default: []].append((part.firstDate, uid)) }
        func seriesUID(_ key: SlotKey, _ day: LocalDate) -> String? {
            partsBySlot[key]?.filter { $0.firstDate <= day }.max { ($0.firstDate, $0.uid) < ($1.firstDate, $1.uid) }?.uid
        }
        var uidAt: [SlotKey: [Int: String]] = [:]
        for (uid, instants) in calendar {
            guard let key = uids[uid] else { continue }
            for instant in instants { uidAt[key, default: [:]][instant] = uid }
        }
        let engine = WallClockEngine(schedule: schedule)
        let wide = (from.adding(days: -2), to.adding(days: 2))
        let expected = Dictionary(grouping: engine.firing(engine.occurrences(from: wide.0, to: wide.1, gapPolicy: gapPolicy))) {
            SlotKey(medicationID: $0.medicationID, slotID: $0.slotID)
        }
        let homePinned = travelReference(wide)
        let window = instantWindow
        func channel(_ byUID: [String: [Int]]?) -> [SlotKey: [Int]]? {
            guard let byUID else { return nil }
            var result: [SlotKey: [Int]] = [:]
            for (uid, instants) in byUID {
                guard let key = uids[uid] else { continue }
                result[key, default: []] += instants.filter { window.contains($0) }
            }
            return result
        }
        let checked = channel(calendar) ?? [:]
        let lib = channel(libical)
        let planned = channel(plan)
        let matcher = InstanceMatcher()
        let home = Zone(schedule.homeZone) ?? .utc
        let firstInstant = ZoneResolver.resolve(LocalDateTime(date: from, time: LocalTime(hour: 0, minute: 0)!), in: home).instant
        let lastInstant = ZoneResolver.resolve(
            LocalDateTime(date: to.adding(days: 1), time: LocalTime(hour: 0, minute: 0)!), in: home
        ).instant

        var rows: [DoseCheck] = []
        for key in Set(expected.keys).union(checked.keys).sorted() {
            let doses = expected[key] ?? []
            let instants = doses.map(\.instant)
            let found = matcher.match(expected: instants, actual: checked[key] ?? [])
            let libFound = lib.map { matcher.match(expected: instants, actual: $0[key] ?? []) }
            let planFound = planned.map { matcher.match(expected: instants, actual: $0[key] ?? []) }
            for (i, dose) in doses.enumerated() {
                let day = engine.localDate(of: dose)
                guard day >= from && day <= to else { continue }
                var notes: [DoseCheck.Note] = []
                switch dose.resolution {
                case .gap(let shifted): notes.append(.gap(shiftedTo: shifted))
                case .overlap: notes.append(.overlap)
                case .normal: break
                }
                // libical's reading of the same file, where it differs from the correct one.
                if let libFound, libFound.matched[i] != found.matched[i] { notes.append(.libical(libFound.matched[i])) }
                if let zone = dose.zone {
                    let ios = RepeatingTrigger.fire(at: dose.local.time, on: dose.local.date, zoneID: zone)
                    if ios != dose.instant { notes.append(.ios(ios)) }
                    if let rules = systemZone?(zone) {
                        let system = ZoneResolver.resolve(dose.local, in: rules).instant
                        if system != dose.instant { notes.append(.zoneData(system)) }
                    }
                }
                if let pinned = homePinned[Key(key, day)], pinned != dose.instant { notes.append(.homeZone(pinned)) }
                // Medications without reminders have no notifications to compare.
                if let planFound, reminders.contains(key.medicationID), planFound.matched[i] != dose.instant {
                    notes.append(.plan(planFound.matched[i]))
                }
                let actual = found.matched[i]
                let uid = actual.flatMap { uidAt[key]?[$0] } ?? seriesUID(key, day)
                rows.append(
                    DoseCheck(
                        medicationID: key.medicationID, slotID: key.slotID, uid: uid, day: day, local: dose.local,
                        zone: dose.zone,
                        expected: dose.instant, calendar: actual,
                        status: actual == nil ? .missing : actual == dose.instant ? .ok : .moved, notes: notes))
            }
            for (instant, status) in found.extra.map({ ($0, DoseCheck.Status.extra) })
                + found.duplicates.map({ ($0, .duplicate) })
            where instant >= firstInstant && instant < lastInstant {
                rows.append(
                    DoseCheck(
                        medicationID: key.medicationID, slotID: key.slotID, uid: uidAt[key]?[instant], day: nil, local: nil,
                        zone: nil,
                        expected: nil, calendar: instant, status: status, notes: []))
            }
        }
        rows.sort {
            ($0.expected ?? $0.calendar ?? 0, $0.medicationID, $0.slotID) < (
                $1.expected ?? $1.calendar ?? 0, $1.medicationID, $1.slotID
            )
        }
        let own = ownUIDs(series: parts)
        let foreign = calendar.keys.filter { !own.contains($0) }.count
        return CheckReport(
            from: from, to: to, gapPolicy: gapPolicy, doses: rows, warnings: ClientWarnings(schedule: schedule).all,
            foreignSeries: foreign)
    }

    private struct Key: Hashable {
        var slot: SlotKey
        var day: LocalDate
        init(_ slot: SlotKey, _ day: LocalDate) {
            self.slot = slot
            self.day = day
        }
    }

    /// With an itinerary: what a feed that stayed in the home zone fires, per slot and day.
    private func travelReference(_ window: (LocalDate, LocalDate)) -> [Key: Int] {
        guard !schedule.itinerary.isEmpty else { return [:] }
        var stayed = schedule
        stayed.itinerary = []
        let engine = WallClockEngine(schedule: stayed)
        var result: [Key: Int] = [:]
        for dose in engine.firing(engine.occurrences(from: window.0, to: window.1, gapPolicy: gapPolicy)) {
            result[Key(SlotKey(medicationID: dose.medicationID, slotID: dose.slotID), engine.localDate(of: dose))] = dose.instant
        }
        return result
    }
}
