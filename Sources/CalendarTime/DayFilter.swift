/// The day-level parts of a recurrence rule (BYMONTH, BYWEEKNO, BYYEARDAY, BYMONTHDAY, BYDAY) as
/// bit masks: a day is a candidate when it passes every part that is present (RFC 5545's
/// "expand" and "limit" readings both come down to this within one period).
struct DayFilter {
    /// Where a BYDAY ordinal counts from: the month, the year, or nowhere (ignored below MONTHLY).
    enum OrdinalScope { case month, year, none }

    /// Bit m for month m; 0 when BYMONTH is absent.
    let months: UInt16
    /// Bit n for day n of the month, bit n of `monthDaysFromEnd` for day -n.
    let monthDays: UInt32
    let monthDaysFromEnd: UInt32
    let yearDays: Set<Int>
    /// Bits n for week n and week -n (BYWEEKNO), counted with `weekStart`.
    let weeks: UInt64
    let weeksFromEnd: UInt64
    /// Bit w for weekday w (0 = Monday) without ordinal, and the entries with one.
    let weekdays: UInt8
    let ordinals: [(weekday: Int, ordinal: Int)]
    let ordinalScope: OrdinalScope
    let weekStart: Int
    let hasMonthDays: Bool
    let hasWeekdays: Bool

    init(
        byMonth: [Int], byMonthDay: [Int], byYearDay: [Int], byWeekNo: [Int], byDay: [RecurrenceRule.WeekdayNumber],
        ordinalScope: OrdinalScope, weekStart: Int
    ) {
        months = byMonth.filter { (1...12).contains($0) }.reduce(0) { $0 | (1 << UInt16($1)) }
        monthDays = byMonthDay.filter { (1...31).contains($0) }.reduce(0) { $0 | (1 << UInt32($1)) }
        monthDaysFromEnd = byMonthDay.filter { (-31 ... -1).contains($0) }.reduce(0) { $0 | (1 << UInt32(-$1)) }
        yearDays = Set(byYearDay)
        weeks = byWeekNo.filter { (1...53).contains($0) }.reduce(0) { $0 | (1 << UInt64($1)) }
        weeksFromEnd = byWeekNo.filter { (-53 ... -1).contains($0) }.reduce(0) { $0 | (1 << UInt64(-$1)) }
        var plain: UInt8 = 0
        var ordinals: [(Int, Int)] = []
        for entry in byDay {
            if let n = entry.ordinal, ordinalScope != .none {
                ordinals.append((entry.weekday.index, n))
            } else {
                plain |= 1 << UInt8(entry.weekday.index)
            }
        }
        weekdays = plain
        self.ordinals = ordinals
        self.ordinalScope = ordinalScope
        self.weekStart = weekStart
        hasMonthDays = !byMonthDay.isEmpty
        hasWeekdays = !byDay.isEmpty
    }

    /// Whether BYMONTH allows `month`.
    @inline(__always) func allows(month: Int) -> Bool { months == 0 || months & (1 << UInt16(month)) != 0 }

    /// Whether day number `day` (`year-month-dom`, months of `monthLength` days) passes every part
    /// but BYMONTH.
    func matches(day: Int, year: Int, month: Int, dom: Int, monthLength: Int) -> Bool {
        if hasMonthDays, monthDays & (1 << UInt32(dom)) == 0, monthDaysFromEnd & (1 << UInt32(monthLength - dom + 1)) == 0 {
            return false
        }
        var yearDay = 0
        var yearLength = 0
        if !yearDays.isEmpty || ordinalScope == .year {
            yearDay = day - Civil.day(year, 1, 1) + 1
            yearLength = Civil.isLeap(year) ? 366 : 365
        }
        if hasWeekdays, !matchesWeekday(day, dom: dom, monthLength: monthLength, yearDay: yearDay, yearLength: yearLength) {
            return false
        }
        if !yearDays.isEmpty, !yearDays.contains(yearDay), !yearDays.contains(yearDay - yearLength - 1) { return false }
        if weeks | weeksFromEnd != 0, !matchesWeek(day, year: year) { return false }
        return true
    }

    private func matchesWeekday(_ day: Int, dom: Int, monthLength: Int, yearDay: Int, yearLength: Int) -> Bool {
        let weekday = Civil.weekday(day)
        if weekdays & (1 << UInt8(weekday)) != 0 { return true }
        for entry in ordinals where entry.weekday == weekday {
            let (index, length) = ordinalScope == .year ? (yearDay, yearLength) : (dom, monthLength)
            let n = entry.ordinal > 0 ? (index - 1) / 7 + 1 : -((length - index) / 7 + 1)
            if n == entry.ordinal { return true }
        }
        return false
    }

    /// BYWEEKNO: the day's week in its own week-numbering year (weeks of `weekStart`, week 1 the
    /// first with four days in the year), or that week counted from the end of that year.
    private func matchesWeek(_ day: Int, year: Int) -> Bool {
        var weekYear = year
        if day < Civil.firstWeekDay(year, weekStart: weekStart) {
            weekYear = year - 1
        } else if day >= Civil.firstWeekDay(year + 1, weekStart: weekStart) {
            weekYear = year + 1
        }
        let first = Civil.firstWeekDay(weekYear, weekStart: weekStart)
        let week = (day - first) / 7 + 1
        let weekCount = (Civil.firstWeekDay(weekYear + 1, weekStart: weekStart) - first) / 7
        return weeks & (1 << UInt64(week)) != 0 || weeksFromEnd & (1 << UInt64(weekCount - week + 1)) != 0
    }
}
