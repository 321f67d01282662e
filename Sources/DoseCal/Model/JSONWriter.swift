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
            if indent > 0, let flat = flatForm(value) {
                out += flat
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
            if indent > 0, let flat = flatForm(value) {
                out += flat
                return
            }
            out += "{\n"
            for (i, member) in members.enumerated() {
                out += innerPad + quoted(member.key) + ": "
                write(member.value, indent: indent + 1, into: &out)
                out += i == members.count - 1 ? "\n" : ",\n"
            }
            out += pad + "}"
        default:
            out += scalar(value) ?? ""
        }
    }

    /// The one-line form of a container holding only scalars (or empty containers); nil otherwise.
    private static func flatForm(_ value: JSONValue) -> String? {
        switch value.kind {
        case .array(let elements):
            var parts: [String] = []
            for element in elements {
                guard let s = scalar(element) else { return nil }
                parts.append(s)
            }
            return "[" + parts.joined(separator: ", ") + "]"
        case .object(let members):
            var parts: [String] = []
            for member in members {
                guard let s = scalar(member.value) else { return nil }
                parts.append(quoted(member.key) + ": " + s)
            }
            return "{" + parts.joined(separator: ", ") + "}"
        default:
            return scalar(value)
        }
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
