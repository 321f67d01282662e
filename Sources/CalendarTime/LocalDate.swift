/// A calendar date in the proleptic Gregorian calendar, with no zone (iCalendar DATE).
///
/// Arithmetic is done on days since 1970-01-01, without Foundation, so it is fast and exact.
public struct LocalDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    /// Creates a date; returns nil when it does not exist (2026-02-30).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            day >= 1, day <= LocalDate.daysIn(month: month, year: year)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// A date whose month and day the caller knows to be valid, in any year (proleptic): the
    /// rules of a zone are also asked for years past 9999.
    init(anyYear year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date `days` days after 1970-01-01 (negative: before).
    public init(daysSinceEpoch days: Int) {
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        year = yoe + era * 400 + (m <= 2 ? 1 : 0)
        month = m
        day = d
    }

    /// Days since 1970-01-01.
    public var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    public func adding(days: Int) -> LocalDate { LocalDate(daysSinceEpoch: daysSinceEpoch + days) }

    /// Whole days from `self` to `other` (positive when `other` is later).
    public func days(to other: LocalDate) -> Int { other.daysSinceEpoch - daysSinceEpoch }

    public var weekday: Weekday {
        // 1970-01-01 was a Thursday.
        let index = ((daysSinceEpoch % 7) + 7 + 3) % 7  // 0 = Monday
        return Weekday.allCases[index]
    }

    public static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Parses `YYYY-MM-DD` (ISO 8601, as in the schedule file) or `YYYYMMDD` (iCalendar DATE).
    public init?(parsing text: some StringProtocol) {
        let digits = Array(text.utf8)
        let y: Int?
        let m: Int?
        let d: Int?
        if digits.count == 10, digits[4] == UInt8(ascii: "-"), digits[7] == UInt8(ascii: "-") {
            (y, m, d) = (Int(decimal: digits[0..<4]), Int(decimal: digits[5..<7]), Int(decimal: digits[8..<10]))
        } else if digits.count == 8 {
            (y, m, d) = (Int(decimal: digits[0..<4]), Int(decimal: digits[4..<6]), Int(decimal: digits[6..<8]))
        } else {
            return nil
        }
        guard let y, let m, let d else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        DigitText.write([(year, 4, 0), (month, 2, UInt8(ascii: "-")), (day, 2, UInt8(ascii: "-"))])
            ?? "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }
    /// `YYYYMMDD`, the iCalendar DATE form.
    public var basicFormat: String {
        DigitText.write([(year, 4, 0), (month, 2, 0), (day, 2, 0)]) ?? "\(pad(year, 4))\(pad(month, 2))\(pad(day, 2))"
    }

    public static func < (a: LocalDate, b: LocalDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }
}

/// A wall-clock time of day, minute precision plus seconds (iCalendar TIME without zone).
public struct LocalTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var hour: Int
    public var minute: Int
    public var second: Int

    public init?(hour: Int, minute: Int, second: Int = 0) {
        guard (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second) else { return nil }
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// Parses `HH:MM` (schedule form) or `HHMMSS` (iCalendar form).
    public init?(parsing text: some StringProtocol) {
        let c = Array(text.utf8)
        if c.count == 5, c[2] == UInt8(ascii: ":"), let h = Int(decimal: c[0..<2]), let m = Int(decimal: c[3..<5]) {
            self.init(hour: h, minute: m)
        } else if c.count == 6, let h = Int(decimal: c[0..<2]), let m = Int(decimal: c[2..<4]), let s = Int(decimal: c[4..<6]) {
            self.init(hour: h, minute: m, second: s)
        } else {
            return nil
        }
    }

    /// Seconds since midnight.
    public var secondsOfDay: Int { hour * 3600 + minute * 60 + second }

    /// `HH:MM` (with `:SS` when seconds are not zero).
    public var description: String {
        let colon = UInt8(ascii: ":")
        let fast =
            second == 0
            ? DigitText.write([(hour, 2, 0), (minute, 2, colon)])
            : DigitText.write([(hour, 2, 0), (minute, 2, colon), (second, 2, colon)])
        return fast
            ?? (second == 0 ? "\(pad(hour, 2)):\(pad(minute, 2))" : "\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))")
    }
    /// `HHMMSS`, the iCalendar form.
    public var basicFormat: String {
        DigitText.write([(hour, 2, 0), (minute, 2, 0), (second, 2, 0)]) ?? "\(pad(hour, 2))\(pad(minute, 2))\(pad(second, 2))"
    }

    public static func < (a: LocalTime, b: LocalTime) -> Bool { a.secondsOfDay < b.secondsOfDay }
}

/// A date and a wall-clock time with no zone attached.
public struct LocalDateTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var date: LocalDate
    public var time: LocalTime

    public init(date: LocalDate, time: LocalTime) {
        self.date = date
        self.time = time
    }

    /// Seconds since 1970-01-01T00:00 of the same (unspecified) zone: the instant this local time
    /// would be if the zone were UTC.
    public var secondsSinceEpoch: Int { date.daysSinceEpoch * 86_400 + time.secondsOfDay }

    /// The local date-time `seconds` seconds after 1970-01-01T00:00 (as if in UTC).
    public init(secondsSinceEpoch seconds: Int) {
        // Floor division written so that no value of `seconds` overflows (Int.min included).
        let days = seconds >= 0 ? seconds / 86_400 : -1 - (-1 - seconds) / 86_400
        let rest = seconds >= 0 ? seconds % 86_400 : 86_399 - (-1 - seconds) % 86_400
        date = LocalDate(daysSinceEpoch: days)
        time = LocalTime(hour: rest / 3600, minute: (rest % 3600) / 60, second: rest % 60)!
    }

    public func adding(seconds: Int) -> LocalDateTime { LocalDateTime(secondsSinceEpoch: secondsSinceEpoch + seconds) }

    /// `YYYY-MM-DDTHH:MM:SS`.
    public var description: String { "\(date)T\(pad(time.hour, 2)):\(pad(time.minute, 2)):\(pad(time.second, 2))" }
    /// `YYYYMMDDTHHMMSS`, the iCalendar form.
    public var basicFormat: String {
        let t = UInt8(ascii: "T")
        return DigitText.write([
            (date.year, 4, 0), (date.month, 2, 0), (date.day, 2, 0), (time.hour, 2, t), (time.minute, 2, 0), (time.second, 2, 0),
        ]) ?? "\(date.basicFormat)T\(time.basicFormat)"
    }

    public static func < (a: LocalDateTime, b: LocalDateTime) -> Bool {
        (a.date, a.time) < (b.date, b.time)
    }
}

/// A day of the week, in iCalendar's two-letter form.
public enum Weekday: String, Sendable, Hashable, CaseIterable, Comparable {
    case monday = "MO"
    case tuesday = "TU"
    case wednesday = "WE"
    case thursday = "TH"
    case friday = "FR"
    case saturday = "SA"
    case sunday = "SU"

    /// 0 for Monday ... 6 for Sunday.
    public var index: Int { Weekday.allCases.firstIndex(of: self)! }

    public static func < (a: Weekday, b: Weekday) -> Bool { a.index < b.index }

    /// The weekday `days` days later (earlier when negative).
    public func adding(days: Int) -> Weekday { Weekday.allCases[((index + days) % 7 + 7) % 7] }
}

/// Fixed-width decimal fields written straight into a string's bytes.
enum DigitText {
    /// Each field's value zero-padded to its width, after its separator byte (0: none); nil when
    /// a value is negative or wider than its field (`pad` writes those).
    static func write(_ fields: [(value: Int, width: Int, before: UInt8)]) -> String? {
        var count = 0
        for field in fields {
            guard field.value >= 0, field.value < power(field.width) else { return nil }
            count += field.width + (field.before == 0 ? 0 : 1)
        }
        return String(unsafeUninitializedCapacity: count) { out in
            var i = 0
            for field in fields {
                if field.before != 0 {
                    out[i] = field.before
                    i += 1
                }
                var value = field.value
                for k in stride(from: field.width - 1, through: 0, by: -1) {
                    out[i + k] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
                i += field.width
            }
            return count
        }
    }

    private static func power(_ width: Int) -> Int {
        var p = 1
        for _ in 0..<width { p *= 10 }
        return p
    }
}

package func pad(_ value: Int, _ width: Int) -> String {
    let s = String(value)
    return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
}

extension Int {
    package init?(decimal bytes: some Collection<UInt8>) {
        var value = 0
        for b in bytes {
            guard b >= 48, b <= 57 else { return nil }
            value = value * 10 + Int(b - 48)
        }
        guard !bytes.isEmpty else { return nil }
        self = value
    }
}
