import DoseCalTestSupport
import Foundation
import ICal
import Testing

@testable import DoseCal

/// A feed as built reads as its text does: `ParsedCalendar(readingBuilt:)` of the tree is what
/// parsing the serialised tree gives, component for component and value for value, so the
/// reconcile engine reads the schedule's feed from the tree, never from text it wrote.
@Suite struct FeedReadingTests {
    static func expectReadsAsWritten(_ feed: Feed, _ label: String) throws {
        let parsed = try ICalParser.parse(Array(feed.serialized().utf8))
        #expect(parsed.problems.isEmpty, "\(label)")
        #expect(parsed.warnings.isEmpty, "\(label)")
        let built = ParsedCalendar(readingBuilt: feed.calendar)
        #expect(built.components.count == 1)
        #expect(parsed.components == built.components, "\(label): \(firstDifference(parsed.components, built.components))")
    }

    /// The first property or component where two lists differ, for the failure's message.
    static func firstDifference(_ a: [ICalComponent], _ b: [ICalComponent]) -> String {
        for (x, y) in zip(a, b) where x != y {
            if let (p, q) = zip(x.properties, y.properties).first(where: { $0 != $1 }) { return "\(x.name): \(p) / \(q)" }
            if x.name != y.name || x.properties.count != y.properties.count { return "\(x.name) / \(y.name)" }
            return firstDifference(x.components, y.components)
        }
        return a.count == b.count ? "" : "\(a.count) / \(b.count) components"
    }

    @Test(arguments: Fixtures.scheduleNames) func everyFixtureFeedReadsAsWritten(_ name: String) throws {
        let schedule = try Fixtures.schedule(name)
        try Self.expectReadsAsWritten(FeedBuilder(schedule: schedule, now: Fixtures.now).build(), name)
        try Self.expectReadsAsWritten(FeedBuilder(schedule: schedule, privacy: true, now: Fixtures.now).build(), name)
    }

    @Test func generatedFeedsReadAsWritten() throws {
        for seed in UInt64(1)...40 {
            var generator = ScheduleGenerator(seed: seed)
            try Self.expectReadsAsWritten(
                FeedBuilder(schedule: generator.schedule(), now: Fixtures.now).build(), "seed \(seed)")
        }
    }

    /// Text the TEXT form changes (separators, backslashes, control characters, a NUL), blanks
    /// around a value, and a calendar name (an X- property, written as a list).
    @Test func awkwardTextReadsAsWritten() throws {
        var schedule = try Fixtures.schedule("demo.json")
        let awkward = "a, b; c\\d \\n \"q\" tab\there cr\rlf\nbs\u{8}ff\u{C}bell\u{7} é 漢 🙂 \\é"
        schedule.feed.name = " Mine, daily; \\ " + awkward + "\t"
        for i in schedule.medications.indices {
            schedule.medications[i].name = "\t" + schedule.medications[i].name + awkward + " "
            schedule.medications[i].notes = "  " + awkward + "\u{0}after a NUL"
            schedule.medications[i].dose = awkward
        }
        try Self.expectReadsAsWritten(FeedBuilder(schedule: schedule, now: Fixtures.now).build(), "awkward text")
    }
}
