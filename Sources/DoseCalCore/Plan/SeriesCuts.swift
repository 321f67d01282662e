/// How a medication is cut into recurring series, each of which one rule says exactly: at taper
/// steps and travel dates (wall-clock policy), into a few rules where a cycle needs them
/// (21/7 -> 3 weekly rules; L not a multiple of 7 -> one daily rule per "on" day), and one
/// series per weekday whose dose of a slot is not the slot's plain amount (its words differ).
///
/// The feed writes one VEVENT per series; the notification plan and the checks name a dose by
/// its series' `part`, so they agree with the feed's UIDs without knowing iCalendar.
public struct SeriesCuts: Sendable {
    /// One rule of a stretch: the days it gives (without UNTIL), its first dose day, and for a
    /// cycle the day offsets in the cycle it covers.
    public struct Rule: Sendable, Equatable {
        public var pattern: RecurrenceRule
        public var firstDay: LocalDate
        public var cycleOffsets: Range<Int>? = nil
    }

    public let engine: WallClockEngine

    public init(engine: WallClockEngine) { self.engine = engine }

    /// The stretches a medication is cut into: at taper steps, and at travel dates for the
    /// wall-clock and gradual policies. Each is (first day, last day or nil for open-ended).
    public func segments(of medication: Medication) -> [(start: LocalDate, end: LocalDate?)] {
        var boundaries = Set(medication.taper.map(\.from))
        if medication.timePolicy.followsTravel {
            for stop in engine.timeline(of: medication).stops { boundaries.insert(stop.from) }
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

    /// The `part` of the series that holds the dose of `slot` of `medication` on the dose day
    /// `date`: "" for the main one, "from-YYYYMMDD" for a series that starts at a taper step or
    /// travel date, "+cN" for the Nth rule of a cycle, "+MO" for a weekday with an amount of its
    /// own.
    public func part(of medication: Medication, slot: String, on date: LocalDate) -> SeriesPart {
        var parts = Parts(self, medication)
        return parts.part(on: date, slot: slot)
    }

    /// `part(of:on:)` for many days of one medication: its stretches found once, and each
    /// stretch's rules once.
    public struct Parts: Sendable {
        public let cuts: SeriesCuts
        public let medication: Medication
        private let segments: [(start: LocalDate, end: LocalDate?)]
        private var rules: [LocalDate: [Rule]] = [:]

        public init(_ cuts: SeriesCuts, _ medication: Medication) {
            self.cuts = cuts
            self.medication = medication
            segments = cuts.segments(of: medication)
        }

        public mutating func part(on date: LocalDate, slot: String) -> SeriesPart {
            guard let segment = segments.last(where: { $0.start <= date }) else { return .main }
            let stretch = segment.start == medication.start ? nil : segment.start
            let subs = rules[segment.start] ?? cuts.rules(medication, segStart: segment.start, segEnd: segment.end)
            rules[segment.start] = subs
            let own = cuts.weekdaysOfTheirOwn(medication, slot: slot, stretchStart: segment.start)
            let weekday = own.contains(date.weekday) ? date.weekday : nil
            guard subs.count > 1 else { return SeriesPart(stretchStart: stretch, weekday: weekday) }
            let offset = medication.start.days(to: date)
            let length = SeriesCuts.cycleLength(medication)
            let index = subs.firstIndex { $0.cycleOffsets?.contains(offset % length) ?? true } ?? 0
            return SeriesPart(stretchStart: stretch, cycleRule: index + 1, weekday: weekday)
        }

        /// The part of the doses of `slot` on every day from `first` through `last`, when it is
        /// the same for all of them (`part(on:slot:)` of each); nil when it depends on the day
        /// (a stretch starts in between, a cycle's rules, weekdays of their own).
        public mutating func part(from first: LocalDate, through last: LocalDate, slot: String) -> SeriesPart? {
            guard !segments.contains(where: { $0.start > first && $0.start <= last }) else { return nil }
            guard let segment = segments.last(where: { $0.start <= first }) else { return .main }
            let subs = rules[segment.start] ?? cuts.rules(medication, segStart: segment.start, segEnd: segment.end)
            rules[segment.start] = subs
            guard subs.count <= 1, cuts.weekdaysOfTheirOwn(medication, slot: slot, stretchStart: segment.start).isEmpty
            else { return nil }
            return SeriesPart(stretchStart: segment.start == medication.start ? nil : segment.start, weekday: nil)
        }
    }

    /// The weekdays whose dose of `slot` has a series of its own in the stretch that starts on
    /// `stretchStart` (`Medication.weekdaysOfTheirOwn` of the taper step in force); none when
    /// the recurrence's rules cannot be cut by weekday (validation refuses such a file).
    public func weekdaysOfTheirOwn(_ m: Medication, slot: String, stretchStart: LocalDate) -> [Weekday] {
        guard m.hasDoseRules, m.recurrence.takesAmountsByWeekday else { return [] }
        return m.weekdaysOfTheirOwn(slot: slot, in: engine.step(of: m, on: stretchStart))
    }

    /// A slot's rules of a stretch cut by weekday: each of `subs` (with its 1-based place when
    /// there are several) without the weekdays of their own, then once per such weekday with
    /// that day only. A rule left without a dose day in the stretch is left out.
    public func rules(
        _ subs: [Rule], of m: Medication, slot: String, segStart: LocalDate, segEnd: LocalDate?
    ) -> [(cycleRule: Int?, weekday: Weekday?, rule: Rule)] {
        let own = weekdaysOfTheirOwn(m, slot: slot, stretchStart: segStart)
        var result: [(cycleRule: Int?, weekday: Weekday?, rule: Rule)] = []
        for (index, sub) in subs.enumerated() {
            let place = subs.count == 1 ? nil : index + 1
            guard !own.isEmpty else {
                result.append((place, nil, sub))
                continue
            }
            let rest = Set(Weekday.allCases).subtracting(own)
            if let main = restrict(sub, to: rest, m, segEnd: segEnd) { result.append((place, nil, main)) }
            for day in own {
                if let rule = restrict(sub, to: [day], m, segEnd: segEnd) { result.append((place, day, rule)) }
            }
        }
        return result
    }

    /// `rule` given only the dose days that fall on `days`, from its first such day (nil when it
    /// has none in the stretch): a daily rule becomes weekly on those days, a weekly one keeps
    /// those of its days.
    private func restrict(_ rule: Rule, to days: Set<Weekday>, _ m: Medication, segEnd: LocalDate?) -> Rule? {
        var pattern = rule.pattern
        switch pattern.frequency {
        case .daily where pattern.interval == 1 && pattern.byDay.isEmpty:
            pattern = RecurrenceRule(.weekly, byDay: Weekday.allCases.filter(days.contains).map { .init($0) })
        case .weekly:
            pattern.byDay = pattern.byDay.filter { days.contains($0.weekday) }
            if pattern.byDay.isEmpty { return nil }
        default:
            return rule
        }
        let length = SeriesCuts.cycleLength(m)
        var day = rule.firstDay
        // A dose day on one of `days` comes within `interval` weeks (a cycle: its length).
        for _ in 0..<(7 * max(pattern.interval, 1) + length + 7) {
            if let segEnd, day > segEnd { return nil }
            let offset = m.start.days(to: day) % length
            if days.contains(day.weekday), m.recurrence.includes(day, start: m.start),
                rule.cycleOffsets?.contains(offset) ?? true
            {
                return Rule(pattern: pattern, firstDay: day, cycleOffsets: rule.cycleOffsets)
            }
            day = day.adding(days: 1)
        }
        return nil
    }

    private static func cycleLength(_ m: Medication) -> Int {
        if case .cycle(let on, let off) = m.recurrence { return max(on + off, 1) }
        return 1
    }

    /// The rules (without UNTIL) and first dose days that together give the recurrence's days
    /// in `segStart...segEnd`.
    public func rules(_ m: Medication, segStart: LocalDate, segEnd: LocalDate?) -> [Rule] {
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
            return [Rule(pattern: RecurrenceRule(.daily), firstDay: segStart)]
        case .everyNHours(let hours):
            return [Rule(pattern: RecurrenceRule(.hourly, interval: hours), firstDay: segStart)]
        case .asNeeded:
            return []
        case .everyNDays(let n):
            guard let d = first({ r.includes($0, start: m.start) }) else { return [] }
            return [Rule(pattern: RecurrenceRule(.daily, interval: n), firstDay: d)]
        case .weekly(let weekdays, let interval):
            let days = (weekdays.isEmpty ? [m.start.weekday] : weekdays).sorted()
            guard let d = first({ r.includes($0, start: m.start) }) else { return [] }
            let pattern = RecurrenceRule(
                .weekly, interval: interval, byDay: days.map { .init($0) }, weekStart: interval > 1 ? .monday : nil)
            return [Rule(pattern: pattern, firstDay: d)]
        case .cycle(let on, let off):
            if off == 0 { return [Rule(pattern: RecurrenceRule(.daily), firstDay: segStart)] }
            return cycleRules(start: m.start, on: on, off: off, first: first)
        }
    }

    /// A cycle of `on` days taken and `off` not, from `anchor`: weekly rules when its length is
    /// whole weeks, else one daily rule per "on" day.
    private func cycleRules(start anchor: LocalDate, on: Int, off: Int, first: ((LocalDate) -> Bool) -> LocalDate?)
        -> [Rule]
    {
        let length = on + off
        func offset(_ d: LocalDate) -> Int { anchor.days(to: d) % length }
        var subs: [Rule] = []
        if length % 7 == 0 {
            let weeks = length / 7
            for j in 0..<((on + 6) / 7) {
                let offsets = (7 * j)..<min(7 * j + 7, on)
                let days = offsets.map { anchor.adding(days: $0).weekday }.sorted()
                guard let d = first({ offsets.contains(offset($0)) }) else { continue }
                let pattern = RecurrenceRule(
                    .weekly, interval: weeks, byDay: days.map { .init($0) }, weekStart: weeks > 1 ? anchor.weekday : nil)
                subs.append(Rule(pattern: pattern, firstDay: d, cycleOffsets: offsets))
            }
        } else {
            for k in 0..<on {
                guard let d = first({ offset($0) == k }) else { continue }
                subs.append(
                    Rule(pattern: RecurrenceRule(.daily, interval: length), firstDay: d, cycleOffsets: k..<(k + 1)))
            }
        }
        return subs
    }
}
