import Testing

@testable import ICal

/// Events passed over (`EventPassOver`): which ones, what is left, and that errors and the
/// other components are exactly those of the full reading.
@Suite struct PassOverTests {
    static let rule = EventPassOver(properties: ["RRULE", "RECURRENCE-ID", "RELATED-TO"], uidMarks: ["_R", "dose"])

    static func event(_ lines: String) -> String { "BEGIN:VEVENT\r\n\(lines)END:VEVENT\r\n" }

    static let calendar =
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"
        + event("UID:plain-1@example.com\r\nDTSTART:20261203T090000Z\r\nSUMMARY:Lunch\r\n")  // 3: passed over
        + event("UID:weekly@example.com\r\nDTSTART:20261203T090000Z\r\nrrule:FREQ=WEEKLY\r\n")  // 8
        + event("UID:a_r20261203@google.com\r\nDTSTART:20261203T090000Z\r\n")  // 13
        + event("UID:DOSE-x@example.com\r\nDTSTART:20261203T090000Z\r\n")  // 17
        + event("UID:linked@example.com\r\nRELATED-TO;RELTYPE=SIBLING:plain-1@example.com\r\n")  // 21
        + event("UID:moved@example.com\r\nRECURRENCE-ID:20261203T090000Z\r\n")  // 25
        + event("UID:one@example.com\r\nUID:two@example.com\r\n")  // 29
        + event("UID:semi\\;colon@example.com\r\n")  // 33
        + event("DTSTART:20261203T090000Z\r\n")  // 36: no UID
        + event(
            "UID:plain-2@example.com\r\nDTSTART;TZID=Europe/Berlin:20261203T090000\r\nBEGIN:VALARM\r\n"
                + "RELATED-TO:x\r\nUID:alarm\r\nACTION:DISPLAY\r\nTRIGGER:-PT5M\r\nEND:VALARM\r\n")  // 39: passed over
        + "END:VCALENDAR\r\n"

    @Test func plainEventsArePassedOverAndTheRestIsRead() throws {
        let parsed = try ICalParser.parse(Array(Self.calendar.utf8), passingOver: Self.rule)
        #expect(
            parsed.passedOver == [
                PassedOverEvent(uid: "plain-1@example.com", line: 3), PassedOverEvent(uid: "plain-2@example.com", line: 39),
            ])
        #expect(parsed.calendar?.components.compactMap(\.line) == [8, 13, 17, 21, 25, 29, 33, 36])
    }

    @Test func whatIsReadIsWhatTheFullReadingGives() throws {
        let bytes = Array(Self.calendar.utf8)
        let passed = try ICalParser.parse(bytes, passingOver: Self.rule)
        var full = try ICalParser.parse(bytes)
        full.components[0].components.removeAll { [3, 39].contains($0.line) }
        #expect(OwnReadingTests.describe(passed) == OwnReadingTests.describe(full))
        #expect(full.components[0].components.count == 8)
    }

    @Test func errorsInAPassedOverEventAreTheSame() throws {
        let broken = [
            "BEGIN:VCALENDAR\r\n" + Self.event("UID:plain@example.com\r\nBEGIN:\r\n") + "END:VCALENDAR\r\n",
            "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:plain@example.com\r\nBEGIN:VALARM\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
            "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:plain@example.com\r\nEND:VTODO\r\nEND:VCALENDAR\r\n",
            "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:plain@example.com\r\n",
        ]
        func outcome(_ read: () throws(ICalError) -> ParsedCalendar) -> String {
            do {
                _ = try read()
                return "read"
            } catch {
                return "\(error)"
            }
        }
        for text in broken {
            let bytes = Array(text.utf8)
            let full = outcome { () throws(ICalError) in try ICalParser.parse(bytes) }
            #expect(full != "read")
            #expect(outcome { () throws(ICalError) in try ICalParser.parse(bytes, passingOver: Self.rule) } == full)
        }
    }

    @Test func onlyTheFirstCalendarsEventsArePassedOver() throws {
        let plain = Self.event("UID:plain@example.com\r\nDTSTART:20261203T090000Z\r\n")
        let text = plain + "BEGIN:VCALENDAR\r\n" + plain + "END:VCALENDAR\r\nBEGIN:VCALENDAR\r\n" + plain + "END:VCALENDAR\r\n"
        let parsed = try ICalParser.parse(Array(text.utf8), passingOver: Self.rule)
        #expect(parsed.passedOver == [PassedOverEvent(uid: "plain@example.com", line: 6)])
        #expect(parsed.components.map(\.name) == ["VEVENT", "VCALENDAR", "VCALENDAR"])
        #expect(parsed.components[1].components.isEmpty)
        #expect(parsed.components[2].components.count == 1)
    }
}
