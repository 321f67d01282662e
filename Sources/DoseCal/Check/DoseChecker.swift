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

    /// The expansion budget of a check of this schedule (decision 0224): the default, or twice
    /// the most doses the schedule can have in the expanded window (every slot every day, every
    /// N hours N times a day), whichever is larger. The calendars checked are the schedule's, so
    /// their expansion is bounded by a multiple of what the engine computes anyway; a feed of
    /// 10,000 medications has 22 million doses in a year and must not be cut at one million.
    public var expansionBudget: ExpansionBudget {
        let days = from.adding(days: -2).days(to: to.adding(days: 3)) + 1
        var most = 0
        for m in schedule.medications {
            var perDay = m.times.count
            if case .everyNHours(let hours) = m.recurrence { perDay = 24 / max(1, hours) + 1 }
            most += perDay * days
        }
        return ExpansionBudget(instances: max(ExpansionBudget().instances, 2 * most))
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
    ///   - expansion: the schedule's doses already expanded over the window with two days'
    ///     margin (nil: expanded here).
    ///   - cut: what the expansion of the calendar (and libical's) left out for its budget: the
    ///     doses of those series are `unchecked`, never `missing`.
    public func check(
        calendar: [String: [Int]], libical: [String: [Int]]? = nil, plan: [String: [Int]]? = nil,
        systemZone: ((String) -> (any ZoneRules)?)? = nil, expansion: DoseExpansion? = nil, cut: ExpansionCut? = nil
    ) -> CheckReport {
        let parts = seriesParts
        let engine = WallClockEngine(schedule: schedule)
        let wide = (from.adding(days: -2), to.adding(days: 2))
        let expected = expectedDoses(engine: engine, days: wide, expansion: expansion)
        // The window of the calendar's extra doses: the dose days in the schedule's home zone.
        let home = schedule.home
        let midnight = { (day: LocalDate) in
            ZoneResolver.resolve(LocalDateTime(date: day, time: LocalTime(hour: 0, minute: 0)!), in: home).instant
        }
        let rows = SlotRows(
            checker: self, engine: engine, series: SeriesLookup(parts: parts, calendar: calendar),
            channels: ChannelInstants(
                calendar: calendar, libical: libical, plan: plan, uids: parts.mapValues(\.key), window: instantWindow),
            homePinned: travelReference(wide), systemZone: systemZone,
            extraWindow: midnight(from)..<midnight(to.adding(days: 1)), cut: cut ?? ExpansionCut(limit: 0))
        var all: [DoseCheck] = []
        all.reserveCapacity(expected.values.reduce(0) { $0 + $1.count } + 16)
        // Each row's slot as its place among the sorted slots.
        var ranks: [Int] = []
        ranks.reserveCapacity(all.capacity)
        for (rank, key) in Set(expected.keys).union(rows.channels.checked.keys).sorted().enumerated() {
            rows.append(key, doses: expected[key] ?? [], to: &all)
            ranks += repeatElement(rank, count: all.count - ranks.count)
        }
        let asNeeded = nextDoseAllowedRows(calendar: calendar, window: midnight(from)..<midnight(to.adding(days: 1)))
        all += asNeeded
        all.permute(into: Self.order(of: all, ranks: asNeeded.isEmpty ? ranks : nil))
        let own = ownUIDs(series: parts)
        let foreign = calendar.keys.filter { !own.contains($0) }.count
        return CheckReport(
            from: from, to: to, gapPolicy: gapPolicy, doses: all, warnings: ClientWarnings(schedule: schedule).all,
            foreignSeries: foreign, cut: cut?.isEmpty == false ? cut : nil,
            spacing: spacingProblems(engine: engine, expected: expected))
    }

    /// The rows' order: by instant (expected, else the calendar's), medication and slot. Their
    /// indices are sorted (the same comparisons, so the same order as sorting the rows, without
    /// moving each large row through the merges); with `ranks` (each row's slot's place among
    /// the sorted slots) the slots compare as those numbers, in the same order as their IDs.
    static func order(of all: [DoseCheck], ranks: [Int]?) -> [Int] {
        guard let ranks else {
            return all.indices.sorted { i, j in
                (all[i].expected ?? all[i].calendar ?? 0, all[i].medicationID, all[i].slotID) < (
                    all[j].expected ?? all[j].calendar ?? 0, all[j].medicationID, all[j].slotID
                )
            }
        }
        let instants = all.map { $0.expected ?? $0.calendar ?? 0 }
        return all.indices.sorted { i, j in (instants[i], ranks[i]) < (instants[j], ranks[j]) }
    }

    /// The engine's doses in `days` that fire (under the gap policy), per slot, each slot's in
    /// time order (equal instants in the engine's order), as grouping the time-ordered doses of
    /// all medications by slot gives them.
    func expectedDoses(
        engine: WallClockEngine, days: (LocalDate, LocalDate), expansion: DoseExpansion?
    ) -> [SlotKey: [Occurrence]] {
        let ids = schedule.medications.map(\.id)
        guard Set(ids).count == ids.count else {
            // Two medications of one ID share their slots' rows.
            let all = engine.firing(engine.occurrences(from: days.0, to: days.1, gapPolicy: gapPolicy))
            return Dictionary(grouping: all) { SlotKey(medicationID: $0.medicationID, slotID: $0.slotID) }
        }
        var result: [SlotKey: [Occurrence]] = [:]
        let skipped = SkippedDoses(engine: engine)
        for (index, m) in schedule.medications.enumerated() {
            let slots =
                expansion?.slots(ofMedicationAt: index, from: days.0, to: days.1)
                ?? DoseExpansion.split(engine.occurrences(of: m, from: days.0, to: days.1), slots: m.times.count) { _ in true }
            // The gap policy and the log's skips dose by dose, so slot by slot as well.
            for var slot in slots {
                slot.doses = engine.firing(engine.applying(gapPolicy, to: slot.doses), skipped: skipped)
                guard !slot.doses.isEmpty else { continue }
                // A gap policy may move a dose past another of its slot (the sort is stable).
                if !slot.doses.indices.dropFirst().allSatisfy({ slot.doses[$0 - 1].instant <= slot.doses[$0].instant }) {
                    slot.doses.sort { $0.instant < $1.instant }
                }
                result[SlotKey(medicationID: m.id, slotID: slot.id)] = slot.doses
            }
        }
        return result
    }

    struct Key: Hashable {
        var slot: SlotKey
        var day: LocalDate
        init(_ slot: SlotKey, _ day: LocalDate) {
            self.slot = slot
            self.day = day
        }
    }

    /// With an itinerary: what a feed that stayed in the home zone fires, per slot and day (each
    /// person at their own home).
    private func travelReference(_ window: (LocalDate, LocalDate)) -> [Key: Int] {
        guard !schedule.itinerary.isEmpty || schedule.people.contains(where: { $0.itinerary?.isEmpty == false }) else {
            return [:]
        }
        var stayed = schedule
        stayed.itinerary = []
        for i in stayed.people.indices { stayed.people[i].itinerary = nil }
        let engine = WallClockEngine(schedule: stayed)
        var result: [Key: Int] = [:]
        for dose in engine.firing(engine.occurrences(from: window.0, to: window.1, gapPolicy: gapPolicy)) {
            result[Key(SlotKey(medicationID: dose.medicationID, slotID: dose.slotID), engine.localDate(of: dose))] = dose.instant
        }
        return result
    }
}

extension Array {
    /// The elements moved into the order `order` gives (`order[k]` is the index of the element
    /// that goes to `k`; `order` must be a permutation of the indices), each moved twice
    /// bit for bit, never copied (no retain or release of what they hold).
    mutating func permute(into order: [Int]) {
        precondition(order.count == count)
        let n = count
        withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let held = UnsafeMutablePointer<Element>.allocate(capacity: n)
            defer { held.deallocate() }
            held.moveInitialize(from: base, count: n)
            for k in 0..<n { (base + k).moveInitialize(from: held + order[k], count: 1) }
        }
    }
}
