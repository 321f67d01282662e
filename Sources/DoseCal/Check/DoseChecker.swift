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
    ///   - rows: which rows the report keeps (every row is counted).
    public func check(
        calendar: [String: [Int]], libical: [String: [Int]]? = nil, plan: [String: [Int]]? = nil,
        systemZone: ((String) -> (any ZoneRules)?)? = nil, expansion: DoseExpansion? = nil, cut: ExpansionCut? = nil,
        rows: CheckReport.Rows = .every
    ) -> CheckReport {
        check(
            calendar: calendar, libical: libical, plan: plan.map { all in { _, _ in all } }, systemZone: systemZone,
            expansion: { _ in expansion }, cut: cut, rows: rows)
    }

    /// The same, streamed: the medications are compared one at a time (those that share an ID
    /// together), in the order of their IDs, each slot's rows counted as they are made and kept
    /// only as `rows` says, so that what is held at once is one medication's doses and the
    /// rows kept. `plan` gives the plan's instants of a group of medications (by index), given
    /// their `expansion` (the doses of those medications, expanded over the days the plan and
    /// the expected doses read).
    func check(
        calendar: [String: [Int]], libical: [String: [Int]]?, plan: (([Int], DoseExpansion?) -> [String: [Int]])?,
        systemZone: ((String) -> (any ZoneRules)?)?, expansion: ([Int]) -> DoseExpansion?, cut: ExpansionCut?,
        rows selection: CheckReport.Rows
    ) -> CheckReport {
        let parts = seriesParts
        let engine = WallClockEngine(schedule: schedule)
        let wide = (from.adding(days: -2), to.adding(days: 2))
        let window = extraWindow
        let slots = SlotRows(
            checker: self, engine: engine,
            series: SeriesLookup(parts: parts, calendar: calendar, libical: libical, window: instantWindow),
            systemZone: systemZone, extraWindow: window, cut: cut ?? ExpansionCut(limit: 0))
        var rows = CheckRows(selection: selection, days: wide, tallies: hasItinerary)
        let skipped = SkippedDoses(engine: engine)
        let stayed = travelEngine
        var spacing: [SpacingProblem] = []
        var rank = 0
        for unit in units {
            let doses = expansion(unit)
            let expected = expectedDoses(engine: engine, days: wide, unit: unit, expansion: doses, skipped: skipped)
            let channels = UnitChannels(
                plan: plan?(unit, doses), homePinned: stayed.map { travelReference(wide, unit: unit, stayed: $0) } ?? [:])
            let checked = Set(
                unit.flatMap { m in
                    schedule.medications[m].times.map { SlotKey(medicationID: schedule.medications[m].id, slotID: $0.id) }
                }
            )
            .filter(slots.series.isChecked)
            for key in Set(expected.keys).union(checked).sorted() {
                slots.append(key, doses: expected[key] ?? [], unit: channels, rank: rank, to: &rows)
                rank += 1
            }
            rows.close(person: schedule.person(of: schedule.medications[unit[0]])?.id)
            spacing += spacingProblems(unit: unit, engine: engine, expected: expected, skipped: skipped)
        }
        let asNeeded = nextDoseAllowedRows(calendar: calendar, window: window)
        for row in asNeeded {
            rows.append(row, rank: 0)
            rows.close(person: schedule.medications.first { $0.id == row.medicationID }.flatMap(schedule.person(of:))?.id)
        }
        var kept = rows.kept
        kept.permute(into: Self.order(of: kept, ranks: asNeeded.isEmpty ? rows.ranks : nil))
        let own = ownUIDs(series: parts)
        let foreign = calendar.keys.filter { !own.contains($0) }.count
        var report = CheckReport(
            from: from, to: to, gapPolicy: gapPolicy, doses: kept, warnings: ClientWarnings(schedule: schedule).all,
            foreignSeries: foreign, cut: cut?.isEmpty == false ? cut : nil,
            spacing: spacing.sorted { ($0.second.instant, $0.medicationID) < ($1.second.instant, $1.medicationID) })
        report.rows = selection
        report.counts = rows.counts
        report.rowsPerDay = rows.perDay
        return report
    }

    /// The groups of medications compared together (by index): one medication each, in the
    /// order of their IDs; all of them at once when two share an ID (they share their slots' rows).
    var units: [[Int]] {
        let ids = schedule.medications.map(\.id)
        guard Set(ids).count == ids.count else { return schedule.medications.isEmpty ? [] : [Array(ids.indices)] }
        return ids.indices.sorted { ids[$0] < ids[$1] }.map { [$0] }
    }

    /// Where the calendar's extra doses count: the dose days in the schedule's home zone.
    private var extraWindow: Range<Int> {
        let midnight = { (day: LocalDate) in
            ZoneResolver.resolve(LocalDateTime(date: day, time: LocalTime(hour: 0, minute: 0)!), in: schedule.home).instant
        }
        return midnight(from)..<midnight(to.adding(days: 1))
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

    /// The engine's doses in `days` that fire (under the gap policy) of the medications at
    /// `unit`, per slot, each slot's in time order (equal instants in the engine's order), as
    /// grouping the time-ordered doses of all medications by slot gives them.
    func expectedDoses(
        engine: WallClockEngine, days: (LocalDate, LocalDate), unit: [Int], expansion: DoseExpansion?, skipped: SkippedDoses
    ) -> [SlotKey: [Occurrence]] {
        guard unit.count == 1 else {
            // Two medications of one ID share their slots' rows.
            let all = unit.flatMap {
                engine.occurrences(of: schedule.medications[$0], from: days.0, to: days.1, gapPolicy: gapPolicy)
            }
            .sorted { ($0.instant, $0.medicationID, $0.slotID) < ($1.instant, $1.medicationID, $1.slotID) }
            return Dictionary(grouping: engine.firing(all, skipped: skipped)) {
                SlotKey(medicationID: $0.medicationID, slotID: $0.slotID)
            }
        }
        var result: [SlotKey: [Occurrence]] = [:]
        let (index, m) = (unit[0], schedule.medications[unit[0]])
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

    /// Whether anyone in the schedule travels.
    var hasItinerary: Bool {
        !schedule.itinerary.isEmpty || schedule.people.contains { $0.itinerary?.isEmpty == false }
    }

    /// With an itinerary: the engine of the schedule as if nobody travelled (each person at
    /// their own home).
    private var travelEngine: (engine: WallClockEngine, skipped: SkippedDoses)? {
        guard hasItinerary else { return nil }
        var stayed = schedule
        stayed.itinerary = []
        for i in stayed.people.indices { stayed.people[i].itinerary = nil }
        let engine = WallClockEngine(schedule: stayed)
        return (engine, SkippedDoses(engine: engine))
    }

    /// What a feed that stayed in the home zone fires for the medications at `unit`, per slot
    /// and day (`stayed`: `travelEngine`).
    private func travelReference(
        _ window: (LocalDate, LocalDate), unit: [Int], stayed: (engine: WallClockEngine, skipped: SkippedDoses)
    ) -> [Key: Int] {
        let engine = stayed.engine
        var result: [Key: Int] = [:]
        let doses = unit.flatMap {
            engine.occurrences(of: engine.schedule.medications[$0], from: window.0, to: window.1, gapPolicy: gapPolicy)
        }
        .sorted { ($0.instant, $0.medicationID, $0.slotID) < ($1.instant, $1.medicationID, $1.slotID) }
        for dose in engine.firing(doses, skipped: stayed.skipped) {
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
