/// Reads the property lines whose libical reading is known exactly, without libical: the ones
/// expansion and reconciliation read most (UID, SUMMARY and other plain TEXT, DTSTART, DTEND,
/// DTSTAMP, RECURRENCE-ID, single EXDATE/RDATE values, SEQUENCE, REPEAT, TZOFFSETFROM/TO, TZNAME,
/// CATEGORIES) in their plain forms, and the values libical normalises (RRULE, DURATION, TRIGGER,
/// ACTION, TRANSP, STATUS, CLASS) without parameters by remembering libical's reading of each
/// distinct line.
///
/// A line is read here only when libical would give the same property: the same upper-case
/// name, the same parameters and the same value text, and no `X-LIC-ERROR`. Anything else
/// (escapes other than `\,` `\;` `\\` `\n` in TEXT, other parameters, comma lists, out-of-range
/// fields, invalid rules) gives nil, and
/// the component it is in goes through libical as a whole (`ComponentAssembler`).
/// Used under `Libical.lock` (the RRULE memo asks libical).
struct PropertyReader {
    /// libical's value text for each value text (by property name) it read cleanly; nil for the
    /// ones it did not.
    private var normalised: [String: [String: String?]] = [:]
    /// How many values `normalised` holds (bounded: a hostile file cannot grow it without end).
    private var remembered = 0

    enum Kind {
        /// Plain TEXT, DATE or DATE-TIME, integer and UTC offset values, read from their bytes.
        case text, dateTime, integer, utcOffset
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
        "CLASS": .normalised,
    ]

    /// A name of `kinds` as the reader looks it up: its key, the name itself (made once), its kind,
    /// whether it is one of `stamps` and whether its TEXT takes escapes (all but CATEGORIES).
    struct Known {
        let key: NameKey
        let name: String
        let kind: Kind
        let isStamp: Bool
        let escapes: Bool

        init(_ name: String, _ kind: Kind) {
            (key, self.name, self.kind) = (NameKey(name), name, kind)
            isStamp = PropertyReader.stamps.contains(name)
            escapes = name != "CATEGORIES"
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

    /// The property of `l` as libical reads it, or nil when only libical can say.
    mutating func read(_ l: ContentLine) -> ICalProperty? { read(l.bytes, line: l.line) }

    /// The property of the unfolded content line `line` as this reader reads it, or nil. A line
    /// holding a CR or LF gives nil: read from a file it would be two.
    mutating func readBack(_ line: [UInt8]) -> ICalProperty? {
        line.withUnsafeBufferPointer { bytes in
            bytes.contains(where: { $0 == 0x0D || $0 == 0x0A }) ? nil : read(bytes, line: 0)
        }
    }

    private mutating func read(_ b: UnsafeBufferPointer<UInt8>, line: Int) -> ICalProperty? {
        var i = 0
        while i < b.count, b[i] != UInt8(ascii: ";"), b[i] != UInt8(ascii: ":") { i += 1 }
        guard i < b.count, i > 0, i <= 16, let known = PropertyReader.known(NameKey(name: b[0..<i])) else { return nil }
        let name = known.name
        let kind = known.kind
        var parameters: [ICalParameter] = []
        if b[i] == UInt8(ascii: ";") {
            guard kind == .dateTime, let (parameter, end) = PropertyReader.parameter(b, from: i + 1) else { return nil }
            parameters = shared(parameter)
            i = end
        }
        let value = UnsafeBufferPointer(rebasing: b[(i + 1)...])
        let ok: Bool
        switch kind {
        case .text: ok = PropertyReader.isPlainText(value, escapes: known.escapes)
        case .dateTime: ok = PropertyReader.isDateTime(value, parameter: parameters.first)
        case .integer: ok = PropertyReader.isInteger(value)
        case .utcOffset: ok = PropertyReader.isUTCOffset(value)
        case .normalised:
            guard let rendered = normalised(name, String(decoding: value, as: UTF8.self)) else { return nil }
            return ICalProperty(name, rendered, line: line)
        }
        guard ok else { return nil }
        var text = String(decoding: value, as: UTF8.self)
        if known.isStamp { text = shared(text) }
        return ICalProperty(name, text, parameters: parameters, line: line)
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
        guard let first = v.first, let last = v.last, first != 0x20, last != 0x20 else { return false }
        var i = 0
        while i < v.count {
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

    /// libical's value text of `name:value` (asked once per distinct text, in a one-line VEVENT:
    /// libical reads a property by its name, wherever it is); nil when libical reads anything else
    /// than one clean property of that name without parameters from it.
    private mutating func normalised(_ name: String, _ value: String) -> String? {
        if let known = normalised[name]?[value] { return known }
        let parser = LibicalLineParser()
        var read: String? = nil
        for text in ["BEGIN:VEVENT", name + ":" + value, "END:VEVENT"] {
            guard let done = parser.add(Array(text.utf8)) else { continue }
            var problems: [ICalError] = []
            let component = ICalParser.copy(done.view, skeleton: nil, problems: &problems)
            if problems.isEmpty, component.properties.count == 1, let p = component.properties.first, p.name == name,
                p.parameters.isEmpty
            {
                read = p.value
            }
        }
        if remembered < 65_536 {
            normalised[name, default: [:]][value] = .some(read)
            remembered += 1
        }
        return read
    }
}
