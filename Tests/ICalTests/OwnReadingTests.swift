import Foundation
import Testing

@testable import ICal

/// The components read without libical (`PropertyReader`) must be exactly what libical reads:
/// the same components, properties, parameters, values and lines, the same problems and warnings.
@Suite struct OwnReadingTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("fixtures")

    /// Both readings of `bytes`: (own, libical only); errors as text.
    static func both(_ bytes: [UInt8]) -> (String, String) {
        bytes.withUnsafeBufferPointer { buffer in
            let read = { (libicalOnly: Bool) -> String in
                do {
                    let parsed = try ICalParser.parse(
                        buffer: buffer, strict: false, limits: .standard, libicalOnly: libicalOnly)
                    return describe(parsed)
                } catch {
                    return "error: \(error)"
                }
            }
            return (read(false), read(true))
        }
    }

    static func describe(_ parsed: ParsedCalendar) -> String {
        var out = ""
        func walk(_ c: ICalComponent, _ depth: Int) {
            out += "\(depth) \(c.name) @\(c.line ?? -1)\n"
            for p in c.properties {
                let parameters = p.parameters.map { "\($0.name)=\($0.values)" }.joined(separator: ";")
                out += "  \(p.name) [\(parameters)] \(p.value) @\(p.line ?? -1)\n"
            }
            for child in c.components { walk(child, depth + 1) }
        }
        for c in parsed.components { walk(c, 0) }
        return out + "problems: \(parsed.problems)\nwarnings: \(parsed.warnings)\n"
    }

    @Test func everyFixtureReadsAsLibicalReadsIt() throws {
        let files = FileManager.default.enumerator(at: Self.root, includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "ics" }
        #expect(files.count > 100)
        for file in files {
            let (own, libical) = Self.both(Array(try Data(contentsOf: file)))
            #expect(own == libical, "\(file.path)")
        }
    }

    /// Calendars read one after the other with one `ICalReading` (the values libical was asked
    /// for kept from one to the next) read as each does on its own, in either order.
    @Test func aSharedReadingReadsEveryFixtureAsItsOwnReadingDoes() throws {
        let files = FileManager.default.enumerator(at: Self.root, includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "ics" }.sorted { $0.path < $1.path }
        #expect(files.count > 100)
        for order in [files, files.reversed()] {
            var reading = ICalReading()
            for file in order {
                let bytes = Array(try Data(contentsOf: file))
                let alone = Result { () throws(ICalError) in Self.describe(try ICalParser.parse(bytes)) }
                let shared = Result { () throws(ICalError) in Self.describe(try ICalParser.parse(bytes, sharing: &reading)) }
                #expect("\(alone)" == "\(shared)", "\(file.path)")
            }
        }
    }

    @Test(arguments: [
        "SUMMARY: leading", "SUMMARY:trailing ", "SUMMARY:a:b", "SUMMARY:caf\u{E9} \u{1F48A}", "SUMMARY:a\\,b", "SUMMARY:",
        "SUMMARY:a,b", "summary:lower",
        "UID:x@y", "DTSTART:20260101T090000", "DTSTART:20260101T090000Z", "DTSTART;TZID=Europe/Berlin:20260101T090000",
        "DTSTART;TZID=Europe/Berlin:20260101T090000Z", "DTSTART;VALUE=DATE:20260101", "DTSTART:20260101",
        "DTSTART:20260230T090000", "DTSTART:20260101T250000", "DTSTART;tzid=Europe/Berlin:20260101T090000",
        "DTSTART;TZID=\"W. Europe Standard Time\":20260101T090000", "DTSTART;TZID=W. Europe Standard Time:20260101T090000",
        "EXDATE:20260101T090000Z,20260102T090000Z", "EXDATE;VALUE=DATE:20260101", "RDATE;VALUE=PERIOD:20260101T090000Z/PT1H",
        "SEQUENCE:0", "SEQUENCE:007", "SEQUENCE:-1", "SEQUENCE:12", "RRULE:FREQ=WEEKLY;BYDAY=MO,WE;COUNT=5",
        "RRULE:BYDAY=MO;FREQ=WEEKLY", "RRULE:FREQ=DAILY;INTERVAL=1", "RRULE:FREQ=SOMETIMES", "RRULE:FREQ=MONTHLY;BYDAY=+1MO",
        "RRULE:FREQ=YEARLY;UNTIL=20301231", "RRULE:FREQ=WEEKLY;WKST=MO;BYDAY=TU", "DTEND;VALUE=DATE-TIME:20260101T090000",
        "DURATION:PT15M", "DURATION:PT60M", "DURATION:P1W", "DURATION:-PT5M", "DURATION:soon", "DURATION;X-A=b:PT1H",
        "TRANSP:TRANSPARENT", "TRANSP:opaque", "TRANSP:SOMETIMES", "STATUS:CANCELLED", "STATUS:confirmed", "STATUS:GONE",
        "CLASS:PRIVATE", "CLASS:X-SECRET", "CATEGORIES:MEDICATION", "CATEGORIES:A,B", "CATEGORIES:a\\;b",
        "REPEAT:1", "REPEAT:01",
    ])
    func oneLineReadsAsLibicalReadsIt(line: String) {
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:u\r\n\(line)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let (own, libical) = Self.both(Array(text.utf8))
        #expect(own == libical)
    }

    @Test(arguments: [
        "DESCRIPTION:Take 1\\, with food", "DESCRIPTION:a\\;b", "DESCRIPTION:a\\\\b", "DESCRIPTION:line\\nnext",
        "DESCRIPTION:line\\Nnext", "DESCRIPTION:a\\tb", "DESCRIPTION:a\\xb", "DESCRIPTION:a\\", "DESCRIPTION:\\,a",
        "DESCRIPTION:\\n", "DESCRIPTION:a\\ b", "DESCRIPTION:a\\\"b", "SUMMARY:x\\,y", "LOCATION:Room 1\\; floor 2",
        "COMMENT:a\\,\\,\\;", "UID:a\\,b@c", "CATEGORIES:A\\,B", "CATEGORIES:A\\nB", "DESCRIPTION:\\\\,",
    ])
    func escapedTextReadsAsLibicalReadsIt(line: String) {
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:u\r\n\(line)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let (own, libical) = Self.both(Array(text.utf8))
        #expect(own == libical)
    }

    /// Random TEXT values over the characters escapes are made of read as libical reads them.
    @Test func randomEscapedTextReadsAsLibicalReadsIt() {
        let alphabet = Array("ab \\\\\\,;nNtT:\"x".utf8)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var claimed = 0
        for k in 0..<3_000 {
            var value: [UInt8] = []
            for _ in 0..<(1 + k % 9) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                value.append(alphabet[Int(state >> 33) % alphabet.count])
            }
            let name = ["DESCRIPTION", "SUMMARY", "LOCATION", "CATEGORIES"][k % 4]
            let line = Array("\(name):".utf8) + value
            var reader = PropertyReader()
            if line.withUnsafeBufferPointer({ reader.read(ContentLine(line: 1, bytes: $0)) }) != nil { claimed += 1 }
            let text =
                Array("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:u\r\n".utf8) + line
                + Array("\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8)
            let (own, libical) = Self.both(text)
            #expect(own == libical, "\(String(decoding: line, as: UTF8.self))")
        }
        #expect(claimed > 300)
    }

    /// Organizers, attendees and parameters as calendar programs write them, and the shapes the
    /// reader leaves to libical (quotes inside values, comma lists of parameter values, VALUE).
    @Test(arguments: [
        "ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;CN=Ben Okafor;X-NUM-GUESTS=0:mailto:b@x.org",
        "ATTENDEE;partstat=accepted;cn=\"Doe, John\";rsvp=true:mailto:x@y", "ORGANIZER;CN=Anna:mailto:a@b",
        "ATTENDEE;CN=Anna;CN=Bob:MAILTO:a@b", "ATTENDEE;PARTSTAT=FOO;ROLE=x-foo;CUTYPE=:mailto:a", "ATTENDEE;RSVP=yes:mailto:a",
        "ATTENDEE;MEMBER=\"mailto:a@b\",\"mailto:c@d\":mailto:x", "ATTENDEE;CN=a\\,b:mailto:x,y",
        "ATTENDEE;CN=M\u{FC}ller:mailto:x y",
        "ATTENDEE:", "ATTENDEE;CN=A:", "ATTENDEE;X-FOO=bar;x-low=Baz:mailto:a",
        "ATTENDEE;CN=\"x:y\";SENT-BY=\"mailto:s\":mailto:a",
        "ATTENDEE;CN=x\"y:mailto:a", "ATTENDEE;CN= lead :mailto:a", "ATTENDEE;CN=a b ;ROLE=chair:mailto:a", "ATTENDEE: mailto:a",
        "ATTENDEE:mailto:a ", "ATTENDEE:mailto:\"a\"", "ORGANIZER:mailto:a:b", "ATTENDEE;VALUE=CAL-ADDRESS:mailto:a",
        "ATTENDEE;CN=\"\":mailto:a", "ATTENDEE;LANGUAGE=de;DIR=\"http://x/y\":mailto:a", "ATTENDEE;SCHEDULE-STATUS=2.0:mailto:a",
        "SUMMARY;LANGUAGE=en-us:Hello", "DESCRIPTION;ALTREP=\"cid:x\":Hi", "LOCATION;LANGUAGE=de:Raum\\, 1",
        "SUMMARY;ENCODING=QUOTED-PRINTABLE:a=20b", "UID;X-A=1:u2", "STATUS;X-A=1:CONFIRMED", "SEQUENCE;X-A=1:2",
        "EXDATE;TZID=Europe/Berlin:20260105T090000,20260112T090000", "EXDATE;VALUE=DATE:20260105,20260112",
        "EXDATE:20260105T090000Z,20260112T090000Z", "RDATE;TZID=Europe/Berlin:20260105T090000,20260112T090000",
        "EXDATE;TZID=Europe/Berlin:20260105T090000, 20260112T090000", "EXDATE;TZID=Europe/Berlin:20260105T090000,",
        "EXDATE;TZID=Europe/Berlin:20260105T090000,,20260112T090000", "EXDATE:20260105T090000Z,20260112",
        "DTSTART;TZID=Europe/Berlin:20260105T090000,20260112T090000",
        "EXDATE:20260105T090000Z,20260112T090000Z\r\nEXDATE:20260119T090000Z",
        "RDATE:20260105T090000Z,20260112T090000Z\r\nEXDATE:20260119T090000Z\r\nRDATE:20260126T090000Z",
    ])
    func parameterAndListLinesReadAsLibicalReadsThem(line: String) {
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:u\r\n\(line)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let (own, libical) = Self.both(Array(text.utf8))
        #expect(own == libical)
    }

    @Test(arguments: [
        "ACTION:DISPLAY", "ACTION:audio", "ACTION:X-SPEAK", "ACTION:NONE", "TRIGGER:-PT5M", "TRIGGER:-PT60M", "TRIGGER:PT0S",
        "TRIGGER:-P1DT2H", "TRIGGER;RELATED=END:PT5M", "TRIGGER;related=end:-PT5M", "TRIGGER;RELATED=START:-PT15M",
        "TRIGGER;RELATED=FOO:-PT15M", "TRIGGER;RELATED=END;VALUE=DURATION:PT0S", "ATTENDEE;CN=A:mailto:a@b",
        "TRIGGER;VALUE=DATE-TIME:19760401T005545Z", "TRIGGER:19760401T005545Z",
        "TRIGGER:later", "REPEAT:3", "DURATION:PT10M", "DESCRIPTION:Time to take it",
    ])
    func alarmLinesReadAsLibicalReadsThem(line: String) {
        let text = """
            BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:u\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\n\(line)\r
            END:VALARM\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n
            """
        let (own, libical) = Self.both(Array(text.utf8))
        #expect(own == libical)
    }

    @Test(arguments: ["TZOFFSETFROM:+0100", "TZOFFSETTO:-0000", "TZOFFSETTO:+053000", "TZNAME:CET", "TZOFFSETFROM:+2500"])
    func zoneLinesReadAsLibicalReadsThem(line: String) {
        let text = """
            BEGIN:VCALENDAR\r\nBEGIN:VTIMEZONE\r\nTZID:X\r\nBEGIN:STANDARD\r\nDTSTART:19701025T030000\r\n\(line)\r
            TZOFFSETTO:+0100\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\nEND:VCALENDAR\r\n
            """
        let (own, libical) = Self.both(Array(text.utf8))
        #expect(own == libical)
    }

    /// Date lists read without libical read as libical reads them, also past the length libical
    /// takes in one line (decision 0204), with a property of the same name after them.
    @Test(arguments: [249, 250, 251, 499, 500, 501, 600, 1200])
    func longDateListsReadAsLibicalReadsThem(n: Int) {
        var values: [String] = []
        for k in 0..<n {
            let month = 1 + (k / 28) % 12
            let day = 1 + k % 28
            values.append("2026" + (month < 10 ? "0" : "") + String(month) + (day < 10 ? "0" : "") + String(day) + "T090000")
        }
        for name in ["EXDATE;TZID=Europe/Berlin", "RDATE;TZID=Europe/Berlin"] {
            let head: String = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:u\r\nDTSTART;TZID=Europe/Berlin:20260101T090000\r\n"
            let list: String = name + ":" + values.joined(separator: ",")
            let tail: String = "\r\nEXDATE;TZID=Europe/Berlin:20270101T090000\r\nSUMMARY:x\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
            let text: String = head + list + tail
            let (own, libical) = Self.both(Array(text.utf8))
            #expect(own == libical)
        }
    }
}
