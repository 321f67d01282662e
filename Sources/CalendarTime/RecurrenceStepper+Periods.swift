extension RecurrenceStepper {
    /// Day number of 9999-12-31, the last day a `LocalDate` holds.
    static let lastDay = Civil.day(9999, 12, 31)

    private var startDay: Int { Civil.floorDiv(start, 86_400) }
    private var startDate: LocalDate { LocalDate(daysSinceEpoch: startDay) }
    private var startMonthIndex: Int { startDate.year * 12 + startDate.month - 1 }
    private func weekBegin(_ day: Int) -> Int { day - (Civil.weekday(day) - weekStart + 7) % 7 }

    /// The first period (0 = DTSTART's) that may hold an occurrence at or after `lower`: every
    /// earlier period ends before it, whatever its BYxxx parts select.
    func firstPeriod(atOrAfter lower: Int) -> Int {
        guard lower > start else { return 0 }
        let lowerDay = Civil.floorDiv(lower, 86_400)
        let k: Int
        switch frequency {
        case .yearly: k = (LocalDate(daysSinceEpoch: lowerDay).year - startDate.year) / interval
        case .monthly:
            let date = LocalDate(daysSinceEpoch: lowerDay)
            k = (date.year * 12 + date.month - 1 - startMonthIndex) / interval
        case .weekly: k = (weekBegin(lowerDay) - weekBegin(startDay)) / (7 * interval)
        case .daily: k = (lowerDay - startDay) / interval
        default: k = (lower - subDailyBase) / subDailyStep!
        }
        return max(0, k)
    }

    /// Appends the occurrences of period `k` (BYSETPOS applied), in order; returns the period's
    /// first second and the next period worth visiting, or nil past 9999-12-31.
    func collect(period k: Int, into out: inout [Int]) -> (start: Int, next: Int)? {
        let result: (start: Int, next: Int)
        switch frequency {
        case .yearly:
            let year = startDate.year + k * interval
            guard year <= 9999 else { return nil }
            for month in 1...12 where filter.allows(month: month) { collectMonth(year, month, into: &out) }
            result = (Civil.day(year, 1, 1) * 86_400, k + 1)
        case .monthly:
            let index = startMonthIndex + k * interval
            let (year, month) = (index / 12, index % 12 + 1)
            guard year <= 9999 else { return nil }
            if filter.allows(month: month) { collectMonth(year, month, into: &out) }
            result = (Civil.day(year, month, 1) * 86_400, k + 1)
        case .weekly:
            let first = weekBegin(startDay) + 7 * k * interval
            guard first <= Self.lastDay else { return nil }
            for day in first..<(first + 7) where day <= Self.lastDay { collectDay(day, into: &out) }
            result = (first * 86_400, k + 1)
        case .daily:
            let day = startDay + k * interval
            guard day <= Self.lastDay else { return nil }
            collectDay(day, into: &out)
            result = (day * 86_400, k + 1)
        default:
            return collectSubDaily(period: k, into: &out)
        }
        if !setPositions.isEmpty { select(&out) }
        return result
    }

    private func collectMonth(_ year: Int, _ month: Int, into out: inout [Int]) {
        let length = Civil.monthLength(year, month)
        let first = Civil.day(year, month, 1)
        for dom in 1...length where filter.matches(day: first + dom - 1, year: year, month: month, dom: dom, monthLength: length)
        {
            let base = (first + dom - 1) * 86_400
            for t in times { out.append(base + t) }
        }
    }

    private func collectDay(_ day: Int, into out: inout [Int]) {
        guard passes(day) else { return }
        let base = day * 86_400
        for t in times { out.append(base + t) }
    }

    private func passes(_ day: Int) -> Bool {
        if let weekdays = onlyWeekdays { return weekdays & (1 << UInt8(Civil.weekday(day))) != 0 }
        let date = LocalDate(daysSinceEpoch: day)
        return filter.allows(month: date.month)
            && filter.matches(
                day: day, year: date.year, month: date.month, dom: date.day,
                monthLength: Civil.monthLength(date.year, date.month))
    }

    /// A SECONDLY, MINUTELY or HOURLY period: kept when its day, hour, minute and second pass;
    /// a failing day (or hour, minute) jumps to the first period of the next one.
    private func collectSubDaily(period k: Int, into out: inout [Int]) -> (start: Int, next: Int)? {
        let step = subDailyStep!
        let base = subDailyBase
        let p = base + k * step
        let day = Civil.floorDiv(p, 86_400)
        guard day <= Self.lastDay else { return nil }
        func skip(to boundary: Int) -> (start: Int, next: Int) {
            (p, max(k + 1, Civil.floorDiv(boundary - base + step - 1, step)))
        }
        guard passes(day) else { return skip(to: (day + 1) * 86_400) }
        let secondOfDay = p - day * 86_400
        if let hours = hourMask, hours & (1 << UInt64(secondOfDay / 3600)) == 0 {
            return skip(to: p - secondOfDay % 3600 + 3600)
        }
        if let minutes = minuteMask, minutes & (1 << UInt64(secondOfDay % 3600 / 60)) == 0 {
            return skip(to: p - secondOfDay % 60 + 60)
        }
        if let seconds = secondMask, seconds & (1 << UInt64(secondOfDay % 60)) == 0 { return (p, k + 1) }
        for t in times { out.append(p + t) }
        if !setPositions.isEmpty { select(&out) }
        return (p, k + 1)
    }

    /// BYSETPOS: the n-th (from the end when negative) of the period's occurrences, each once.
    private func select(_ set: inout [Int]) {
        let n = set.count
        var picked: [Int] = []
        for position in setPositions {
            let index = position > 0 ? position - 1 : n + position
            if index >= 0, index < n { picked.append(index) }
        }
        set = Array(Set(picked)).sorted().map { set[$0] }
    }

    /// How many occurrences every full period holds when that is the same for all of them
    /// (DAILY, WEEKLY by weekdays, SECONDLY ... HOURLY without day or time limits, no BYSETPOS);
    /// nil otherwise.
    var occurrencesPerPeriod: Int? {
        guard setPositions.isEmpty, filter.months == 0, !filter.hasMonthDays, filter.yearDays.isEmpty,
            filter.weeks | filter.weeksFromEnd == 0
        else { return nil }
        switch frequency {
        case .daily: return filter.hasWeekdays ? nil : times.count
        case .weekly: return filter.weekdays.nonzeroBitCount * times.count
        case .hourly, .minutely, .secondly:
            guard !filter.hasWeekdays, hourMask == nil, minuteMask == nil, secondMask == nil else { return nil }
            return times.count
        default: return nil
        }
    }
}
