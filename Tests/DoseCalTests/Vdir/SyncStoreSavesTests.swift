import Foundation
import Testing

@testable import DoseCal

/// A save costs what changed: after an edit of one series (one medication), the store writes
/// only its rows and reads no table again (what it read at the start is kept in memory); what
/// it wrote reads back whole in the next run.
@Suite struct SyncStoreSavesTests {
    private static let head = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//dosecal//test//EN\r\n"
    private static let tail = "END:VCALENDAR\r\n"

    private static func event(_ uid: String, _ summary: String) -> String {
        "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTART:20260302T080000Z\r\nSUMMARY:\(summary)\r\nEND:VEVENT\r\n"
    }

    private static func base(_ series: [(String, String)]) -> Data {
        Data((head + series.map { event($0.0, $0.1) }.joined() + tail).utf8)
    }

    @Test func aBaseSaveAfterOneSeriesChangedReadsNoRowAgainAndWritesOne() throws {
        let box = VdirSandbox()
        let uids = ["a", "b", "c", "d", "e", "f"]
        let first = Self.base(uids.map { ($0, "Dose " + $0) })
        do { try SyncStore(path: box.storePath).keepBase(first) }
        let store = try SyncStore(path: box.storePath)
        #expect(try store.baseText() == first)
        // One series changed: its row and the three meta values; the rows already read are not read again.
        let edited = Self.base(uids.map { ($0, $0 == "c" ? "Dose c at 05:45" : "Dose " + $0) })
        var (read, changed) = (store.db.rowsRead, store.db.rowsChanged)
        try store.keepBase(edited)
        #expect(store.db.rowsChanged - changed == 1 + 3)
        #expect(store.db.rowsRead - read <= 2)  // base_head and base_tail, not the six rows
        // A series gone: its row deleted, the others (same places before it) left.
        let shorter = Self.base(uids.filter { $0 != "f" }.map { ($0, $0 == "c" ? "Dose c at 05:45" : "Dose " + $0) })
        (read, changed) = (store.db.rowsRead, store.db.rowsChanged)
        try store.keepBase(shorter)
        #expect(store.db.rowsChanged - changed == 1 + 3)
        #expect(store.db.rowsRead - read <= 2)
        // The same base again: nothing written.
        changed = store.db.rowsChanged
        try store.keepBase(shorter)
        #expect(store.db.rowsChanged == changed)
        #expect(try SyncStore(path: box.storePath, access: .readOnly).baseText() == shorter)
        // A series moved: the rows whose place changed; a text that is not a base is kept whole.
        let moved = Self.base([("b", "Dose b"), ("a", "Dose a"), ("c", "Dose c at 05:45"), ("d", "Dose d"), ("e", "Dose e")])
        try store.keepBase(moved)
        #expect(try SyncStore(path: box.storePath, access: .readOnly).baseText() == moved)
        let whole = Data("not a calendar\r\n".utf8)
        try store.keepBase(whole)
        let again = try SyncStore(path: box.storePath, access: .readOnly)
        #expect(try again.baseText() == whole)
        #expect(try again.readBase() == nil)
    }

    private static func medication(_ n: Int, fingerprint: String = "fp") -> FeedRecord.Medication {
        .init(
            id: "m\(n)", fingerprint: fingerprint + "\(n)", zoned: n % 2 == 0, tzids: ["Europe/Berlin"],
            uids: ["m\(n)-1", "m\(n)-2"])
    }

    @Test func aFeedRecordSaveAfterOneMedicationChangedWritesOnlyItsRows() throws {
        let box = VdirSandbox()
        var record = FeedRecord(
            key: "k", allZoned: false,
            zones: ["Europe/Berlin": .init(first: 2026, last: 2027), "America/New_York": .init(first: 2026, last: nil)],
            medications: (0..<5).map { Self.medication($0) })
        record.statusEtag = "3"
        record.baseEtag = "2"
        do { try SyncStore(path: box.storePath).keepFeedRecord(record, old: nil) }
        let store = try SyncStore(path: box.storePath)
        let old = try #require(try store.feedRecord())
        #expect(old == record)
        // Read once a run.
        var read = store.db.rowsRead
        #expect(try store.feedRecord() == record)
        #expect(store.db.rowsRead == read)
        // One medication edited: four meta values, its row, its three names deleted and written again.
        var edited = record
        edited.medications[2] = .init(
            id: "m2", fingerprint: "new", zoned: true, tzids: ["America/New_York"], uids: ["m2-1", "m2-2"])
        edited.statusEtag = "4"
        var changed = store.db.rowsChanged
        read = store.db.rowsRead
        try store.keepFeedRecord(edited, old: old)
        #expect(store.db.rowsChanged - changed == 4 + 1 + 3 + 3)
        #expect(store.db.rowsRead == read)
        #expect(try SyncStore(path: box.storePath, access: .readOnly).feedRecord() == edited)
        // A medication and a zone gone, one added at the end of a shorter list.
        var shorter = edited
        shorter.medications.removeLast(2)
        shorter.medications.append(Self.medication(7, fingerprint: "other"))
        shorter.zones["Europe/Berlin"] = nil
        changed = store.db.rowsChanged
        try store.keepFeedRecord(shorter, old: try store.feedRecord())
        #expect(store.db.rowsChanged - changed < 4 + 2 * 7)
        #expect(try SyncStore(path: box.storePath, access: .readOnly).feedRecord() == shorter)
        // Removed.
        try store.keepFeedRecord(nil, old: try store.feedRecord())
        #expect(try SyncStore(path: box.storePath, access: .readOnly).feedRecord() == nil)
        #expect(try store.feedRecord() == nil)
    }
}
