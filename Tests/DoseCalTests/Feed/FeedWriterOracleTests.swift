import Foundation
import Testing

@testable import DoseCal
@testable import ICal

/// The feed as the pure-Swift writer gives it is byte for byte what libical's serialiser (the
/// writer it replaced, kept as `Libical.serialized`) gives for the same values: every fixture
/// schedule, in privacy mode, re-exported over itself, and with names and notes that hold every
/// character TEXT escaping treats specially.
@Suite struct FeedWriterOracleTests {
    static func expectSame(_ feed: Feed, _ note: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let ours = feed.serialized()
        let libical = try Libical.serialized(feed.calendar)
        #expect(ours == libical, "\(note)", sourceLocation: sourceLocation)
        for item in feed.items {
            let event = ICalSerializer.serialize(item.event)
            #expect(event == (try Libical.serialized(item.event)), "\(note) \(item.uid)", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: Fixtures.scheduleNames)
    func everyFixtureSchedule(_ name: String) throws {
        let schedule = try Fixtures.schedule(name)
        let feed = FeedBuilder(schedule: schedule, now: Fixtures.now).build()
        try Self.expectSame(feed, name)
        try Self.expectSame(FeedBuilder(schedule: schedule, privacy: true, now: Fixtures.now).build(), "\(name) privacy")
        let parsed = try #require(try ICalParser.parse(Array(try feed.serialized().utf8)).calendar)
        let previous = FeedRevision.revisions(in: parsed)
        try Self.expectSame(
            FeedBuilder(schedule: schedule, previous: previous, now: Fixtures.now + 86_400).build(), "\(name) again")
    }

    @Test func namesAndNotesWithEveryCharacterTextEscapingTreatsSpecially() throws {
        var schedule = try Fixtures.schedule("demo.json")
        let awkward = "a, b; c\\d \\n \"q\" tab\there cr\rlf\nbs\u{8}ff\u{C}bell\u{7} é 漢 🙂 \\é"
        schedule.feed.name = "Mine, daily; " + awkward
        for i in schedule.medications.indices {
            schedule.medications[i].name += awkward
            schedule.medications[i].notes = awkward
            schedule.medications[i].dose = awkward
        }
        schedule.feed.color = FeedColor(parsing: "teal")
        try Self.expectSame(FeedBuilder(schedule: schedule, now: Fixtures.now).build(), "awkward text")
    }
}
