/// The one writer of iCalendar content lines: properties written straight to bytes, one at a
/// time, each value in the form libical gives it (`ValueForm`), parameters quoted as libical
/// quotes them, folded at 75 octets. `ICalSerializer` writes a tree of `ICalComponent` values
/// through it (`property(_:kind:)`); the feed's events are written through it property by
/// property, without a tree (`text`, `dateTime`, `rule`...), and `ContentLinesTests` holds those
/// to the tree's bytes.
///
/// A component's sub-components are written where they are begun, so a writer puts them after
/// the component's properties, where `ICalSerializer` puts them.
public struct ContentLines: Sendable {
    /// The folded lines written so far, each ending in CRLF. A property's logical line is
    /// written here at once and ended in place when it fits on one line (nearly every line).
    public private(set) var bytes: [UInt8] = []
    /// Where the logical line being written starts in `bytes`.
    private var lineStart = 0
    /// A logical line too long for one line, taken out of `bytes` to be folded (reused).
    private var long: [UInt8] = []

    public init() {}

    /// Lines appended to `bytes`, which are taken (left empty) until `takeBytes()` gives them back.
    init(continuing bytes: inout [UInt8]) { swap(&self.bytes, &bytes) }

    /// The bytes written, taken out (the lines are left empty).
    mutating func takeBytes() -> [UInt8] {
        var taken: [UInt8] = []
        swap(&taken, &bytes)
        return taken
    }

    /// Room for `count` more bytes without growing again.
    public mutating func reserve(_ count: Int) { bytes.reserveCapacity(bytes.count + count) }

    /// `BEGIN:name`.
    public mutating func begin(_ name: String) { keyword("BEGIN:", name) }

    /// `END:name`.
    public mutating func end(_ name: String) { keyword("END:", name) }

    /// A TEXT property holding `text` (escaped as `ICalProperty.text` escapes it).
    public mutating func text(_ name: String, _ text: String) {
        start(name)
        TextValue.appendEscaped(text, to: &bytes)
        finish()
    }

    /// `property` as `ICalSerializer` writes a property of `kind`: its VALUE parameter first and
    /// only where libical writes one, the other parameters quoted and RFC 6868-encoded as libical
    /// does, the value in the form libical gives it (`PropertyKind.form`).
    mutating func property(_ property: ICalProperty, kind: PropertyKind) {
        start(property.name, colon: false)
        let valueType = property.parameters.first { $0.name == "VALUE" }?.values.first?.uppercased()
        if let written = kind.writtenValueType(valueType, value: property.value) {
            literal(";VALUE=")
            append(written)
        }
        for parameter in property.parameters where parameter.name != "VALUE" {
            bytes.append(UInt8(ascii: ";"))
            append(parameter.name)
            bytes.append(UInt8(ascii: "="))
            ParameterText.append(parameter.values, to: &bytes)
        }
        bytes.append(UInt8(ascii: ":"))
        kind.form(valueType: valueType).append(property.value, to: &bytes)
        finish()
    }

    /// A property whose value is written as it is (DURATION, INTEGER, CLASS, ...).
    public mutating func verbatim(_ name: String, _ value: String) { property(name, value, .verbatim) }

    /// A TEXT list property (CATEGORIES): commas and semicolons as they are.
    public mutating func list(_ name: String, _ value: String) { property(name, value, .list) }

    /// A property of libical's TEXT type with the value as it is written in the file (a UID).
    public mutating func escapedText(_ name: String, _ value: String) { property(name, value, .text) }

    private mutating func property(_ name: String, _ value: String, _ form: ValueForm) {
        start(name)
        form.append(value, to: &bytes)
        finish()
    }

    /// A DATE or DATE-TIME property: `DTSTART;TZID=...:...`, `EXDATE:...Z`, `...;VALUE=DATE:...`.
    public mutating func dateTime(_ name: String, _ value: DateTimeValue) {
        start(name, colon: false)
        switch value {
        case .date:
            literal(";VALUE=DATE:")
        case .floating, .utc:
            bytes.append(UInt8(ascii: ":"))
        case .zoned(_, let tzid):
            literal(";TZID=")
            ParameterText.append(tzid, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
        }
        appendValue(value)
        finish()
    }

    /// The RRULE property of `rule`: the rule's own text (`RecurrenceRule.description`, the one
    /// writer of RRULE text) put in libical's part order (`RecurValue`); a rule dosecal builds is
    /// in that order already and is copied as it is.
    public mutating func rule(_ rule: RecurrenceRule) {
        start("RRULE")
        RecurValue.append(rule.description, to: &bytes)
        finish()
    }

    private mutating func literal(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// A date-time value's text (`valueText`), digit by digit.
    private mutating func appendValue(_ value: DateTimeValue) {
        switch value {
        case .date(let d): appendDate(d)
        case .floating(let t), .zoned(let t, _):
            appendDate(t.date)
            appendTime(t.time)
        case .utc(let t):
            appendDate(t.date)
            appendTime(t.time)
            bytes.append(UInt8(ascii: "Z"))
        }
    }

    /// `YYYYMMDD` (`basicFormat`).
    private mutating func appendDate(_ d: LocalDate) {
        guard (0...9999).contains(d.year), (0...99).contains(d.month), (0...99).contains(d.day) else {
            return bytes.append(contentsOf: d.basicFormat.utf8)
        }
        digits(d.year, 4)
        digits(d.month, 2)
        digits(d.day, 2)
    }

    /// `THHMMSS`.
    private mutating func appendTime(_ t: LocalTime) {
        bytes.append(UInt8(ascii: "T"))
        digits(t.hour, 2)
        digits(t.minute, 2)
        digits(t.second, 2)
    }

    private mutating func digits(_ value: Int, _ width: Int) {
        var divisor = width == 4 ? 1000 : 10
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }

    /// Appends lines written elsewhere.
    public mutating func append(_ other: ContentLines) { bytes.append(contentsOf: other.bytes) }

    /// Appends bytes that are whole folded lines already.
    public mutating func append(lines: some Sequence<UInt8>) { bytes.append(contentsOf: lines) }

    private mutating func keyword(_ keyword: StaticString, _ name: String) {
        lineStart = bytes.count
        literal(keyword)
        append(name)
        // `Folding.fold`: a line of up to 75 octets as it is.
        if bytes.count - lineStart <= 75 { return endLine() }
        Folding.fold(takeLine(), into: &bytes)
    }

    /// Starts the line of property `name`, with the colon unless parameters follow.
    private mutating func start(_ name: String, colon: Bool = true) {
        lineStart = bytes.count
        append(name)
        if colon { bytes.append(UInt8(ascii: ":")) }
    }

    /// Ends the property's line as `Folding.finish` does: a line of up to 72 octets (74 with its
    /// CRLF) is neither folded nor followed by libical's line of one space, so it ends in place.
    private mutating func finish() {
        if bytes.count - lineStart <= 72 { return endLine() }
        Folding.finish(takeLine(), into: &bytes)
    }

    private mutating func endLine() {
        bytes.append(13)
        bytes.append(10)
    }

    /// The logical line being written, removed from `bytes`.
    private mutating func takeLine() -> [UInt8] {
        long.removeAll(keepingCapacity: true)
        long.append(contentsOf: bytes[lineStart...])
        bytes.removeSubrange(lineStart...)
        return long
    }

    /// `text`'s UTF-8 bytes.
    private mutating func append(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            bytes.append(contentsOf: text.utf8)
        }
    }
}
