import Foundation

/// One unfolded iCalendar content line (UTF-8 bytes, line ending removed) and the physical line
/// it started on.
struct ContentLine {
    /// 1-based physical line number of the first physical line.
    var line: Int
    var bytes: [UInt8]

    /// The property or BEGIN/END name: the text before the first ';' or ':' (upper-cased).
    var name: String {
        let end = bytes.firstIndex { $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: ":") } ?? bytes.endIndex
        return ContentLine.upper(bytes[..<end])
    }

    /// The component name of a BEGIN/END line: the value after the first ':' outside quotes,
    /// without surrounding white space, upper-cased.
    var componentName: String {
        var inQuotes = false
        for i in bytes.indices {
            let c = bytes[i]
            if c == UInt8(ascii: "\"") { inQuotes.toggle() }
            if c == UInt8(ascii: ":") && !inQuotes {
                var value = bytes[(i + 1)...]
                while let f = value.first, f == 32 || f == 9 { value = value.dropFirst() }
                while let l = value.last, l == 32 || l == 9 { value = value.dropLast() }
                guard value.contains(where: { $0 >= 0x80 }) else { return ContentLine.upper(value) }
                return String(decoding: value, as: UTF8.self).trimmingCharacters(in: .whitespaces).uppercased()
            }
        }
        return ""
    }

    /// `text` upper-cased: ASCII letters directly, anything else through `String.uppercased`.
    static func upper(_ text: some Collection<UInt8>) -> String {
        guard !text.contains(where: { $0 >= 0x80 }) else { return String(decoding: text, as: UTF8.self).uppercased() }
        return String(unsafeUninitializedCapacity: text.count) { out in
            for (k, c) in text.enumerated() { out[k] = c >= 0x61 && c <= 0x7A ? c - 32 : c }
            return text.count
        }
    }

    /// Whether the line has a ':' at all (every content line needs one).
    var hasColon: Bool { bytes.contains(UInt8(ascii: ":")) }

    /// The text, for error messages.
    var text: String { String(decoding: bytes, as: UTF8.self) }
}
