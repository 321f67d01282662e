import Testing

@testable import CalendarTime

/// The RRULE reader reads ASCII text byte by byte: on every text it gives what reading it
/// character by character gives (the reference readers below are the character readers it
/// replaced), over seeded random texts made of the characters rules hold and the ones that
/// trip readers up (blanks, CR LF, `+`, lower case, non-ASCII letters and combining marks).
@Suite struct RecurrenceRuleReadingTests {
    /// A seeded generator of texts drawn from `pieces`.
    struct Texts {
        var seed: UInt64
        mutating func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        mutating func text(_ pieces: [String], length: Int) -> String {
            (0..<next(length + 1)).map { _ in pieces[next(pieces.count)] }.joined()
        }
    }

    static let asciiPieces = [
        "FREQ", "=", ";", "DAILY", "weekly", "UNTIL", "20261231", "T", "080000", "Z", "z", "-", ":", "12:30", "BYDAY",
        "MO", "su", "+2", "-1", "0", ",", " ", "\t", "\r\n", "\r", "\n", "X-NAME", "INTERVAL", "2026-12-31", "1",
    ]
    static let otherPieces = asciiPieces + ["é", "ß", "\u{301}", "\u{600}", "Ｚ", "日"]

    @Test func namedPartsOfASCIITextAreTheCharacterReadersParts() {
        var texts = Texts(seed: 0x0A5C_2026)
        for _ in 0..<5000 {
            var text = texts.text(Self.asciiPieces, length: 12)
            let bytes = text.withUTF8 { RecurrenceRule.namedParts(ascii: $0) }
            let characters = RecurrenceRule.namedParts(characters: text)
            #expect(Self.same(bytes, characters), "\(text.debugDescription)")
        }
    }

    @Test func textThatIsNotASCIIIsReadCharacterByCharacter() {
        var text = "FREQ=DAILY;X-NAME=é"
        #expect(text.withUTF8 { RecurrenceRule.namedParts(ascii: $0) } == nil)
        #expect(RecurrenceRule(parsing: "freq=daily;x-a=straße")?.otherParts == [.init(name: "X-A", value: "STRASSE")])
    }

    @Test func untilIsReadAsTheCharacterReaderReadIt() {
        var texts = Texts(seed: 0x0171_2026)
        for _ in 0..<5000 {
            let text = texts.text(Self.otherPieces, length: 5)
            #expect(RecurrenceRule.Until(parsing: text) == Self.referenceUntil(text), "\(text.debugDescription)")
        }
        for text in ["20261231", "20261231T080000", "20261231T080000Z", "2026-12-31T080000Z", "20261231T12:30Z"] {
            #expect(RecurrenceRule.Until(parsing: text) != nil, "\(text)")
            #expect(RecurrenceRule.Until(parsing: text) == Self.referenceUntil(text), "\(text)")
        }
    }

    @Test func weekdaysAreReadAsTheCharacterReaderReadThem() {
        var texts = Texts(seed: 0x0BD4_2026)
        let pieces = Self.otherPieces + ["TU", "WE", "TH", "FR", "SA", "SU", "53", "+", "54"]
        for _ in 0..<5000 {
            let text = Substring(texts.text(pieces, length: 4))
            #expect(RecurrenceRule.WeekdayNumber(parsing: text) == Self.referenceWeekday(text), "\(text.debugDescription)")
        }
        #expect(RecurrenceRule.WeekdayNumber(parsing: "-1FR") == .init(.friday, ordinal: -1))
        #expect(RecurrenceRule.WeekdayNumber(parsing: "+53SU") == .init(.sunday, ordinal: 53))
        #expect(RecurrenceRule.WeekdayNumber(parsing: "\u{600}MO") == nil)
    }

    private static func same(
        _ a: Result<[(name: String, value: String)], RecurrenceRule.Problem>?,
        _ b: Result<[(name: String, value: String)], RecurrenceRule.Problem>
    ) -> Bool {
        switch (a, b) {
        case (.success(let x)?, .success(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.name == $1.name && $0.value == $1.value }
        case (.failure(let x)?, .failure(let y)): return x.reason == y.reason
        default: return false
        }
    }

    /// The character reader of UNTIL that the byte reader replaced.
    static func referenceUntil(_ text: String) -> RecurrenceRule.Until? {
        if text.count == 8, let d = LocalDate(parsing: text) { return .date(d) }
        guard text.count >= 15, let t = text.firstIndex(of: "T"), let d = LocalDate(parsing: text[..<t]) else { return nil }
        var timePart = text[text.index(after: t)...]
        let isUTC = timePart.hasSuffix("Z")
        if isUTC { timePart = timePart.dropLast() }
        guard let time = LocalTime(parsing: timePart) else { return nil }
        let local = LocalDateTime(date: d, time: time)
        return isUTC ? .utc(local) : .floating(local)
    }

    /// The character reader of a BYDAY item that the byte reader replaced.
    static func referenceWeekday(_ item: Substring) -> RecurrenceRule.WeekdayNumber? {
        guard item.count >= 2, let day = Weekday(rawValue: String(item.suffix(2))) else { return nil }
        let prefix = item.dropLast(2)
        if prefix.isEmpty { return .init(day) }
        guard let n = Int(prefix.hasPrefix("+") ? prefix.dropFirst() : prefix), n != 0, (-53...53).contains(n) else { return nil }
        return .init(day, ordinal: n)
    }
}
