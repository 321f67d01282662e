/// How a property value is written: the form libical 3.0 gives a value after reading it
/// (`icalproperty_set_value_from_string`) and writing it again, so that values built by dosecal
/// come out as they always did and values libical gave the parser come out unchanged.
enum ValueForm {
    /// TEXT: escapes read (`\n`, `\t`, `\,` ...; an unknown escape is a space), then `\`, `;`,
    /// `,` and newline escaped; CR, backspace and form feed dropped.
    case text
    /// Like TEXT, but commas and semicolons stay as they are (CATEGORIES, RESOURCES, X- values).
    case list
    /// RRULE/EXRULE: the parts in libical's order, without `INTERVAL=1` and `WKST=MO`.
    case recur
    /// Every other value, as it is.
    case verbatim

    /// Appends `value` in this form (up to a NUL, where libical's C string ends).
    func append(_ value: String, to out: inout [UInt8]) {
        switch self {
        case .text, .list:
            let separators = self == .text
            let done: Void? = value.utf8.withContiguousStorageIfAvailable {
                TextValue.append($0, escapeSeparators: separators, to: &out)
            }
            if done == nil { TextValue.append(Array(value.utf8), escapeSeparators: separators, to: &out) }
        case .recur: RecurValue.append(value, to: &out)
        case .verbatim:
            for byte in value.utf8 {
                if byte == 0 { return }
                out.append(byte)
            }
        }
    }
}

/// TEXT values as libical reads and writes them.
enum TextValue {
    static func append(_ bytes: some Collection<UInt8>, escapeSeparators: Bool, to out: inout [UInt8]) {
        var i = bytes.startIndex
        // After an escaped lead byte: its continuation bytes, each written as U+FFFD.
        var orphaned = false
        while i != bytes.endIndex {
            let byte = bytes[i]
            i = bytes.index(after: i)
            if orphaned && byte & 0xC0 == 0x80 {
                out.append(contentsOf: [0xEF, 0xBF, 0xBD])
                continue
            }
            orphaned = false
            switch byte {
            case 0: return
            case UInt8(ascii: "\\"):
                guard i != bytes.endIndex, bytes[i] != 0 else { return }
                let next = bytes[i]
                i = bytes.index(after: i)
                escaped(next, escapeSeparators: escapeSeparators, to: &out)
                orphaned = next >= 0xC0
            case UInt8(ascii: "\n"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case UInt8(ascii: "\r"), 0x08, 0x0C: continue
            case UInt8(ascii: ","), UInt8(ascii: ";"):
                if escapeSeparators { out.append(UInt8(ascii: "\\")) }
                out.append(byte)
            default: out.append(byte)
            }
        }
    }

    /// The written form of the escape `\` + `next` (libical reads an unknown escape, and the
    /// first byte of a UTF-8 character after a backslash, as a space).
    private static func escaped(_ next: UInt8, escapeSeparators: Bool, to out: inout [UInt8]) {
        switch next {
        case UInt8(ascii: "n"), UInt8(ascii: "N"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
        case UInt8(ascii: "t"), UInt8(ascii: "T"): out.append(0x09)
        case UInt8(ascii: "r"), UInt8(ascii: "R"), UInt8(ascii: "b"), UInt8(ascii: "B"), UInt8(ascii: "f"),
            UInt8(ascii: "F"):
            return
        case UInt8(ascii: "\""): out.append(next)
        case UInt8(ascii: "\\"): out.append(contentsOf: [next, next])
        case UInt8(ascii: ","), UInt8(ascii: ";"):
            if escapeSeparators { out.append(UInt8(ascii: "\\")) }
            out.append(next)
        default: out.append(UInt8(ascii: " "))
        }
    }
}

/// RRULE values in libical's part order (`icalrecurrencetype_as_string_r`): RSCALE, FREQ, UNTIL,
/// COUNT, INTERVAL unless 1, BYSECOND ... BYSETPOS, WKST unless MO, SKIP; BYDAY's days in week
/// order from the week start.
enum RecurValue {
    static let order = [
        "RSCALE", "FREQ", "UNTIL", "COUNT", "INTERVAL", "BYSECOND", "BYMINUTE", "BYHOUR", "BYDAY", "BYMONTHDAY",
        "BYYEARDAY", "BYWEEKNO", "BYMONTH", "BYSETPOS", "WKST", "SKIP",
    ]

    static func append(_ value: String, to out: inout [UInt8]) {
        // The rules dosecal builds are written in this order already: then as they are.
        if isInOrder(value) {
            out.append(contentsOf: value.utf8)
            return
        }
        appendReordered(value, to: &out)
    }

    /// `append` without the check for a rule already in order.
    static func appendReordered(_ value: String, to out: inout [UInt8]) {
        let parts = value.split(separator: ";", omittingEmptySubsequences: false)
        let ranked = parts.enumerated().compactMap { index, part -> (rank: Int, index: Int, part: Substring)? in
            if part == "INTERVAL=1" || part == "WKST=MO" { return nil }
            let key = part.prefix { $0 != "=" }.uppercased()
            return (order.firstIndex(of: key) ?? order.count, index, part)
        }
        var first = true
        for entry in ranked.sorted(by: { ($0.rank, $0.index) < ($1.rank, $1.index) }) {
            if !first { out.append(UInt8(ascii: ";")) }
            first = false
            let text = entry.rank == byDayRank ? weekOrdered(entry.part, weekStart: weekStart(parts)) : String(entry.part)
            ValueForm.verbatim.append(text, to: &out)
        }
    }

    /// Whether `value` is ASCII and already what `append` writes for it: no NUL, no
    /// `INTERVAL=1` or `WKST=MO` part, parts in libical's order (ties as written), BYDAY's days
    /// in week order from the week start.
    static func isInOrder(_ value: String) -> Bool {
        let parts = value.utf8.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
        var weekStart: Int? = nil
        var byDays: [Substring.UTF8View.SubSequence] = []
        var lastRank = 0
        for part in parts {
            guard part.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return false }
            let keyBytes = part.prefix { $0 != UInt8(ascii: "=") }
            let key = String(decoding: keyBytes, as: UTF8.self).uppercased()
            let text = String(decoding: part, as: UTF8.self)
            if text == "INTERVAL=1" || text == "WKST=MO" { return false }
            let rank = order.firstIndex(of: key) ?? order.count
            guard rank >= lastRank else { return false }
            lastRank = rank
            let value = part[keyBytes.endIndex...].dropFirst()
            if rank == byDayRank { byDays.append(value) }
            if key == "WKST", keyBytes.endIndex != part.endIndex, weekStart == nil { weekStart = weekdayIndex(value) ?? 0 }
        }
        for byDay in byDays {
            var lastPlace = 0
            for day in byDay.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
                let place = weekdayIndex(day.suffix(2)).map { ($0 - (weekStart ?? 0) + 7) % 7 } ?? 7
                guard place >= lastPlace else { return false }
                lastPlace = place
            }
        }
        return true
    }

    /// The place of a two-letter day (any case) in `weekdays`.
    private static func weekdayIndex(_ bytes: some Collection<UInt8>) -> Int? {
        weekdays.firstIndex(of: String(decoding: bytes, as: UTF8.self).uppercased())
    }

    static let byDayRank = order.firstIndex(of: "BYDAY")!
    static let weekdays = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]

    private static func weekStart(_ parts: [Substring]) -> Int {
        let wkst = parts.first { $0.uppercased().hasPrefix("WKST=") }.map { String($0.dropFirst(5)).uppercased() }
        return wkst.flatMap { weekdays.firstIndex(of: $0) } ?? 0
    }

    /// `BYDAY=...` with its days sorted by their place in the week from `weekStart` (ordinals
    /// kept with their day, days of one weekday in the order written).
    private static func weekOrdered(_ part: Substring, weekStart: Int) -> String {
        guard let eq = part.firstIndex(of: "=") else { return String(part) }
        let days = part[part.index(after: eq)...].split(separator: ",", omittingEmptySubsequences: false)
        func place(_ day: Substring) -> Int {
            (weekdays.firstIndex(of: String(day.suffix(2)).uppercased()).map { ($0 - weekStart + 7) % 7 }) ?? 7
        }
        let sorted = days.enumerated().sorted { (place($0.element), $0.offset) < (place($1.element), $1.offset) }
        return part[...eq] + sorted.map(\.element).joined(separator: ",")
    }
}

extension ParameterText {
    /// Appends a parameter's values as libical writes them: joined with commas, quoted when
    /// they hold `,`, `;` or `:`; RFC 6868 `^n` for a newline and `^'` for a double quote; other
    /// control characters but tab as a space; up to a NUL.
    static func append(_ values: [String], to out: inout [UInt8]) {
        let joined = values.count == 1 ? values[0] : values.joined(separator: ",")
        let text = joined.utf8.prefix { $0 != 0 }
        let quoted = text.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: ":") }
        if quoted { out.append(UInt8(ascii: "\"")) }
        for byte in text {
            switch byte {
            case UInt8(ascii: "\n"): out.append(contentsOf: [UInt8(ascii: "^"), UInt8(ascii: "n")])
            case UInt8(ascii: "\""): out.append(contentsOf: [UInt8(ascii: "^"), UInt8(ascii: "'")])
            case 0x09: out.append(byte)
            case 0..<0x20, 0x7F: out.append(UInt8(ascii: " "))
            default: out.append(byte)
            }
        }
        if quoted { out.append(UInt8(ascii: "\"")) }
    }
}
