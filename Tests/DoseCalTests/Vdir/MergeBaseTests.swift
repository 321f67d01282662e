import DoseCalTestSupport
import Foundation
import ICal
import Testing

@testable import DoseCal

/// The merge base is assembled from the text the items wrote (`MergeBase`), and split again by
/// UID (`MergeBaseText`): both must be exactly the whole feed's serialisation, and the base made
/// by series as it is written must be that split.
@Suite struct MergeBaseTests {
    func check(_ schedule: Schedule, _ label: String) throws {
        let feed = FeedBuilder(schedule: schedule, now: Fixtures.now).build()
        let whole = Data(feed.serialized().utf8)
        let written = VdirItem.items(of: feed)
        #expect(MergeBase.text(of: feed, items: written) == whole, "\(label): from the items' text")
        #expect(MergeBase.text(of: feed, items: []) == whole, "\(label): serialised here")
        // A feed without events has no event to split at: such a base is never rewritten by parts.
        guard !feed.items.isEmpty else {
            #expect(MergeBase.base(of: feed, items: written) == nil, "\(label)")
            return #expect(MergeBaseText(Array(whole)) == nil, "\(label)")
        }
        let split = try #require(MergeBaseText(Array(whole)), "\(label)")
        // The base made as it is written is the whole text split again: same head, tail and series.
        for items in [written, []] {
            let made = try #require(MergeBase.base(of: feed, items: items), "\(label)")
            #expect(made.bytes == Array(whole) && made.head == split.head && made.tail == split.tail, "\(label)")
            #expect(made.series.map(\.uid) == split.series.map(\.uid), "\(label)")
            #expect(made.series.map(\.events) == split.series.map(\.events), "\(label)")
        }
        var again = split.head
        var seen = Set<String>()
        for item in feed.items where seen.insert(item.uid).inserted { again += split.events(of: item.uid) ?? [] }
        #expect(again + Array("END:VCALENDAR\r\n".utf8) == Array(whole), "\(label): split by UID")
    }

    @Test(arguments: Fixtures.scheduleNames) func everyFixture(_ name: String) throws {
        try check(Fixtures.schedule(name), name)
    }

    @Test func generatedSchedules() throws {
        for seed in UInt64(1)...20 {
            var generator = ScheduleGenerator(seed: seed)
            try check(generator.schedule(), "seed \(seed)")
        }
    }

    @Test func aRecordReadsBackAsWritten() throws {
        var record = FeedRecord(
            key: "k", allZoned: true,
            zones: ["Europe/Berlin": .init(first: 2025, last: nil), "Asia/Tokyo": .init(first: 2026, last: 2027)],
            medications: [
                .init(id: "a,b%\t", fingerprint: "f", zoned: false, tzids: ["Europe/Berlin"], uids: ["u1", "u,2"]),
                .init(id: "c", fingerprint: "g", zoned: true, tzids: [], uids: []),
            ])
        record.statusEtag = "1.2-3-4"
        record.baseEtag = "5.6-7-8"
        #expect(FeedRecord(decoding: record.encoded()) == record)
        #expect(FeedRecord(decoding: Data("dosecal-sync-feed\t2\n".utf8)) == nil)
    }
}
