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
            // A value without NUL (every value but a damaged one) is copied at once.
            let copied: Bool? = value.utf8.withContiguousStorageIfAvailable { bytes in
                guard !bytes.contains(0) else { return false }
                out.append(contentsOf: bytes)
                return true
            }
            if copied == true { return }
            for byte in value.utf8 {
                if byte == 0 { return }
                out.append(byte)
            }
        }
    }
}

/// TEXT values as libical reads and writes them.
enum TextValue {
    /// Appends `bytes` as written; text with nothing to escape, read or drop is copied at once.
    static func append(_ bytes: UnsafeBufferPointer<UInt8>, escapeSeparators: Bool, to out: inout [UInt8]) {
        // Every byte to look at is at most `\\` (0x5C): letters above it are passed at one test.
        let plain = !bytes.contains { b in
            b <= UInt8(ascii: "\\")
                && (b == 0 || b == UInt8(ascii: "\\") || b == UInt8(ascii: "\n") || b == UInt8(ascii: "\r") || b == 0x08
                    || b == 0x0C || (escapeSeparators && (b == UInt8(ascii: ",") || b == UInt8(ascii: ";"))))
        }
        if plain {
            out.append(contentsOf: bytes)
        } else {
            appendEach(bytes, escapeSeparators: escapeSeparators, to: &out)
        }
    }

    static func append(_ bytes: [UInt8], escapeSeparators: Bool, to out: inout [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0, escapeSeparators: escapeSeparators, to: &out) }
    }

    /// Appends `text` escaped and written as TEXT (`append` with the separators escaped; a list,
    /// without `separators`), in one pass: a byte is written as it is but up to a NUL; `\`, `;`
    /// and `,` get a backslash (`;` and `,` only with `separators`), a newline is `\n`, and CR,
    /// backspace and form feed are dropped. `TextEscaping.escape` gives these bytes as a string.
    static func appendEscaped(_ text: String, separators: Bool = true, to out: inout [UInt8]) {
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { appendEscaped($0, separators, to: &out) }
        if done == nil { Array(text.utf8).withUnsafeBufferPointer { appendEscaped($0, separators, to: &out) } }
    }

    /// Whether the escape changes `b`: `\`, `;` and `,` (with `separators`), newline, CR,
    /// backspace, form feed and NUL.
    @inline(__always)
    static func escapes(_ b: UInt8, separators: Bool) -> Bool {
        b <= 0x5C
            && (b == 0x5C || (separators && (b == 0x3B || b == 0x2C))
                || (b < 0x0E && (b == 0 || b == 0x0A || b == 0x0D || b == 0x08 || b == 0x0C)))
    }

    private static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, _ separators: Bool, to out: inout [UInt8]) {
        let special = { (b: UInt8) in escapes(b, separators: separators) }
        // The runs between the bytes to look at are copied at once.
        var run = 0
        for i in bytes.indices where special(bytes[i]) {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<i]))
            run = i + 1
            switch bytes[i] {
            case 0: return
            case UInt8(ascii: "\n"):
                out.append(UInt8(ascii: "\\"))
                out.append(UInt8(ascii: "n"))
            case UInt8(ascii: "\\"), UInt8(ascii: ";"), UInt8(ascii: ","):
                out.append(UInt8(ascii: "\\"))
                out.append(bytes[i])
            default: continue  // CR, backspace, form feed
            }
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
    }

    /// `append`, byte by byte.
    private static func appendEach(_ bytes: some Collection<UInt8>, escapeSeparators: Bool, to out: inout [UInt8]) {
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
        // The rules dosecal builds are in this order already: then as they are.
        if let length = writtenLength(value) {
            out.append(contentsOf: value.utf8.prefix(length))
            return
        }
        appendReordered(value, to: &out)
    }

    /// The text `append` writes for `value`: the RRULE value as libical writes and reads it.
    static func text(_ value: String) -> String {
        if let length = writtenLength(value) { return length == value.utf8.count ? value : String(value.utf8.prefix(length))! }
        var out: [UInt8] = []
        appendReordered(value, to: &out)
        return String(decoding: out, as: UTF8.self)
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

    /// When `value` is printable ASCII and already what `append` writes for it but for a last
    /// `WKST=MO` part (parts in libical's order, ties as written, no `INTERVAL=1`, BYDAY's days
    /// in week order from the week start): how many of its bytes that is. Nil otherwise.
    static func writtenLength(_ value: String) -> Int? {
        var value = value
        return value.withUTF8 { bytes -> Int? in
            var weekStart: Int? = nil
            var byDays: [Range<Int>] = []
            var lastRank = 0
            var start = 0
            var length = bytes.count
            while start <= bytes.count {
                var end = start
                while end < bytes.count && bytes[end] != UInt8(ascii: ";") { end += 1 }
                let part = UnsafeBufferPointer(rebasing: bytes[start..<end])
                guard part.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
                let equals = part.firstIndex(of: UInt8(ascii: "=")) ?? part.count
                if part.elementsEqual("INTERVAL=1".utf8) { return nil }
                if part.elementsEqual("WKST=MO".utf8) {
                    guard end == bytes.count else { return nil }
                    length = max(0, start - 1)
                    break
                }
                let rank = Self.rank(Packed(part[..<equals]))
                guard rank >= lastRank else { return nil }
                lastRank = rank
                if rank == byDayRank, equals < part.count { byDays.append(start + equals + 1..<end) }
                if rank == wkstRank, equals < part.count, weekStart == nil {
                    weekStart = weekdayIndex(part[(equals + 1)...]) ?? 0
                }
                start = end + 1
            }
            for byDay in byDays {
                var lastPlace = 0
                var dayStart = byDay.lowerBound
                while dayStart <= byDay.upperBound {
                    var dayEnd = dayStart
                    while dayEnd < byDay.upperBound && bytes[dayEnd] != UInt8(ascii: ",") { dayEnd += 1 }
                    let day = bytes[max(dayStart, dayEnd - 2)..<dayEnd]
                    let place = weekdayIndex(day).map { ($0 - (weekStart ?? 0) + 7) % 7 } ?? 7
                    guard place >= lastPlace else { return nil }
                    lastPlace = place
                    dayStart = dayEnd + 1
                }
            }
            return length
        }
    }

    /// Up to 16 ASCII bytes, upper-cased, in two words (a rule part's name; longer names are none
    /// libical knows).
    struct Packed: Equatable {
        var low: UInt64 = 0
        var high: UInt64 = 0
        var isLong = false

        init(_ bytes: some Collection<UInt8>) {
            guard bytes.count <= 16 else {
                isLong = true
                return
            }
            for (i, b) in bytes.enumerated() {
                let upper = UInt64(b >= 0x61 && b <= 0x7A ? b - 0x20 : b)
                if i < 8 { low |= upper << (8 * UInt64(i)) } else { high |= upper << (8 * UInt64(i - 8)) }
            }
        }
    }

    static let packedOrder = order.map { Packed($0.utf8) }
    static let packedWeekdays = weekdays.map { Packed($0.utf8) }
    static let wkstRank = order.firstIndex(of: "WKST")!

    private static func rank(_ key: Packed) -> Int {
        key.isLong ? order.count : packedOrder.firstIndex(of: key) ?? order.count
    }

    /// The place of a two-letter day (any case) in `weekdays`.
    private static func weekdayIndex(_ bytes: some Collection<UInt8>) -> Int? {
        bytes.count == 2 ? packedWeekdays.firstIndex(of: Packed(bytes)) : nil
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
        append(values.count == 1 ? values[0] : values.joined(separator: ","), to: &out)
    }

    /// One parameter value (several joined with commas), quoted where libical quotes it.
    static func append(_ joined: String, to out: inout [UInt8]) {
        // A value of printable bytes with nothing to quote or replace (every TZID) is copied at once.
        let copied: Bool? = joined.utf8.withContiguousStorageIfAvailable { bytes in
            let plain = bytes.allSatisfy {
                $0 >= 0x20 && $0 != 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: ",") && $0 != UInt8(ascii: ";")
                    && $0 != UInt8(ascii: ":")
            }
            if plain { out.append(contentsOf: bytes) }
            return plain
        }
        if copied == true { return }
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
