/// An RRULE value with every part of RFC 5545 §3.3.10, free of any text format (as
/// swift-foundation's `Calendar.RecurrenceRule` is): FREQ, UNTIL, COUNT, INTERVAL, every BYxxx
/// list as written (negative indices and duplicates kept), WKST, and parts from outside RFC 5545
/// (`X-...`, RFC 7529's `RSCALE`/`SKIP`) held as written.
///
/// The one recurrence type: `init?(parsing:)` reads RRULE text, `description` writes it in a
/// fixed part order (`Part`), and `localStarts` expands it on integer day numbers
/// (docs/expansion.md). The feed writes it, every reader of iCalendar text reads it.
public struct RecurrenceRule: Sendable, Hashable, CustomStringConvertible {
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
        /// `20261231`
        case date(LocalDate)
        /// `20261231T235959`
        case floating(LocalDateTime)
        /// `20261231T235959Z`
        case utc(LocalDateTime)
    }

    /// A BYDAY entry: a weekday with an optional ordinal (`-1SU`, `2MO`, `TH`).
    public struct WeekdayNumber: Sendable, Hashable {
        public var ordinal: Int?
        public var weekday: Weekday
        public init(_ weekday: Weekday, ordinal: Int? = nil) {
            self.weekday = weekday
            self.ordinal = ordinal
        }
    }

    /// A part RFC 5545 does not define (`X-NAME=3`, `RSCALE=GREGORIAN`), name and value
    /// upper-cased: held and written back, never expanded.
    public struct OtherPart: Sendable, Hashable {
        public var name: String
        public var value: String
        public init(name: String, value: String) {
            self.name = name
            self.value = value
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
    public var byDay: [WeekdayNumber]
    public var byMonthDay: [Int]
    public var byYearDay: [Int]
    public var byWeekNo: [Int]
    public var byMonth: [Int]
    public var bySetPos: [Int]
    /// WKST; nil when not written (Monday applies).
    public var weekStart: Weekday?
    /// Parts outside RFC 5545, in the order read; written after every RFC 5545 part.
    public var otherParts: [OtherPart]

    public init(
        _ frequency: Frequency, interval: Int = 1, count: Int? = nil, until: Until? = nil,
        bySecond: [Int] = [], byMinute: [Int] = [], byHour: [Int] = [], byMonth: [Int] = [],
        byWeekNo: [Int] = [], byYearDay: [Int] = [], byMonthDay: [Int] = [], byDay: [WeekdayNumber] = [],
        bySetPos: [Int] = [], weekStart: Weekday? = nil, otherParts: [OtherPart] = []
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
        self.otherParts = otherParts
    }
}
