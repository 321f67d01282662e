import ICal

/// Whether an RRULE value is valid by RFC 5545 §3.3.10, whatever parts it uses: read-back
/// calendars may carry rules dosecal never writes (BYSETPOS, BYHOUR), which are edits, and
/// invalid ones (`INTERVAL=0`, no FREQ), which are damage (decision 0036).
enum RuleCheck {
    static let frequencies: Set<String> = ["SECONDLY", "MINUTELY", "HOURLY", "DAILY", "WEEKLY", "MONTHLY", "YEARLY"]
    static let ranges: [String: (ClosedRange<Int>, signed: Bool)] = [
        "BYSECOND": (0...60, false), "BYMINUTE": (0...59, false), "BYHOUR": (0...23, false),
        "BYMONTHDAY": (1...31, true), "BYYEARDAY": (1...366, true), "BYWEEKNO": (1...53, true),
        "BYMONTH": (1...12, false), "BYSETPOS": (1...366, true),
    ]

    /// What is wrong with `text`, or nil when it is a valid rule.
    static func problem(in text: String) -> String? {
        var seen = Set<String>()
        var freq: String? = nil
        for part in text.split(separator: ";", omittingEmptySubsequences: false) {
            guard let eq = part.firstIndex(of: "="), eq != part.startIndex else {
                return "\"\(part)\" is not a NAME=value part"
            }
            let name = part[..<eq].uppercased()
            let value = part[part.index(after: eq)...].uppercased()
            guard seen.insert(name).inserted else { return "\(name) is given twice" }
            if let reason = problem(name: name, value: value) { return reason }
            if name == "FREQ" { freq = value }
        }
        guard freq != nil else { return "FREQ is missing; a rule needs FREQ=DAILY, WEEKLY, MONTHLY, ..." }
        if seen.contains("COUNT") && seen.contains("UNTIL") { return "COUNT and UNTIL cannot both be given" }
        return nil
    }

    private static func problem(name: String, value: String) -> String? {
        switch name {
        case "FREQ":
            return frequencies.contains(value)
                ? nil : "FREQ=\(value) is not one of \(frequencies.sorted().joined(separator: ", "))"
        case "INTERVAL", "COUNT":
            guard let n = Int(value), n >= 1, value.allSatisfy(\.isNumber) else {
                return "\(name)=\(value) must be a whole number of at least 1"
            }
            return nil
        case "UNTIL":
            return DateTimeValue(parsing: value) == nil ? "UNTIL=\(value) is not a date or date-time" : nil
        case "WKST":
            return Weekday(rawValue: value) == nil ? "WKST=\(value) is not a weekday (MO ... SU)" : nil
        case "BYDAY":
            for item in value.split(separator: ",", omittingEmptySubsequences: false) where !validDay(item) {
                return "BYDAY item \"\(item)\" is not a weekday with an optional week number (-53 ... 53, not 0)"
            }
            return nil
        default:
            guard let (range, signed) = ranges[name] else {
                return name.hasPrefix("X-") ? nil : "\(name) is not a part of a recurrence rule"
            }
            for item in value.split(separator: ",", omittingEmptySubsequences: false) {
                let digits = item.hasPrefix("+") || (signed && item.hasPrefix("-")) ? item.dropFirst() : item
                guard let n = Int(digits), digits.allSatisfy(\.isNumber), range.contains(n) else {
                    let allowed = signed ? "\(range.lowerBound) ... \(range.upperBound) or negative" : "\(range)"
                    return "\(name) item \"\(item)\" is outside \(allowed)"
                }
            }
            return nil
        }
    }

    private static func validDay(_ item: Substring) -> Bool {
        guard item.count >= 2, Weekday(rawValue: String(item.suffix(2))) != nil else { return false }
        var prefix = item.dropLast(2)
        if prefix.isEmpty { return true }
        if prefix.first == "+" || prefix.first == "-" { prefix = prefix.dropFirst() }
        guard let n = Int(prefix), prefix.allSatisfy(\.isNumber) else { return false }
        return (1...53).contains(n)
    }
}
