import Foundation
import Testing

@testable import DoseCal

/// The status text written from bytes: the final status copies the intent's unchanged lines, the
/// numbers are written as `String(n)` writes them, and a file's etag is the text it always was.
@Suite struct StatusTextTests {
    private static func entry(_ uid: String, etag: String = "1.2-3-4", modified: Int = 1_796_040_000) -> SyncStatus.Entry {
        let feed = FeedRevision(sequence: 2, lastModified: modified, contentHash: "c" + uid)
        return .init(
            uid: uid, owner: .schedule, file: uid + ".ics", etag: etag, written: .init(hash: "h" + uid, key: "k", feed: feed))
    }

    private static func status(_ uids: [String]) -> SyncStatus {
        var status = SyncStatus(folder: "/f")
        for uid in uids { status.entries[uid] = entry(uid) }
        return status
    }

    /// Entries changed and removed after the intent: the text is the one encoded in full.
    @Test func theFinalStatusCopiesTheIntentsOtherLines() throws {
        let old = Self.status(["a", "b", "c", "d", "e"]).text()
        var status = Self.status(["a", "b", "c", "d", "e"])
        status.entries["a"]?.etag = "9.9-9-9"
        status.entries["c"]?.written = nil
        status.entries["c"]?.pending = .init(hash: "new")
        status.entries["d"] = nil
        status.entries["e"]?.etag = "8.8-8-8"
        let bytes = try #require(status.bytes(updating: old, changed: ["a", "c", "d", "e"]))
        #expect(Data(bytes) == status.encoded())
        #expect(String(decoding: bytes, as: UTF8.self).contains("item\tc\tschedule\tc.ics\t1.2-3-4\t-\tnew,,0,0,\n"))
        #expect(!String(decoding: bytes, as: UTF8.self).contains("item\td\t"))
        // Nothing changed: the same bytes.
        let same = Self.status(["a", "b"])
        #expect(same.bytes(updating: same.text(), changed: []) == same.text().bytes)
    }

    /// What cannot be checked is encoded in full: changed UIDs out of the lines' order, a UID
    /// not in the old text, an entry added.
    @Test func anythingElseIsEncodedInFull() {
        let old = Self.status(["a", "b", "c"]).text()
        let status = Self.status(["a", "b", "c"])
        #expect(status.bytes(updating: old, changed: ["c", "a"]) == nil)
        #expect(status.bytes(updating: old, changed: ["x"]) == nil)
        #expect(Self.status(["a", "b", "c", "d"]).bytes(updating: old, changed: ["a"]) == nil)
    }

    /// Numbers as `String(n)`: zero, negative, the largest.
    @Test func numbersAreWrittenAsStringWritesThem() {
        for n in [0, 7, 10, 1_796_040_000, -9, Int.max, Int.min] {
            var status = SyncStatus(folder: "/f")
            status.entries["u"] = Self.entry("u", modified: n)
            let text = String(decoding: status.encoded(), as: UTF8.self)
            #expect(text.hasSuffix("\thu,k,2,\(n),cu\t-\n"), "\(n)")
        }
    }

    /// `mtime(s.ns)-inode-size`: negative and largest numbers too.
    @Test func anEtagIsItsNumbersText() {
        let cases: [(Int, Int, UInt64, Int64)] = [
            (1_796_171_795, 661_249_62, 16_547_936, 917), (0, 0, 0, 0), (-5, 999_999_999, UInt64.max, Int64.max),
            (Int.min, 1, 1, 1),
        ]
        for (seconds, nanoseconds, inode, size) in cases {
            var st = stat()
            st.st_mode = S_IFREG | 0o600
            st.st_mtim.tv_sec = seconds
            st.st_mtim.tv_nsec = nanoseconds
            st.st_ino = numericCast(inode)
            st.st_size = numericCast(size)
            let expected = "\(seconds).\(nanoseconds)-\(inode)-\(size)"
            let text = EtagText(FileStatus(st))
            #expect(text.string == expected)
            #expect(text.equals(expected))
            #expect(!text.equals(expected + "0"))
            #expect(!text.equals(String(expected.dropLast())))
            #expect(VdirFolder.etag(FileStatus(st)) == expected)
        }
    }
}
