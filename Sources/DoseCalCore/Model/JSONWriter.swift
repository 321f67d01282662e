/// Writes `JSONValue` trees as deterministic, human-friendly JSON text.
///
/// Two-space indentation; members in the tree's order. Below the top level, an array or object
/// whose elements are all scalars (or empty containers) is written on one line, whatever its
/// length, so similar entries look alike: `"weekdays": ["MO", "TH"]`,
/// `{"id": "morning", "time": "08:00"}`; any other container gets one line per element.
///
/// The text is written as UTF-8 bytes into one buffer (`bytes`), no text made per token; a
/// caller makes the one `String` (`document`) or `Data` of it at the end.
enum JSONWriter {
    /// The whole document, ending with a newline.
    static func document(_ value: JSONValue) -> String { String(decoding: bytes(value), as: UTF8.self) }

    /// The whole document's UTF-8 bytes, as `document` writes it.
    static func bytes(_ value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        write(value, indent: 0, into: &out)
        out.append(newline)
        return out
    }

    private static let newline = UInt8(ascii: "\n")
    private static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")
    /// Spaces for indentation, appended in slices (deeper levels take several).
    private static let spaces = [UInt8](repeating: 0x20, count: 128)

    private static func pad(_ indent: Int, into out: inout [UInt8]) {
        var n = 2 * indent
        while n > 0 {
            let k = min(n, spaces.count)
            out.append(contentsOf: spaces[0..<k])
            n -= k
        }
    }

    private static func write(_ value: JSONValue, indent: Int, into out: inout [UInt8]) {
        switch value.kind {
        case .array(let elements):
            if indent > 0, isFlat(value) {
                writeFlat(value, into: &out)
                return
            }
            out.append(UInt8(ascii: "["))
            out.append(newline)
            for (i, element) in elements.enumerated() {
                pad(indent + 1, into: &out)
                write(element, indent: indent + 1, into: &out)
                if i != elements.count - 1 { out.append(UInt8(ascii: ",")) }
                out.append(newline)
            }
            pad(indent, into: &out)
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            if indent > 0, isFlat(value) {
                writeFlat(value, into: &out)
                return
            }
            out.append(UInt8(ascii: "{"))
            out.append(newline)
            for (i, member) in members.enumerated() {
                pad(indent + 1, into: &out)
                appendQuoted(member.key, to: &out)
                out.append(UInt8(ascii: ":"))
                out.append(0x20)
                write(member.value, indent: indent + 1, into: &out)
                if i != members.count - 1 { out.append(UInt8(ascii: ",")) }
                out.append(newline)
            }
            pad(indent, into: &out)
            out.append(UInt8(ascii: "}"))
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
    private static func writeFlat(_ value: JSONValue, into out: inout [UInt8]) {
        switch value.kind {
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (i, element) in elements.enumerated() {
                if i > 0 { separate(&out) }
                appendScalar(element, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (i, member) in members.enumerated() {
                if i > 0 { separate(&out) }
                appendQuoted(member.key, to: &out)
                out.append(UInt8(ascii: ":"))
                out.append(0x20)
                appendScalar(member.value, to: &out)
            }
            out.append(UInt8(ascii: "}"))
        default:
            appendScalar(value, to: &out)
        }
    }

    /// `, ` between the elements of a one-line container.
    @inline(__always) private static func separate(_ out: inout [UInt8]) {
        out.append(UInt8(ascii: ","))
        out.append(0x20)
    }

    /// Appends a scalar's text or an empty container's (`[]`, `{}`); nothing for a non-empty
    /// container.
    private static func appendScalar(_ value: JSONValue, to out: inout [UInt8]) {
        switch value.kind {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: b ? "true".utf8 : "false".utf8)
        case .number(_, let text): appendUTF8(text, to: &out)
        case .string(let s): appendQuoted(s, to: &out)
        case .array(let a):
            if a.isEmpty { out.append(contentsOf: "[]".utf8) }
        case .object(let m):
            if m.isEmpty { out.append(contentsOf: "{}".utf8) }
        }
    }

    /// Appends `s`'s UTF-8 bytes in one copy when it is stored contiguously.
    @inline(__always) private static func appendUTF8(_ s: String, to out: inout [UInt8]) {
        let copied: Void? = s.utf8.withContiguousStorageIfAvailable { out.append(contentsOf: $0) }
        if copied == nil { out.append(contentsOf: s.utf8) }
    }

    /// Appends `s` in double quotes, with `"`, `\` and control characters escaped (`quoted`).
    static func appendQuoted(_ s: String, to out: inout [UInt8]) {
        out.append(quote)
        // Most strings need no escape: their bytes are copied as they are, in one scan and one copy.
        let plain = s.utf8.withContiguousStorageIfAvailable { bytes in
            guard !bytes.contains(where: needsEscape) else { return false }
            out.append(contentsOf: bytes)
            return true
        }
        if plain != true { appendEscaped(s, to: &out) }
        out.append(quote)
    }

    @inline(__always) private static func needsEscape(_ b: UInt8) -> Bool { b < 0x20 || b == quote || b == backslash }

    /// `s`'s bytes with escapes. Every byte that needs one is ASCII, and no byte of a longer UTF-8
    /// sequence is below 0x80, so escaping byte by byte is escaping character by character.
    private static func appendEscaped(_ s: String, to out: inout [UInt8]) {
        for b in s.utf8 {
            guard needsEscape(b) else {
                out.append(b)
                continue
            }
            out.append(backslash)
            switch b {
            case quote, backslash: out.append(b)
            case 0x0A: out.append(UInt8(ascii: "n"))
            case 0x0D: out.append(UInt8(ascii: "r"))
            case 0x09: out.append(UInt8(ascii: "t"))
            case 0x08: out.append(UInt8(ascii: "b"))
            case 0x0C: out.append(UInt8(ascii: "f"))
            default:
                out.append(contentsOf: "u00".utf8)
                out.append(hexDigit(b >> 4))
                out.append(hexDigit(b & 0x0F))
            }
        }
    }

    @inline(__always) private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10
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
        if !s.utf8.contains(where: needsEscape) { return "\"" + s + "\"" }
        var out: [UInt8] = []
        appendQuoted(s, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Upper-case hexadecimal, zero-padded to `width`.
    static func hex(_ value: Int, _ width: Int) -> String {
        let s = String(value, radix: 16, uppercase: true)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }
}
