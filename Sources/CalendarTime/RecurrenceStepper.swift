/// One `RecurrenceRule` prepared for expansion from one DTSTART: every BYxxx list as a bit mask
/// or a sorted, duplicate-free list, RFC 5545's defaults taken from DTSTART, and the periods
/// (years, months, weeks, days, hours, minutes, seconds) counted as integers from DTSTART's.
///
/// Times are "floating seconds": seconds since 1970-01-01T00:00 of no zone, so a day is
/// `floor(t / 86400)` and stepping is integer arithmetic on day numbers (no calendar library).
struct RecurrenceStepper {
    let frequency: RecurrenceRule.Frequency
    let interval: Int
    /// DTSTART in floating seconds.
    let start: Int
    let weekStart: Int
    let filter: DayFilter
    /// DAILY and coarser: the times of day (seconds), sorted. Finer: the offsets within one period.
    let times: [Int]
    /// Sub-daily limits (nil: no limit): hours, minutes, seconds as bit masks.
    let hourMask: UInt64?
    let minuteMask: UInt64?
    let secondMask: UInt64?
    let setPositions: [Int]
    /// The weekdays a day must be on (bit w for weekday w, 0 = Monday) when nothing else in the
    /// filter limits days (no BYMONTH, BYMONTHDAY, BYYEARDAY, BYWEEKNO or BYDAY ordinal); nil
    /// when the whole filter must be read. Spares the date of every day tested.
    let onlyWeekdays: UInt8?

    init(_ pattern: RecurrenceRule, start: Int, isDate: Bool) {
        frequency = pattern.frequency
        // Beyond 4e11 (seconds in 10,000 years) no INTERVAL reaches a second period: cap it so the
        // period arithmetic cannot overflow.
        interval = min(max(1, pattern.interval), 400_000_000_000)
        self.start = start
        weekStart = (pattern.weekStart ?? .monday).index
        let day = Civil.floorDiv(start, 86_400)
        let date = LocalDate(daysSinceEpoch: day)
        let secondOfDay = start - day * 86_400
        var byDay = pattern.byDay
        var byMonth = pattern.byMonth
        var byMonthDay = pattern.byMonthDay
        if pattern.byWeekNo.isEmpty, pattern.byYearDay.isEmpty, byMonthDay.isEmpty, byDay.isEmpty {
            switch pattern.frequency {
            case .yearly:
                if byMonth.isEmpty { byMonth = [date.month] }
                byMonthDay = [date.day]
            case .monthly: byMonthDay = [date.day]
            case .weekly: byDay = [.init(date.weekday)]
            default: break
            }
        }
        let ordinalScope: DayFilter.OrdinalScope =
            switch pattern.frequency {
            case .yearly: byMonth.isEmpty ? .year : .month
            case .monthly: .month
            default: .none
            }
        filter = DayFilter(
            byMonth: byMonth, byMonthDay: byMonthDay, byYearDay: pattern.byYearDay, byWeekNo: pattern.byWeekNo,
            byDay: byDay, ordinalScope: ordinalScope, weekStart: weekStart)
        let rank = pattern.frequency.rank
        let hours = Self.list(pattern.byHour, default: rank > 2 ? secondOfDay / 3600 : nil, in: 0...23)
        let minutes = Self.list(pattern.byMinute, default: rank > 1 ? secondOfDay % 3600 / 60 : nil, in: 0...59)
        let seconds = Self.list(pattern.bySecond, default: rank > 0 ? secondOfDay % 60 : nil, in: 0...59)
        hourMask = rank <= 2 ? Self.mask(hours) : nil
        minuteMask = rank <= 1 ? Self.mask(minutes) : nil
        secondMask = rank == 0 ? Self.mask(seconds) : nil
        if isDate && rank >= 3 {
            times = [0]
        } else {
            switch rank {
            case 0: times = [0]
            case 1: times = seconds ?? [0]
            case 2: times = Self.product([[0], minutes ?? [0], seconds ?? [0]])
            default: times = Self.product([hours ?? [0], minutes ?? [0], seconds ?? [0]])
            }
        }
        setPositions = pattern.bySetPos
        onlyWeekdays = Self.onlyWeekdays(filter)
    }

    /// `onlyWeekdays` of `filter`: all seven when it has no BYDAY.
    private static func onlyWeekdays(_ filter: DayFilter) -> UInt8? {
        guard filter.months == 0, !filter.hasMonthDays, filter.yearDays.isEmpty, filter.weeks | filter.weeksFromEnd == 0,
            filter.ordinals.isEmpty
        else { return nil }
        return filter.hasWeekdays ? filter.weekdays : 0x7F
    }

    /// Sorted, duplicate-free values of `list` within `range` (or `[value]` when empty); nil: all.
    private static func list(_ list: [Int], default value: Int?, in range: ClosedRange<Int>) -> [Int]? {
        if list.isEmpty { return value.map { [$0] } }
        return Array(Set(list.filter { range.contains($0) })).sorted()
    }

    private static func mask(_ values: [Int]?) -> UInt64? {
        values.map { $0.reduce(0) { $0 | (1 << UInt64($1)) } }
    }

    /// Seconds `h * 3600 + m * 60 + s` of every combination, sorted.
    private static func product(_ parts: [[Int]]) -> [Int] {
        var result: [Int] = []
        for h in parts[0] { for m in parts[1] { for s in parts[2] { result.append(h * 3600 + m * 60 + s) } } }
        return result.sorted()
    }

    /// The length of one period in seconds for SECONDLY ... HOURLY (times INTERVAL); nil otherwise.
    var subDailyStep: Int? {
        switch frequency {
        case .secondly: return interval
        case .minutely: return 60 * interval
        case .hourly: return 3600 * interval
        default: return nil
        }
    }

    /// DTSTART's period start for SECONDLY ... HOURLY (DTSTART truncated to the unit).
    var subDailyBase: Int {
        let unit = (subDailyStep ?? 1) / interval
        return Civil.floorDiv(start, unit) * unit
    }
}
