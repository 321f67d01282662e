extension RecurrenceRule {
    /// Reads an RRULE value (`FREQ=DAILY;UNTIL=20261231T045959Z;BYDAY=MO,TU`), parts in any order
    /// and case.
    ///
    /// UNTIL is read in whatever form it was written: UTC, floating or date-only; the real-world
    /// forms that break RFC 5545's "same type as DTSTART" rule (a date-only UNTIL on a date-time
    /// series, a floating UNTIL on a TZID series, a UTC UNTIL on an all-day series) are kept, and
    /// `normalizedUntil(for:)` reads them against the series start. Returns nil when FREQ is
    /// missing or unknown, a part's value is malformed, or the rule uses a part this type cannot
    /// hold (see `unrepresentableParts(in:)`).
    public init?(parsing text: some StringProtocol) {
        guard let parts = RecurrenceRule.parts(of: text) else { return nil }
        guard let freq = parts["FREQ"].flatMap(Frequency.init(rawValue:)) else { return nil }
        guard RecurrenceRule.unrepresentableParts(in: text).isEmpty else { return nil }
        self.init(freq)
        if let v = parts["INTERVAL"] {
            guard let n = Int(v), n >= 1 else { return nil }
            interval = n
        }
        if let v = parts["COUNT"] {
            guard let n = Int(v), n >= 1 else { return nil }
            count = n
        }
        if let v = parts["UNTIL"] {
            guard let u = DateTimeValue(parsing: v) else { return nil }
            until = u
        }
        if let v = parts["BYMONTH"] {
            guard let list = RecurrenceRule.integers(v, allowed: 1...12) else { return nil }
            byMonth = list
        }
        if let v = parts["BYMONTHDAY"] {
            guard let list = RecurrenceRule.integers(v, allowed: -31...31), !list.contains(0) else { return nil }
            byMonthDay = list
        }
        if let v = parts["BYDAY"] {
            var days: [WeekdayNumber] = []
            for item in v.split(separator: ",") {
                guard let day = RecurrenceRule.weekdayNumber(item) else { return nil }
                days.append(day)
            }
            byDay = days
        }
        if let v = parts["WKST"] {
            guard let day = Weekday(rawValue: v) else { return nil }
            weekStart = day
        }
    }

    /// The parts of `text` that `RecurrenceRule` does not model (`BYSETPOS`, `BYHOUR`, `X-...`).
    public static func unrepresentableParts(in text: some StringProtocol) -> [String] {
        let known: Set<String> = ["FREQ", "INTERVAL", "COUNT", "UNTIL", "BYMONTH", "BYMONTHDAY", "BYDAY", "WKST"]
        return (parts(of: text) ?? [:]).keys.filter { !known.contains($0) }.sorted()
    }

    /// `NAME=value` parts, names and values upper-cased; nil when a part has no `=` or repeats.
    static func parts(of text: some StringProtocol) -> [String: String]? {
        var result: [String: String] = [:]
        for part in text.split(separator: ";", omittingEmptySubsequences: true) {
            guard let eq = part.firstIndex(of: "=") else { return nil }
            let name = part[..<eq].trimmingCharacters(in: .whitespaces).uppercased()
            let value = part[part.index(after: eq)...].trimmingCharacters(in: .whitespaces).uppercased()
            guard result[name] == nil else { return nil }
            result[name] = value
        }
        return result
    }

    static func integers(_ text: String, allowed: ClosedRange<Int>) -> [Int]? {
        var result: [Int] = []
        for item in text.split(separator: ",") {
            guard let n = Int(item.hasPrefix("+") ? item.dropFirst() : item), allowed.contains(n) else { return nil }
            result.append(n)
        }
        return result.isEmpty ? nil : result
    }

    static func weekdayNumber(_ item: Substring) -> WeekdayNumber? {
        guard item.count >= 2, let day = Weekday(rawValue: String(item.suffix(2))) else { return nil }
        let prefix = item.dropLast(2)
        if prefix.isEmpty { return WeekdayNumber(day) }
        guard let n = Int(prefix.hasPrefix("+") ? prefix.dropFirst() : prefix), n != 0, (-53...53).contains(n) else { return nil }
        return WeekdayNumber(day, ordinal: n)
    }
}
