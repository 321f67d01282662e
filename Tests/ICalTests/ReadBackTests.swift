import Foundation
import Testing

@testable import ICal

/// `ICalSerializer.write(_:into:readingBack:)` says an event reads back as written only when the
/// parser's reading of its text is exactly the event's values (a false answer is always safe).
@Suite struct ReadBackTests {
    /// The event's text, the writer's answer, and whether parsing the text in a VCALENDAR gives
    /// the event's names, parameters and values.
    static func written(_ event: ICalComponent) throws -> (text: [UInt8], claims: Bool, same: Bool) {
        var reading = ICalReading()
        var text: [UInt8] = []
        let claims = ICalSerializer.write(event, into: &text, readingBack: &reading)
        let whole = Array("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n".utf8) + text + Array("END:VCALENDAR\r\n".utf8)
        let parsed = try ICalParser.parse(whole)
        let read = try #require(parsed.components.first?.components.first)
        return (text, claims, shape(read) == shape(event))
    }

    static func shape(_ c: ICalComponent) -> String {
        c.name + "\n" + c.properties.map { "\($0.name) \($0.parameters) \($0.value)\n" }.joined()
            + c.components.map(shape).joined() + "END\n"
    }

    static func event(_ extra: [ICalProperty] = [], alarm: [ICalProperty] = []) -> ICalComponent {
        var e = ICalComponent("VEVENT")
        e.add(ICalProperty("UID", "dose-1@dosecal.app"))
        e.add(ICalProperty("DTSTAMP", "20261130T120000Z"))
        e.add(ICalProperty("DTSTART", "20260105T181800", parameters: [ICalParameter("TZID", "America/New_York")]))
        e.add(ICalProperty("DURATION", "PT15M"))
        e.add(ICalProperty("RRULE", "FREQ=DAILY;INTERVAL=3"))
        e.add(.text("SUMMARY", "Medication 0174 20 mg"))
        for p in extra { e.add(p) }
        var a = ICalComponent("VALARM")
        a.add(ICalProperty("ACTION", "DISPLAY"))
        a.add(ICalProperty("TRIGGER", "-PT5M"))
        for p in alarm { a.add(p) }
        e.components.append(a)
        return e
    }

    @Test func aPlainEventReadsBackAsWritten() throws {
        let w = try Self.written(Self.event())
        #expect(w.claims)
        #expect(w.same)
        var plain: [UInt8] = []
        ICalSerializer.write(Self.event(), into: &plain)
        #expect(w.text == plain)
    }

    @Test func aLongFoldedLineReadsBackAsWritten() throws {
        let long = String(repeating: "Take it with water before breakfast ", count: 6) + "ok"
        let w = try Self.written(Self.event([.text("DESCRIPTION", long)]))
        #expect(w.claims)
        #expect(w.same)
    }

    /// Values the parser reads another way, or only libical reads: never claimed.
    @Test(arguments: [
        ICalProperty.text("DESCRIPTION", "Take 1, with food"),  // escaped comma: libical's unit
        ICalProperty("X-DOSE", "1"),  // a property only libical reads
        ICalProperty("RRULE", "FREQ=WEEKLY;WKST=MO;BYDAY=MO"),  // libical drops WKST=MO
        ICalProperty("SUMMARY", "a\r\nb"),  // two lines in a file
        ICalProperty("SEQUENCE", "007"),  // libical reads 7
    ])
    func otherReadingsAreNeverClaimed(_ property: ICalProperty) throws {
        let w = try Self.written(Self.event([property]))
        #expect(!w.claims)
    }

    @Test func aComponentOnlyLibicalReadsIsNeverClaimed() throws {
        var e = Self.event()
        e.components.append(ICalComponent("VFREEBUSY"))
        var reading = ICalReading()
        var text: [UInt8] = []
        #expect(!ICalSerializer.write(e, into: &text, readingBack: &reading))
    }

    @Test func anAlarmLineOnlyLibicalReadsIsNeverClaimed() throws {
        let w = try Self.written(Self.event(alarm: [ICalProperty("ATTENDEE", "mailto:a@example.com")]))
        #expect(!w.claims)
    }
}
