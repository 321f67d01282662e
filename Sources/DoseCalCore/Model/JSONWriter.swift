/// Writes `JSONValue` trees as deterministic, human-friendly JSON text.
///
/// Two-space indentation; members in the tree's order. Below the top level, an array or object
/// whose elements are all scalars (or empty containers) is written on one line, whatever its
/// length, so similar entries look alike: `"weekdays": ["MO", "TH"]`,
/// `{"id": "morning", "time": "08:00"}`; any other container gets one line per element.
enum JSONWriter {
    /// The whole document, ending with a newline.
    static func document(_ value: JSONValue) -> String {
        var out = ""
        write(value, indent: 0, into: &out)
        out += "\n"
        return out
    }

    private static func write(_ value: JSONValue, indent: Int, into out: inout String) {
        let pad = String(repeating: "  ", count: indent)
        let innerPad = pad + "  "
        switch value.kind {
        case .array(let elements):
            if indent > 0, isFlat(value) {
                writeFlat(value, into: &out)
                return
            }
            out += "[\n"
            for (i, element) in elements.enumerated() {
                out += innerPad
                write(element, indent: indent + 1, into: &out)
                out += i == elements.count - 1 ? "\n" : ",\n"
            }
            out += pad + "]"
        case .object(let members):
            if indent > 0, isFlat(value) {
                writeFlat(value, into: &out)
                return
            }
            out += "{\n"
            for (i, member) in members.enumerated() {
                out += innerPad
                appendQuoted(member.key, to: &out)
                out += ": "
                write(member.value, indent: indent + 1, into: &out)
                out += i == members.count - 1 ? "\n" : ",\n"
            }
            out += pad + "}"
        default:
            appendScalar(value, to: &out)
        }
    }

    /// Whether a container holds only scalars (or empty containers): then it takes one line.
    private static func isFlat(_ value: JSONValue) -> Bool {
        switch value.kind {
        case .array(let elements): return elements.allSatisfy(isScalar)
        case .object(let members): return members.allSatisfy { isScalar($0.value) }
        default: return true
        }
    }

    private static func isScalar(_ value: JSONValue) -> Bool {
        switch value.kind {
        case .array(let a): return a.isEmpty
        case .object(let m): return m.isEmpty
        default: return true
        }
    }

    /// The one-line form of a flat container (`isFlat`).
    private static func writeFlat(_ value: JSONValue, into out: inout String) {
        switch value.kind {
        case .array(let elements):
            out += "["
            for (i, element) in elements.enumerated() {
                if i > 0 { out += ", " }
                appendScalar(element, to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, member) in members.enumerated() {
                if i > 0 { out += ", " }
                appendQuoted(member.key, to: &out)
                out += ": "
                appendScalar(member.value, to: &out)
            }
            out += "}"
        default:
            appendScalar(value, to: &out)
        }
    }

    /// Appends a scalar's text (a string quoted in place); nothing for a non-empty container.
    private static func appendScalar(_ value: JSONValue, to out: inout String) {
        if case .string(let s) = value.kind {
            appendQuoted(s, to: &out)
        } else if let text = scalar(value) {
            out += text
        }
    }

    /// Appends `s` quoted (`quoted`), without a temporary when nothing needs escaping.
    private static func appendQuoted(_ s: String, to out: inout String) {
        if s.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) {
            out += quoted(s)
            return
        }
        out += "\""
        out += s
        out += "\""
    }

    /// The text of a scalar or an empty container; nil for a non-empty container.
    private static func scalar(_ value: JSONValue) -> String? {
        switch value.kind {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(_, let text): return text
        case .string(let s): return quoted(s)
        case .array(let a): return a.isEmpty ? "[]" : nil
        case .object(let m): return m.isEmpty ? "{}" : nil
        }
    }

    /// A number as JSON text: integers without a fraction (`2`, not `2.0`), others in the shortest
    /// form that reads back as the same `Double` (`0.25`, `1e-05`).
    static func number(_ d: Double) -> String {
        if d == d.rounded(), abs(d) < 9_007_199_254_740_992 { return String(Int64(d)) }
        return "\(d)"
    }

    /// `s` in double quotes, with `"`, `\` and control characters escaped.
    static func quoted(_ s: String) -> String {
        // Most strings need no escape: quote them as they are.
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) { return "\"" + s + "\"" }
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "\u{00}"..."\u{1F}": out += "\\u" + hex(Int(scalar.value), 4)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Upper-case hexadecimal, zero-padded to `width`.
    static func hex(_ value: Int, _ width: Int) -> String {
        let s = String(value, radix: 16, uppercase: true)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }
}
