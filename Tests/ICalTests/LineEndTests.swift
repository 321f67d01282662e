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
