import Foundation

/// One unfolded iCalendar content line (UTF-8 bytes, line ending removed) and the physical line
/// it started on.
///
/// The bytes are borrowed, not owned: a line that was not folded is the range of the input it
/// was read from, a folded one lies in the reader's buffer. They are valid only while the call
/// that was handed the line runs; whoever keeps a line copies its bytes (`OpenUnit.record`).
struct ContentLine {
    /// 1-based physical line number of the first physical line.
    var line: Int
    var bytes: UnsafeBufferPointer<UInt8>
    /// Where the line is in the input the reader read: from the start of its first physical line's
    /// text to the end of its last one's (folds included); 0..<0 for a line from elsewhere.
    var span: Range<Int> = 0..<0
    /// The name as `name` gives it, without making a String for one of plain ASCII; found once,
    /// when the line is made (the assembler, the property reader and the index all ask for it).
    let nameKey: NameKey

    init(line: Int, bytes: UnsafeBufferPointer<UInt8>, span: Range<Int> = 0..<0) {
        self.line = line
        self.bytes = bytes
        self.span = span
        nameKey = NameKey(line: bytes)
    }

    /// The end of the name: the index of the first ';' or ':', else the end of the line.
    var nameEnd: Int {
        var i = 0
        while i < bytes.count, bytes[i] != UInt8(ascii: ";"), bytes[i] != UInt8(ascii: ":") { i += 1 }
        return i
    }

    /// The property or BEGIN/END name: the text before the first ';' or ':' (upper-cased).
    var name: String { ContentLine.upper(bytes[..<nameEnd]) }

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
    var hasColon: Bool {
        guard let base = bytes.baseAddress else { return false }
        return memchr(base, Int32(UInt8(ascii: ":")), bytes.count) != nil
    }

    /// The text, for error messages.
    var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// An upper-case name of up to 16 ASCII bytes packed in two words, so that the reader can tell
/// BEGIN, END and the property names it knows from a line's name without making, hashing and
/// comparing a String for each line.
///
/// A key equals another exactly when their names are the same bytes. A name with a byte past
/// ASCII is upper-cased as `ContentLine.name` does it (through `String.uppercased`) before it is
/// packed. A name that is still not ASCII, or is longer than 16 bytes, is not `isPlain`: it
/// equals no plain key, and two such keys may be equal for different names, so a line's key is
/// only ever compared with plain ones (the names the reader knows); `String` comparison stays
/// the rule for the others.
struct NameKey: Equatable {
    /// The first 16 bytes, 8 to a word (zero past the end).
    private var words: (UInt64, UInt64) = (0, 0)
    /// The name's length in bytes.
    let count: Int
    /// Whether the name is ASCII and at most 16 bytes: then the key stands for the whole name.
    let isPlain: Bool

    /// The key of the name a content line begins with (up to its first ';' or ':'), as
    /// `init(name:)` gives it: a name of at most 16 ASCII bytes found, masked and upper-cased
    /// eight bytes at a time.
    init(line b: UnsafeBufferPointer<UInt8>) {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        var words: (UInt64, UInt64) = (0, 0)
        var offset = 0
        for k in 0..<2 {
            let available = b.count - offset
            guard available > 0, let base = b.baseAddress else { break }
            var w: UInt64 = 0
            if available >= 8 {
                w = UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
            } else {
                withUnsafeMutableBytes(of: &w) {
                    $0.copyMemory(from: UnsafeRawBufferPointer(start: base + offset, count: available))
                }
            }
            // The first ':' or ';' (a zero byte after the xor; the lowest one is found exactly).
            let colon = w ^ (ones &* 0x3A)
            let semicolon = w ^ (ones &* 0x3B)
            let stops = ((colon &- ones) & ~colon | (semicolon &- ones) & ~semicolon) & high
            let end = min(stops == 0 ? 8 : stops.trailingZeroBitCount / 8, available)
            if end < 8 { w &= (1 << (8 * UInt64(end))) &- 1 }
            guard w & high == 0 else {
                self.init(name: b[..<(offset + b[offset...].prefix { $0 != 0x3A && $0 != 0x3B }.count)])
                return
            }
            // ASCII a-z less 0x20: the high bit of b + (0x80 - 0x61) says b >= 'a', of b + 5 b > 'z'.
            let lower = (w &+ ones &* 0x1F) & ~(w &+ ones &* 0x05) & high
            w &-= lower >> 2
            if k == 0 { words.0 = w } else { words.1 = w }
            offset += end
            if end < 8 {
                self.init(words: words, count: offset)
                return
            }
        }
        guard offset < 16 || offset == b.count || b[offset] == 0x3A || b[offset] == 0x3B else {
            // Longer than 16 bytes: not plain; its count and first 16 bytes as `init(name:)` gives them.
            self.init(name: b[..<(b.prefix { $0 != 0x3A && $0 != 0x3B }.count)])
            return
        }
        self.init(words: words, count: offset)
    }

    /// The key of a line's name as written (`init(name:)`), packed in one pass over the bytes
    /// when they are ASCII.
    init(name raw: Slice<UnsafeBufferPointer<UInt8>>) {
        var words: (UInt64, UInt64) = (0, 0)
        var k = 0
        for c in raw {
            guard c < 0x80 else {
                self.init(upper: Array(ContentLine.upper(raw).utf8))
                return
            }
            let u = UInt64(c >= 0x61 && c <= 0x7A ? c - 32 : c)
            if k < 8 { words.0 |= u << (8 * k) } else if k < 16 { words.1 |= u << (8 * (k - 8)) }
            k += 1
        }
        self.init(words: words, count: k)
    }

    private init(words: (UInt64, UInt64), count: Int) {
        (self.words, self.count, isPlain) = (words, count, count <= 16)
    }

    /// The key of a line's name as written: upper-cased as `ContentLine.upper` does.
    init(name raw: some Collection<UInt8>) {
        guard !raw.contains(where: { $0 >= 0x80 }) else {
            self.init(upper: Array(ContentLine.upper(raw).utf8))
            return
        }
        self.init(upper: raw.lazy.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 32 : $0 })
    }

    /// The key of a name already upper-cased, e.g. a literal such as `"DTSTART"`.
    init(_ upperName: String) { self.init(upper: Array(upperName.utf8)) }

    private init(upper: some Collection<UInt8>) {
        count = upper.count
        isPlain = count <= 16 && !upper.contains(where: { $0 >= 0x80 })
        for (k, c) in upper.prefix(16).enumerated() {
            if k < 8 { words.0 |= UInt64(c) << (8 * k) } else { words.1 |= UInt64(c) << (8 * (k - 8)) }
        }
    }

    static func == (a: NameKey, b: NameKey) -> Bool {
        a.count == b.count && a.words.0 == b.words.0 && a.words.1 == b.words.1 && a.isPlain == b.isPlain
    }

    static let begin = NameKey("BEGIN")
    static let end = NameKey("END")
    static let uid = NameKey("UID")
}
