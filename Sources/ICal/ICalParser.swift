import Foundation

/// The result of reading iCalendar text: the top-level components, and the properties libical
/// rejected (dropped from the result), each with its line.
public struct ParsedCalendar: Sendable {
    /// Top-level components, usually one VCALENDAR; bare VEVENT/VTIMEZONE files give those.
    public var components: [ICalComponent]
    /// Properties libical could not read (X-LIC-ERROR), with their lines; they are not in `components`.
    public var problems: [ICalError]
    /// What was wrong in the input but read anyway (e.g. broken folding), with lines.
    public var warnings: [ICalWarning] = []
    /// The VEVENTs passed over (`ICalParser.parse(_:passingOver:)`), in file order; not in
    /// `components`.
    public var passedOver: [PassedOverEvent] = []

    /// The first VCALENDAR, if there is one.
    public var calendar: ICalComponent? { components.first { $0.name == "VCALENDAR" } }
}

/// What reading many calendars one after the other can share (`ICalParser.parse(_:sharing:)`).
public struct ICalReading {
    var values = PropertyReader()

    public init() {}
}

/// Reads RFC 5545 text through libical (`icalparser_parse_string`, one component at a time) into
/// Swift values.
///
/// Line handling (byte order mark, CRLF, LF-only, CR-only, space and tab folding) and BEGIN/END
/// nesting are checked here as the bytes are read, so that every error carries its line; libical
/// then parses properties, parameters and values of each component. All C objects are freed
/// before returning.
public enum ICalParser {
    /// Parses `bytes`. Structural errors throw; properties libical rejects are returned in
    /// `problems` (or thrown, with `strict`). Without `strict`, broken folding is repaired
    /// (`ContentLineRecovery`) and reported in `warnings`; with it, such a line throws. Input past
    /// `limits` (nesting, content-line size) throws.
    public static func parse(
        _ bytes: some Collection<UInt8>, strict: Bool = false, limits: ICalLimits = .standard
    ) throws(ICalError) -> ParsedCalendar {
        let read = { (buffer: UnsafeBufferPointer<UInt8>) -> Result<ParsedCalendar, ICalError> in
            Result { () throws(ICalError) in try parse(buffer: buffer, strict: strict, limits: limits) }
        }
        if let result = bytes.withContiguousStorageIfAvailable(read) { return try result.get() }
        return try Array(bytes).withUnsafeBufferPointer(read).get()
    }

    /// Parses `bytes` as `parse(_:)` does, sharing with the other calendars read with `reading`
    /// what their values have in common (libical's text of each RRULE, DURATION, TRIGGER... text
    /// met before): the same result, without asking libical again for each calendar.
    public static func parse(_ bytes: some Collection<UInt8>, sharing reading: inout ICalReading) throws(ICalError)
        -> ParsedCalendar
    {
        // Moved out and back, never copied (a copy would copy what it remembers on first write).
        var values = PropertyReader()
        swap(&values, &reading.values)
        defer { swap(&values, &reading.values) }
        let read = { (buffer: UnsafeBufferPointer<UInt8>) -> Result<ParsedCalendar, ICalError> in
            Result { () throws(ICalError) in
                try parse(buffer: buffer, strict: false, limits: .standard, values: &values)
            }
        }
        if let result = bytes.withContiguousStorageIfAvailable(read) { return try result.get() }
        return try Array(bytes).withUnsafeBufferPointer(read).get()
    }

    /// Parses `bytes` as `parse(_:)` does, except that the VEVENTs `passOver` allows are passed
    /// over: not in `components`, never read by libical (so none of their properties is in
    /// `problems`), listed in `passedOver`. Errors are the same as `parse(_:)` throws.
    public static func parse(_ bytes: [UInt8], passingOver passOver: EventPassOver) throws(ICalError) -> ParsedCalendar {
        var values = PropertyReader()
        return try bytes.withUnsafeBufferPointer { (buffer) throws(ICalError) in
            try parse(buffer: buffer, strict: false, limits: .standard, values: &values, passOver: passOver)
        }
    }

    /// One pass over the bytes: content lines are unfolded (`ContentLineReader`) and assembled
    /// into components one at a time (`ComponentAssembler`). With `libicalOnly` every component
    /// goes through libical (the reading the own readers must equal; tests compare the two).
    static func parse(
        buffer: UnsafeBufferPointer<UInt8>, strict: Bool, limits: ICalLimits, libicalOnly: Bool = false
    ) throws(ICalError) -> ParsedCalendar {
        var values = PropertyReader()
        return try parse(buffer: buffer, strict: strict, limits: limits, libicalOnly: libicalOnly, values: &values)
    }

    /// `values`: the reader of the plain property values, kept from one calendar to the next.
    static func parse(
        buffer: UnsafeBufferPointer<UInt8>, strict: Bool, limits: ICalLimits, libicalOnly: Bool = false,
        values: inout PropertyReader, passOver: EventPassOver? = nil
    ) throws(ICalError) -> ParsedCalendar {
        // The assembler owns libical parsers: made, used and freed under the lock.
        try Libical.withLock { () throws(ICalError) in
            try parseLocked(
                buffer: buffer, strict: strict, limits: limits, libicalOnly: libicalOnly, values: &values,
                passOver: passOver)
        }
    }

    /// `parse(buffer:strict:limits:libicalOnly:values:passOver:)` with `Libical.lock` held by the
    /// caller; `firstLine`: the physical line `buffer` begins on, and `encodingChecked`: whether
    /// its encoding was checked (a unit of a file read again on its own, `CalendarStream`).
    static func parseLocked(
        buffer: UnsafeBufferPointer<UInt8>, strict: Bool, limits: ICalLimits, libicalOnly: Bool = false,
        values: inout PropertyReader, passOver: EventPassOver? = nil, firstLine: Int = 1, encodingChecked: Bool = false
    ) throws(ICalError) -> ParsedCalendar {
        var reader = ContentLineReader(strict: strict, limits: limits, firstLine: firstLine)
        reader.checksEncoding = !encodingChecked
        var assembler = ComponentAssembler(limits: limits, libicalOnly: libicalOnly, reader: values, passOver: passOver)
        values = PropertyReader()  // the assembler's copy is the only one: added to in place
        defer { values = assembler.reader }
        try reader.read(buffer) { (line) throws(ICalError) in try assembler.add(line) }
        try assembler.finish()
        if assembler.roots.isEmpty { throw .empty }
        if strict, let first = assembler.problems.first { throw first }
        return ParsedCalendar(
            components: assembler.roots, problems: assembler.problems,
            warnings: sortedWarnings(reader.warnings + assembler.warnings), passedOver: assembler.passedOver)
    }

    /// Warnings in line order (those of one line in the order they were made).
    static func sortedWarnings(_ warnings: [ICalWarning]) -> [ICalWarning] {
        warnings.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element)
    }

    /// Parses a String.
    public static func parse(_ text: String, strict: Bool = false, limits: ICalLimits = .standard) throws(ICalError)
        -> ParsedCalendar
    {
        try parse(Array(text.utf8), strict: strict, limits: limits)
    }

    /// Copies one libical component (and its children) into Swift values. Caller holds the lock.
    /// Recursive: the depth is bounded by `ICalLimits.maxNesting`, checked before libical runs.
    static func copy(_ c: LibicalComponentView, skeleton: Skeleton?, problems: inout [ICalError]) -> ICalComponent {
        var (name, isExtension) = c.kind
        if isExtension || name.isEmpty, let skeleton { name = skeleton.name }
        var component = ICalComponent(name, line: skeleton?.line)
        var lines = PropertyLines(skeleton?.properties ?? [], component: skeleton?.line, name: name)
        c.forEachProperty { prop in
            let propName = prop.name.upperCasedName
            if propName == "X-LIC-ERROR" {
                let (line, offending) = lines.error()
                problems.append(.invalidProperty(line: line, name: offending, message: TextEscaping.unescape(prop.value)))
                return
            }
            var parameters: [ICalParameter] = []
            prop.forEachParameterText { text in
                if let parsed = ParameterText.parse(text) { parameters.append(parsed) }
            }
            component.properties.append(ICalProperty(propName, prop.value, parameters: parameters, line: lines.match(propName)))
        }
        var childIndex = 0
        c.forEachChild { child in
            let sk = skeleton.flatMap { childIndex < $0.children.count ? $0.children[childIndex] : nil }
            component.components.append(copy(child, skeleton: sk, problems: &problems))
            childIndex += 1
        }
        return component
    }
}

/// Matches libical's properties to the input lines of their component, in document order.
struct PropertyLines {
    let lexed: [(name: String, line: Int)]
    let component: Int?
    let name: String
    /// Index into `lexed` of the next line to match.
    var cursor = 0
    var lastMatchedName: String? = nil

    init(_ lexed: [(name: String, line: Int)], component: Int?, name: String) {
        self.lexed = lexed
        self.component = component
        self.name = name
    }

    /// The line and name of the property an X-LIC-ERROR stands for (the next unmatched line).
    mutating func error() -> (line: Int, name: String) {
        let line = cursor < lexed.count ? lexed[cursor].line : (lexed.last?.line ?? component ?? 0)
        let offending = cursor < lexed.count ? lexed[cursor].name : name
        if cursor < lexed.count { cursor += 1 }
        return (line, offending)
    }

    /// The line of the next lexed line with this name; libical may split one comma list into
    /// several properties, which then share the line.
    mutating func match(_ propName: String) -> Int? {
        if cursor < lexed.count, lexed[cursor].name == propName {
            cursor += 1
            lastMatchedName = propName
            return lexed[cursor - 1].line
        } else if lastMatchedName == propName, cursor > 0 {
            return lexed[cursor - 1].line
        } else if let found = lexed[cursor...].firstIndex(where: { $0.name == propName }) {
            cursor = found + 1
            lastMatchedName = propName
            return lexed[found].line
        }
        return nil
    }
}

/// Parses libical's `NAME=value[,value]` parameter text, undoing quotes.
enum ParameterText {
    static func parse(_ text: String) -> ICalParameter? {
        var text = text
        if let ascii = text.withUTF8({ $0.allSatisfy { $0 < 0x80 } ? parseASCII($0) : nil }) { return ascii }
        guard let eq = text.firstIndex(of: "=") else { return nil }
        let name = String(text[..<eq])
        var values: [String] = []
        var current = ""
        var inQuotes = false
        for ch in text[text.index(after: eq)...] {
            if ch == "\"" {
                inQuotes.toggle()
                continue
            }
            if ch == "," && !inQuotes {
                values.append(current)
                current = ""
                continue
            }
            current.append(ch)
        }
        values.append(current)
        return ICalParameter(name, values: values)
    }

    /// `parse` of an ASCII text, on its bytes (each byte a character); nil without '='.
    private static func parseASCII(_ b: UnsafeBufferPointer<UInt8>) -> ICalParameter?? {
        guard let eq = b.firstIndex(of: UInt8(ascii: "=")) else { return .some(nil) }
        var values: [String] = []
        var current: [UInt8] = []
        var inQuotes = false
        for c in b[(eq + 1)...] {
            if c == UInt8(ascii: "\"") {
                inQuotes.toggle()
            } else if c == UInt8(ascii: ",") && !inQuotes {
                values.append(String(decoding: current, as: UTF8.self))
                current.removeAll(keepingCapacity: true)
            } else {
                current.append(c)
            }
        }
        values.append(String(decoding: current, as: UTF8.self))
        return .some(ICalParameter(String(decoding: b[..<eq], as: UTF8.self), values: values))
    }
}
