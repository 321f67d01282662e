/// Content lines written straight to bytes, one property at a time, without building
/// `ICalComponent` values: the bytes `ICalSerializer` writes for the same properties (the same
/// value forms, parameter quoting and 75-octet folding), for writers that know each property's
/// kind as they write it.
///
/// A component's sub-components are written where they are begun, so a writer puts them after
/// the component's properties, where `ICalSerializer` puts them.
public struct ContentLines: Sendable {
    /// The folded lines written so far, each ending in CRLF.
    public private(set) var bytes: [UInt8] = []
    /// The logical line being built (reused).
    private var line: [UInt8] = []

    public init() {}

    /// `BEGIN:name` (an upper-case component name libical knows).
    public mutating func begin(_ name: String) { keyword("BEGIN:", name) }

    /// `END:name`.
    public mutating func end(_ name: String) { keyword("END:", name) }

    /// A TEXT property holding `text` (escaped as `ICalProperty.text` escapes it).
    public mutating func text(_ name: String, _ text: String) { property(name, TextEscaping.escape(text), .text) }

    /// A property whose value is written as it is (DURATION, INTEGER, CLASS, ...).
    public mutating func verbatim(_ name: String, _ value: String) { property(name, value, .verbatim) }

    /// A TEXT list property (CATEGORIES): commas and semicolons as they are.
    public mutating func list(_ name: String, _ value: String) { property(name, value, .list) }

    /// A property of libical's TEXT type with the value as it is written in the file (a UID).
    public mutating func escapedText(_ name: String, _ value: String) { property(name, value, .text) }

    private mutating func property(_ name: String, _ value: String, _ form: ValueForm) {
        start(name)
        form.append(value, to: &line)
        finish()
    }

    /// A DATE or DATE-TIME property: `DTSTART;TZID=...:...`, `EXDATE:...Z`, `...;VALUE=DATE:...`.
    public mutating func dateTime(_ name: String, _ value: DateTimeValue) {
        start(name, colon: false)
        switch value {
        case .date(let d):
            line.append(contentsOf: ";VALUE=DATE:".utf8)
            line.append(contentsOf: d.basicFormat.utf8)
        case .floating(let t):
            line.append(UInt8(ascii: ":"))
            line.append(contentsOf: t.basicFormat.utf8)
        case .utc(let t):
            line.append(UInt8(ascii: ":"))
            line.append(contentsOf: t.basicFormat.utf8)
            line.append(UInt8(ascii: "Z"))
        case .zoned(let t, let tzid):
            line.append(contentsOf: ";TZID=".utf8)
            ParameterText.append(tzid, to: &line)
            line.append(UInt8(ascii: ":"))
            line.append(contentsOf: t.basicFormat.utf8)
        }
        finish()
    }

    /// The RRULE property of `rule`.
    public mutating func rule(_ rule: RecurrenceRule) {
        start("RRULE")
        RecurValue.append(rule.description, to: &line)
        finish()
    }

    /// Appends lines written elsewhere.
    public mutating func append(_ other: ContentLines) { bytes.append(contentsOf: other.bytes) }

    /// Appends bytes that are whole folded lines already.
    public mutating func append(lines: some Sequence<UInt8>) { bytes.append(contentsOf: lines) }

    private mutating func keyword(_ keyword: StaticString, _ name: String) {
        line.removeAll(keepingCapacity: true)
        line.append(contentsOf: UnsafeBufferPointer(start: keyword.utf8Start, count: keyword.utf8CodeUnitCount))
        line.append(contentsOf: name.utf8)
        Folding.fold(line, into: &bytes)
    }

    /// Starts the line of property `name`, with the colon unless parameters follow.
    private mutating func start(_ name: String, colon: Bool = true) {
        line.removeAll(keepingCapacity: true)
        line.append(contentsOf: name.utf8)
        if colon { line.append(UInt8(ascii: ":")) }
    }

    private mutating func finish() { Folding.finish(line, into: &bytes) }
}
