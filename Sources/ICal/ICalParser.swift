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

/// Reads RFC 5545 text through libical (`icalparser_parse_string`) into Swift values.
///
/// Line handling (CRLF, LF-only, CR-only, space and tab folding) and BEGIN/END nesting are checked
/// here first so that every error carries its line; libical then parses properties, parameters
/// and values. All C objects are freed before returning.
public enum ICalParser {
    /// Parses `bytes`. Structural errors throw; properties libical rejects are returned in
    /// `problems` (or thrown, with `strict`). Without `strict`, broken folding is repaired
    /// (`ContentLineRecovery`) and reported in `warnings`; with it, such a line throws.
    public static func parse(_ bytes: some Collection<UInt8>, strict: Bool = false) throws(ICalError) -> ParsedCalendar {
        var lines = try ContentLineReader.read(Array(bytes))
        var warnings: [ICalWarning] = []
        if !strict { (lines, warnings) = ContentLineRecovery.rejoinBrokenFolds(lines) }
        let (skeletons, inside) = try Skeleton.build(lines)
        if skeletons.isEmpty { throw .empty }
        var folded: [UInt8] = []
        folded.reserveCapacity(bytes.count + bytes.count / 20 + 2 * lines.count)
        for (l, keep) in zip(lines, inside) where keep { fold(l.text, into: &folded) }
        let canonical = String(decoding: folded, as: UTF8.self)
        var problems: [ICalError] = []
        let components: [ICalComponent] = Libical.withLock {
            guard let root = icalparser_parse_string(canonical) else { return [] }
            let owned = OwnedComponent(taking: root)
            var roots: [OpaquePointer] = []
            if icalcomponent_isa(owned.raw) == ICAL_XROOT_COMPONENT {
                var child = icalcomponent_get_first_component(owned.raw, ICAL_ANY_COMPONENT)
                while let c = child {
                    roots.append(c)
                    child = icalcomponent_get_next_component(owned.raw, ICAL_ANY_COMPONENT)
                }
            } else {
                roots = [owned.raw]
            }
            var result: [ICalComponent] = []
            for (index, c) in roots.enumerated() {
                let skeleton = index < skeletons.count ? skeletons[index] : nil
                result.append(copy(c, skeleton: skeleton, problems: &problems))
            }
            return result
        }
        if components.isEmpty { throw .empty }
        if strict, let first = problems.first { throw first }
        return ParsedCalendar(components: components, problems: problems, warnings: warnings)
    }

    /// Appends `line` folded at 75 octets (never inside a UTF-8 sequence), CRLF-terminated.
    /// libical's string reader looks for the next line end once per 80-byte chunk it takes, so
    /// an unfolded 1 MB line would cost it 12,000 scans of up to 1 MB: folded, reading is linear.
    static func fold(_ line: Substring, into out: inout [UInt8]) {
        var width = 0
        for byte in line.utf8 {
            if width >= 75 && (byte & 0xC0) != 0x80 {
                out += [13, 10, 32]
                width = 1
            }
            out.append(byte)
            width += 1
        }
        out += [13, 10]
    }

    /// Parses a String.
    public static func parse(_ text: String, strict: Bool = false) throws(ICalError) -> ParsedCalendar {
        try parse(Array(text.utf8), strict: strict)
    }

    /// Copies one libical component (and its children) into Swift values. Caller holds the lock.
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

/// The nesting of the input as written, with lines: used to check BEGIN/END and to give libical's
/// properties their line numbers.
struct Skeleton {
    var name: String
    var line: Int
    var properties: [(name: String, line: Int)] = []
    var children: [Skeleton] = []

    /// Builds the component tree of `lines`, throwing on bad nesting. Lines outside any component
    /// are marked and skipped.
    static func build(_ lines: [ContentLine]) throws(ICalError) -> ([Skeleton], inside: [Bool]) {
        var inside = [Bool](repeating: true, count: lines.count)
        var roots: [Skeleton] = []
        var stack: [Skeleton] = []
        for index in lines.indices {
            let l = lines[index]
            let name = l.name
            if name == "BEGIN" {
                let component = l.value.trimmingCharacters(in: .whitespaces).uppercased()
                guard !component.isEmpty else {
                    throw .structure(line: l.line, message: "BEGIN without a component name; expected e.g. BEGIN:VEVENT")
                }
                stack.append(Skeleton(name: component, line: l.line))
            } else if name == "END" {
                let component = l.value.trimmingCharacters(in: .whitespaces).uppercased()
                guard let open = stack.popLast() else {
                    throw .structure(line: l.line, message: "END:\(component) without a matching BEGIN:\(component)")
                }
                guard open.name == component else {
                    if stack.contains(where: { $0.name == component }) {
                        throw .structure(
                            line: open.line,
                            message:
                                "BEGIN:\(open.name) is never closed; expected END:\(open.name) before END:\(component) on line \(l.line)"
                        )
                    }
                    throw .structure(
                        line: l.line,
                        message: "END:\(component) closes BEGIN:\(open.name) of line \(open.line); expected END:\(open.name)")
                }
                if stack.isEmpty { roots.append(open) } else { stack[stack.count - 1].children.append(open) }
            } else if stack.isEmpty {
                // Text outside any component (a stray header line): ignored.
                inside[index] = false
                continue
            } else {
                guard l.text.contains(":") else { throw .malformedLine(line: l.line, text: String(l.text)) }
                stack[stack.count - 1].properties.append((name, l.line))
            }
        }
        if let open = stack.last {
            throw .structure(line: open.line, message: "BEGIN:\(open.name) is never closed; expected END:\(open.name)")
        }
        return (roots, inside)
    }
}
