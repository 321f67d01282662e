public import CalendarTime

/// Which dates a recurrence takes a dose on (RFC 5545 semantics, week start Monday).
extension Recurrence {
    /// Whether `date` is a dose day for a course starting on `start`.
    public func includes(_ date: LocalDate, start: LocalDate) -> Bool {
        let offset = start.days(to: date)
        guard offset >= 0 else { return false }
        switch self {
        case .daily, .everyNHours:
            return true
        case .weekly(let weekdays, let interval):
            let days = weekdays.isEmpty ? [start.weekday] : weekdays
            guard days.contains(date.weekday) else { return false }
            let firstWeek = start.adding(days: -start.weekday.index)
            let week = firstWeek.days(to: date) / 7
            return week % max(interval, 1) == 0
        case .everyNDays(let n):
            return offset % max(n, 1) == 0
        case .cycle(let on, let off):
            return offset % (on + off) < on
        case .asNeeded:
            return false
        }
    }

    /// The first dose day on or after `date`, searching at most `limit` days; nil if none.
    public func firstDay(onOrAfter date: LocalDate, start: LocalDate, limit: Int = 3700) -> LocalDate? {
        var d = max(date, start)
        for _ in 0...limit {
            if includes(d, start: start) { return d }
            d = d.adding(days: 1)
        }
        return nil
    }
}

extension Recurrence {
    /// Whether the medication is taken when needed (no scheduled doses).
    public var isAsNeeded: Bool {
        if case .asNeeded = self { return true }
        return false
    }
}
