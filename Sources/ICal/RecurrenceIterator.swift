/// libical 3.0.16's RRULE iterator run in floating local time (`icalrecurrencetype_from_string`,
/// `icalrecur_iterator_new`, `icalrecur_iterator_next`, `icalrecur_iterator_free`), kept as a
/// reference oracle for tests: the expander is `RecurrenceRule`. Its known defects (listed in
/// docs/expansion.md) are inherited here on purpose: BYSETPOS ignored on WEEKLY rules, the
/// INTERVAL phase lost under a BYHOUR/BYMINUTE/BYSECOND limit at sub-daily frequencies, DTSTART
/// yielded on top of COUNT when the rule does not match it.
public enum RecurrenceIterator {
    /// Why libical yields nothing.
    public enum Failure: Error, Equatable {
        /// libical cannot read the rule (or refuses to iterate it).
        case invalidRule
        /// More than `limit` local starts up to the bound.
        case limitExceeded
    }

    /// Most iterator steps one rule may take.
    static let stepLimit = 5_000_000

    /// The local starts libical generates for `rule` from `start` (DTSTART first, as libical yields
    /// it) up to `bound`, in order. UNTIL is removed before iterating (callers apply it).
    public static func localStarts(
        rule: String, start: LocalDateTime, isDate: Bool, through bound: LocalDateTime, limit: Int = 100_000
    ) throws(Failure) -> [LocalDateTime] {
        let result: Result<[LocalDateTime], Failure> = Libical.withLock {
            guard let iterator = LibicalRuleIterator(rule: rule, start: LibicalTime(start, isDate: isDate), withoutUntil: true)
            else { return .failure(.invalidRule) }
            var starts: [LocalDateTime] = []
            for _ in 0..<stepLimit {
                guard let next = iterator.next() else { return .success(starts) }
                guard let local = next.local else { continue }
                if local > bound { return .success(starts) }
                if starts.count == limit { return .failure(.limitExceeded) }
                starts.append(local)
            }
            return .failure(.limitExceeded)
        }
        return try result.get()
    }
}
