internal import CLibical

/// libical's RRULE iterator run in floating local time (`icalrecurrencetype_from_string`,
/// `icalrecur_iterator_new`, `icalrecur_iterator_next`, `icalrecur_iterator_free`): it handles
/// BYDAY, BYSETPOS, INTERVAL, COUNT and skips invalid dates; no zone is involved, so libical's
/// gap defects (time-semantics.md §3) cannot occur. UNTIL is removed before iterating: callers
/// apply it themselves, because its accepted forms depend on the DTSTART form.
enum RecurrenceIterator {
    enum Failure: Error, Equatable {
        /// libical cannot read the rule (or refuses to iterate it).
        case invalidRule
        /// More than `limit` local starts up to the bound.
        case limitExceeded
    }

    /// The local starts `rule` generates from `start` (as libical yields them: DTSTART first)
    /// up to and including `bound`, in order.
    static func localStarts(
        rule: String, start: LocalDateTime, isDate: Bool, through bound: LocalDateTime, limit: Int
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
            while true {
                let next = icalrecur_iterator_next(iterator)
                if icaltime_is_null_time(next) != 0 { break }
                guard let local = localDateTime(next) else { continue }
                if local > bound { break }
                if starts.count == limit { return .failure(.limitExceeded) }
                starts.append(local)
            }
            return .success(starts)
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
