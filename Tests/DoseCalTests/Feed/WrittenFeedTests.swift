import Foundation
import ICal
import Testing

@testable import DoseCal

/// The feed written event by event (`FeedBuilder.write()`) is the tree's serialisation, byte for
/// byte, with the same items, revisions and zones.
@Suite struct WrittenFeedTests {
    @Test(arguments: Fixtures.scheduleNames)
    func writtenBytesAreTheTreeSerialised(_ name: String) throws {
        for privacy in [false, true] {
            let builder = FeedBuilder(schedule: try Fixtures.schedule(name), privacy: privacy, now: Fixtures.now)
            try expectSame(builder, "\(name) privacy \(privacy)")
        }
    }

    /// Against earlier revisions, unchanged (kept) and changed (bumped) alike: the same hashes.
    @Test(arguments: Fixtures.scheduleNames)
    func writtenRevisionsAreTheTreeRevisions(_ name: String) throws {
        let schedule = try Fixtures.schedule(name)
        for privacy in [false, true] {
            let earlier = FeedBuilder(schedule: schedule, privacy: !privacy, now: Fixtures.now).build().serialized()
            let same = FeedBuilder(schedule: schedule, privacy: privacy, now: Fixtures.now).build().serialized()
            for text in [earlier, same] {
                let revisions = FeedRevision.revisions(in: try #require(ICalParser.parse(text).calendar))
                let builder = FeedBuilder(
                    schedule: schedule, privacy: privacy, previous: revisions, now: Fixtures.now + 86_400)
                try expectSame(builder, "\(name) privacy \(privacy) against \(text == same ? "itself" : "the other")")
            }
        }
    }

    /// Special characters in the texts (escaped), a long name (folded), a zone in a parameter.
    @Test func escapedAndFoldedTextsAreTheTreeSerialised() throws {
        var schedule = try Fixtures.schedule("daily.json")
        schedule.medications[0].name = "Ibu; \"fast\", 400\\mg\nnight é" + String(repeating: "ü", count: 40)
        schedule.feed.name = "Family, meds; \"home\""
        try expectSame(FeedBuilder(schedule: schedule, now: Fixtures.now), "special texts")
    }

    private func expectSame(_ builder: FeedBuilder, _ what: String) throws {
        let feed = builder.build()
        let written = builder.write()
        #expect(String(decoding: written.bytes, as: UTF8.self) == (try feed.serialized()), "\(what)")
        #expect(written.items.map(\.uid) == feed.items.map(\.uid), "\(what)")
        #expect(written.items.map(\.revision) == feed.items.map(\.revision), "\(what)")
        #expect(written.items.map(\.kind) == feed.items.map(\.kind), "\(what)")
        let zones = feed.calendar.components(named: "VTIMEZONE").compactMap { $0.property("TZID")?.value }
        #expect(written.zones == zones, "\(what)")
        // The item list made without events is the written one, revisions aside.
        let unrevised = written.items.map { WrittenFeed.Item(uid: $0.uid, medicationID: $0.medicationID, kind: $0.kind) }
        #expect(builder.itemList() == unrevised, "\(what)")
    }

    /// The fixtures hold every kind of item (the item list above is compared for each).
    @Test func fixturesHoldEveryKindOfItem() throws {
        var kinds = Set<String>()
        for name in Fixtures.scheduleNames {
            for item in FeedBuilder(schedule: try Fixtures.schedule(name), now: Fixtures.now).itemList() {
                switch item.kind {
                case .dose(_, let part): kinds.insert(part.isEmpty ? "dose" : "dose part")
                case .supplyWarning: kinds.insert("supply warning")
                case .nextDoseAllowed: kinds.insert("next dose allowed")
                }
            }
        }
        #expect(kinds == ["dose", "dose part", "supply warning", "next dose allowed"])
    }
}
