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

/// Splits a medication into series: at taper steps and travel dates (wall-clock policy), and into
/// a few rules where a cycle needs them (21/7 -> 3 weekly rules; L not a multiple of 7 -> one
/// daily rule per "on" day).
struct SeriesPlanner {
    let engine: WallClockEngine

    func plans(for medication: Medication) -> [SeriesPlan] {
        let segments = segments(of: medication)
        var result: [SeriesPlan] = []
        for slot in medication.times {
            for (segStart, fullEnd) in segments {
                // A slot with `until` ends there: its series stop, later stretches have none.
                if let until = slot.until, segStart > until { continue }
                let segEnd = slot.until.map { until in min(fullEnd ?? until, until) } ?? fullEnd
                let stretch = segStart == medication.start ? nil : segStart
                let subs = subRules(medication, segStart: segStart, segEnd: segEnd)
                for (index, sub) in subs.enumerated() {
                    let part = SeriesPart(stretchStart: stretch, cycleRule: subs.count == 1 ? nil : index + 1)
                    guard
                        let plan = makePlan(
                            medication, slot: slot, part: part, segment: (segStart, segEnd), firstDay: sub.firstDay,
                            rule: sub.rule)
                    else { continue }
                    result.append(plan)
                }
            }
        }
        return result
    }

    /// The stretches a medication is cut into: at taper steps, and at travel dates for the
    /// wall-clock policy. Each is (first day, last day or nil for open-ended).
    func segments(of medication: Medication) -> [(start: LocalDate, end: LocalDate?)] {
        var boundaries = Set(medication.taper.map(\.from))
        if medication.timePolicy == .wallClock {
            for stop in engine.schedule.itinerary { boundaries.insert(stop.from) }
        }
        let cuts = boundaries.filter { $0 > medication.start && $0 <= (medication.end ?? $0) }.sorted()
        var segments: [(start: LocalDate, end: LocalDate?)] = []
        var from = medication.start
        for cut in cuts {
            segments.append((from, cut.adding(days: -1)))
            from = cut
        }
        segments.append((from, medication.end))
        return segments
    }

    /// The `part` of the series that holds a dose of `medication` on the dose day `date`: the
    /// same value `plans(for:)` gives that series, so UIDs can be derived for single doses.
    func part(of medication: Medication, on date: LocalDate) -> SeriesPart {
        guard let segment = segments(of: medication).last(where: { $0.start <= date }) else { return .main }
        let stretch = segment.start == medication.start ? nil : segment.start
        let subs = subRules(medication, segStart: segment.start, segEnd: segment.end)
        guard subs.count > 1 else { return SeriesPart(stretchStart: stretch) }
        let offset = medication.start.days(to: date)
        let index = subs.firstIndex { $0.cycleOffsets?.contains(offset % cycleLength(medication)) ?? true } ?? 0
        return SeriesPart(stretchStart: stretch, cycleRule: index + 1)
    }

    private func cycleLength(_ m: Medication) -> Int {
        if case .cycle(let on, let off) = m.recurrence { return max(on + off, 1) }
        return 1
    }

    /// The rules (without UNTIL) and first dose days that together give the recurrence's days
    /// in `segStart...segEnd`.
    private func subRules(_ m: Medication, segStart: LocalDate, segEnd: LocalDate?)
        -> [(rule: RecurrenceRule, firstDay: LocalDate, cycleOffsets: Range<Int>?)]
    {
        func first(_ matches: (LocalDate) -> Bool) -> LocalDate? {
            var d = segStart
            for _ in 0..<4000 {
                if let segEnd, d > segEnd { return nil }
                if matches(d) { return d }
                d = d.adding(days: 1)
            }
            return nil
        }
        let r = m.recurrence
        switch r {
        case .daily:
            return [(RecurrenceRule(.daily), segStart, nil)]
        case .everyNHours(let hours):
            return [(RecurrenceRule(.hourly, interval: hours), segStart, nil)]
        case .everyNDays(let n):
            guard let d = first({ r.includes($0, start: m.start) }) else { return [] }
            return [(RecurrenceRule(.daily, interval: n), d, nil)]
        case .weekly(let weekdays, let interval):
            let days = (weekdays.isEmpty ? [m.start.weekday] : weekdays).sorted()
            guard let d = first({ r.includes($0, start: m.start) }) else { return [] }
            let rule = RecurrenceRule(
                .weekly, interval: interval, byDay: days.map { .init($0) }, weekStart: interval > 1 ? .monday : nil)
            return [(rule, d, nil)]
        case .cycle(let on, let off):
            let length = on + off
            if off == 0 { return [(RecurrenceRule(.daily), segStart, nil)] }
            let anchor = m.start
            func offset(_ d: LocalDate) -> Int { anchor.days(to: d) % length }
            var subs: [(RecurrenceRule, LocalDate, Range<Int>?)] = []
            if length % 7 == 0 {
                let weeks = length / 7
                for j in 0..<((on + 6) / 7) {
                    let offsets = (7 * j)..<min(7 * j + 7, on)
                    let days = offsets.map { anchor.adding(days: $0).weekday }.sorted()
                    guard let d = first({ offsets.contains(offset($0)) }) else { continue }
                    subs.append(
                        (
                            RecurrenceRule(
                                .weekly, interval: weeks, byDay: days.map { .init($0) },
                                weekStart: weeks > 1 ? anchor.weekday : nil), d, offsets
                        ))
                }
            } else {
                for k in 0..<on {
                    guard let d = first({ offset($0) == k }) else { continue }
                    subs.append((RecurrenceRule(.daily, interval: length), d, k..<(k + 1)))
                }
            }
            return subs
        }
    }

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
        case .wallClock, .pinned:
            let zone = engine.zoneID(of: m, on: firstDay) ?? engine.schedule.homeZone
            start = .zoned(local, tzid: zone)
            if let segEnd {
                let rules = Zone(zone) ?? .utc
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
            let instant = anchor.instant + anchor.day.days(to: firstDay) * 86_400
            let utc = LocalDateTime(secondsSinceEpoch: instant)
            let shift = firstDay.days(to: utc.date)
            start = .utc(utc)
            rule.byDay = rule.byDay.map { .init($0.weekday.adding(days: shift), ordinal: $0.ordinal) }
            rule.weekStart = rule.weekStart?.adding(days: shift)
            if let segEnd {
                var until = anchor.instant + anchor.day.days(to: segEnd) * 86_400
                if case .everyNHours = m.recurrence {
                    // The last instant whose home-zone date is still within the stretch.
                    let home = Zone(engine.schedule.homeZone) ?? .utc
                    let midnight = LocalDateTime(date: segEnd.adding(days: 1), time: WallTime(hour: 0, minute: 0)!)
                    until = ZoneResolver.resolve(midnight, in: home).instant - 1
                }
                rule.until = .utc(LocalDateTime(secondsSinceEpoch: until))
            }
        }
        if let segEnd, firstDay > segEnd { return nil }
        return SeriesPlan(medicationID: m.id, slotID: slot.id, part: part, start: start, rule: rule, firstDate: firstDay)
    }
}
