/// An RRULE value (RFC 5545 §3.3.10), written in a fixed part order so output is deterministic.
public struct RecurrenceRule: Sendable, Hashable, CustomStringConvertible {
    /// The FREQ part: the one the full rule value has.
    public typealias Frequency = RecurrencePattern.Frequency

    /// A BYDAY entry: a weekday with an optional ordinal (`-1SU`, `2MO`, `TH`).
    public struct WeekdayNumber: Sendable, Hashable {
        public var ordinal: Int?
        public var weekday: Weekday
        public init(_ weekday: Weekday, ordinal: Int? = nil) {
            self.weekday = weekday
            self.ordinal = ordinal
        }
        var text: String { (ordinal.map(String.init) ?? "") + weekday.rawValue }
    }

    public var frequency: Frequency
    public var interval: Int
    public var count: Int?
    public var until: DateTimeValue?
    public var byMonth: [Int]
    public var byMonthDay: [Int]
    public var byDay: [WeekdayNumber]
    public var weekStart: Weekday?

    public init(
        _ frequency: Frequency, interval: Int = 1, count: Int? = nil, until: DateTimeValue? = nil,
        byMonth: [Int] = [], byMonthDay: [Int] = [], byDay: [WeekdayNumber] = [], weekStart: Weekday? = nil
    ) {
        self.frequency = frequency
        self.interval = interval
        self.count = count
        self.until = until
        self.byMonth = byMonth
        self.byMonthDay = byMonthDay
        self.byDay = byDay
        self.weekStart = weekStart
    }

    /// `FREQ=...;UNTIL=...;COUNT=...;INTERVAL=...;BYMONTH=...;BYMONTHDAY=...;BYDAY=...;WKST=...`
    public var description: String {
        var parts = ["FREQ=\(frequency.rawValue)"]
        if let until { parts.append("UNTIL=\(until.valueText)") }
        if let count { parts.append("COUNT=\(count)") }
        if interval != 1 { parts.append("INTERVAL=\(interval)") }
        if !byMonth.isEmpty { parts.append("BYMONTH=" + byMonth.map(String.init).joined(separator: ",")) }
        if !byMonthDay.isEmpty { parts.append("BYMONTHDAY=" + byMonthDay.map(String.init).joined(separator: ",")) }
        if !byDay.isEmpty { parts.append("BYDAY=" + byDay.map(\.text).joined(separator: ",")) }
        if let weekStart { parts.append("WKST=\(weekStart.rawValue)") }
        return parts.joined(separator: ";")
    }

    /// The RRULE property.
    public var property: ICalProperty { ICalProperty("RRULE", description) }
}

/// An iCalendar DURATION (RFC 5545 §3.3.6) in whole seconds, written in its shortest form.
public struct ICalDuration: Sendable, Hashable, CustomStringConvertible {
    public var seconds: Int
    public init(seconds: Int) { self.seconds = seconds }
    public static func minutes(_ m: Int) -> ICalDuration { ICalDuration(seconds: m * 60) }

    /// `PT0S`, `-PT15M`, `PT1H30M`, `P1D`, `P2W`.
    public var description: String {
        let sign = seconds < 0 ? "-" : ""
        var s = abs(seconds)
        if s == 0 { return "PT0S" }
        if s % (7 * 86_400) == 0 { return "\(sign)P\(s / (7 * 86_400))W" }
        var out = "\(sign)P"
        let days = s / 86_400
        s %= 86_400
        if days > 0 { out += "\(days)D" }
        if s > 0 {
            out += "T"
            if s / 3600 > 0 { out += "\(s / 3600)H" }
            if (s % 3600) / 60 > 0 { out += "\((s % 3600) / 60)M" }
            if s % 60 > 0 { out += "\(s % 60)S" }
        }
        return out
    }
}
