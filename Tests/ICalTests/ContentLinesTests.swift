import Testing

@testable import ICal

/// Lines written straight to bytes are the serialiser's lines for the same properties.
@Suite struct ContentLinesTests {
    static let day = LocalDate(year: 2026, month: 3, day: 29)!
    static let time = LocalDateTime(date: day, time: LocalTime(hour: 8, minute: 5, second: 7)!)

    static let values: [DateTimeValue] = [
        .date(day), .floating(time), .utc(time), .zoned(time, tzid: "Europe/Berlin"), .zoned(time, tzid: "a,b;c:d\"e"),
        .utc(LocalDateTime(date: LocalDate(daysSinceEpoch: 4_000_000), time: LocalTime(hour: 0, minute: 0)!)),
        .utc(LocalDateTime(date: LocalDate(year: 7, month: 12, day: 31)!, time: LocalTime(hour: 23, minute: 59, second: 60)!)),
    ]

    static let rules: [RecurrenceRule] = [
        RecurrenceRule(.daily),
        RecurrenceRule(.daily, interval: 3, until: .utc(time)),
        RecurrenceRule(.daily, count: 12),
        RecurrenceRule(.weekly, until: .floating(time), byDay: [.init(.monday), .init(.wednesday), .init(.friday)]),
        RecurrenceRule(.weekly, byDay: [.init(.friday), .init(.monday)]),
        RecurrenceRule(.weekly, interval: 2, byDay: [.init(.sunday), .init(.monday)], weekStart: .sunday),
        RecurrenceRule(.weekly, byDay: [.init(.sunday), .init(.monday)], weekStart: .monday),
        RecurrenceRule(.weekly, byDay: [.init(.tuesday), .init(.tuesday)], weekStart: .wednesday),
        RecurrenceRule(.monthly, byMonthDay: [1, 15]),
        RecurrenceRule(.monthly, byDay: [.init(.sunday, ordinal: -1)]),
        RecurrenceRule(.yearly, byMonth: [3], byDay: [.init(.sunday, ordinal: -1)]),
        RecurrenceRule(.daily, until: .date(day), weekStart: .thursday),
    ]

    @Test(arguments: values)
    func dateTimesAreTheSerialisersLines(_ value: DateTimeValue) throws {
        var lines = ContentLines()
        lines.dateTime("DTSTART", value)
        #expect(String(decoding: lines.bytes, as: UTF8.self) == (try serialized(value.property("DTSTART"))))
    }

    @Test(arguments: rules)
    func rulesAreTheSerialisersLines(_ rule: RecurrenceRule) throws {
        var lines = ContentLines()
        lines.rule(rule)
        #expect(String(decoding: lines.bytes, as: UTF8.self) == (try serialized(rule.property)), "\(rule)")
    }

    /// Texts with every byte the escaping and writing treat apart, UTF-8, and lengths around
    /// the folding limits (a line of 72, 73, 74, 75 and 76 octets, and of several lines).
    static let texts: [String] =
        [
            "", "Take 1 tablet of Aspirin 100 mg at 08:00.", "a,b;c\\d\ne", "line\nnext\r\nthird", "nul\u{0}after",
            "bs\u{8}ff\u{C}cr\r", "ünïcödé, 💊; \\", "\\", "\\n", ",", ";", "\n", "end\\",
        ] + (55...80).map { String(repeating: "x", count: $0) } + (55...80).map { String(repeating: "é,", count: $0 / 3) }
        + [String(repeating: "a; b, c\\ ", count: 40), String(repeating: "💊", count: 50)]

    @Test(arguments: texts)
    func textsAreTheSerialisersLines(_ text: String) throws {
        var lines = ContentLines()
        lines.text("DESCRIPTION", text)
        #expect(String(decoding: lines.bytes, as: UTF8.self) == (try serialized(.text("DESCRIPTION", text))))
        lines = ContentLines()
        lines.verbatim("DURATION", text)
        #expect(String(decoding: lines.bytes, as: UTF8.self) == (try serialized(ICalProperty("DURATION", text))))
        lines = ContentLines()
        lines.list("CATEGORIES", text)
        #expect(String(decoding: lines.bytes, as: UTF8.self) == (try serialized(ICalProperty("CATEGORIES", text))))
    }

    /// The one-pass escape writes what writing the escaped text writes: the escape's text is in
    /// the form the writer gives (a tree built with `ICalProperty.text` reads as written), as TEXT
    /// and as a list.
    @Test func escapedTextIsWrittenAsItIs() {
        var generator = SeededBytes(seed: 175)
        let alphabet: [UInt8] = [0, 8, 9, 10, 12, 13, 32, 44, 59, 92, 110, 97, 0xC3, 0xA9]
        for length in 0..<400 {
            let bytes = (0..<(length % 40)).map { _ in alphabet[generator.next(alphabet.count)] }
            let text = String(decoding: bytes, as: UTF8.self)
            var fast: [UInt8] = []
            TextValue.appendEscaped(text, to: &fast)
            var slow: [UInt8] = []
            ValueForm.text.append(TextEscaping.escape(text), to: &slow)
            #expect(fast == slow, "\(bytes)")
            var list: [UInt8] = []
            ValueForm.list.append(TextEscaping.escape(text, separators: false), to: &list)
            #expect(Array(TextEscaping.escape(text, separators: false).utf8) == list, "\(bytes)")
        }
    }

    @Test func escapedTextLiterals() {
        let cases: [(String, String)] = [
            ("a,b;c", "a\\,b\\;c"), ("x\\y", "x\\\\y"), ("1\n2\r\n3", "1\\n2\\n3"), ("a\u{0}b", "a"),
            ("b\u{8}f\u{C}", "bf"), ("é,", "é\\,"), ("plain", "plain"),
        ]
        for (text, written) in cases {
            var out: [UInt8] = []
            TextValue.appendEscaped(text, to: &out)
            #expect(String(decoding: out, as: UTF8.self) == written, "\(text)")
        }
    }

    /// The property's lines as `ICalSerializer` writes them inside a component.
    private func serialized(_ property: ICalProperty) throws -> String {
        let text = ICalSerializer.serialize(ICalComponent("VEVENT", properties: [property]))
        return String(text.dropFirst("BEGIN:VEVENT\r\n".count).dropLast("END:VEVENT\r\n".count))
    }
}

/// A small deterministic generator (SplitMix64) for the equivalence sweep.
struct SeededBytes {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    /// A number in `0..<bound`.
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
