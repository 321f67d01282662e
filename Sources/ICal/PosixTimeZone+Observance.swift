extension PosixTimeZone.Change {
    /// This change as iCalendar can write it: a local time of day and one or more yearly
    /// patterns that together name the change's day in every year, exactly one a year. A time
    /// past 24:00 (or before 00:00) moves the day: `M9.1.6/24` (first Saturday, 24:00) is the
    /// Sunday among the 2nd...8th at 00:00. A day range that crosses into the next or previous
    /// month is split in two patterns, one per month. nil when no such patterns exist (a range
    /// in February, or across the year's end): the caller lists the days instead.
    ///
    /// Every answer is checked against the rule over a whole 400-year Gregorian cycle, after
    /// which weekdays and leap years repeat, so it holds for every year.
    func yearlyPatterns() -> (time: LocalTime, patterns: [YearlyPattern])? {
        let shift = time >= 0 ? time / 86_400 : -((-time + 86_399) / 86_400)
        let seconds = time - shift * 86_400
        let timeOfDay = LocalTime(hour: seconds / 3600, minute: seconds % 3600 / 60, second: seconds % 60)!
        guard let patterns = candidatePatterns(shift: shift), verify(patterns, shift: shift) else { return nil }
        return (timeOfDay, patterns)
    }

    func candidatePatterns(shift: Int) -> [YearlyPattern]? {
        switch date {
        case .monthWeek(let month, let week, let weekday):
            if shift == 0 { return [.nth(week == 5 ? -1 : week, weekday, month: month)] }
            let day = weekday.adding(days: shift)
            let length = LocalDate.daysIn(month: month, year: 2001)
            let low = (week == 5 ? length - 6 : 7 * (week - 1) + 1) + shift
            let high = low + 6
            return YearlyPattern.split(low...high, month: month, weekday: day)
        case .julian(let n):
            let common = LocalDate(year: 2001, month: 1, day: 1)!.adding(days: n - 1 + shift)
            return [YearlyPattern(month: common.month, weekday: nil, ordinal: nil, days: [common.day])]
        case .zeroBased:
            return nil
        }
    }

    /// Whether `patterns` name the rule's (shifted) day and no other in every year of a cycle.
    func verify(_ patterns: [YearlyPattern], shift: Int) -> Bool {
        (2000..<2400).allSatisfy { year in
            patterns.compactMap { $0.date(in: year) } == [date.date(in: year).adding(days: shift)]
        }
    }
}

extension YearlyPattern {
    /// The `weekday` among the days `range` of `month` (days past the month's end continue into
    /// the next month, days below 1 into the previous one), as patterns of one month each; nil
    /// when that needs February's length or crosses the year's end.
    static func split(_ range: ClosedRange<Int>, month: Int, weekday: Weekday) -> [YearlyPattern]? {
        let length = LocalDate.daysIn(month: month, year: 2001)
        guard range.upperBound >= 1, range.lowerBound <= length else { return nil }
        var result: [YearlyPattern] = []
        if range.lowerBound < 1 {
            guard month > 1, month - 1 != 2 else { return nil }
            let previous = LocalDate.daysIn(month: month - 1, year: 2001)
            result.append(
                YearlyPattern(
                    month: month - 1, weekday: weekday, ordinal: nil,
                    days: Array((previous + range.lowerBound)...previous)))
        }
        let inside = max(1, range.lowerBound)...min(length, range.upperBound)
        guard month != 2 || inside.upperBound <= 28 else { return nil }
        result.append(YearlyPattern(month: month, weekday: weekday, ordinal: nil, days: Array(inside)))
        if range.upperBound > length {
            guard month < 12 else { return nil }
            result.append(
                YearlyPattern(month: month + 1, weekday: weekday, ordinal: nil, days: Array(1...(range.upperBound - length))))
        }
        return result
    }
}
