import DoseCalTestSupport
import Foundation
import ICal
import Testing

@testable import DoseCal

/// Items share their VTIMEZONEs' text and hashes within a run (`ItemZones`): each item's bytes,
/// content hash and key must be exactly what serialising and reading the whole item gives.
@Suite struct VdirItemTests {
    func check(_ schedule: Schedule, _ label: String) throws {
        let feed = FeedBuilder(schedule: schedule, now: Fixtures.now).build()
        for item in VdirItem.items(of: feed) {
            let whole = ICalSerializer.serialize(item.calendar)
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

    /// An item the status records with its hash now is not written when built (it will not be
    /// written to the folder); asked for, its bytes are the same.
    @Test func anItemTheStatusRecordsIsWrittenOnlyWhenAsked() throws {
        let feed = FeedBuilder(schedule: try Fixtures.schedule("daily.json"), now: Fixtures.now).build()
        let item = try #require(VdirItem.items(of: feed).first)
        #expect(item.eventTexts != nil)
        let revision = SyncStatus.Revision(hash: item.hash, key: item.key, feed: item.revision)
        var status = SyncStatus(folder: "/f")
        status.entries[item.uid] = .init(uid: item.uid, owner: .schedule, file: "a.ics", etag: "1", written: revision)
        let known = try #require(VdirItem.items(of: feed, known: status).first)
        #expect(known.eventTexts == nil)
        #expect(known.hash == item.hash)
        #expect(try known.serialized() == Data(try ICalSerializer.serialize(item.calendar).utf8))
    }

    /// Values the reader gives back otherwise than built (an RRULE's part order, a WKST, the
    /// spaces around a text) are built in the form they read as: the item's hash is the hash of
    /// its file as read.
    @Test func valuesAreBuiltAsTheyReadBack() throws {
        let rule = try #require(RecurrenceRule(parsing: "FREQ=WEEKLY;INTERVAL=4;BYDAY=MO,TU,WE,TH,FR,SA,SU;WKST=TH"))
        #expect(rule.property.value == "FREQ=WEEKLY;INTERVAL=4;BYDAY=TH,FR,SA,SU,MO,TU,WE;WKST=TH")
        var calendar = ICalComponent("VCALENDAR")
        var event = ICalComponent("VEVENT")
        event.add(ICalProperty("UID", "u@x"))
        event.add(.text("SUMMARY", " Aspirin 100 mg\t "))
        event.add(.text("DESCRIPTION", "\tTake 1 tablet of Aspirin 100 mg \u{00DF}\u{1F48A} "))
        event.add(rule.property)
        calendar.components = [event]
        let item = VdirItem(uid: "u@x", calendar: calendar)
        #expect(item.hash == (try VdirContent(bytes: try item.serialized())).hash)
        // ASCII only: the canonical text made as bytes.
        calendar.components[0].properties.removeAll { $0.name == "DESCRIPTION" }
        let ascii = VdirItem(uid: "u@x", calendar: calendar)
        #expect(ascii.hash == (try VdirContent(bytes: try ascii.serialized())).hash)
    }
}
