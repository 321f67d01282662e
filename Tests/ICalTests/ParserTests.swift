import Foundation
import ICal
import Testing

@Suite struct ParserTests {
    @Test func readsLFOnlyAndFoldedLines() throws {
        let text =
            "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//x//y//EN\nBEGIN:VEVENT\nUID:a@b\nSUMMARY:Hello\n  world\nDESCRIPTION:x\\, y\nDTSTART;TZID=America/New_York:20260307T023000\nEND:VEVENT\nEND:VCALENDAR\n"
        let parsed = try ICalParser.parse(text, strict: true)
        let event = try #require(parsed.calendar?.components(named: "VEVENT").first)
        #expect(event.property("SUMMARY")?.text == "Hello world")
        #expect(event.property("DESCRIPTION")?.text == "x, y")
        #expect(event.property("DTSTART")?.parameter("TZID") == "America/New_York")
        #expect(event.property("DTSTART")?.value == "20260307T023000")
        #expect(event.property("DTSTART")?.line == 9)
        #expect(event.line == 4)
    }

    @Test func readsCROnlyAndTabFolding() throws {
        let text = "BEGIN:VCALENDAR\rVERSION:2.0\rBEGIN:VEVENT\rUID:a@b\rSUMMARY:Hel\r\tlo\rEND:VEVENT\rEND:VCALENDAR\r"
        let parsed = try ICalParser.parse(text, strict: true)
        #expect(parsed.calendar?.components.first?.property("SUMMARY")?.text == "Hello")
    }

    @Test func structureErrorsCarryLines() {
        #expect(throws: ICalError.structure(line: 3, message: "END:VTODO closes BEGIN:VEVENT of line 2; expected END:VEVENT")) {
            try ICalParser.parse("BEGIN:VCALENDAR\nBEGIN:VEVENT\nEND:VTODO\nEND:VCALENDAR\n")
        }
        #expect(
            throws: ICalError.structure(
                line: 2, message: "BEGIN:VEVENT is never closed; expected END:VEVENT before END:VCALENDAR on line 4")
        ) {
            try ICalParser.parse("BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:x\nEND:VCALENDAR\n")
        }
        #expect(throws: ICalError.empty) { try ICalParser.parse("") }
        #expect(throws: ICalError.invalidEncoding(line: 2)) {
            try ICalParser.parse(Array("BEGIN:VCALENDAR\nX:\u{0}\n".utf8))
        }
    }

    @Test func libicalValueErrorsCarryLines() throws {
        let text =
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTART:notadate\r\nSUMMARY:ok\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let parsed = try ICalParser.parse(text)
        #expect(parsed.problems.count == 1)
        #expect(parsed.problems.first?.line == 5)
        let event = try #require(parsed.calendar?.components.first)
        #expect(event.property("DTSTART") == nil)
        #expect(event.property("SUMMARY")?.line == 6)
        #expect(throws: ICalError.self) { try ICalParser.parse(text, strict: true) }
    }

    @Test func serializerFoldsAtSeventyFiveOctetsOnCharacterBoundaries() throws {
        var event = ICalComponent("VEVENT")
        event.add(.text("SUMMARY", String(repeating: "Ünïcödé, ", count: 20) + "end"))
        event.add(ICalProperty("UID", "x@y"))
        let out = ICalSerializer.serialize(event)
        #expect(out.hasSuffix("END:VEVENT\r\n"))
        for line in out.split(separator: "\r\n", omittingEmptySubsequences: true) {
            #expect(line.utf8.count <= 75)
        }
        #expect(!out.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        let back = try ICalParser.parse(out, strict: true)
        #expect(back.components.first?.property("SUMMARY")?.text == String(repeating: "Ünïcödé, ", count: 20) + "end")
        #expect(try ICalSerializer.serialize(back.components[0]) == out)
    }
}
