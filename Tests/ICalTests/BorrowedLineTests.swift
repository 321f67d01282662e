import Testing

@testable import ICal

/// The reading path's fast ways (decision 0183) against what they stand for: content lines
/// borrowed from the input or unfolded into reused buffers, names told by `NameKey`, the UTF-8
/// check eight bytes at a time, recorded lines kept in reused buffers.
@Suite struct BorrowedLineTests {
    /// The content lines `ContentLineReader` emits for `text`, as (line, text), and its warnings.
    private func lines(_ text: String, strict: Bool = false) throws -> ([(Int, String)], [ICalWarning]) {
        var reader = ContentLineReader(strict: strict, limits: .standard)
        var out: [(Int, String)] = []
        try Array(text.utf8).withUnsafeBufferPointer { (b) throws(ICalError) in
            try reader.read(b) { out.append(($0.line, $0.text)) }
        }
        return (out, reader.warnings)
    }

    @Test func unfoldedLinesAreTheInputsLines() throws {
        let (got, warnings) = try lines("\u{FEFF}BEGIN:VCALENDAR\r\nUID:a\n\nSUMMARY:b\rEND:VCALENDAR")
        #expect(got.map(\.0) == [1, 2, 4, 5])
        #expect(got.map(\.1) == ["BEGIN:VCALENDAR", "UID:a", "SUMMARY:b", "END:VCALENDAR"])
        #expect(warnings.isEmpty)
    }

    /// Folded lines, lost folds joined to a line as written and to a folded one, and a lost fold
    /// that is itself folded: each way the held lines take (range or buffer) once.
    static let folded = [
        "BEGIN:VEVENT", "SUMMARY:a", " b", "\tc", "X-A:1", "lost words", "DESCRIPTION:x", " y", "more words",
        "X-B:2", "plain words", " and fold", "END:VEVENT",
    ].joined(separator: "\r\n")

    @Test func foldsAndLostFoldsAreJoined() throws {
        let (got, warnings) = try lines(Self.folded)
        #expect(got.map(\.0) == [1, 2, 5, 7, 10, 13])
        #expect(
            got.map(\.1) == [
                "BEGIN:VEVENT", "SUMMARY:abc", "X-A:1lost words", "DESCRIPTION:xymore words",
                "X-B:2plain wordsand fold", "END:VEVENT",
            ])
        #expect(
            warnings == [
                .brokenFolding(line: 6, continuing: 5), .brokenFolding(line: 9, continuing: 7),
                .brokenFolding(line: 11, continuing: 10),
            ])
    }

    @Test func strictReadingKeepsLostFoldsApart() throws {
        let (got, warnings) = try lines(Self.folded, strict: true)
        #expect(got.map(\.0) == [1, 2, 5, 6, 7, 9, 10, 11, 13])
        #expect(got[3].1 == "lost words" && got[5].1 == "more words" && got[7].1 == "plain wordsand fold")
        #expect(warnings.isEmpty)
    }

    @Test func tooLongLinesAreTheSameError() {
        for (text, line) in [("X:123456789", 1), ("A:1\r\nX:1234\r\n 5678", 2), ("A:1\r\nX:123\r\nwords", 2)] {
            var reader = ContentLineReader(strict: false, limits: ICalLimits(maxContentLineBytes: 8))
            #expect(throws: ICalError.lineTooLong(line: line, limit: 8)) {
                try Array(text.utf8).withUnsafeBufferPointer { (b) throws(ICalError) in try reader.read(b) { _ in } }
            }
        }
    }

    @Test func eightBytesAtOnceAreASCIIWithoutNUL() {
        for k in 0..<8 {
            for c: UInt8 in [0, 1, 0x41, 0x7F, 0x80, 0xC3, 0xFF] {
                var bytes = [UInt8](repeating: 0x41, count: 8)
                bytes[k] = c
                let word = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * $1.offset) }
                #expect(UTF8Check.isPlainASCII(word) == (c != 0 && c < 0x80), "byte \(k): \(c)")
            }
        }
    }

    /// A bad byte, a NUL, a cut sequence and a good one at every offset of a run of 24, so on
    /// both sides of every eight-byte step.
    @Test func firstInvalidIsTheFirstBadByteAnywhere() {
        func first(_ bytes: [UInt8], from: Int = 0) -> Int? {
            bytes.withUnsafeBufferPointer { UTF8Check.firstInvalid($0, from: from, to: $0.count) }
        }
        for k in 0..<24 {
            var bytes = [UInt8](repeating: 0x41, count: 24)
            bytes[k] = 0
            #expect(first(bytes) == k)
            #expect(first(bytes, from: k + 1) == nil)
            bytes[k] = 0xFF
            #expect(first(bytes) == k)
            bytes[k] = 0xC3
            #expect(first(bytes) == k)
            if k < 23 {
                bytes[k + 1] = 0xA9
                #expect(first(bytes) == nil, "é at \(k)")
                bytes.append(0x80)
                #expect(first(bytes) == 24)
            }
        }
        #expect(first(Array("abcdefgh\u{1F48A}abcdefgh".utf8)) == nil)
    }

    static let candidates = ["BEGIN", "END", "UID", "DTSTART", "RECURRENCE-ID", "X-ABCDEFGHIJKLMN"]
    static let written = [
        "begin", "Begin", "BEGIN", "BEGI", "BEGINS", "end", "ÉND", "uid", "u\u{131}d", "dtst\u{E4}rt", "DtStart",
        "recurrence-id", "x-abcdefghijklmn", "x-abcdefghijklmno", "X-ABCDEFGHIJKLMM", "",
    ]

    /// A key equals a known name's key exactly when `ContentLine.name` gives that name.
    @Test(arguments: written)
    func keysAgreeWithNames(_ raw: String) {
        let key = NameKey(name: Array(raw.utf8))
        for name in Self.candidates {
            #expect((key == NameKey(name)) == (ContentLine.upper(Array(raw.utf8)) == name), "\(raw) against \(name)")
        }
        let upper = ContentLine.upper(Array(raw.utf8)).utf8
        #expect(key.isPlain == (upper.count <= 16 && upper.allSatisfy { $0 < 0x80 }))
    }

    /// The key read from a whole line (eight bytes at a time) is the key of its name read byte by
    /// byte, for names of every length around the words' edges, in any case, with bytes past ASCII,
    /// ended by ':', ';' or the line's end.
    @Test func lineKeysAreNameKeys() {
        let alphabet = Array("aZq-09xX:;\u{E9}\u{131}=\" ".utf8)
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        var plain = 0
        for k in 0..<20_000 {
            var line: [UInt8] = []
            for _ in 0..<(k % 23) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                line.append(alphabet[Int(state >> 33) % alphabet.count])
            }
            let end = line.firstIndex { $0 == 0x3A || $0 == 0x3B } ?? line.count
            line.withUnsafeBufferPointer { b in
                let key = NameKey(line: b)
                #expect(key == NameKey(name: b[..<end]), "\(String(decoding: line, as: UTF8.self))")
                #expect(key.isPlain == NameKey(name: b[..<end]).isPlain)
                if key.isPlain { plain += 1 }
            }
        }
        #expect(plain > 5_000)
    }

    @Test func knownNamesAreTheKinds() {
        #expect(PropertyReader.known.count == PropertyReader.kinds.count)
        for (name, kind) in PropertyReader.kinds {
            let found = PropertyReader.known(NameKey(name: Array(name.lowercased().utf8)))
            #expect(found?.name == name && found?.kind == kind, "\(name)")
            #expect(found?.isStamp == PropertyReader.stamps.contains(name))
        }
        #expect(PropertyReader.known(NameKey(name: Array("u\u{131}d".utf8)))?.name == "UID")
        #expect(PropertyReader.known(NameKey(name: Array("X-UID".utf8))) == nil)
        #expect(PropertyReader.known(NameKey(name: Array("dtst\u{E4}rt".utf8))) == nil)
    }

    @Test func passOverKeysFollowTheProperties() {
        var rule = EventPassOver(properties: ["RRULE", "RELATED-TO"], uidMarks: [])
        #expect(rule.keeps(NameKey(name: Array("rrule".utf8)), text: { "RRULE" }))
        #expect(!rule.keeps(NameKey(name: Array("RRULES".utf8)), text: { "RRULES" }))
        rule.properties = ["X-\u{C4}B", "X-NEW"]
        #expect(rule.keeps(NameKey(name: Array("x-\u{E4}b".utf8)), text: { "X-\u{C4}B" }))
        #expect(rule.keeps(NameKey("X-NEW"), text: { "X-NEW" }))
        #expect(!rule.keeps(NameKey("RRULE"), text: { "RRULE" }))
    }

    @Test func uidMarksAreFoundInPlace() {
        let rule = EventPassOver(properties: [], uidMarks: ["_R", "dose", ""])
        #expect(rule.isMarked("abc_r20260101@google.com"))
        #expect(rule.isMarked("DOSE-1"))
        #expect(rule.isMarked("x-dOsE"))
        #expect(!rule.isMarked("dos"))
        #expect(!rule.isMarked("_"))
        #expect(!rule.isMarked("ünïcödé"))
    }

    @Test func recordedLinesComeBackAsWritten() {
        var recorded = RecordedLines()
        for round in 0..<2 {
            recorded.removeAll()
            for (number, text) in [(3, "BEGIN:VEVENT"), (4, "UID:\(round)"), (7, "END:VEVENT")] {
                Array(text.utf8).withUnsafeBufferPointer { recorded.append(ContentLine(line: number, bytes: $0)) }
            }
            var back: [(Int, String)] = []
            recorded.withEach { back.append(($0.line, $0.text)) }
            #expect(back.map(\.0) == [3, 4, 7])
            #expect(back.map(\.1) == ["BEGIN:VEVENT", "UID:\(round)", "END:VEVENT"])
        }
    }
}
