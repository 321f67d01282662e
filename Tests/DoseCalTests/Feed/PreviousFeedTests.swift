import Foundation
import ICal
import Testing

@testable import DoseCal

/// The earlier export read from its own lines gives what reading it through the parser gives.
@Suite struct PreviousFeedTests {
    @Test(arguments: Fixtures.scheduleNames)
    func linesGiveTheParsedRevisions(_ name: String) throws {
        for privacy in [false, true] {
            let text = try Fixtures.export(name, privacy: privacy)
            let previous = try #require(PreviousFeed(bytes: Array(text.utf8)), "\(name)")
            let parsed = FeedRevision.revisions(in: try #require(ICalParser.parse(text).calendar))
            #expect(previous.revisions == parsed, "\(name)")
            for (uid, revision) in parsed { #expect(previous.parsedRevision(uid) == revision, "\(name) \(uid)") }
            let again = FeedBuilder(schedule: try Fixtures.schedule(name), privacy: privacy, now: Fixtures.now + 86_400)
            #expect(try previous.build(again).serialized() == text, "\(name): a re-run changes nothing")
        }
    }

    /// A file whose lines another program folded again: the parsed reading decides, so nothing
    /// is bumped.
    @Test func linesFoldedElsewhereStillKeepTheRevisions() throws {
        let text = try Fixtures.export("daily.json")
        let refolded = text.replacingOccurrences(of: "\r\nSUMMARY:", with: "\r\nSUMM\r\n ARY:")
        #expect(refolded != text)
        let previous = try #require(PreviousFeed(bytes: Array(refolded.utf8)))
        let parsed = FeedRevision.revisions(in: try #require(ICalParser.parse(refolded).calendar))
        #expect(previous.revisions != parsed, "the lines as written hash differently")
        let again = FeedBuilder(schedule: try Fixtures.schedule("daily.json"), now: Fixtures.now + 86_400)
        #expect(try previous.build(again).serialized() == text)
    }

    /// A changed event gets SEQUENCE + 1 as through the parser.
    @Test func aChangedEventIsBumpedAsThroughTheParser() throws {
        let text = try Fixtures.export("daily.json")
        var schedule = try Fixtures.schedule("daily.json")
        schedule.medications[0].times[0].time = LocalTime(hour: 8, minute: 30)!
        let previous = try #require(PreviousFeed(bytes: Array(text.utf8)))
        let parsed = FeedRevision.revisions(in: try #require(ICalParser.parse(text).calendar))
        let later = Fixtures.now + 3600
        let viaLines = previous.build(FeedBuilder(schedule: schedule, now: later)).serialized()
        let viaParser = FeedBuilder(schedule: schedule, previous: parsed, now: later).build().serialized()
        #expect(viaLines == viaParser)
        #expect(viaLines.contains("SEQUENCE:1\r\n"))
    }

    @Test func otherShapesAreLeftToTheParser() throws {
        let text = try Fixtures.export("daily.json")
        #expect(PreviousFeed(bytes: Array(text.replacingOccurrences(of: "\r\n", with: "\n").utf8)) == nil)
        #expect(
            PreviousFeed(bytes: Array(text.replacingOccurrences(of: "PRODID:-//dosecal//", with: "PRODID:-//x//").utf8)) == nil)
        #expect(PreviousFeed(bytes: Array(text.replacingOccurrences(of: "\r\nUID:", with: "\r\nuid:").utf8)) == nil)
        #expect(PreviousFeed(bytes: Array(text.replacingOccurrences(of: "SEQUENCE:0", with: "SEQUENCE:00").utf8)) == nil)
        #expect(PreviousFeed(bytes: Array((text + "X").utf8)) == nil)
        #expect(PreviousFeed(bytes: Array(text.dropLast(13).utf8)) == nil)
        #expect(PreviousFeed(bytes: [0xEF, 0xBB, 0xBF] + Array(text.utf8)) == nil)
        #expect(PreviousFeed(bytes: []) == nil)
    }
}
