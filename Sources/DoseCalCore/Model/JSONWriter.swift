/// Writes `JSONValue` trees as deterministic, human-friendly JSON text.
///
/// Two-space indentation; members in the tree's order. Below the top level, an array or object
/// whose elements are all scalars (or empty containers) is written on one line, whatever its
/// length, so similar entries look alike: `"weekdays": ["MO", "TH"]`,
/// `{"id": "morning", "time": "08:00"}`; any other container gets one line per element.
enum JSONWriter {
    /// The whole document, ending with a newline.
    static func document(_ value: JSONValue) -> String { String(decoding: bytes(value), as: UTF8.self) }

    /// The whole document's UTF-8 bytes, ending with a newline: written straight into one
    /// buffer, no text made per token.
    static func bytes(_ value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(4_096)
        write(value, indent: 0, into: &out)
        out.append(0x0A)
        return out
    }

    private static func write(_ value: JSONValue, indent: Int, into out: inout [UInt8]) {
        switch value.kind {
        case .array(let elements):
            if indent > 0, isFlat(value) { return writeFlat(value, into: &out) }
            out.append(0x5B)  // [
            out.append(0x0A)
            for (i, element) in elements.enumerated() {
                pad(indent + 1, &out)
                write(element, indent: indent + 1, into: &out)
                if i < elements.count - 1 { out.append(0x2C) }
                out.append(0x0A)
            }
            pad(indent, &out)
            out.append(0x5D)  // ]
        case .object(let members):
            if indent > 0, isFlat(value) { return writeFlat(value, into: &out) }
            out.append(0x7B)  // {
            out.append(0x0A)
            for (i, member) in members.enumerated() {
                pad(indent + 1, &out)
                appendQuoted(member.key, to: &out)
                out.append(0x3A)
                out.append(0x20)
                write(member.value, indent: indent + 1, into: &out)
                if i < members.count - 1 { out.append(0x2C) }
                out.append(0x0A)
            }
            pad(indent, &out)
            out.append(0x7D)  // }
        default:
            appendScalar(value, to: &out)
        }
    }

    /// Two spaces per level.
    private static func pad(_ indent: Int, _ out: inout [UInt8]) {
        for _ in 0..<(indent * 2) { out.append(0x20) }
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
    private static func writeFlat(_ value: JSONValue, into out: inout [UInt8]) {
        switch value.kind {
        case .array(let elements):
            out.append(0x5B)
            for (i, element) in elements.enumerated() {
                if i > 0 { out += [0x2C, 0x20] }
                appendScalar(element, to: &out)
            }
            out.append(0x5D)
        case .object(let members):
            out.append(0x7B)
            for (i, member) in members.enumerated() {
                if i > 0 { out += [0x2C, 0x20] }
                appendQuoted(member.key, to: &out)
                out += [0x3A, 0x20]
                appendScalar(member.value, to: &out)
            }
            out.append(0x7D)
        default:
            appendScalar(value, to: &out)
        }
    }

    /// Appends a scalar's text (a string quoted in place); nothing for a non-empty container.
    private static func appendScalar(_ value: JSONValue, to out: inout [UInt8]) {
        switch value.kind {
        case .null: out += "null".utf8
        case .bool(let b): out += (b ? "true" : "false").utf8
        case .number(_, let text): out += text.utf8
        case .string(let s): appendQuoted(s, to: &out)
        case .array(let a): if a.isEmpty { out += [0x5B, 0x5D] }
        case .object(let m): if m.isEmpty { out += [0x7B, 0x7D] }
        }
    }

    /// Appends `s` quoted (`quoted`), its bytes copied as they are when nothing needs escaping.
    static func appendQuoted(_ s: String, to out: inout [UInt8]) {
        if s.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) {
            out += quoted(s).utf8
            return
        }
        out.append(0x22)
        out += s.utf8
        out.append(0x22)
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
