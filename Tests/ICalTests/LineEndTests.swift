import Testing

@testable import ICal

/// `ContentLineReader.lineEnd` (eight bytes at a time) finds the first CR or LF a byte-by-byte
/// scan finds, wherever it is in the word and whatever bytes (a borrow's false flags) follow it.
@Suite struct LineEndTests {
    @Test func findsTheFirstLineBreakAsAByteScanDoes() {
        var random = SplitMix(seed: 7)
        let alphabet: [UInt8] = [10, 13, 0, 1, 9, 11, 12, 14, 0x20, 0x41, 0x80, 0xFF]
        for _ in 0..<20_000 {
            let count = random.below(40)
            let bytes = (0..<count).map { _ in random.below(4) == 0 ? alphabet[random.below(alphabet.count)] : 0x61 }
            bytes.withUnsafeBufferPointer { b in
                for start in 0...count {
                    let scanned = b[start...].firstIndex { $0 == 10 || $0 == 13 } ?? count
                    #expect(ContentLineReader.lineEnd(b, from: start) == scanned, "\(bytes) from \(start)")
                }
            }
        }
    }
}

/// `PropertyReader.isPlainText` (eight bytes at a time where none needs a look) says what a byte
/// by byte reading says, for texts of every byte that matters at every place in a word.
@Suite struct PlainTextWordTests {
    /// The byte-by-byte rule: no space at either end, no control character, DEL, `;`, `,` or `"`,
    /// and a backslash only before a kept escape (when escapes are read).
    static func byBytes(_ v: [UInt8], escapes: Bool) -> Bool {
        guard let first = v.first, let last = v.last, first != 0x20, last != 0x20 else { return false }
        var i = 0
        while i < v.count {
            let c = v[i]
            if c == 0x5C {
                guard escapes, i + 1 < v.count, [0x2C, 0x3B, 0x5C, 0x6E].contains(v[i + 1]) else { return false }
                i += 2
                continue
            }
            guard c >= 0x20, c != 0x7F, c != 0x3B, c != 0x2C, c != 0x22 else { return false }
            i += 1
        }
        return true
    }

    @Test func wordsReadAsBytesDo() {
        var random = SplitMix(seed: 11)
        let special: [UInt8] = [0x00, 0x09, 0x0A, 0x1F, 0x20, 0x21, 0x22, 0x2C, 0x3B, 0x5C, 0x6E, 0x7E, 0x7F, 0x80, 0xC3, 0xFF]
        var plain = 0
        for _ in 0..<50_000 {
            let count = random.below(30)
            let v = (0..<count).map { _ in random.below(6) == 0 ? special[random.below(special.count)] : 0x61 }
            for escapes in [false, true] {
                let read = v.withUnsafeBufferPointer { PropertyReader.isPlainText($0, escapes: escapes) }
                #expect(read == Self.byBytes(v, escapes: escapes), "\(v) escapes \(escapes)")
                if read && count > 8 { plain += 1 }
            }
        }
        #expect(plain > 1_000)
    }
}

/// `ContentLineRecovery.isContentLineShaped` (a table of name bytes) says what the rule says for
/// every byte before a `:` or `;`.
@Suite struct LineShapeTests {
    @Test func everyByteIsToldAsTheRuleTellsIt() {
        let isName = { (b: UInt8) in (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x2D
        }
        for c in 0...255 {
            let b = UInt8(c)
            for line in [[b, 0x3A, 0x78], [0x41, b, 0x3B, 0x78, 0x3A], [b, 0x3B, 0x78]] {
                // A name of name bytes up to the first `:` or `;`, and a `:` from there on.
                let stop = line.firstIndex { $0 == 0x3A || $0 == 0x3B } ?? line.count
                let expected = stop > 0 && line[..<stop].allSatisfy(isName) && line[stop...].contains(0x3A)
                let shaped = line.withUnsafeBufferPointer { ContentLineRecovery.isContentLineShaped($0) }
                #expect(shaped == expected, "\(line)")
            }
        }
    }
}
