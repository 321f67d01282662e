import Foundation
import Testing

@testable import ICal

/// Rules with BYSETPOS and BYHOUR from real calendars are held with every part, and written back
/// as the same rule.
@Suite struct RecurrenceRuleCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("fixtures/corpus-all")

    /// Every RRULE value in corpus file `path`, as read by the iCalendar parser.
    static func rules(_ path: String) throws -> [String] {
        let text = try String(contentsOf: corpus.appendingPathComponent(path), encoding: .utf8)
        let parsed = try ICalParser.parse(text, strict: false)
        var out: [String] = []
        func walk(_ c: ICalComponent) {
            out += c.properties.filter { $0.name == "RRULE" }.map(\.value)
            c.components.forEach(walk)
        }
        parsed.components.forEach(walk)
        return out
    }

    /// A pay day: the last weekday of each month (BYSETPOS over BYDAY).
    @Test func payDaysBySetPosIsHeld() throws {
        let texts = try Self.rules("recurrence/PayDay.ics")  // the zone's two rules, then the event's
        #expect(texts.last == "FREQ=MONTHLY;BYDAY=-1MO,-1TU,-1WE,-1TH,-1FR;BYSETPOS=-1")
        let text = try #require(texts.last)
        let rule = try #require(RecurrenceRule(parsing: text))
        #expect(rule.bySetPos == [-1])
        #expect(rule.byDay.map(\.ordinal) == [-1, -1, -1, -1, -1])
        #expect(rule.description == text)
        #expect(rule.property.value == text)
    }

    /// Lotus Notes' zone rules: BYHOUR and BYMINUTE held, written in the fixed order.
    @Test func lotusNotesZoneRulesKeepByHourAndByMinute() throws {
        let texts = try Self.rules("vendors/other/calconnect2.ics")
        #expect(
            Array(texts.prefix(2)) == [
                "FREQ=YEARLY;BYMINUTE=0;BYHOUR=2;BYDAY=-1SU;BYMONTH=10", "FREQ=YEARLY;BYMINUTE=0;BYHOUR=2;BYDAY=1SU;BYMONTH=4",
            ])
        let rules = try texts.prefix(2).map { try #require(RecurrenceRule(parsing: $0)) }
        #expect(rules.map(\.byHour) == [[2], [2]])
        #expect(rules.map(\.byMinute) == [[0], [0]])
        #expect(
            rules.map(\.description) == [
                "FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU;BYHOUR=2;BYMINUTE=0", "FREQ=YEARLY;BYMONTH=4;BYDAY=1SU;BYHOUR=2;BYMINUTE=0",
            ])
        #expect(rules.map { RecurrenceRule(parsing: $0.description) } == rules)
    }
}
