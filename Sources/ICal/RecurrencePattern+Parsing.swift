extension RecurrencePattern {
    /// Reads an RRULE value (`FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13;COUNT=5`): parts in any order and
    /// case, every RFC 5545 §3.3.10 part, lists kept as written (duplicates, negative indices).
    /// The one reader of RRULE text; `RecurrenceRule(parsing:)` and the expander build on it.
    ///
    /// UNTIL is kept in the form it was written (DATE, floating or UTC DATE-TIME). Unknown parts
    /// (`X-...`, RFC 7529's `RSCALE`/`SKIP`) are ignored. nil when FREQ is missing or unknown, a part
    /// repeats or has no `=`, or a value is out of its range (BYHOUR 0-23, BYMONTHDAY ±1-31, ...).
    public init?(rrule text: some StringProtocol) {
        guard case .success(let pattern) = RecurrencePattern.reading(text) else { return nil }
        self = pattern
    }

    /// Why `text` is not a valid RRULE value by RFC 5545 §3.3.10, in words for a person (the part
    /// and what is valid), or nil: what `init?(rrule:)` rejects, and COUNT with UNTIL (which the
    /// reader tolerates). Read-back calendars use it to tell damage from an edit.
    public static func problem(inRRule text: some StringProtocol) -> String? {
        switch reading(text) {
        case .failure(let problem): return problem.reason
        case .success(let pattern):
            return pattern.count != nil && pattern.until != nil ? "COUNT and UNTIL cannot both be given" : nil
        }
    }

    /// Why a rule could not be read.
    struct Problem: Error {
        var reason: String
    }

    /// The rule, or why it cannot be read.
    static func reading(_ text: some StringProtocol) -> Result<RecurrencePattern, Problem> {
        var parts: [(name: String, value: String)] = []
        for part in text.split(separator: ";", omittingEmptySubsequences: true) {
            guard let eq = part.firstIndex(of: "=") else {
                return .failure(Problem(reason: "\"\(part)\" is not a NAME=value part"))
            }
            let name = PlainText.trimmed(part[..<eq]).uppercased()
            let value = PlainText.trimmed(part[part.index(after: eq)...]).uppercased()
            guard !parts.contains(where: { $0.name == name }) else { return .failure(Problem(reason: "\(name) is given twice")) }
            parts.append((name, value))
        }
        guard let freqText = parts.first(where: { $0.name == "FREQ" })?.value else {
            return .failure(Problem(reason: "FREQ is missing; a rule needs FREQ=DAILY, WEEKLY, MONTHLY, ..."))
        }
        guard let frequency = Frequency(rawValue: freqText) else {
            let valid = Frequency.allCases.map(\.rawValue).sorted().joined(separator: ", ")
            return .failure(Problem(reason: "FREQ=\(freqText) is not one of \(valid)"))
        }
        var pattern = RecurrencePattern(frequency)
        for (name, value) in parts {
            if let reason = pattern.read(name, value) { return .failure(Problem(reason: reason)) }
        }
        return .success(pattern)
    }

    /// Sets part `name` from `value`; why not, when the value is malformed.
    private mutating func read(_ name: String, _ value: String) -> String? {
        typealias P = RecurrencePattern
        switch name {
        case "FREQ": return nil
        case "INTERVAL", "COUNT":
            guard let n = Int(value), n >= 1 else { return "\(name)=\(value) must be a whole number of at least 1" }
            if name == "INTERVAL" { interval = n } else { count = n }
        case "UNTIL":
            switch DateTimeValue(parsing: value) {
            case .date(let d)?: until = .date(d)
            case .floating(let t)?: until = .local(t)
            case .utc(let t)?: until = .utc(t)
            default: return "UNTIL=\(value) is not a date or date-time"
            }
        case "BYSECOND": return P.integers(name, value, 0...60, into: &bySecond)
        case "BYMINUTE": return P.integers(name, value, 0...59, into: &byMinute)
        case "BYHOUR": return P.integers(name, value, 0...23, into: &byHour)
        case "BYMONTHDAY": return P.integers(name, value, -31...31, signed: true, into: &byMonthDay)
        case "BYYEARDAY": return P.integers(name, value, -366...366, signed: true, into: &byYearDay)
        case "BYWEEKNO": return P.integers(name, value, -53...53, signed: true, into: &byWeekNo)
        case "BYMONTH": return P.integers(name, value, 1...12, into: &byMonth)
        case "BYSETPOS": return P.integers(name, value, -366...366, signed: true, into: &bySetPos)
        case "BYDAY":
            for item in value.split(separator: ",", omittingEmptySubsequences: false) {
                guard let day = P.ordinalWeekday(item) else {
                    return "BYDAY item \"\(item)\" is not a weekday with an optional week number (-53 ... 53, not 0)"
                }
                byDay.append(day)
            }
        case "WKST":
            guard let day = Weekday(rawValue: value) else { return "WKST=\(value) is not a weekday (MO ... SU)" }
            weekStart = day
        default: return nil
        }
        return nil
    }

    /// `NAME=value` parts in order, names and values upper-cased; nil when a part has no `=` or
    /// a name repeats.
    static func parts(of text: some StringProtocol) -> [(name: String, value: String)]? {
        var result: [(name: String, value: String)] = []
        for part in text.split(separator: ";", omittingEmptySubsequences: true) {
            guard let eq = part.firstIndex(of: "=") else { return nil }
            let name = PlainText.trimmed(part[..<eq]).uppercased()
            let value = PlainText.trimmed(part[part.index(after: eq)...]).uppercased()
            guard !result.contains(where: { $0.name == name }) else { return nil }
            result.append((name, value))
        }
        return result
    }

    /// Appends the comma list `text` of integers within `range` (0 excluded when `signed`); why
    /// not, naming part `name`, when an item is out of range.
    private static func integers(
        _ name: String, _ text: String, _ range: ClosedRange<Int>, signed: Bool = false, into list: inout [Int]
    ) -> String? {
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let n = Int(item.hasPrefix("+") ? item.dropFirst() : item), range.contains(n), !(signed && n == 0) else {
                return "\(name) item \"\(item)\" is outside \(range)\(signed ? ", not 0" : "")"
            }
            list.append(n)
        }
        return nil
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
