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
    var seriesParts: [String: (key: SlotKey, firstDate: LocalDate)] {
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
            .union(
                schedule.medications.filter(\.recurrence.isAsNeeded).map { DoseIdentity.nextDoseAllowed(medicationID: $0.id).uid }
            )
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
        let engine = WallClockEngine(schedule: schedule)
        let wide = (from.adding(days: -2), to.adding(days: 2))
        let expected = Dictionary(grouping: engine.firing(engine.occurrences(from: wide.0, to: wide.1, gapPolicy: gapPolicy))) {
            SlotKey(medicationID: $0.medicationID, slotID: $0.slotID)
        }
        let home = schedule.home
        let midnight = { (day: LocalDate) in
            ZoneResolver.resolve(LocalDateTime(date: day, time: LocalTime(hour: 0, minute: 0)!), in: home).instant
        }
        let rows = SlotRows(
            checker: self, engine: engine, series: SeriesLookup(parts: parts, calendar: calendar),
            channels: ChannelInstants(
                calendar: calendar, libical: libical, plan: plan, uids: parts.mapValues(\.key), window: instantWindow),
            homePinned: travelReference(wide), systemZone: systemZone,
            extraWindow: midnight(from)..<midnight(to.adding(days: 1)))
        var all: [DoseCheck] = []
        all.reserveCapacity(expected.values.reduce(0) { $0 + $1.count } + 16)
        for key in Set(expected.keys).union(rows.channels.checked.keys).sorted() {
            all += rows.rows(key, doses: expected[key] ?? [])
        }
        all += nextDoseAllowedRows(calendar: calendar, window: midnight(from)..<midnight(to.adding(days: 1)))
        // The rows' order by sorting their indices (the same comparisons, so the same order as
        // sorting the rows themselves, without moving each large row through the merges).
        let order = all.indices.sorted { i, j in
            (all[i].expected ?? all[i].calendar ?? 0, all[i].medicationID, all[i].slotID) < (
                all[j].expected ?? all[j].calendar ?? 0, all[j].medicationID, all[j].slotID
            )
        }
        all = order.map { all[$0] }
        let own = ownUIDs(series: parts)
        let foreign = calendar.keys.filter { !own.contains($0) }.count
        return CheckReport(
            from: from, to: to, gapPolicy: gapPolicy, doses: all, warnings: ClientWarnings(schedule: schedule).all,
            foreignSeries: foreign)
    }

    struct Key: Hashable {
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
