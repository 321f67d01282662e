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

    /// Most iterator steps one rule may take (before and inside the window).
    static let stepLimit = 5_000_000

    /// The local starts `rule` generates from `start` (as libical yields them: DTSTART first) that
    /// lie in `keep...bound`, in order. A DAILY or WEEKLY rule without COUNT (or a SECONDLY ...
    /// HOURLY one without BYxxx parts) starts iterating at a whole number of periods after `start`
    /// instead, a week before `keep`: same phase, same results, far fewer steps. BYSETPOS on a
    /// WEEKLY rule, which libical ignores, is applied by `WeeklySetPositions`.
    static func localStarts(
        rule: String, start: LocalDateTime, isDate: Bool, keep: LocalDateTime, through bound: LocalDateTime, limit: Int
    ) throws(Failure) -> [LocalDateTime] {
        if let setPositions = WeeklySetPositions(rule) {
            return try setPositions.select(start: start, keep: keep, bound: bound) { (from, to) throws(Failure) in
                try libicalStarts(rule: setPositions.inner, start: start, isDate: isDate, keep: from, through: to, limit: limit)
            }
        }
        return try libicalStarts(rule: rule, start: start, isDate: isDate, keep: keep, through: bound, limit: limit)
    }

    /// `localStarts` as libical's iterator gives them.
    private static func libicalStarts(
        rule: String, start: LocalDateTime, isDate: Bool, keep: LocalDateTime, through bound: LocalDateTime, limit: Int
    ) throws(Failure) -> [LocalDateTime] {
        let result: Result<[LocalDateTime], Failure> = Libical.withLock {
            dosecal_icalerrno_clear()
            var recur = icalrecurrencetype_from_string(rule)
            dosecal_icalerrno_clear()
            guard recur.freq != ICAL_NO_RECURRENCE, recur.interval > 0 else { return .failure(.invalidRule) }
            recur.until = icaltime_null_time()
            let first = recur.count == 0 ? skipAhead(start, period: period(recur, rule: rule), isDate: isDate, keep: keep) : start
            guard let iterator = icalrecur_iterator_new(recur, icalTime(first, isDate: isDate)) else {
                dosecal_icalerrno_clear()
                return .failure(.invalidRule)
            }
            defer { icalrecur_iterator_free(iterator) }
            var starts: [LocalDateTime] = []
            for _ in 0..<stepLimit {
                let next = icalrecur_iterator_next(iterator)
                if icaltime_is_null_time(next) != 0 { return .success(starts) }
                guard let local = localDateTime(next), local >= keep else { continue }
                if local > bound { return .success(starts) }
                if starts.count == limit { return .failure(.limitExceeded) }
                starts.append(local)
            }
            return .failure(.limitExceeded)
        }
        return try result.get()
    }

    /// The rule's period in seconds of floating time; nil for MONTHLY and YEARLY, and for
    /// SECONDLY ... HOURLY with any BYxxx part (libical then re-aligns on the BYxxx values from the
    /// start it was given, so a moved start changes the phase). Caller holds the lock.
    private static func period(_ recur: icalrecurrencetype, rule: String) -> Int? {
        let unit: Int
        let subDaily = !rule.uppercased().contains("BY")
        switch recur.freq {
        case ICAL_SECONDLY_RECURRENCE where subDaily: unit = 1
        case ICAL_MINUTELY_RECURRENCE where subDaily: unit = 60
        case ICAL_HOURLY_RECURRENCE where subDaily: unit = 3600
        case ICAL_DAILY_RECURRENCE: unit = 86_400
        case ICAL_WEEKLY_RECURRENCE: unit = 7 * 86_400
        default: return nil
        }
        return unit * Int(recur.interval)
    }

    /// `start` moved forward by whole periods to at least 8 days (a week and a day) before `keep`;
    /// on a DATE start by whole days that are also whole periods (a sub-daily rule on a DATE).
    static func skipAhead(_ start: LocalDateTime, period rulePeriod: Int?, isDate: Bool, keep: LocalDateTime) -> LocalDateTime {
        guard let rulePeriod, rulePeriod > 0 else { return start }
        var period = rulePeriod
        if isDate && period % 86_400 != 0 {
            let (days, overflow) = 86_400.multipliedReportingOverflow(by: period / gcd(period, 86_400))
            guard !overflow else { return start }
            period = days
        }
        let gap = keep.secondsSinceEpoch - 8 * 86_400 - start.secondsSinceEpoch
        guard gap > 2 * period else { return start }
        return start.adding(seconds: gap / period * period)
    }

    private static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }

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
