/// One line of the status file as bytes: where its TAB-separated fields start and end, and each
/// field read as the old String-per-field reading read it (`SyncStatus.unescape`), without
/// making a String of any piece that is not kept.
struct StatusLine {
    private let bytes: UnsafeBufferPointer<UInt8>
    /// The start of each of the first eight fields; a field ends one byte before the next starts.
    private var starts = SIMD8<Int>(repeating: 0)
    private let end: Int
    /// The number of fields (TABs + 1).
    private(set) var count = 1
    /// Whether the line holds a `%` (an escape): without one, no field needs unescaping.
    private var escaped = false

    init(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) {
        self.bytes = bytes
        self.end = end
        starts[0] = start
        var i = start
        while i < end {
            let b = bytes[i]
            if b <= 0x25 {
                if b == 0x09 {
                    if count < 8 { starts[count] = i + 1 }
                    count += 1
                } else if b == 0x25 {
                    escaped = true
                }
            }
            i += 1
        }
    }

    private func bounds(_ index: Int) -> Range<Int> {
        starts[index]..<(index + 1 < count ? starts[index + 1] - 1 : end)
    }

    /// Whether the whole line is `text`.
    func equals(_ text: String) -> Bool {
        bytes[starts[0]..<end].elementsEqual(text.utf8)
    }

    /// Whether field `index` is `text` (an ASCII word no escape can stand for).
    func field(_ index: Int, equals text: StaticString) -> Bool {
        let range = bounds(index)
        guard range.count == text.utf8CodeUnitCount else { return false }
        let expected = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
        return bytes[range].elementsEqual(expected)
    }

    /// Field `index`, unescaped.
    func text(_ index: Int) -> String {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[bounds(index)]), as: UTF8.self)
        return escaped ? SyncStatus.unescape(text) : text
    }

    /// Field `index` as a revision: `.some(nil)` for `-`, nil when malformed.
    func revision(_ index: Int) -> (SyncStatus.Revision?, Void)? {
        let range = bounds(index)
        if range.count == 1 && bytes[range.lowerBound] == UInt8(ascii: "-") { return (nil, ()) }
        // An escape inside (never written by dosecal): read as the text it stands for.
        if escaped && bytes[range].contains(0x25) { return SyncStatus.revision(text(index)) }
        // The four commas' places; a fifth is malformed.
        var commas = SIMD4<Int>(repeating: 0)
        var found = 0
        for i in range where bytes[i] == UInt8(ascii: ",") {
            if found == 4 { return nil }
            commas[found] = i
            found += 1
        }
        guard found == 4, let sequence = integer(commas[1] + 1..<commas[2]),
            let modified = integer(commas[2] + 1..<commas[3])
        else { return nil }
        let string = { (r: Range<Int>) in String(decoding: UnsafeBufferPointer(rebasing: self.bytes[r]), as: UTF8.self) }
        let feed = FeedRevision(sequence: sequence, lastModified: modified, contentHash: string(commas[3] + 1..<range.upperBound))
        let hash = string(range.lowerBound..<commas[0])
        return (SyncStatus.Revision(hash: hash, key: string(commas[0] + 1..<commas[1]), feed: feed), ())
    }

    /// `Int(text)` of the bytes in `range`: digits only added up here, any other form (a sign, too
    /// many digits) read by `Int.init`.
    private func integer(_ range: Range<Int>) -> Int? {
        guard !range.isEmpty, range.count <= 18 else {
            return Int(String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self))
        }
        var value = 0
        for i in range {
            let digit = Int(bytes[i]) - 0x30
            guard digit >= 0 && digit <= 9 else {
                return Int(String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self))
            }
            value = value * 10 + digit
        }
        return value
    }
}
