import Testing

@testable import ICal

/// The reader hands over borrowed lines (a range of the input, or the unfolded buffer) and tells
/// names by `NameKey`: both must read as the owned lines and `String` names did.
@Suite struct BorrowedLinesTests {
    /// A line's key equals the key of its upper-cased name, and BEGIN, END and UID by key are
    /// exactly the names that upper-case to them.
    @Test func nameKeysAgreeWithNames() {
        let names = [
            "BEGIN", "begin", "BeGiN", "END", "end", "uid", "UID", "DTSTART", "dtstart", "X-LONGER-THAN-SIXTEEN",
            "ABCDEFGHIJKLMNOP", "ABCDEFGHIJKLMNOPQ", "\u{17F}ummary", "beg\u{131}n", "\u{E9}nd", "", "BEGIN2",
        ]
        for name in names {
            Array((name + ":x").utf8).withUnsafeBufferPointer { b in
                let line = ContentLine(line: 1, bytes: b)
                let upper = line.name
                #expect(upper == ContentLine.upper(Array(name.utf8)), "\(name)")
                #expect((line.nameKey == .begin) == (upper == "BEGIN"), "\(name)")
                #expect((line.nameKey == .end) == (upper == "END"), "\(name)")
                #expect((line.nameKey == .uid) == (upper == "UID"), "\(name)")
                #expect(line.nameKey.isPlain == (upper.utf8.count <= 16 && upper.utf8.allSatisfy { $0 < 0x80 }), "\(name)")
                if line.nameKey.isPlain { #expect(line.nameKey == NameKey(upper), "\(name)") }
            }
        }
        #expect(NameKey("ABCDEFGHIJKLMNOP") != NameKey("ABCDEFGHIJKLMNOQ"))
        #expect(NameKey("DTSTART") != NameKey("DTSTAR"))
    }

    /// Every name `PropertyReader` knows is found by its key, with its kind and stamp flag.
    @Test func knownNamesAreFoundByKey() {
        for (name, kind) in PropertyReader.kinds {
            let known = PropertyReader.known(NameKey(name))
            #expect(known?.name == name && known?.kind == kind)
            #expect(known?.isStamp == PropertyReader.stamps.contains(name))
        }
        #expect(PropertyReader.known(NameKey("X-UNKNOWN")) == nil)
    }

    /// Eight bytes at a time or one at a time, the first bad byte is the same.
    @Test func utf8CheckFindsTheFirstBadByteInARun() {
        for k in 0..<24 {
            for bad: UInt8 in [0x00, 0xFF, 0x80] {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 24)
                bytes[k] = bad
                #expect(bytes.withUnsafeBufferPointer { UTF8Check.firstInvalid($0, from: 0, to: 24) } == k)
            }
        }
        let text = Array("abcdefgh\u{E9}ijklmnop\u{1F600}qrstuvwx".utf8)
        #expect(text.withUnsafeBufferPointer { UTF8Check.firstInvalid($0, from: 0, to: text.count) } == nil)
        #expect(UTF8Check.isPlainASCII(0x6162_6364_6566_6768))
        #expect(!UTF8Check.isPlainASCII(0x6162_6300_6566_6768))
        #expect(!UTF8Check.isPlainASCII(0x6162_63C3_6566_6768))
    }

    /// A folded line (unfolded into the reader's buffer) and a lost fold joined to a line that
    /// was a range of the input, or to a folded one, read as the same line written whole.
    @Test func foldedAndJoinedLinesReadAsWhole() throws {
        let head = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a\r\n"
        let tail = "END:VEVENT\r\nEND:VCALENDAR\r\n"
        let whole = head + "DESCRIPTION:one two three\r\n" + tail
        let folded = head + "DESCRIPTION:one\r\n  two\r\n  three\r\n" + tail
        let lostAfterFold = head + "DESCRIPTION:one\r\n  two \r\nthree\r\n" + tail
        let lostOnRange = head + "DESCRIPTION:one two \r\nthree\r\n" + tail
        let expected = try #require(ICalParser.parse(whole).calendar?.components.first)
        let event = try #require(ICalParser.parse(folded).calendar?.components.first)
        #expect(event.property("DESCRIPTION")?.value == "one two three")
        #expect(event.property("DESCRIPTION") == expected.property("DESCRIPTION"))
        for (text, lostLine) in [(lostOnRange, 5), (lostAfterFold, 6)] {
            let parsed = try ICalParser.parse(text)
            #expect(parsed.calendar?.components.first?.property("DESCRIPTION") == expected.property("DESCRIPTION"))
            #expect(parsed.warnings == [.brokenFolding(line: lostLine, continuing: 4)])
        }
    }

    /// The marks are found in the UID's bytes without case, anywhere in it.
    @Test func uidMarksAreFoundWithoutCase() {
        let rule = EventPassOver(properties: ["RRULE"], uidMarks: ["_R", "dose"])
        #expect(rule.isMarked("DOSE-1@x") && rule.isMarked("abc_r2026") && rule.isMarked("xdose"))
        #expect(!rule.isMarked("do-se") && !rule.isMarked("") && !rule.isMarked("_"))
        #expect(rule.keeps(NameKey("RRULE"), text: { "RRULE" }) && !rule.keeps(NameKey("UID"), text: { "UID" }))
    }
}
