extension RecurrenceRule {
    /// The parts of an RRULE value, in the order the writer puts them: FREQ, UNTIL, COUNT,
    /// INTERVAL, then the BYxxx lists coarsest first (RFC 5545's order of applying them), then
    /// BYSETPOS and WKST. Parts outside RFC 5545 follow, as read.
    public enum Part: String, Sendable, Hashable, CaseIterable {
        case frequency = "FREQ"
        case until = "UNTIL"
        case count = "COUNT"
        case interval = "INTERVAL"
        case byMonth = "BYMONTH"
        case byWeekNo = "BYWEEKNO"
        case byYearDay = "BYYEARDAY"
        case byMonthDay = "BYMONTHDAY"
        case byDay = "BYDAY"
        case byHour = "BYHOUR"
        case byMinute = "BYMINUTE"
        case bySecond = "BYSECOND"
        case bySetPos = "BYSETPOS"
        case weekStart = "WKST"
    }

    /// Reads an RRULE value (`FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13;COUNT=5`): parts in any order and
    /// case, every RFC 5545 §3.3.10 part, lists kept as written (duplicates, negative indices). The
    /// one reader of RRULE text.
    ///
    /// UNTIL is kept in the form it was written (DATE, floating or UTC DATE-TIME). Parts outside
    /// RFC 5545 (`X-...`, RFC 7529's `RSCALE`/`SKIP`) are held in `otherParts`. nil when FREQ is
    /// missing or unknown, a part repeats or has no `=`, or a value is out of its range (BYHOUR
    /// 0-23, BYMONTHDAY ±1-31, ...).
    public init?(parsing text: some StringProtocol) {
        guard case .success(let rule) = RecurrenceRule.reading(text) else { return nil }
        self = rule
    }

    /// Why `text` is not a valid RRULE value by RFC 5545 §3.3.10, in words for a person (the part
    /// and what is valid), or nil: what `init?(parsing:)` rejects, and COUNT with UNTIL (which the
    /// reader tolerates). Read-back calendars use it to tell damage from an edit.
    public static func problem(in text: some StringProtocol) -> String? {
        switch reading(text) {
        case .failure(let problem): return problem.reason
        case .success(let rule):
            return rule.count != nil && rule.until != nil ? "COUNT and UNTIL cannot both be given" : nil
        }
    }

    /// The parts this rule writes, in writing order (INTERVAL only when not 1), without
    /// `otherParts`.
    public var parts: [Part] { Part.allCases.filter(writes) }

    /// Whether the rule writes `part`.
    public func writes(_ part: Part) -> Bool {
        switch part {
        case .frequency: return true
        case .until: return until != nil
        case .count: return count != nil
        case .interval: return interval != 1
        case .byMonth: return !byMonth.isEmpty
        case .byWeekNo: return !byWeekNo.isEmpty
        case .byYearDay: return !byYearDay.isEmpty
        case .byMonthDay: return !byMonthDay.isEmpty
        case .byDay: return !byDay.isEmpty
        case .byHour: return !byHour.isEmpty
        case .byMinute: return !byMinute.isEmpty
        case .bySecond: return !bySecond.isEmpty
        case .bySetPos: return !bySetPos.isEmpty
        case .weekStart: return weekStart != nil
        }
    }

    /// The value written: the parts in `Part` order, then `otherParts`
    /// (`FREQ=...;UNTIL=...;COUNT=...;INTERVAL=...;BYMONTH=...;...;BYDAY=...;...;WKST=...`).
    public var description: String {
        var out = ""
        for part in Part.allCases {
            guard let value = text(of: part) else { continue }
            if !out.isEmpty { out += ";" }
            out += part.rawValue + "=" + value
        }
        for other in otherParts { out += ";" + other.name + "=" + other.value }
        return out
    }

    /// Part `part`'s value text, nil when the rule does not write it.
    private func text(of part: Part) -> String? {
        guard writes(part) else { return nil }
        func list(_ values: [Int]) -> String { values.map(String.init).joined(separator: ",") }
        switch part {
        case .frequency: return frequency.rawValue
        case .until: return until?.text
        case .count: return count.map(String.init)
        case .interval: return String(interval)
        case .byMonth: return list(byMonth)
        case .byWeekNo: return list(byWeekNo)
        case .byYearDay: return list(byYearDay)
        case .byMonthDay: return list(byMonthDay)
        case .byDay: return byDay.map(\.text).joined(separator: ",")
        case .byHour: return list(byHour)
        case .byMinute: return list(byMinute)
        case .bySecond: return list(bySecond)
        case .bySetPos: return list(bySetPos)
        case .weekStart: return weekStart?.rawValue
        }
    }

    /// Why a rule could not be read.
    struct Problem: Error {
        var reason: String
    }

    /// The rule, or why it cannot be read.
    static func reading(_ text: some StringProtocol) -> Result<RecurrenceRule, Problem> {
        var text = String(text)
        let parts = text.withUTF8 { namedParts(ascii: $0) } ?? namedParts(characters: text)
        let named: [(name: String, value: String)]
        switch parts {
        case .failure(let problem): return .failure(problem)
        case .success(let read): named = read
        }
        guard let freqText = named.first(where: { $0.name == "FREQ" })?.value else {
            return .failure(Problem(reason: "FREQ is missing; a rule needs FREQ=DAILY, WEEKLY, MONTHLY, ..."))
        }
        guard let frequency = Frequency(rawValue: freqText) else {
            let valid = Frequency.allCases.map(\.rawValue).sorted().joined(separator: ", ")
            return .failure(Problem(reason: "FREQ=\(freqText) is not one of \(valid)"))
        }
        var rule = RecurrenceRule(frequency)
        for (name, value) in named {
            guard let part = Part(rawValue: name) else {
                rule.otherParts.append(OtherPart(name: name, value: value))
                continue
            }
            if let reason = rule.read(part, value) { return .failure(Problem(reason: reason)) }
        }
        return .success(rule)
    }

    /// The `NAME=value` parts of `text` (empty parts skipped), name and value trimmed of spaces
    /// and tabs and upper-cased; why not, when a part has no `=` or a name repeats. Character by
    /// character: what `namedParts(ascii:)` gives for ASCII text.
    static func namedParts(characters text: String) -> Result<[(name: String, value: String)], Problem> {
        var named: [(name: String, value: String)] = []
        for item in text.split(separator: ";", omittingEmptySubsequences: true) {
            guard let eq = item.firstIndex(of: "=") else {
                return .failure(Problem(reason: "\"\(item)\" is not a NAME=value part"))
            }
            let name = trimmed(item[..<eq]).uppercased()
            let value = trimmed(item[item.index(after: eq)...]).uppercased()
            guard !named.contains(where: { $0.name == name }) else { return .failure(Problem(reason: "\(name) is given twice")) }
            named.append((name, value))
        }
        return .success(named)
    }

    /// `namedParts(characters:)` of ASCII text, read byte by byte (every rule a calendar writes);
    /// nil when a byte is not ASCII.
    static func namedParts(ascii text: UnsafeBufferPointer<UInt8>) -> Result<[(name: String, value: String)], Problem>? {
        guard !text.contains(where: { $0 >= 0x80 }) else { return nil }
        var named: [(name: String, value: String)] = []
        var start = 0
        while start < text.count {
            var end = start
            while end < text.count, text[end] != UInt8(ascii: ";") { end += 1 }
            defer { start = end + 1 }
            guard end > start else { continue }
            guard let eq = text[start..<end].firstIndex(of: UInt8(ascii: "=")) else {
                let item = String(decoding: UnsafeBufferPointer(rebasing: text[start..<end]), as: UTF8.self)
                return .failure(Problem(reason: "\"\(item)\" is not a NAME=value part"))
            }
            let name = upperTrimmed(UnsafeBufferPointer(rebasing: text[start..<eq]))
            let value = upperTrimmed(UnsafeBufferPointer(rebasing: text[(eq + 1)..<end]))
            guard !named.contains(where: { $0.name == name }) else { return .failure(Problem(reason: "\(name) is given twice")) }
            named.append((name, value))
        }
        return .success(named)
    }

    /// ASCII `bytes` without leading and trailing spaces and tabs, upper-cased.
    private static func upperTrimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let blank = { (b: UInt8) in b == 0x20 || b == 0x09 }
        guard let first = bytes.firstIndex(where: { !blank($0) }), let last = bytes.lastIndex(where: { !blank($0) })
        else { return "" }
        return String(unsafeUninitializedCapacity: last - first + 1) { out in
            for i in first...last {
                let b = bytes[i]
                out[i - first] = b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z") ? b - 0x20 : b
            }
            return last - first + 1
        }
    }

    /// Sets `part` from `value`; why not, when the value is malformed.
    private mutating func read(_ part: Part, _ value: String) -> String? {
        typealias R = RecurrenceRule
        let name = part.rawValue
        switch part {
        case .frequency: return nil
        case .interval, .count:
            guard let n = Int(value), n >= 1 else { return "\(name)=\(value) must be a whole number of at least 1" }
            if part == .interval { interval = n } else { count = n }
        case .until:
            guard let read = Until(parsing: value) else { return "UNTIL=\(value) is not a date or date-time" }
            until = read
        case .bySecond: return R.integers(name, value, 0...60, into: &bySecond)
        case .byMinute: return R.integers(name, value, 0...59, into: &byMinute)
        case .byHour: return R.integers(name, value, 0...23, into: &byHour)
        case .byMonthDay: return R.integers(name, value, -31...31, signed: true, into: &byMonthDay)
        case .byYearDay: return R.integers(name, value, -366...366, signed: true, into: &byYearDay)
        case .byWeekNo: return R.integers(name, value, -53...53, signed: true, into: &byWeekNo)
        case .byMonth: return R.integers(name, value, 1...12, into: &byMonth)
        case .bySetPos: return R.integers(name, value, -366...366, signed: true, into: &bySetPos)
        case .byDay:
            for item in Self.commaItems(value) {
                guard let day = WeekdayNumber(parsing: item) else {
                    return "BYDAY item \"\(item)\" is not a weekday with an optional week number (-53 ... 53, not 0)"
                }
                byDay.append(day)
            }
        case .weekStart:
            guard let day = Weekday(rawValue: value) else { return "WKST=\(value) is not a weekday (MO ... SU)" }
            weekStart = day
        }
        return nil
    }

    /// The items of the comma list `text` (empty ones kept).
    private static func commaItems(_ text: String) -> [Substring] {
        TextItems.split(text, separator: UInt8(ascii: ","), omittingEmpty: false)
    }

    /// Appends the comma list `text` of integers within `range` (0 excluded when `signed`); why
    /// not, naming part `name`, when an item is out of range.
    private static func integers(
        _ name: String, _ text: String, _ range: ClosedRange<Int>, signed: Bool = false, into list: inout [Int]
    ) -> String? {
        for item in commaItems(text) {
            guard let n = Int(item.hasPrefix("+") ? item.dropFirst() : item), range.contains(n), !(signed && n == 0) else {
                return "\(name) item \"\(item)\" is outside \(range)\(signed ? ", not 0" : "")"
            }
            list.append(n)
        }
        return nil
    }

    /// `text` without leading and trailing spaces and tabs.
    static func trimmed(_ text: some StringProtocol) -> String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = text.firstIndex(where: { !blank($0) }), let last = text.lastIndex(where: { !blank($0) })
        else { return "" }
        return String(text[first...last])
    }
}

extension RecurrenceRule.WeekdayNumber {
    /// `MO`, `2TU`, `-1FR`, `+3WE` (ordinal ±1-53).
    init?(parsing item: Substring) {
        // In ASCII text the last two bytes are the last two characters when they are letters.
        let ascii = !item.utf8.contains(where: { $0 >= 0x80 })
        guard ascii ? item.utf8.count >= 2 : item.count >= 2 else { return nil }
        let dayText = ascii ? Substring(item.utf8.suffix(2)) : item.suffix(2)
        guard let day = Weekday(rawValue: String(dayText)) else { return nil }
        let prefix = ascii ? Substring(item.utf8.dropLast(2)) : item.dropLast(2)
        if prefix.isEmpty {
            self.init(day)
            return
        }
        guard let n = Int(prefix.hasPrefix("+") ? prefix.dropFirst() : prefix), n != 0, (-53...53).contains(n) else { return nil }
        self.init(day, ordinal: n)
    }

    /// `-1SU`, `MO` (an ordinal of 0, which the reader refuses, is written as given).
    var text: String { (ordinal.map(String.init) ?? "") + weekday.rawValue }
}

extension RecurrenceRule.Until {
    /// Reads `20261231`, `20261231T235959` or `20261231T235959Z`.
    init?(parsing text: String) {
        // Only ASCII digits, `-`, `:`, `T` and `Z` make a date or date-time: bytes are characters.
        let bytes = text.utf8
        guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
        if bytes.count == 8, let d = LocalDate(parsing: text) {
            self = .date(d)
            return
        }
        guard bytes.count >= 15, let t = bytes.firstIndex(of: UInt8(ascii: "T")), let d = LocalDate(parsing: text[..<t])
        else { return nil }
        var timePart = text[bytes.index(after: t)...]
        let isUTC = timePart.utf8.last == UInt8(ascii: "Z")
        if isUTC { timePart = Substring(timePart.utf8.dropLast()) }
        guard let time = LocalTime(parsing: timePart) else { return nil }
        let local = LocalDateTime(date: d, time: time)
        self = isUTC ? .utc(local) : .floating(local)
    }

    /// The value as written in the rule.
    var text: String {
        switch self {
        case .date(let d): return d.basicFormat
        case .floating(let t): return t.basicFormat
        case .utc(let t): return t.basicFormat + "Z"
        }
    }
}
