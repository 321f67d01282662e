import Foundation
import Testing

@testable import ICal

/// `ICalSerializer.write(_:into:readingBack:)` gives an event's reading only when it is exactly
/// the parser's reading of the text written (nil is always safe: the text is parsed then).
@Suite struct ReadBackTests {
    /// The event's text, whether the writer gave a reading, and whether parsing the text in a
    /// VCALENDAR gives that reading's names, parameters and values.
    static func written(_ event: ICalComponent) throws -> (text: [UInt8], claims: Bool, same: Bool) {
        var reading = ICalReading()
        var text: [UInt8] = []
        let back = ICalSerializer.write(event, into: &text, readingBack: &reading)
        let whole = Array("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n".utf8) + text + Array("END:VCALENDAR\r\n".utf8)
        let parsed = try ICalParser.parse(whole)
        let read = try #require(parsed.components.first?.components.first)
        return (text, back != nil, back.map { shape($0) == shape(read) } ?? false)
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

    @Test func aValueLibicalRewritesIsGivenAsLibicalReadsIt() throws {
        let w = try Self.written(Self.event([ICalProperty("RRULE", "FREQ=WEEKLY;BYDAY=MO;WKST=SU;INTERVAL=2")]))
        #expect(w.claims)
        #expect(w.same)
    }

    @Test func anEscapedCommaReadsBackAsWritten() throws {
        let w = try Self.written(Self.event([.text("DESCRIPTION", "Take 1, with food; then 2\\3\nlater")]))
        #expect(w.claims)
        #expect(w.same)
    }

    /// A line break is written escaped (`\\n`), which the reader reads as libical does.
    @Test func aLineBreakReadsBackAsWritten() throws {
        let w = try Self.written(Self.event([ICalProperty("SUMMARY", "a\r\nb")]))
        #expect(w.claims)
        #expect(w.same)
    }

    /// Lines only libical reads, or that a file would hold as two: no reading given.
    @Test(arguments: [
        ICalProperty("DESCRIPTION", "a\\tb"),  // an escape libical reads as another character
        ICalProperty("X-DOSE", "1"),  // a property only libical reads
        ICalProperty("SEQUENCE", "007"),  // only libical reads a leading zero
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
        #expect(ICalSerializer.write(e, into: &text, readingBack: &reading) == nil)
    }

    @Test func anAlarmLineOnlyLibicalReadsIsNeverClaimed() throws {
        let w = try Self.written(Self.event(alarm: [ICalProperty("ATTACH", "https://example.com/chime.wav")]))
        #expect(!w.claims)
    }
}
