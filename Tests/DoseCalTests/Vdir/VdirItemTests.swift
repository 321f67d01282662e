import DoseCal
import DoseCalTestSupport
import Foundation
import ICal
import Testing

/// Items share their VTIMEZONEs' text and hashes within a run (`ItemZones`): each item's bytes,
/// content hash and key must be exactly what serialising and reading the whole item gives.
@Suite struct VdirItemTests {
    func check(_ schedule: Schedule, _ label: String) throws {
        let feed = FeedBuilder(schedule: schedule, now: Fixtures.now).build()
        for item in VdirItem.items(of: feed) {
            let whole = try ICalSerializer.serialize(item.calendar)
            #expect(try item.serialized() == Data(whole.utf8), "\(label): \(item.uid)")
            #expect(item.hash == (try VdirContent(bytes: Data(whole.utf8))).hash, "\(label): \(item.uid)")
            #expect(item.key == VdirContent(components: [item.calendar]).hash, "\(label): \(item.uid)")
            #expect(item.revision == FeedRevision.revisions(in: item.calendar)[item.uid], "\(label): \(item.uid)")
        }
    }

    @Test(arguments: Fixtures.scheduleNames) func everyFixtureItemIsWhatTheWholeItemGives(_ name: String) throws {
        try check(Fixtures.schedule(name), name)
    }

    @Test func generatedSchedulesGiveTheSameItems() throws {
        for seed in UInt64(1)...30 {
            var generator = ScheduleGenerator(seed: seed)
            try check(generator.schedule(), "seed \(seed)")
        }
    }

    @Test func anItemTheStatusKnowsTakesItsHashFromThere() throws {
        let feed = FeedBuilder(schedule: try Fixtures.schedule("daily.json"), now: Fixtures.now).build()
        let item = try #require(VdirItem.items(of: feed).first)
        let revision = SyncStatus.Revision(hash: "recorded", key: item.key, feed: item.revision)
        var status = SyncStatus(folder: "/f")
        status.entries[item.uid] = .init(uid: item.uid, owner: .schedule, file: "a.ics", etag: "1", written: revision)
        let known = try #require(VdirItem.items(of: feed, known: status).first)
        #expect(known.hash == "recorded")
        #expect(try known.serialized() == Data(try ICalSerializer.serialize(item.calendar).utf8))
    }
}
