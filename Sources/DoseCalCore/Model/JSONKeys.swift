/// The keys an object of a schedule file may hold, in the documented order, ready to be compared
/// with a file's keys as bytes: each name's first 8 bytes packed into a word, as the parser packs
/// every key it reads (`JSONTape.Entry.word`), so that most comparisons are one of integers.
final class JSONKeys: ExpressibleByArrayLiteral, Sendable {
    let names: [String]
    private let bytes: [[UInt8]]
    private let words: [UInt64]

    /// `names` must be ASCII (a key that is not is compared as text, and never equals one).
    init(_ names: [String]) {
        precondition(names.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }, "key names are ASCII")
        self.names = names
        bytes = names.map { Array($0.utf8) }
        words = bytes.map { Self.word($0[...]) }
    }

    convenience init(arrayLiteral names: String...) { self.init(names) }

    /// The first 8 bytes of `bytes` packed into a word, the first in the lowest byte.
    static func word(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var word: UInt64 = 0
        var i = bytes.startIndex
        let end = min(bytes.endIndex, i + 8)
        while i < end {
            word |= UInt64(bytes[i]) << UInt64(8 * (i - bytes.startIndex))
            i += 1
        }
        return word
    }

    /// The position of `name` among the names.
    func index(of name: String) -> Int? {
        let length = name.utf8.count
        for i in names.indices where bytes[i].count == length && names[i] == name { return i }
        return nil
    }

    /// The position among the names of the key at entry `k` of `tape` (compared as `String`s compare).
    func index(ofKey k: Int, in tape: JSONTape) -> Int? {
        let entry = tape.entries[k]
        guard entry.simple else {
            let text = tape.text(at: k)
            return names.firstIndex(of: text)
        }
        for i in words.indices where matches(entry, i, tape) { return i }
        return nil
    }

    /// Whether the key `entry` (all ASCII, no escape) is the name at `i`: its bytes are the name's.
    func matches(_ entry: JSONTape.Entry, _ i: Int, _ tape: JSONTape) -> Bool {
        guard entry.word == words[i], entry.end - entry.start == bytes[i].count else { return false }
        return bytes[i].count <= 8 || tape.bytes[(entry.start + 8)..<entry.end].elementsEqual(bytes[i][8...])
    }
}
