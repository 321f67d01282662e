/// A yearly day that an RRULE can name: in `month`, the `ordinal`-th (or, for -1, the last)
/// `weekday` (`BYMONTH=3;BYDAY=2SU`), or the `weekday` among `days` (`BYMONTH=9;BYDAY=SU;
/// BYMONTHDAY=2,3,4,5,6,7,8`: the Sunday on or after the 2nd), or the fixed day `days[0]`
/// (`BYMONTH=3;BYMONTHDAY=21`). Negative days count from the month's end.
struct YearlyPattern: Sendable, Hashable {
    var month: Int
    var weekday: Weekday?
    var ordinal: Int?
    var days: [Int]

    static func nth(_ ordinal: Int, _ weekday: Weekday, month: Int) -> YearlyPattern {
        YearlyPattern(month: month, weekday: weekday, ordinal: ordinal, days: [])
    }

    /// The day it names in `year`; nil when it names none (a weekday among days that year misses).
    func date(in year: Int) -> LocalDate? {
        let length = LocalDate.daysIn(month: month, year: year)
        let first = LocalDate(year: year, month: month, day: 1)!
        let candidates = days.map { $0 < 0 ? length + 1 + $0 : $0 }.filter { (1...length).contains($0) }
        if let weekday, let ordinal {
            let firstMatch = 1 + ((weekday.index - first.weekday.index) % 7 + 7) % 7
            var day = firstMatch + 7 * (ordinal - 1)
            if ordinal < 0 { day = firstMatch + 7 * ((length - firstMatch) / 7) + 7 * (ordinal + 1) }
            return (1...length).contains(day) ? first.adding(days: day - 1) : nil
        }
        let matches = candidates.filter { weekday == nil || first.adding(days: $0 - 1).weekday == weekday }
        return matches.count == 1 ? first.adding(days: matches[0] - 1) : nil
    }

    /// The RRULE, bounded by `until` when given.
    func rule(until: RecurrenceRule.Until? = nil) -> RecurrenceRule {
        let byDay = weekday.map { [RecurrenceRule.WeekdayNumber($0, ordinal: ordinal)] } ?? []
        return RecurrenceRule(.yearly, until: until, byMonth: [month], byMonthDay: days, byDay: byDay)
    }

    /// The pattern that names exactly `dates` (one a year, consecutive years), or nil: the
    /// nth weekday, the last weekday, the weekday on or after a day, in that order of preference.
    static func fitting(_ dates: [LocalDate]) -> YearlyPattern? {
        guard let first = dates.first, dates.allSatisfy({ $0.month == first.month && $0.weekday == first.weekday }),
            dates.enumerated().allSatisfy({ $0.element.year == first.year + $0.offset })
        else { return nil }
        let month = first.month
        let lowest = dates.map(\.day).min()!
        var candidates = [YearlyPattern.nth(-1, first.weekday, month: month)]
        if (lowest - 1) / 7 + 1 <= 4 { candidates.insert(.nth((lowest - 1) / 7 + 1, first.weekday, month: month), at: 0) }
        let highest = dates.map(\.day).max()!
        let start = max(1, highest - 6)
        if highest - lowest <= 6, start + 6 <= LocalDate.daysIn(month: month, year: 2001) {
            candidates.append(YearlyPattern(month: month, weekday: first.weekday, ordinal: nil, days: Array(start...start + 6)))
        }
        return candidates.first { p in dates.allSatisfy { p.date(in: $0.year) == $0 } }
    }
}
