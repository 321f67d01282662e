extension RecurrenceRule {
    /// Why an expansion stopped short.
    public enum ExpansionFailure: Error, Sendable, Hashable {
        /// More than `stepLimit` periods visited (a rule that matches rarely or never, over a long span).
        case tooManySteps
        /// More than the caller's limit of starts in the range.
        case tooManyStarts
    }

    /// Most periods one expansion visits.
    public static let stepLimit = 5_000_000

    /// The rule part of a recurrence set starting at `start` (RFC 5545 §3.8.5.3): DTSTART itself
    /// first, as the first instance, counted toward COUNT even when the rule does not match it,
    /// then every later local time the rule selects, in order. Only those in `lower...upper` are
    /// returned; UNTIL is not applied (its reading depends on DTSTART's form, so the caller does).
    ///
    /// A DATE start (`isDate`) gives midnights, one per date. Without COUNT the walk starts at the
    /// first period that can reach `lower`; with COUNT too when every period holds the same
    /// number of occurrences (DAILY, WEEKLY by weekdays, plain SECONDLY ... HOURLY). Invalid dates
    /// (BYMONTHDAY=31 in April) are skipped and not counted.
    public func localStarts(
        from start: LocalDateTime, isDate: Bool, in range: ClosedRange<LocalDateTime>, limit: Int = .max
    ) throws(ExpansionFailure) -> [LocalDateTime] {
        try floatingStarts(
            from: start.secondsSinceEpoch, isDate: isDate, lower: range.lowerBound.secondsSinceEpoch,
            upper: range.upperBound.secondsSinceEpoch, limit: limit
        ).map(LocalDateTime.init(secondsSinceEpoch:))
    }

    /// `localStarts` in floating seconds (seconds since 1970-01-01T00:00 of no zone).
    public func floatingStarts(from start: Int, isDate: Bool, lower: Int, upper: Int, limit: Int = .max)
        throws(ExpansionFailure) -> [Int]
    {
        let stepper = RecurrenceStepper(self, start: start, isDate: isDate)
        var result: [Int] = []
        if start >= lower && start <= upper { result.append(start) }
        var remaining = count.map { $0 - 1 } ?? .max
        guard remaining > 0 else { return result }
        var first = stepper.firstPeriod(atOrAfter: lower)
        if count != nil {
            guard let counted = Self.countedFirstPeriod(stepper, first, isDate: isDate, remaining: &remaining) else {
                return result
            }
            first = counted
        }
        var lastDay = isDate ? Civil.floorDiv(start, 86_400) : .min
        var failure: ExpansionFailure?
        try stepper.walk(from: first, upper: upper) { t in
            guard t > start else { return true }
            if isDate {
                let day = Civil.floorDiv(t, 86_400)
                guard day != lastDay else { return true }
                lastDay = day
            }
            guard t <= upper else { return false }
            remaining -= 1
            if t >= lower {
                guard result.count < limit else {
                    failure = .tooManyStarts
                    return false
                }
                result.append(t)
            }
            return remaining > 0
        }
        if let failure { throw failure }
        return result
    }

    /// With COUNT: `first` when every period before it holds a known number of occurrences (those
    /// are subtracted from `remaining`), 0 when that is unknown, nil when COUNT runs out before.
    private static func countedFirstPeriod(_ stepper: RecurrenceStepper, _ first: Int, isDate: Bool, remaining: inout Int)
        -> Int?
    {
        guard first > 0, let perPeriod = stepper.occurrencesPerPeriod, !isDate || stepper.subDailyStep == nil else { return 0 }
        var firstPeriod: [Int] = []
        _ = stepper.collect(period: 0, into: &firstPeriod)
        let skipped = firstPeriod.filter { $0 > stepper.start }.count + (first - 1) * perPeriod
        guard skipped < remaining else { return nil }
        remaining -= skipped
        return first
    }
}

extension RecurrenceStepper {
    /// Visits the periods from `first` on, each one's occurrences in order, until `body` returns
    /// false, a period starts after `upper`, or the calendar ends (9999-12-31).
    func walk(from first: Int, upper: Int, _ body: (Int) -> Bool) throws(RecurrenceRule.ExpansionFailure) {
        var k = first
        var buffer: [Int] = []
        for _ in 0..<RecurrenceRule.stepLimit {
            buffer.removeAll(keepingCapacity: true)
            guard let (periodStart, next) = collect(period: k, into: &buffer), periodStart <= upper else { return }
            for t in buffer where !body(t) { return }
            k = next
        }
        throw .tooManySteps
    }
}
