import DoseCal
import Foundation
import Testing

/// `dosecal publish`'s library side: names, incremental writes, bad schedules, modes, stamps.
@Suite struct PublisherTests {
    typealias Box = PublishSandbox
    let anna = "dfa8dccfc21b213e503dac314489963a.ics"
    let annaRotated = "cc62d8e3084561834b67b78da9f51cd5.ics"
    let bob = "0bde28ae0b8d3b53f1e20b2a49378915.ics"

    /// Names are HMAC-SHA256(secret, "dosecal-feed" 0x1F identity 0x1F generation), 32 hex
    /// digits (values from Python's hmac), the same at every publish.
    @Test func namesAreTheKeyedHashOfPathAndGeneration() throws {
        let box = Box()
        try box.add("demo.json", as: "home/anna.json")
        try box.add("daily.json", as: "home/bob.json")
        let first = try box.publish()
        #expect(first.written.map(\.name) == [anna, bob])
        #expect(box.feeds == [bob, anna].sorted())
        #expect(FeedName.make(secret: Box.secret, identity: "home/anna.json", generation: 1) == annaRotated)
        try FileManager.default.removeItem(atPath: box.site)
        let again = try box.publish()
        #expect(again.written.map(\.name) == [anna, bob])
        #expect(
            FeedName.isFeedName(anna) && !FeedName.isFeedName("index.html") && !FeedName.isFeedName("ABC" + anna.dropFirst(3)))
    }

    @Test func rotateGivesANewNameAndRemovesTheOld() throws {
        let box = Box()
        try box.add("demo.json", as: "home/anna.json")
        try box.add("daily.json", as: "home/bob.json")
        try box.publish()
        let old = try #require(box.bytes(anna))
        let report = try box.publish { $0.rotate = ["home/anna.json"] }
        #expect(report.written.map(\.name) == [annaRotated])
        #expect(report.retired.map(\.name) == [anna])
        #expect(box.feeds == [annaRotated, bob].sorted())
        // The old name is marked gone for the web server (410): an empty file, readable by it.
        #expect(box.retiredMarks == [anna] && box.bytes("retired/" + anna) == Data())
        #expect(box.status(box.site + "/retired/" + anna).mode == 0o644 && box.status(box.site + "/retired").mode == 0o755)
        // The same calendar under the new name, with the same stamps.
        #expect(box.bytes(annaRotated) == old)
        // By the feed's name too; the index names the retired link.
        try box.publish { $0.rotate = [annaRotated] }
        let index = try String(contentsOfFile: box.state + "/index.json", encoding: .utf8)
        #expect(index.contains("\"feed\": \"\(anna)\"") && index.contains("\"feed\": \"\(annaRotated)\""))
        #expect(box.feeds.count == 2 && !box.feeds.contains(annaRotated) && !box.feeds.contains(anna))
        #expect(box.retiredMarks == [anna, annaRotated].sorted())
        #expect(throws: PublishError.unknownFeed("home/nobody.json")) { try box.publish { $0.rotate = ["home/nobody.json"] } }
    }

    @Test func aRepublishWritesOnlyTheChangedFeed() throws {
        let box = Box()
        try box.add("demo.json", as: "home/anna.json")
        try box.add("daily.json", as: "home/bob.json")
        try box.add("weekdays.json", as: "other/carl.json")
        try box.publish()
        let before = box.feeds.map { box.status(box.site + "/" + $0) }
        let record = try Data(contentsOf: URL(fileURLWithPath: box.state + "/record"))
        // Nothing changed: nothing is written, not even the record.
        let noop = try box.publish()
        #expect(noop.written.isEmpty && noop.unchanged == 3)
        #expect(try Data(contentsOf: URL(fileURLWithPath: box.state + "/record")) == record)
        // Touched, same bytes: read again, not written.
        try box.setModified(box.schedules + "/home/bob.json", Box.modified + 100)
        #expect(try box.publish().written.isEmpty)
        // One schedule edited: only its feed is written.
        var text = try String(contentsOfFile: box.schedules + "/home/bob.json", encoding: .utf8)
        text = text.replacingOccurrences(of: "\"08:00\"", with: "\"08:30\"")
        try box.write(Data(text.utf8), as: "home/bob.json", modified: Box.modified + 3600)
        let edited = try box.publish()
        #expect(edited.written.map(\.identity) == ["home/bob.json"])
        let after = box.feeds.map { box.status(box.site + "/" + $0) }
        for (i, name) in box.feeds.enumerated() where name != bob {
            #expect(after[i].inode == before[i].inode && after[i].modified == before[i].modified)
        }
        #expect(box.status(box.site + "/" + bob).modified == Box.modified + 3600)
    }

    /// DTSTAMP and the file's modification time are the schedule's last change, never the clock:
    /// two publishes of the same schedules into two sites give the same bytes.
    @Test func feedsAreStampedWithTheSchedulesChange() throws {
        let a = Box()
        let b = Box()
        for box in [a, b] { try box.add("demo.json", as: "home/anna.json") }
        try a.publish()
        try b.publish { $0.now = 2_000_000_000 }
        let feed = try #require(a.bytes(anna))
        #expect(feed == b.bytes(anna))
        let text = String(decoding: feed, as: UTF8.self)
        #expect(text.contains("DTSTAMP:20261126T100000Z") && text.contains("LAST-MODIFIED:20261126T100000Z"))
        #expect(!text.contains("DTSTAMP:2027") && a.status(a.site + "/" + anna).modified == Box.modified)
    }

    /// A change whose file time goes back (a restored copy) still moves the feed's last change
    /// forward, so that its Last-Modified and ETag change.
    @Test func aFeedsLastChangeNeverGoesBack() throws {
        let box = Box()
        try box.add("demo.json", as: "home/anna.json")
        try box.publish()
        try box.add("daily.json", as: "home/anna.json", modified: Box.modified - 86_400)
        let report = try box.publish()
        #expect(report.written.map(\.stamp) == [Box.modified + 1])
        #expect(box.status(box.site + "/" + anna).modified == Box.modified + 1)
    }

    @Test func aBadScheduleIsNamedAndTheOthersArePublished() throws {
        let box = Box()
        try box.add("demo.json", as: "home/anna.json")
        try box.add("daily.json", as: "home/bob.json")
        try box.publish()
        let good = try #require(box.bytes(bob))
        try box.write(Data("{\"version\": 1, \"homeZone\": \"Nowhere/Land\", \"medications\": []}".utf8), as: "home/bob.json")
        try box.write(Data("not json".utf8), as: "home/new.json")
        let report = try box.publish()
        #expect(report.written.isEmpty)
        #expect(report.problems.map(\.identity) == ["home/bob.json", "home/new.json"])
        #expect(report.problems[0].problem.hasPrefix("home/bob.json:1: homeZone: \"Nowhere/Land\""))
        // The last good feed stays served; the problem stays listed until it is solved.
        #expect(box.bytes(bob) == good)
        #expect(try box.publish().problems.count == 2)
        try box.add("daily.json", as: "home/bob.json", modified: Box.modified + 60)
        #expect(try box.publish().problems.map(\.identity) == ["home/new.json"])
    }

    @Test func modesAreForAWebServerAndTheOwner() throws {
        let box = Box()
        try box.add("demo.json", as: "home/anna.json")
        let old = umask(0o077)
        defer { umask(old) }
        try box.publish()
        #expect(box.status(box.site).mode == 0o755)
        #expect(box.status(box.site + "/" + anna).mode == 0o644)
        #expect(box.status(box.state).mode == 0o700)
        for file in ["secret", "record", "index.json", "index.txt"] { #expect(box.status(box.state + "/" + file).mode == 0o600) }
    }

    @Test func aGoneScheduleKeepsItsFeedUntilPruned() throws {
        let box = Box()
        try box.add("demo.json", as: "home/anna.json")
        try box.add("daily.json", as: "home/bob.json")
        try box.publish()
        try FileManager.default.removeItem(atPath: box.schedules + "/home/bob.json")
        let kept = try box.publish()
        #expect(box.feeds.contains(bob) && kept.problems.map(\.identity) == ["home/bob.json"])
        let pruned = try box.publish { $0.prune = true }
        #expect(pruned.retired.map(\.name) == [bob] && pruned.problems.isEmpty && !box.feeds.contains(bob))
        #expect(box.retiredMarks == [bob])
        // Back again: the same generation, so the same name (a rotated one would stay retired),
        // no longer marked gone.
        try box.add("daily.json", as: "home/bob.json")
        #expect(try box.publish().written.map(\.name) == [bob])
        #expect(box.retiredMarks.isEmpty && box.feeds.contains(bob))
    }

    @Test func temporariesOfAKilledRunAreRemoved() throws {
        let box = Box()
        try box.add("demo.json", as: "home/anna.json")
        try box.publish()
        // A process id no process has (above the kernel's maximum).
        let temp = "." + bob + ".dosecal-2147483646.tmp"
        try Data("half".utf8).write(to: URL(fileURLWithPath: box.site + "/" + temp))
        let foreign = ".notes.dosecal-2147483646.tmp"
        try Data("not ours".utf8).write(to: URL(fileURLWithPath: box.site + "/" + foreign))
        let report = try box.publish()
        #expect(report.removedLeftovers == [temp])
        #expect(box.feeds == [foreign, anna].sorted())
    }

    @Test func oneSiteOnePublishAtATime() throws {
        let box = Box()
        try box.add("demo.json", as: "home/anna.json")
        try box.publish()
        let lock = try SyncLock(folder: box.site)
        #expect(throws: PublishError.locked(site: box.site)) { try box.publish() }
        withExtendedLifetime(lock) {}
    }

    @Test func theSiteIsApartFromTheSchedulesAndTheSecret() throws {
        let box = Box()
        var p = Publisher(schedules: box.schedules, site: box.schedules + "/www", state: box.state)
        #expect(throws: PublishError.nested(inner: box.schedules + "/www", outer: box.schedules)) { try p.run { Box.secret } }
        p = Publisher(schedules: box.schedules, site: box.root + "/site", state: box.root + "/site/state")
        #expect(throws: PublishError.nested(inner: box.root + "/site/state", outer: box.root + "/site")) {
            try p.run { Box.secret }
        }
    }

    @Test func manySchedulesOnSeveralThreadsGiveWhatOneThreadGives() throws {
        let one = Box()
        let many = Box()
        let names = Fixtures.scheduleNames
        for box in [one, many] {
            for (i, name) in names.enumerated() { try box.add(name, as: "unit-\(i % 3)/\(name)") }
        }
        try one.publish { $0.jobs = 1 }
        try many.publish { $0.jobs = 8 }
        #expect(one.feeds.count == names.count && one.feeds == many.feeds)
        for name in one.feeds { #expect(one.bytes(name) == many.bytes(name)) }
    }
}
