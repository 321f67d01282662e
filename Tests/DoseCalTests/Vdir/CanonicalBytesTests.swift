import DoseCalTestSupport
import Foundation
import ICal
import Testing

@testable import DoseCal

/// The content hash's canonical text made as bytes (`CanonicalBytes`) is the text made of strings,
/// byte for byte, for every component it takes; it takes no component that is not ASCII.
@Suite struct CanonicalBytesTests {
    func expectSame(_ component: ICalComponent, adding extra: [String] = [], _ label: String) {
        let strings = VdirContent.canonicalByStrings(component, adding: extra)
        #expect(VdirContent.canonical(component, adding: extra) == strings, "\(label)")
        if let bytes = CanonicalBytes.text(component, adding: extra) {
            #expect(bytes == Array(strings.utf8), "\(label)")
        } else {
            #expect(!strings.utf8.allSatisfy { $0 < 0x80 }, "\(label): ASCII, yet not made as bytes")
        }
    }

    @Test func everyCorpusCalendarAndItsComponents() throws {
        let names = CorpusTests.files
        #expect(names.count > 20)
        var ascii = 0
        for name in names {
            let data = try Data(contentsOf: CorpusTests.directory.appendingPathComponent(name))
            guard let parsed = try? ICalParser.parse(Array(data)) else { continue }
            for component in parsed.components {
                expectSame(component, name)
                for child in component.components { expectSame(child, adding: ["BEGIN:X\nEND:X\n"], name) }
                if CanonicalBytes.text(component, adding: []) != nil { ascii += 1 }
            }
        }
        #expect(ascii > 10)
    }

    @Test func namesCaseParameterOrderVolatilesAndChildren() throws {
        let text = """
            BEGIN:VCALENDAR\r
            prodid:-//x//y//EN\r
            BEGIN:vevent\r
            uid:a@b\r
            x-moz-lastack:20260101T000000Z\r
            Summary;language=en;ALTREP="cid:x":Pills\r
            dtstart;tzid=Europe/Berlin:20260101T080000\r
            categories:b,a\r
            attendee;role=REQ-PARTICIPANT;cn=A;partstat=ACCEPTED:mailto:a@b\r
            BEGIN:VALARM\r
            TRIGGER:-PT5M\r
            ACTION:DISPLAY\r
            END:VALARM\r
            BEGIN:VALARM\r
            ACTION:AUDIO\r
            TRIGGER:-PT1M\r
            END:VALARM\r
            sequence:3\r
            END:vevent\r
            END:VCALENDAR\r

            """
        let parsed = try ICalParser.parse(Array(text.utf8))
        let calendar = try #require(parsed.components.first)
        expectSame(calendar, "ASCII")
        #expect(CanonicalBytes.text(calendar, adding: []) != nil)
        let accented = try ICalParser.parse(Array(text.replacingOccurrences(of: "Pills", with: "Pillé").utf8))
        let other = try #require(accented.components.first)
        expectSame(other, "a value not ASCII")
        #expect(CanonicalBytes.text(other, adding: []) == nil)
        #expect(CanonicalBytes.text(calendar, adding: ["BEGIN:Ä\nEND:Ä\n"]) == nil)
    }
}
