extension RecurrencePattern {
    /// Reads an RRULE value (`FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13;COUNT=5`): parts in any order and
    /// case, every RFC 5545 §3.3.10 part, lists kept as written (duplicates, negative indices).
    /// The one reader of RRULE text; `RecurrenceRule(parsing:)` and the expander build on it.
    ///
    /// UNTIL is kept in the form it was written (DATE, floating or UTC DATE-TIME). Unknown parts
    /// (`X-...`, RFC 7529's `RSCALE`/`SKIP`) are ignored. nil when FREQ is missing or unknown, a part
    /// repeats or has no `=`, or a value is out of its range (BYHOUR 0-23, BYMONTHDAY ±1-31, ...).
    public init?(rrule text: some StringProtocol) {
        guard let parts = RecurrencePattern.parts(of: text), let freqText = parts.first(where: { $0.name == "FREQ" })?.value,
            let frequency = Frequency(rawValue: freqText)
        else { return nil }
        self.init(frequency)
        for (name, value) in parts {
            guard read(name, value) else { return nil }
        }
    }

    /// Sets part `name` from `value`; false when the value is malformed.
    private mutating func read(_ name: String, _ value: String) -> Bool {
        typealias P = RecurrencePattern
        switch name {
        case "FREQ": return true
        case "INTERVAL":
            guard let n = Int(value), n >= 1 else { return false }
            interval = n
        case "COUNT":
            guard let n = Int(value), n >= 1 else { return false }
            count = n
        case "UNTIL":
            switch DateTimeValue(parsing: value) {
            case .date(let d)?: until = .date(d)
            case .floating(let t)?: until = .local(t)
            case .utc(let t)?: until = .utc(t)
            default: return false
            }
        case "BYSECOND": return P.integers(value, 0...60, into: &bySecond)
        case "BYMINUTE": return P.integers(value, 0...59, into: &byMinute)
        case "BYHOUR": return P.integers(value, 0...23, into: &byHour)
        case "BYMONTHDAY": return P.integers(value, -31...31, signed: true, into: &byMonthDay)
        case "BYYEARDAY": return P.integers(value, -366...366, signed: true, into: &byYearDay)
        case "BYWEEKNO": return P.integers(value, -53...53, signed: true, into: &byWeekNo)
        case "BYMONTH": return P.integers(value, 1...12, into: &byMonth)
        case "BYSETPOS": return P.integers(value, -366...366, signed: true, into: &bySetPos)
        case "BYDAY":
            for item in value.split(separator: ",", omittingEmptySubsequences: false) {
                guard let day = P.ordinalWeekday(item) else { return false }
                byDay.append(day)
            }
        case "WKST":
            guard let day = Weekday(rawValue: value) else { return false }
            weekStart = day
        default: return true
        }
        return true
    }

    /// `NAME=value` parts in order, names and values upper-cased; nil when a part has no `=` or
    /// a name repeats.
    static func parts(of text: some StringProtocol) -> [(name: String, value: String)]? {
        var result: [(name: String, value: String)] = []
        for part in text.split(separator: ";", omittingEmptySubsequences: true) {
            guard let eq = part.firstIndex(of: "=") else { return nil }
            let name = part[..<eq].trimmingCharacters(in: .whitespaces).uppercased()
            let value = part[part.index(after: eq)...].trimmingCharacters(in: .whitespaces).uppercased()
            guard !result.contains(where: { $0.name == name }) else { return nil }
            result.append((name, value))
        }
        return result
    }

    /// Appends the comma list `text` of integers within `range` (0 excluded when `signed`).
    private static func integers(_ text: String, _ range: ClosedRange<Int>, signed: Bool = false, into list: inout [Int]) -> Bool
    {
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let n = Int(item.hasPrefix("+") ? item.dropFirst() : item), range.contains(n), !(signed && n == 0) else {
                return false
            }
            list.append(n)
        }
        return true
    }

    /// `MO`, `2TU`, `-1FR`, `+3WE` (ordinal ±1-53).
    private static func ordinalWeekday(_ item: Substring) -> OrdinalWeekday? {
        guard item.count >= 2, let day = Weekday(rawValue: String(item.suffix(2))) else { return nil }
        let prefix = item.dropLast(2)
        if prefix.isEmpty { return OrdinalWeekday(day) }
        guard let n = Int(prefix.hasPrefix("+") ? prefix.dropFirst() : prefix), n != 0, (-53...53).contains(n) else { return nil }
        return OrdinalWeekday(day, ordinal: n)
    }
}

extension RecurrencePattern.Until {
    /// The value as an iCalendar DATE or DATE-TIME.
    public var value: DateTimeValue {
        switch self {
        case .date(let d): return .date(d)
        case .local(let t): return .floating(t)
        case .utc(let t): return .utc(t)
        }
    }
}
