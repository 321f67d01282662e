import DoseCal
import Foundation
import Testing

@Suite struct SyncStatusTests {
    @Test func roundTripsEveryField() throws {
        let feed = FeedRevision(sequence: 3, lastModified: 1_796_040_000, contentHash: "ab12")
        var status = SyncStatus(folder: "/home/me/cal\twith tab%")
        status.entries["dose-1@dosecal.app"] = .init(
            uid: "dose-1@dosecal.app", owner: .schedule, file: "dose-1.ics", etag: "1.5-7-900",
            written: .init(hash: "h1", key: "k1", feed: feed), pending: .init(hash: "h2"))
        status.entries["odd\nuid%09"] = .init(uid: "odd\nuid%09", owner: .calendar, file: "x y.ics", etag: "", written: nil)
        let text = String(decoding: status.encoded(), as: UTF8.self)
        #expect(text.hasPrefix("dosecal-sync-status\t1\nfolder\t/home/me/cal%09with tab%25\n"))
        #expect(text.contains("item\tdose-1@dosecal.app\tschedule\tdose-1.ics\t1.5-7-900\th1,k1,3,1796040000,ab12\th2,,0,0,\n"))
        #expect(try SyncStatus(decoding: status.encoded(), source: "s") == status)
    }

    @Test func aForeignFileIsNotAStatus() {
        #expect(throws: SyncError.badStatus(path: "s", line: 1, reason: "it does not start with \"dosecal-sync-status\\t1\"")) {
            try SyncStatus(decoding: Data("{}".utf8), source: "s")
        }
    }

    @Test func livesNextToTheSchedulePerFolder() {
        let a = SyncStatus.path(schedule: "/home/me/meds.json", folder: "/home/me/cal/doses")
        let b = SyncStatus.path(schedule: "/home/me/meds.json", folder: "/home/me/cal/other")
        #expect(a == "/home/me/.meds.json.sync-" + SHA256.hex("/home/me/cal/doses").prefix(12))
        #expect(a != b)
    }
}
