import Foundation
import Testing

@testable import DoseCal

@Suite struct SyncStatusTests {
    /// The status file of the syncs before the store (read to move it into the store): every
    /// field, escapes, both revisions and none.
    @Test func anOldStatusFileIsReadFieldByField() throws {
        let text =
            "dosecal-sync-status\t1\nfolder\t/home/me/cal%09with tab%25\n"
            + "item\tdose-1@dosecal.app\tschedule\tdose-1.ics\t1.5-7-900\th1,k1,3,1796040000,ab12\th2,,0,0,\n"
            + "item\todd%0Auid%2509\tcalendar\tx y.ics\t\t-\t-\n"
        let status = try SyncStatus(decoding: Data(text.utf8), source: "s")
        let feed = FeedRevision(sequence: 3, lastModified: 1_796_040_000, contentHash: "ab12")
        var expected = SyncStatus(folder: "/home/me/cal\twith tab%")
        expected.entries["dose-1@dosecal.app"] = .init(
            uid: "dose-1@dosecal.app", owner: .schedule, file: "dose-1.ics", etag: "1.5-7-900",
            written: .init(hash: "h1", key: "k1", feed: feed), pending: .init(hash: "h2"))
        expected.entries["odd\nuid%09"] = .init(uid: "odd\nuid%09", owner: .calendar, file: "x y.ics", etag: "", written: nil)
        #expect(status == expected)
    }

    /// Lines out of UID order (not what dosecal wrote) are read; their order is no hint.
    @Test func linesOutOfOrderAreRead() throws {
        let line = { (uid: String) in "item\t\(uid)\tcalendar\t\(uid).ics\te\t-\t-\n" }
        let head = "dosecal-sync-status\t1\nfolder\t/f\n"
        let status = try SyncStatus(decoding: Data((head + line("c") + line("a") + line("b")).utf8), source: "s")
        #expect(status.entries.keys.sorted() == ["a", "b", "c"])
        #expect(status.keptOrder() == nil)
    }

    /// The planner walks the status' UIDs and the folder's new ones in one sorted order: new
    /// foreign items before, between and after the recorded ones, each once.
    @Test func thePlannerWalksEveryUIDInOrder() throws {
        let line = { (uid: String) in "item\t\(uid)\tcalendar\t\(uid).ics\te\th,,0,0,\t-\n" }
        let head = "dosecal-sync-status\t1\nfolder\t/f\n"
        let status = try SyncStatus(decoding: Data((head + line("b") + line("d")).utf8), source: "s")
        let files = ["e", "d", "c", "b", "a"].map { FolderState.File(name: $0 + ".ics", etag: "e", uids: [$0], hash: "h") }
        let plan = try SyncPlanner(folder: "/f").plan(
            status: status, folder: FolderState(exists: true, files: files), desired: [])
        #expect(plan.changes.foreignAdded == ["a", "c", "e"])
        #expect(plan.actions == ["a", "b", "c", "d", "e"].map { SyncAction.leave(uid: $0) })
        #expect(plan.status.keptOrder() == ["a", "b", "c", "d", "e"])
    }

    @Test func aForeignFileIsNotAStatus() {
        #expect(throws: SyncError.badStatus(path: "s", line: 1, reason: "it does not start with \"dosecal-sync-status\\t1\"")) {
            try SyncStatus(decoding: Data("{}".utf8), source: "s")
        }
    }

    /// The byte reader reads what the String-per-field reader read: escapes in every field (a
    /// revision too), a signed number, a text without its last LF, a later line of the same UID.
    @Test func readsEveryFormTheTextReaderRead() throws {
        let text =
            "dosecal-sync-status\t1\nfolder\t/a%0Ab\n"
            + "item\tu%091\tschedule\tf%25.ics\t1.2-3-4\th,k,+7,-9,c\t-\n"
            + "item\tu2\tdeleted\tg.ics\t\th,k,1,2,c\th,,0,0,\n"
            + "item\tu2\tcalendar\tg2.ics\te\t-\t-"
        let status = try SyncStatus(decoding: Data(text.utf8), source: "s")
        #expect(status.folder == "/a\nb")
        #expect(
            status.entries["u\t1"]
                == .init(
                    uid: "u\t1", owner: .schedule, file: "f%.ics", etag: "1.2-3-4",
                    written: .init(hash: "h", key: "k", feed: FeedRevision(sequence: 7, lastModified: -9, contentHash: "c"))))
        #expect(status.entries["u2"] == .init(uid: "u2", owner: .calendar, file: "g2.ics", etag: "e", written: nil))
        #expect(status.entries.count == 2)
        // `%2C` in a revision is a comma: six parts, not a revision.
        let comma = "dosecal-sync-status\t1\nitem\tu\tdeleted\tg.ics\t\th%2Cx,k,1,2,c\t-\n"
        #expect(
            throws: SyncError.badStatus(path: "s", line: 2, reason: "expected item, UID, owner, file, etag, written, pending")
        ) {
            try SyncStatus(decoding: Data(comma.utf8), source: "s")
        }
    }

    @Test(arguments: [
        ("", 1), ("\n", 1), ("dosecal-sync-status\t1\n\n", 2), ("dosecal-sync-status\t1\nfolder\ta\tb\n", 2),
        ("dosecal-sync-status\t1\nitem\tu\towner\tf\te\t-\t-\n", 2),
        ("dosecal-sync-status\t1\nitem\tu\tschedule\tf\te\th,k,1,x,c\t-\n", 2),
        ("dosecal-sync-status\t1\nitem\tu\tschedule\tf\te\t-\t-\t-\n", 2),
        ("dosecal-sync-status\t1\nfolder\t/\nitem\tu\tschedule\tf\te\th,k,1,99999999999999999999,c\t-\n", 3),
    ])
    func aBadLineIsNamed(_ text: String, _ line: Int) {
        let reason =
            line == 1
            ? "it does not start with \"dosecal-sync-status\\t1\""
            : "expected item, UID, owner, file, etag, written, pending"
        #expect(throws: SyncError.badStatus(path: "s", line: line, reason: reason)) {
            try SyncStatus(decoding: Data(text.utf8), source: "s")
        }
    }

    @Test func livesNextToTheSchedulePerFolder() {
        let a = SyncStatus.path(schedule: "/home/me/meds.json", folder: "/home/me/cal/doses")
        let b = SyncStatus.path(schedule: "/home/me/meds.json", folder: "/home/me/cal/other")
        #expect(a == "/home/me/.meds.json.sync-" + SHA256.hex("/home/me/cal/doses").prefix(12))
        #expect(a != b)
    }
}
