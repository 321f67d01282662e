/// A recurrence rule with every part of RFC 5545 §3.3.10, free of any text format (as
/// swift-foundation's `Calendar.RecurrenceRule` is): FREQ, INTERVAL, COUNT, UNTIL and every BYxxx
/// list as written (negative indices and duplicates kept), WKST.
///
/// `ICal` reads RRULE text into this value (`RecurrencePattern(rruleText:)`); `localStarts`
/// expands it on integer day numbers (docs/expansion.md).
public struct RecurrencePattern: Sendable, Hashable {
    /// The FREQ part, coarsest last.
    public enum Frequency: String, Sendable, Hashable, CaseIterable {
        case secondly = "SECONDLY"
        case minutely = "MINUTELY"
        case hourly = "HOURLY"
        case daily = "DAILY"
        case weekly = "WEEKLY"
        case monthly = "MONTHLY"
        case yearly = "YEARLY"

        /// 0 for SECONDLY ... 6 for YEARLY.
        var rank: Int { Frequency.allCases.firstIndex(of: self)! }
    }

    /// UNTIL in the form it was written (RFC 5545 allows a DATE, a floating or a UTC DATE-TIME).
    public enum Until: Sendable, Hashable {
        case date(LocalDate)
        case local(LocalDateTime)
        case utc(LocalDateTime)
    }

    /// A BYDAY entry: a weekday with an optional ordinal (`-1SU`, `2MO`, `TH`).
    public struct OrdinalWeekday: Sendable, Hashable {
        public var ordinal: Int?
        public var weekday: Weekday
        public init(_ weekday: Weekday, ordinal: Int? = nil) {
            self.weekday = weekday
            self.ordinal = ordinal
        }
    }

    public var frequency: Frequency
    /// At least 1.
    public var interval: Int
    public var count: Int?
    public var until: Until?
    public var bySecond: [Int]
    public var byMinute: [Int]
    public var byHour: [Int]
    public var byDay: [OrdinalWeekday]
    public var byMonthDay: [Int]
    public var byYearDay: [Int]
    public var byWeekNo: [Int]
    public var byMonth: [Int]
    public var bySetPos: [Int]
    /// WKST; nil when not written (Monday applies).
    public var weekStart: Weekday?

    public init(
        _ frequency: Frequency, interval: Int = 1, count: Int? = nil, until: Until? = nil,
        bySecond: [Int] = [], byMinute: [Int] = [], byHour: [Int] = [], byDay: [OrdinalWeekday] = [],
        byMonthDay: [Int] = [], byYearDay: [Int] = [], byWeekNo: [Int] = [], byMonth: [Int] = [],
        bySetPos: [Int] = [], weekStart: Weekday? = nil
    ) {
        self.frequency = frequency
        self.interval = interval
        self.count = count
        self.until = until
        self.bySecond = bySecond
        self.byMinute = byMinute
        self.byHour = byHour
        self.byDay = byDay
        self.byMonthDay = byMonthDay
        self.byYearDay = byYearDay
        self.byWeekNo = byWeekNo
        self.byMonth = byMonth
        self.bySetPos = bySetPos
        self.weekStart = weekStart
    }
}
