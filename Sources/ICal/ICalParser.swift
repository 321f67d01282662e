internal import CLibical
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

    /// The first VCALENDAR, if there is one.
    public var calendar: ICalComponent? { components.first { $0.name == "VCALENDAR" } }
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

    /// One pass over the bytes: content lines are unfolded (`ContentLineReader`) and assembled
    /// into components one at a time (`ComponentAssembler`).
    private static func parse(
        buffer: UnsafeBufferPointer<UInt8>, strict: Bool, limits: ICalLimits
    ) throws(ICalError) -> ParsedCalendar {
        var reader = ContentLineReader(strict: strict, limits: limits)
        // The assembler owns libical parsers: made, used and freed under the lock.
        let (components, problems, warnings) = try Libical.withLock { () throws(ICalError) in
            var assembler = ComponentAssembler(limits: limits)
            try reader.read(buffer) { (line) throws(ICalError) in try assembler.add(line) }
            try assembler.finish()
            return (assembler.roots, assembler.problems, assembler.warnings)
        }
        if components.isEmpty { throw .empty }
        if strict, let first = problems.first { throw first }
        let sorted = (reader.warnings + warnings).enumerated().sorted {
            ($0.element.line, $0.offset) < ($1.element.line, $1.offset)
        }.map(\.element)
        return ParsedCalendar(components: components, problems: problems, warnings: sorted)
    }

    /// Parses a String.
    public static func parse(_ text: String, strict: Bool = false, limits: ICalLimits = .standard) throws(ICalError)
        -> ParsedCalendar
    {
        try parse(Array(text.utf8), strict: strict, limits: limits)
    }

    /// Copies one libical component (and its children) into Swift values. Caller holds the lock.
    /// Recursive: the depth is bounded by `ICalLimits.maxNesting`, checked before libical runs.
    static func copy(_ c: OpaquePointer, skeleton: Skeleton?, problems: inout [ICalError]) -> ICalComponent {
        let kind = icalcomponent_isa(c)
        var name = Libical.borrow(icalcomponent_kind_to_string(kind))
        if kind == ICAL_X_COMPONENT || name.isEmpty, let skeleton { name = skeleton.name }
        var component = ICalComponent(name, line: skeleton?.line)
        var cursor = 0  // index into skeleton.properties
        var lastMatchedName: String? = nil
        let lexed = skeleton?.properties ?? []
        var p = icalcomponent_get_first_property(c, ICAL_ANY_PROPERTY)
        while let prop = p {
            p = icalcomponent_get_next_property(c, ICAL_ANY_PROPERTY)
            let propName = Libical.take(icalproperty_get_property_name_r(prop)).uppercased()
            if propName == "X-LIC-ERROR" {
                let message = Libical.take(icalproperty_get_value_as_string_r(prop))
                let line = cursor < lexed.count ? lexed[cursor].line : (lexed.last?.line ?? skeleton?.line ?? 0)
                let offending = cursor < lexed.count ? lexed[cursor].name : name
                if cursor < lexed.count { cursor += 1 }
                problems.append(.invalidProperty(line: line, name: offending, message: TextEscaping.unescape(message)))
                continue
            }
            // Match to the next lexed line with this name; libical may split one comma list into
            // several properties, which then share the line.
            var line: Int? = nil
            if cursor < lexed.count, lexed[cursor].name == propName {
                line = lexed[cursor].line
                cursor += 1
                lastMatchedName = propName
            } else if lastMatchedName == propName, cursor > 0 {
                line = lexed[cursor - 1].line
            } else if let found = lexed[cursor...].firstIndex(where: { $0.name == propName }) {
                line = lexed[found].line
                cursor = found + 1
                lastMatchedName = propName
            }
            var parameters: [ICalParameter] = []
            var param = icalproperty_get_first_parameter(prop, ICAL_ANY_PARAMETER)
            while let pa = param {
                param = icalproperty_get_next_parameter(prop, ICAL_ANY_PARAMETER)
                let text = Libical.take(icalparameter_as_ical_string_r(pa))
                if let parsed = ParameterText.parse(text) { parameters.append(parsed) }
            }
            let value = Libical.take(icalproperty_get_value_as_string_r(prop))
            component.properties.append(ICalProperty(propName, value, parameters: parameters, line: line))
        }
        var childIndex = 0
        var child = icalcomponent_get_first_component(c, ICAL_ANY_COMPONENT)
        while let ch = child {
            child = icalcomponent_get_next_component(c, ICAL_ANY_COMPONENT)
            let sk = skeleton.flatMap { childIndex < $0.children.count ? $0.children[childIndex] : nil }
            component.components.append(copy(ch, skeleton: sk, problems: &problems))
            childIndex += 1
        }
        return component
    }
}

/// Parses libical's `NAME=value[,value]` parameter text, undoing quotes.
enum ParameterText {
    static func parse(_ text: String) -> ICalParameter? {
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
}
