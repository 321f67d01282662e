import ICal
import Testing

@Suite struct LenientInputTests {
    @Test func brokenFoldingIsRejoinedWithAWarning() throws {
        let text =
            "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a\r\nDESCRIPTION:Take with a glass of wa\r\nter and food\r\nSUMMARY:Dose\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let parsed = try ICalParser.parse(text)
        let event = try #require(parsed.calendar?.components.first)
        #expect(event.property("DESCRIPTION")?.text == "Take with a glass of water and food")
        #expect(event.property("SUMMARY")?.line == 6)
        #expect(parsed.warnings == [.brokenFolding(line: 5, continuing: 4)])
        #expect(parsed.warnings.first?.description.hasPrefix("line 5: ") == true)
        #expect(parsed.problems.isEmpty)
    }

    @Test func strictParsingStillRejectsBrokenFolding() {
        let text = "BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:a\nDESCRIPTION:one\ntwo\nEND:VEVENT\nEND:VCALENDAR\n"
        #expect(throws: ICalError.malformedLine(line: 5, text: "two")) { try ICalParser.parse(text, strict: true) }
    }

    @Test func aLineAfterBeginIsNotJoinedToIt() {
        let text = "BEGIN:VCALENDAR\nBEGIN:VEVENT\nnot a line\nEND:VEVENT\nEND:VCALENDAR\n"
        #expect(throws: ICalError.malformedLine(line: 3, text: "not a line")) { try ICalParser.parse(text) }
    }

    @Test func wellFormedInputHasNoWarnings() throws {
        let text =
            "BEGIN:VCALENDAR\rVERSION:2.0\rBEGIN:VEVENT\rUID:a\rSUMMARY:Hel\r\tlo\rX-A;X-P=\"a:b\":c\rEND:VEVENT\rEND:VCALENDAR\r"
        let parsed = try ICalParser.parse(text)
        #expect(parsed.warnings.isEmpty)
        #expect(parsed.calendar?.components.first?.property("SUMMARY")?.text == "Hello")
    }
}
