/// Integer arithmetic on proleptic Gregorian day numbers (days since 1970-01-01), shared by the
/// recurrence expander's hot loops.
enum Civil {
    /// `a / b` rounded towards minus infinity (b > 0).
    @inline(__always) static func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }

    /// The day number of `year-month-day` (the date need not be valid for `day`: it rolls over).
    @inline(__always) static func day(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        return era * 146_097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719_468
    }

    /// 0 for Monday ... 6 for Sunday (1970-01-01 was a Thursday).
    @inline(__always) static func weekday(_ day: Int) -> Int { ((day % 7) + 10) % 7 }

    @inline(__always) static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    @inline(__always) static func monthLength(_ year: Int, _ month: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// The first day of week 1 of `year` for weeks starting on `weekStart` (0 = Monday): the week
    /// holding January 4, i.e. the first with at least four days in the year (RFC 5545 BYWEEKNO).
    @inline(__always) static func firstWeekDay(_ year: Int, weekStart: Int) -> Int {
        let jan4 = day(year, 1, 4)
        return jan4 - (weekday(jan4) - weekStart + 7) % 7
    }
}
