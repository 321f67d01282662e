import Foundation

/// A JSON text parsed into one flat list of its values in document order, without a tree.
///
/// The schedule decoder reads a file through it (`JSONNode`): no `String` is made for a key
/// (keys are compared as bytes), nor for a value the decoder does not ask for, and an object is
/// its run of entries, not an array of members. `JSONValue.parse` builds its tree from it.
/// An object's entries after its own are, for each member, the key (a string) and then the value
/// with everything nested in it.
final class JSONTape: Sendable {
    /// One value, or one object key.
    struct Entry: Sendable {
        enum Kind: UInt8, Sendable {
            case null, bool, number, string, array, object
        }

        var kind: Kind
        /// A string: all ASCII with no escape (its bytes compare as its text does). A number: an
        /// integer of at most 15 digits (no fraction or exponent). A bool: its value.
        var simple = false
        /// A string whose text is `decoded[start]` (it had escapes), not `bytes[start..<end]`.
        var escaped = false
        var line: Int
        var column: Int
        /// A string's bytes between the quotes, or a number's text.
        var start = 0
        var end = 0
        /// The index of the entry after this value and everything nested in it.
        var after = 0
        /// An array's elements or an object's members.
        var count = 0
        /// A key of all ASCII: its first 8 bytes packed (`JSONKeys.word`).
        var word: UInt64 = 0
    }

    let bytes: [UInt8]
    let entries: [Entry]
    /// The texts of the strings that had escapes.
    let decoded: [String]

    init(bytes: [UInt8], entries: [Entry], decoded: [String]) {
        self.bytes = bytes
        self.entries = entries
        self.decoded = decoded
    }

    /// The document's value.
    var root: JSONNode { JSONNode(tape: self, index: 0) }

    /// The text of the string (or the source text of the number) at `index`.
    func text(at index: Int) -> String {
        Self.text(of: entries[index], bytes: bytes, decoded: decoded)
    }

    static func text(of entry: Entry, bytes: [UInt8], decoded: [String]) -> String {
        entry.escaped ? decoded[entry.start] : String(decoding: bytes[entry.start..<entry.end], as: UTF8.self)
    }

    /// Whether the string at `index` is `name` (compared as `String`s compare).
    func string(at index: Int, is name: String) -> Bool {
        let entry = entries[index]
        guard entry.simple else { return text(at: index) == name }
        let same = name.utf8.withContiguousStorageIfAvailable { u -> Bool? in
            if u.count == entry.end - entry.start,
                bytes.withUnsafeBufferPointer({ memcmp($0.baseAddress! + entry.start, u.baseAddress!, u.count) == 0 })
            {
                return true
            }
            // Different bytes: an ASCII key differs from a different ASCII name, but may equal a
            // name that is not ASCII (U+212A KELVIN SIGN is "K").
            return u.allSatisfy { $0 < 0x80 } ? false : nil
        }
        return (same ?? nil) ?? (text(at: index) == name)
    }

    /// The value of `key` in the object at `object` (even `null`), or nil.
    func member(_ key: String, of object: Int) -> Int? {
        var i = object + 1
        let end = entries[object].after
        while i < end {
            if string(at: i, is: key) { return i + 1 }
            i = entries[i + 1].after
        }
        return nil
    }

    /// The number at `index` as `Int(text)` reads its text: nil for a fraction, an exponent or a
    /// value out of range.
    func integer(at index: Int) -> Int? {
        let entry = entries[index]
        guard entry.simple else { return Int(text(at: index)) }
        return Self.digitsValue(bytes, entry.start, entry.end)
    }

    /// The number at `index` as `Double(text)` reads its text.
    func double(at index: Int) -> Double? {
        let entry = entries[index]
        guard entry.simple, let n = Self.digitsValue(bytes, entry.start, entry.end) else { return Double(text(at: index)) }
        // At most 15 digits: exact as a Double; "-0" is minus zero, as Double("-0") reads it.
        return bytes[entry.start] == UInt8(ascii: "-") ? -Double(-n) : Double(n)
    }

    /// The value of `-?[0-9]+` in `bytes[start..<end]` (at most 15 digits, so it cannot overflow).
    static func digitsValue(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Int? {
        var i = start
        let negative = i < end && bytes[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        guard i < end, end - i <= 15 else { return nil }
        var value = 0
        while i < end {
            let digit = Int(bytes[i]) - 0x30
            guard digit >= 0, digit <= 9 else { return nil }
            value = value * 10 + digit
            i += 1
        }
        return negative ? -value : value
    }
}
