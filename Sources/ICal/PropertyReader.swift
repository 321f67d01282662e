import Foundation

/// Reads the property lines whose libical reading is known exactly, without libical: the ones
/// expansion and reconciliation read most (UID, SUMMARY and other plain TEXT, DTSTART, DTEND,
/// DTSTAMP, RECURRENCE-ID, EXDATE/RDATE values and lists, SEQUENCE, REPEAT, TZOFFSETFROM/TO,
/// TZNAME, CATEGORIES, ATTENDEE and ORGANIZER) in their plain forms, and the values libical
/// normalises (RRULE, DURATION, TRIGGER, ACTION, TRANSP, STATUS, CLASS) by remembering libical's
/// reading of each distinct value text; parameters of simple shape by remembering libical's
/// reading of each distinct parameter.
///
/// A line is read here only when libical would give the same properties: the same upper-case
/// name, the same parameters and the same value text, and no `X-LIC-ERROR`. Anything else
/// (escapes other than `\,` `\;` `\\` `\n` in TEXT, parameters of another shape, a VALUE,
/// ENCODING or CHARSET parameter but the date forms', out-of-range fields, invalid rules) gives
/// nothing, and the component it is in goes through libical as a whole (`ComponentAssembler`).
/// Used under `Libical.lock` (the memos ask libical).
struct PropertyReader {
    /// libical's value text for each value text (by property name) it read cleanly; nil for the
    /// ones it did not.
    private var normalised: [String: String?] = [:]
    /// libical's parameters for each parameter text (`NAME=value`, by property name), and for
    /// each whole run of them as written (`;A=1;B=2`, by property name); nil: not read cleanly.
    private var parameterTexts: [String: [ICalParameter]?] = [:]
    private var parameterRuns: [String: [ICalParameter]?] = [:]
    /// How many values the memos hold (bounded: a hostile file cannot grow them without end).
    private var remembered = 0

    enum Kind {
        /// Plain TEXT, DATE or DATE-TIME, integer and UTC offset values, read from their bytes.
        case text, dateTime, integer, utcOffset
        /// A CAL-ADDRESS (ATTENDEE, ORGANIZER): the value as written.
        case calAddress
        /// A value libical rewrites (RRULE part order, `PT60M` as `PT1H`, case): asked once per text.
        case normalised
    }

    static let kinds: [String: Kind] = [
        "UID": .text, "SUMMARY": .text, "DESCRIPTION": .text, "LOCATION": .text, "COMMENT": .text, "TZNAME": .text,
        "DTSTAMP": .dateTime, "DTSTART": .dateTime, "DTEND": .dateTime, "RECURRENCE-ID": .dateTime,
        "CREATED": .dateTime, "LAST-MODIFIED": .dateTime, "EXDATE": .dateTime, "RDATE": .dateTime, "DUE": .dateTime,
        "SEQUENCE": .integer, "PRIORITY": .integer, "REPEAT": .integer, "TZOFFSETFROM": .utcOffset,
        "TZOFFSETTO": .utcOffset, "CATEGORIES": .text, "RRULE": .normalised, "DURATION": .normalised,
        "TRIGGER": .normalised, "ACTION": .normalised, "TRANSP": .normalised, "STATUS": .normalised,
        "CLASS": .normalised, "ATTENDEE": .calAddress, "ORGANIZER": .calAddress,
    ]

    /// A name of `kinds` as the reader looks it up: its key, the name itself (made once), its kind,
    /// whether it is one of `stamps`, whether its TEXT takes escapes (all but CATEGORIES) and
    /// whether its value may be a comma list (EXDATE, RDATE: libical makes one property of each).
    struct Known {
        let key: NameKey
        let name: String
        let kind: Kind
        let isStamp: Bool
        let escapes: Bool
        let isList: Bool

        init(_ name: String, _ kind: Kind) {
            (key, self.name, self.kind) = (NameKey(name), name, kind)
            isStamp = PropertyReader.stamps.contains(name)
            escapes = name != "CATEGORIES"
            isList = name == "EXDATE" || name == "RDATE"
        }
    }

    /// `kinds` by key, the names expansion meets most first: a line's name is found by comparing
    /// two words per entry, not by making and hashing a String.
    static let known: [Known] = kinds.map { Known($0.key, $0.value) }
        .sorted { (rank($0.name), $0.name) < (rank($1.name), $1.name) }

    private static func rank(_ name: String) -> Int {
        ["DTSTART", "UID", "DTSTAMP", "SUMMARY", "DESCRIPTION", "DTEND", "RRULE", "DURATION"].firstIndex(of: name) ?? 99
    }

    /// The entry of `known` for a line's name (`ContentLine.nameKey`), or nil.
    static func known(_ name: NameKey) -> Known? {
        guard name.isPlain else { return nil }
        return known.first { $0.key == name }
    }

    /// The property of `l` as libical reads it, or nil when only libical can say (or libical
    /// makes several of it).
    mutating func read(_ l: ContentLine) -> ICalProperty? { one(l.bytes, line: l.line, name: l.nameKey) }

    /// Appends the properties libical makes of `l` (one, or one per value of an EXDATE or RDATE
    /// list) to `properties`; false, with nothing appended, when only libical can say.
    mutating func read(_ l: ContentLine, into properties: inout [ICalProperty]) -> Bool {
        read(l.bytes, line: l.line, name: l.nameKey) { properties.append($0) }
    }

    /// The one property of a line, or nil (none, or several).
    private mutating func one(_ b: UnsafeBufferPointer<UInt8>, line: Int, name: NameKey) -> ICalProperty? {
        var found: ICalProperty? = nil
        var count = 0
        guard read(b, line: line, name: name, { p in (found, count) = (p, count + 1) }), count == 1 else { return nil }
        return found
    }

    /// Reads the line `b`, whose name's key is `key` (`NameKey(line: b)`).
    private mutating func read(
        _ b: UnsafeBufferPointer<UInt8>, line: Int, name key: NameKey, _ emit: (ICalProperty) -> Void
    ) -> Bool {
        // A known name is plain ASCII of at most 16 bytes: the key's length is where it ends.
        guard let known = PropertyReader.known(key) else { return false }
        var i = key.count
        guard i < b.count, i > 0 else { return false }
        let name = known.name
        let kind = known.kind
        var parameters: [ICalParameter] = []
        if b[i] == UInt8(ascii: ";") {
            if kind == .dateTime {
                guard let (list, end) = dateParameter(b, from: i + 1) else { return false }
                parameters = list
                i = end
            } else {
                guard kind != .integer, kind != .utcOffset, let (run, end) = parameterRun(known, b, from: i) else {
                    return false
                }
                parameters = run
                i = end
            }
        }
        let value = UnsafeBufferPointer(rebasing: b[(i + 1)...])
        let ok: Bool
        switch kind {
        case .text: ok = PropertyReader.isPlainText(value, escapes: known.escapes)
        case .dateTime:
            if known.isList, value.contains(UInt8(ascii: ",")) {
                return list(known, value, parameters: parameters, line: line, emit)
            }
            ok = PropertyReader.isDateTime(value, parameter: parameters.first)
        case .integer: ok = PropertyReader.isInteger(value)
        case .utcOffset: ok = PropertyReader.isUTCOffset(value)
        case .calAddress: ok = PropertyReader.isCalAddress(value)
        case .normalised:
            guard let rendered = normalised(name, value) else { return false }
            emit(ICalProperty(upper: name, rendered, parameters: parameters, line: line))
            return true
        }
        guard ok else { return false }
        var text = String(decoding: value, as: UTF8.self)
        if known.isStamp { text = shared(text) }
        emit(ICalProperty(upper: name, text, parameters: parameters, line: line))
        return true
    }

    /// An EXDATE or RDATE list of plain DATE or DATE-TIME values: libical makes one property of
    /// each value, with the line's parameters, all on that line. Every value must be plain (no
    /// space, no empty item, no PERIOD): anything else is libical's.
    private func list(
        _ known: Known, _ value: UnsafeBufferPointer<UInt8>, parameters: [ICalParameter], line: Int,
        _ emit: (ICalProperty) -> Void
    ) -> Bool {
        var start = 0
        var items: [Range<Int>] = []
        for k in 0...value.count where k == value.count || value[k] == UInt8(ascii: ",") {
            let item = UnsafeBufferPointer(rebasing: value[start..<k])
            guard PropertyReader.isDateTime(item, parameter: parameters.first) else { return false }
            items.append(start..<k)
            start = k + 1
        }
        for item in items {
            emit(
                ICalProperty(upper: known.name, String(decoding: value[item], as: UTF8.self), parameters: parameters, line: line))
        }
        return true
    }

    /// The properties whose value most calendars repeat on every event (an export's time).
    static let stamps: Set<String> = ["DTSTAMP", "LAST-MODIFIED", "CREATED"]

    /// One copy of each such value and of each parameter list (`TZID=Europe/Berlin` on thousands
    /// of DTSTARTs): the parsed calendar holds every event until it is read, and equal values
    /// need not be stored once per event.
    private var values: [String: String] = [:]
    private var parameterLists: [ICalParameter: [ICalParameter]] = [:]

    private mutating func shared(_ text: String) -> String {
        if let known = values[text] { return known }
        if values.count < 4_096 { values[text] = text }
        return text
    }

    private mutating func shared(_ parameter: ICalParameter) -> [ICalParameter] {
        if let known = parameterLists[parameter] { return known }
        if parameterLists.count < 4_096 { parameterLists[parameter] = [parameter] }
        return [parameter]
    }

    /// The parameter texts of date lines met last (`TZID=Europe/Berlin`), with their shared
    /// lists: a calendar names few zones, so a line's text is found by comparing bytes, without
    /// making and hashing a parameter.
    private var recentDateParameters: [(text: [UInt8], list: [ICalParameter])] = []
    private var nextRecent = 0

    /// `parameter(_:from:)` as one shared list, and the index of the value's ':'.
    private mutating func dateParameter(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> ([ICalParameter], Int)? {
        var colon = start
        while colon < b.count, b[colon] != UInt8(ascii: ":") { colon += 1 }
        guard colon < b.count else { return nil }
        let text = UnsafeBufferPointer(rebasing: b[start..<colon])
        for recent in recentDateParameters where recent.text.count == text.count {
            if recent.text.withUnsafeBufferPointer({ memcmp($0.baseAddress!, text.baseAddress!, text.count) == 0 }) {
                return (recent.list, colon)
            }
        }
        guard let (parameter, end) = PropertyReader.parameter(b, from: start) else { return nil }
        let list = shared(parameter)
        if recentDateParameters.count < 16 {
            recentDateParameters.append((Array(text), list))
        } else {
            recentDateParameters[nextRecent] = (Array(text), list)
            nextRecent = (nextRecent + 1) % 16
        }
        return (list, end)
    }

    /// One `TZID=name` (no quotes or commas) or `VALUE=DATE` parameter ending at the value's ':'.
    static func parameter(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> (ICalParameter, Int)? {
        var colon = start
        while colon < b.count, b[colon] != UInt8(ascii: ":") {
            let c = b[colon]
            guard c != UInt8(ascii: "\""), c != UInt8(ascii: ","), c != UInt8(ascii: ";"), c >= 0x20, c != 0x7F else {
                return nil
            }
            colon += 1
        }
        guard colon < b.count else { return nil }
        let text = Array(b[start..<colon])
        if text == Array("VALUE=DATE".utf8) { return (ICalParameter("VALUE", "DATE"), colon) }
        let prefix = Array("TZID=".utf8)
        guard text.count > prefix.count, ContentLine.upper(text[0..<prefix.count]) == "TZID=" else { return nil }
        return (ICalParameter("TZID", String(decoding: text[prefix.count...], as: UTF8.self)), colon)
    }

    /// TEXT that libical unescapes and escapes back to itself: no ';', ',' or '"', no control
    /// character, not empty, no space at either end (libical drops a leading one); with
    /// `escapes`, a backslash only as `\,`, `\;`, `\\` or `\n` (libical writes each back as it
    /// was), else none (a comma list such as CATEGORIES is split by libical).
    static func isPlainText(_ v: UnsafeBufferPointer<UInt8>, escapes: Bool = false) -> Bool {
        guard let first = v.first, let last = v.last, first != 0x20, last != 0x20, let base = v.baseAddress else {
            return false
        }
        var i = 0
        while i < v.count {
            // Eight bytes at once while none of them needs a look (most of a text's bytes).
            if i + 8 <= v.count, plainWord(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) {
                i += 8
                continue
            }
            let c = v[i]
            if c == UInt8(ascii: "\\") {
                guard escapes, i + 1 < v.count, isKeptEscape(v[i + 1]) else { return false }
                i += 2
                continue
            }
            guard c >= 0x20, c != 0x7F, c != UInt8(ascii: ";"), c != UInt8(ascii: ","), c != UInt8(ascii: "\"") else {
                return false
            }
            i += 1
        }
        return true
    }

    /// Whether none of the eight bytes of `w` is a control character, DEL, `;`, `,`, `"` or a backslash
    /// (a byte at or above 0x80 is none of them). A flag from a borrow only follows a byte that is.
    @inline(__always)
    private static func plainWord(_ w: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        func zero(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & high }
        let control = (w &- ones &* 0x20) & ~w & high
        let special =
            zero(w ^ (ones &* 0x7F)) | zero(w ^ (ones &* 0x3B)) | zero(w ^ (ones &* 0x2C)) | zero(w ^ (ones &* 0x22))
            | zero(w ^ (ones &* 0x5C))
        return control | special == 0
    }

    /// The characters after a backslash that libical's TEXT reading and writing keep as they are.
    static func isKeptEscape(_ c: UInt8) -> Bool {
        c == UInt8(ascii: ",") || c == UInt8(ascii: ";") || c == UInt8(ascii: "\\") || c == UInt8(ascii: "n")
    }

    /// `YYYYMMDD` with `VALUE=DATE`, or `YYYYMMDDTHHMMSS` (with `Z` when there is no TZID), every
    /// field in range.
    static func isDateTime(_ v: UnsafeBufferPointer<UInt8>, parameter: ICalParameter?) -> Bool {
        let isDate = parameter?.name == "VALUE"
        guard v.count >= 8, v[0..<8].allSatisfy(isDigit) else { return false }
        let n = { (k: Int, len: Int) in v[k..<(k + len)].reduce(0) { $0 * 10 + Int($1 - 48) } }
        guard LocalDate(year: n(0, 4), month: n(4, 2), day: n(6, 2)) != nil else { return false }
        if isDate { return v.count == 8 }
        let utc = v.count == 16 && v[15] == UInt8(ascii: "Z")
        guard v.count == 15 || (utc && parameter == nil), v[8] == UInt8(ascii: "T"), v[9..<15].allSatisfy(isDigit) else {
            return false
        }
        return n(9, 2) < 24 && n(11, 2) < 60 && n(13, 2) < 60
    }

    /// `0`, or digits without a leading zero that fit libical's `int`.
    static func isInteger(_ v: UnsafeBufferPointer<UInt8>) -> Bool {
        !v.isEmpty && v.count <= 9 && v.allSatisfy(isDigit) && (v.count == 1 || v[0] != UInt8(ascii: "0"))
    }

    /// `+HHMM` or `-HHMM` in range (libical writes `-0000` as `+0000`).
    static func isUTCOffset(_ v: UnsafeBufferPointer<UInt8>) -> Bool {
        guard v.count == 5, v[0] == UInt8(ascii: "+") || v[0] == UInt8(ascii: "-"), v[1...].allSatisfy(isDigit) else {
            return false
        }
        let hours = Int(v[1] - 48) * 10 + Int(v[2] - 48)
        let minutes = Int(v[3] - 48) * 10 + Int(v[4] - 48)
        return hours < 24 && minutes < 60 && !(v[0] == UInt8(ascii: "-") && hours == 0 && minutes == 0)
    }

    static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

    /// A CAL-ADDRESS libical gives back as written: not empty, no control character, no space
    /// or tab at either end (libical drops them), no quote or backslash.
    static func isCalAddress(_ v: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = v.first, let last = v.last, first != 0x20, last != 0x20 else { return false }
        return !v.contains { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
    }

    /// The parameters of a line from its first ';' (at `start`) to the ':' before its value, as
    /// libical reads them, and the index of that ':'; nil when one is not of the simple shape
    /// `NAME=value` or `NAME="value"` (NAME of letters, digits and '-'; no comma, quote, ';' or
    /// ':' in an unquoted value, no quote or control character in a quoted one), is VALUE,
    /// ENCODING or CHARSET (which change how libical reads the value), or libical does not read
    /// it cleanly. Each distinct run, and each distinct parameter in it, is asked for once.
    private mutating func parameterRun(_ known: Known, _ b: UnsafeBufferPointer<UInt8>, from start: Int)
        -> ([ICalParameter], Int)?
    {
        var ends: [Int] = []  // the end of each parameter's text (its ';' or the ':')
        var k = start + 1
        while true {
            guard let end = PropertyReader.simpleParameter(b, from: k) else { return nil }
            ends.append(end)
            if b[end] == UInt8(ascii: ":") { break }
            k = end + 1
        }
        let colon = ends[ends.count - 1]
        let runKey = known.name + String(decoding: b[start..<colon], as: UTF8.self)
        if let read = parameterRuns[runKey] { return read.map { ($0, colon) } }
        var run: [ICalParameter]? = []
        var from = start + 1
        for end in ends {
            guard let read = parameter(known, String(decoding: b[from..<end], as: UTF8.self)) else {
                run = nil
                break
            }
            run! += read
            from = end + 1
        }
        if remembered < 65_536 {
            parameterRuns[runKey] = .some(run)
            remembered += 1
        }
        return run.map { ($0, colon) }
    }

    /// The end (the ';' or ':' after it) of a parameter of the simple shape starting at `start`.
    static func simpleParameter(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var i = start
        while i < b.count, isNameByte(b[i]) { i += 1 }
        guard i > start, i < b.count, b[i] == UInt8(ascii: "=") else { return nil }
        let name = ContentLine.upper(b[start..<i])
        guard name != "VALUE", name != "ENCODING", name != "CHARSET" else { return nil }
        i += 1
        if i < b.count, b[i] == UInt8(ascii: "\"") {
            i += 1
            while i < b.count, b[i] != UInt8(ascii: "\""), b[i] >= 0x20, b[i] != 0x7F { i += 1 }
            guard i < b.count, b[i] == UInt8(ascii: "\"") else { return nil }
            i += 1
        } else {
            while i < b.count, b[i] >= 0x20, b[i] != 0x7F,
                b[i] != UInt8(ascii: "\""), b[i] != UInt8(ascii: ","), b[i] != UInt8(ascii: ";"), b[i] != UInt8(ascii: ":")
            {
                i += 1
            }
        }
        guard i < b.count, b[i] == UInt8(ascii: ";") || b[i] == UInt8(ascii: ":") else { return nil }
        return i
    }

    static func isNameByte(_ c: UInt8) -> Bool {
        isDigit(c) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == UInt8(ascii: "-")
    }

    /// libical's parameters (none, or one) for the parameter text `text` on a property named as
    /// `known`, asked once per distinct text with a value of the property's kind that libical
    /// reads as written; nil when libical reads anything else than that one clean property.
    private mutating func parameter(_ known: Known, _ text: String) -> [ICalParameter]? {
        let key = known.name + ";" + text
        if let read = parameterTexts[key] { return read }
        let value =
            switch known.kind {
            case .calAddress: "mailto:probe@example.com"
            case .normalised: PropertyReader.normalisedProbe[known.name] ?? "X"
            default: "probe"
            }
        var read: [ICalParameter]? = nil
        if let p = probe(known.name + ";" + text + ":" + value), p.value == value { read = p.parameters }
        if remembered < 65_536 {
            parameterTexts[key] = .some(read)
            remembered += 1
        }
        return read
    }

    /// A value of each normalised kind that libical gives back as written.
    private static let normalisedProbe = [
        "TRIGGER": "-PT15M", "RRULE": "FREQ=DAILY", "DURATION": "PT1H", "ACTION": "DISPLAY", "TRANSP": "OPAQUE",
        "STATUS": "CONFIRMED",
        "CLASS": "PUBLIC",
    ]

    /// libical's value text of `name:value` (an RRULE of the forms `LibicalRuleText` knows made
    /// here; else asked once per distinct text, in a one-line VEVENT: libical reads a property by
    /// its name, wherever it is); nil when libical reads anything else
    /// than one clean property of that name without parameters from it. Remembered by the name
    /// and value's text, one hash a line.
    private mutating func normalised(_ name: String, _ value: UnsafeBufferPointer<UInt8>) -> String? {
        if name == "RRULE", let text = LibicalRuleText.normalised(value) { return text }
        var key = name
        key.append(":")
        key.append(String(decoding: value, as: UTF8.self))
        if let known = normalised[key] { return known }
        var read: String? = nil
        if let p = probe(key), p.parameters.isEmpty { read = p.value }
        if remembered < 65_536 {
            normalised[key] = .some(read)
            remembered += 1
        }
        return read
    }

    /// The property libical makes of `l` on its own (in a one-line VEVENT), when it makes one
    /// cleanly: what libical reads from a line the reader does not take.
    func readAlone(_ l: ContentLine) -> ICalProperty? { probe(String(decoding: l.bytes, as: UTF8.self)) }

    /// The one property libical reads from `line` in a one-line VEVENT, when it reads exactly one
    /// of the line's name cleanly (no `X-LIC-ERROR`); else nil.
    private func probe(_ line: String) -> ICalProperty? {
        let parser = LibicalLineParser()
        let name = ContentLine.upper(line.utf8.prefix { $0 != UInt8(ascii: ";") && $0 != UInt8(ascii: ":") })
        var read: ICalProperty? = nil
        for text in ["BEGIN:VEVENT", line, "END:VEVENT"] {
            guard let done = parser.add(Array(text.utf8)) else { continue }
            var problems: [ICalError] = []
            let component = ICalParser.copy(done.view, skeleton: nil, problems: &problems)
            if problems.isEmpty, component.properties.count == 1, let p = component.properties.first, p.name == name {
                read = p
            }
        }
        return read
    }
}
