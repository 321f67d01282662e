internal import CLibical

/// libical 3.0.16's RRULE iterator run in floating local time (`icalrecurrencetype_from_string`,
/// `icalrecur_iterator_new`, `icalrecur_iterator_next`, `icalrecur_iterator_free`), kept as a
/// reference oracle for tests: the expander is `RecurrencePattern`. Its known defects (listed in
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
            dosecal_icalerrno_clear()
            var recur = icalrecurrencetype_from_string(rule)
            dosecal_icalerrno_clear()
            guard recur.freq != ICAL_NO_RECURRENCE, recur.interval > 0 else { return .failure(.invalidRule) }
            recur.until = icaltime_null_time()
            guard let iterator = icalrecur_iterator_new(recur, icalTime(start, isDate: isDate)) else {
                dosecal_icalerrno_clear()
                return .failure(.invalidRule)
            }
            defer { icalrecur_iterator_free(iterator) }
            var starts: [LocalDateTime] = []
            for _ in 0..<stepLimit {
                let next = icalrecur_iterator_next(iterator)
                if icaltime_is_null_time(next) != 0 { return .success(starts) }
                guard let local = localDateTime(next) else { continue }
                if local > bound { return .success(starts) }
                if starts.count == limit { return .failure(.limitExceeded) }
                starts.append(local)
            }
            return .failure(.limitExceeded)
        }
        return try result.get()
    }

    /// An `icaltimetype` with no zone (floating) for `local`. Caller holds the lock.
    static func icalTime(_ local: LocalDateTime, isDate: Bool) -> icaltimetype {
        var t = icaltime_null_time()
        t.year = Int32(local.date.year)
        t.month = Int32(local.date.month)
        t.day = Int32(local.date.day)
        if isDate {
            t.is_date = 1
        } else {
            t.hour = Int32(local.time.hour)
            t.minute = Int32(local.time.minute)
            t.second = Int32(local.time.second)
        }
        return t
    }
    /// The wall-clock fields of `t` (its zone ignored); nil when libical produced an invalid date.
    static func localDateTime(_ t: icaltimetype) -> LocalDateTime? {
        guard let date = LocalDate(year: Int(t.year), month: Int(t.month), day: Int(t.day)) else { return nil }
        let time =
            t.is_date != 0
            ? LocalTime(hour: 0, minute: 0)! : LocalTime(hour: Int(t.hour), minute: Int(t.minute), second: Int(t.second))
        guard let time else { return nil }
        return LocalDateTime(date: date, time: time)
    }
}
