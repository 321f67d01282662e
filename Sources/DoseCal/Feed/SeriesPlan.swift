public import ICal

/// One recurring VEVENT to write: a stretch of one dose slot that a single RRULE says exactly.
public struct SeriesPlan: Sendable, Equatable {
    public var medicationID: String
    public var slotID: String
    /// Distinguishes the series of one slot (a taper step, travel date or cycle rule).
    public var part: SeriesPart
    public var start: DateTimeValue
    public var rule: RecurrenceRule
    /// First local date of the stretch (for the dose text of taper steps).
    public var firstDate: LocalDate
}

/// Splits a medication into series: at taper steps and travel dates (wall-clock policy), into
/// a few rules where a cycle needs them (21/7 -> 3 weekly rules; L not a multiple of 7 -> one
/// daily rule per "on" day), and by weekday where a weekday's amount differs (`SeriesCuts`).
struct SeriesPlanner {
    let engine: WallClockEngine

    func plans(for medication: Medication) -> [SeriesPlan] {
        let segments = split.segments(of: medication)
        var result: [SeriesPlan] = []
        // A stretch's rules are the same for every slot that ends with it: worked out once.
        var rules: [(end: LocalDate?, subs: [SubRule])?] = Array(repeating: nil, count: segments.count)
        for slot in medication.times {
            for (place, (segStart, fullEnd)) in segments.enumerated() {
                // A slot with `until` ends there: its series stop, later stretches have none.
                if let until = slot.until, segStart > until { continue }
                let segEnd = slot.until.map { until in min(fullEnd ?? until, until) } ?? fullEnd
                let stretch = segStart == medication.start ? nil : segStart
                let subs: [SubRule]
                if let known = rules[place], known.end == segEnd {
                    subs = known.subs
                } else {
                    subs = subRules(medication, segStart: segStart, segEnd: segEnd)
                    rules[place] = (segEnd, subs)
                }
                let add = { (part: SeriesPart, sub: SubRule) in
                    if let plan = makePlan(
                        medication, slot: slot, part: part, segment: (segStart, segEnd), firstDay: sub.firstDay, rule: sub.rule)
                    {
                        result.append(plan)
                    }
                }
                guard medication.hasDoseRules else {
                    for (index, sub) in subs.enumerated() {
                        add(SeriesPart(stretchStart: stretch, cycleRule: subs.count == 1 ? nil : index + 1), sub)
                    }
                    continue
                }
                // Amounts by weekday: a series per weekday whose amount differs (decision 0211).
                let whole = split.rules(medication, segStart: segStart, segEnd: segEnd)
                for cut in split.rules(whole, of: medication, slot: slot.id, segStart: segStart, segEnd: segEnd) {
                    add(SeriesPart(stretchStart: stretch, cycleRule: cut.cycleRule, weekday: cut.weekday), Self.subRule(cut.rule))
                }
            }
        }
        return result
    }

    /// Where the series are cut, and the part of the series that holds a dose on a date.
    var split: SeriesCuts { SeriesCuts(engine: engine) }

    func part(of medication: Medication, slot: String, on date: LocalDate) -> SeriesPart {
        split.part(of: medication, slot: slot, on: date)
    }

    /// One rule of a stretch, its first dose day, and the cycle days it covers.
    typealias SubRule = (rule: RecurrenceRule, firstDay: LocalDate, cycleOffsets: Range<Int>?)

    /// The rules (without UNTIL) and first dose days that together give the recurrence's days
    /// in `segStart...segEnd`.
    private func subRules(_ m: Medication, segStart: LocalDate, segEnd: LocalDate?) -> [SubRule] {
        split.rules(m, segStart: segStart, segEnd: segEnd).map(Self.subRule)
    }

    /// `cut` as the feed writes its rule: the rule the plan expands, as it is.
    static func subRule(_ cut: SeriesCuts.Rule) -> SubRule { (cut.pattern, cut.firstDay, cut.cycleOffsets) }

    private func makePlan(
        _ m: Medication, slot: DoseSlot, part: SeriesPart, segment: (start: LocalDate, end: LocalDate?), firstDay: LocalDate,
        rule: RecurrenceRule
    ) -> SeriesPlan? {
        var rule = rule
        let segEnd = segment.end
        let time = engine.time(of: slot, in: m, on: firstDay)
        let local = LocalDateTime(date: firstDay, time: time)
        let start: DateTimeValue
        switch m.timePolicy {
        case .wallClock, .pinned, .gradual:
            let rules = engine.zone(of: m, on: firstDay) ?? engine.home(of: m)
            start = .zoned(local, tzid: rules.identifier)
            if let segEnd {
                let end = ZoneResolver.resolve(LocalDateTime(date: segEnd, time: time), in: rules).instant
                let next = ZoneResolver.resolve(LocalDateTime(date: segEnd.adding(days: 1), time: time), in: rules).instant
                if next <= end && rule.frequency == .daily && rule.interval == 1 {
                    // The last day does not exist (Apia skipped 2011-12-30): its dose has the
                    // instant of the next day's, which UNTIL cannot leave out; count instead.
                    rule.count = firstDay.days(to: segEnd) + 1
                } else {
                    rule.until = .utc(LocalDateTime(secondsSinceEpoch: end))
                }
            }
        case .floating:
            start = .floating(local)
            if let segEnd { rule.until = .floating(LocalDateTime(date: segEnd, time: time)) }
        case .fixedInterval:
            // Decision 0004: doses a whole number of days after the stretch's anchor, so the rule
            // runs in UTC; weekdays move with the UTC date of the dose time.
            guard let anchor = engine.fixedAnchor(of: m, slot: slot, stretchStart: segment.start) else { return nil }
            var instant = anchor.instant + anchor.day.days(to: firstDay) * 86_400
            if case .everyNHours = m.recurrence, segment.start > m.start {
                // A later taper step starts at the chain's first dose on its day (decision 0136).
                guard let first = engine.firstScheduledDose(of: m, onOrAfter: segment.start) else { return nil }
                instant = first.instant
            }
            let utc = LocalDateTime(secondsSinceEpoch: instant)
            let shift = firstDay.days(to: utc.date)
            start = .utc(utc)
            rule.byDay = rule.byDay.map { .init($0.weekday.adding(days: shift), ordinal: $0.ordinal) }
            rule.weekStart = rule.weekStart?.adding(days: shift)
            if let segEnd {
                var until = anchor.instant + anchor.day.days(to: segEnd) * 86_400
                if case .everyNHours = m.recurrence {
                    // The last instant whose date in the person's home zone is still within the stretch.
                    let home = engine.home(of: m)
                    let midnight = LocalDateTime(date: segEnd.adding(days: 1), time: LocalTime(hour: 0, minute: 0)!)
                    until = ZoneResolver.resolve(midnight, in: home).instant - 1
                }
                rule.until = .utc(LocalDateTime(secondsSinceEpoch: until))
            }
        }
        if let segEnd, firstDay > segEnd { return nil }
        return SeriesPlan(medicationID: m.id, slotID: slot.id, part: part, start: start, rule: rule, firstDate: firstDay)
    }
}
