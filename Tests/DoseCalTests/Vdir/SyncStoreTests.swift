import Foundation
import Testing

@testable import DoseCal

#if canImport(Glibc)
    import Glibc
#endif

/// The sync's store: what is saved reads back, the file is made 0600 and never through a link,
/// its lock is the sync's, a save that changes nothing writes nothing, a kill between the intent
/// and the final status reads back as the intent, and the files of the sync before the store
/// move into it without losing anything.
@Suite struct SyncStoreTests {
    private static func entry(_ uid: String, written: Bool = true, pending: Bool = false) -> SyncStatus.Entry {
        let feed = FeedRevision(sequence: 3, lastModified: 1_796_040_000, contentHash: "c-" + uid)
        return .init(
            uid: uid, owner: .schedule, file: uid + ".ics", etag: "1.2-3-4",
            written: written ? .init(hash: "h-" + uid, key: "k", feed: feed) : nil,
            pending: pending
                ? .init(hash: "p-" + uid, key: "", feed: FeedRevision(sequence: -1, lastModified: Int.max, contentHash: "")) : nil
        )
    }

    /// Entries with both revisions, none, odd text (tab, LF, `%`, non-ASCII), owners of each kind.
    @Test func aStatusReadsBackAsSaved() throws {
        let box = VdirSandbox()
        var status = SyncStatus(folder: "/home/me/cal\twith tab")
        status.entries["a"] = Self.entry("a")
        status.entries["b\n%25ü"] = Self.entry("b\n%25ü", written: false, pending: true)
        var deleted = Self.entry("c", written: false)
        deleted.owner = .deleted
        status.entries["c"] = deleted
        var foreign = Self.entry("d")
        foreign.owner = .calendar
        status.entries["d"] = foreign
        do {
            let store = try SyncStore(path: box.storePath)
            #expect(try store.readStatus() == nil)
            try store.save(status)
        }
        let read = try #require(try box.storedStatus())
        #expect(read == status)
        #expect(read.keptOrder() == status.entries.keys.sorted())
        // One entry changed, one removed: two rows written, the others as they were.
        status.entries["a"]?.etag = "9-9-9"
        status.entries["d"] = nil
        do {
            let store = try SyncStore(path: box.storePath)
            _ = try store.readStatus()
            try store.save(status)
            #expect(store.statusVersion == 2)
        }
        #expect(try box.storedStatus() == status)
    }

    /// Made 0600 whatever the umask; a save that changes nothing begins no transaction (the
    /// file's bytes and modification time stay); no journal is left.
    @Test func theFileIsOwnerOnlyAndAnUnchangedSaveWritesNothing() throws {
        let box = VdirSandbox()
        let old = umask(0)
        defer { umask(old) }
        var status = SyncStatus(folder: "/f")
        status.entries["a"] = Self.entry("a")
        let store = try SyncStore(path: box.storePath)
        try store.save(status)
        var st = stat()
        #expect(stat(box.storePath, &st) == 0 && st.st_mode & 0o777 == 0o600)
        let before = (FileManager.default.contents(atPath: box.storePath), VdirFolder.etag(box.storePath))
        try store.save(status)
        try store.recordInputs(nil)
        try store.keepFeedRecord(nil, old: nil)
        #expect(FileManager.default.contents(atPath: box.storePath) == before.0)
        #expect(VdirFolder.etag(box.storePath) == before.1 && store.statusVersion == 1)
        #expect(!FileManager.default.fileExists(atPath: box.storePath + "-journal"))
        #expect(!FileManager.default.fileExists(atPath: box.storePath + "-wal"))
    }

    /// A second opener is refused without waiting; once the first is gone the lock is free.
    @Test func theStoreIsTheLock() throws {
        let box = VdirSandbox()
        var first: SyncStore? = try SyncStore(path: box.storePath)
        #expect(throws: SyncError.locked(path: box.storePath)) { try SyncStore(path: box.storePath) }
        withExtendedLifetime(first) {}
        first = nil
        _ = try SyncStore(path: box.storePath)
    }

    /// A link in the store's place, to a missing file or to a real one: refused, nothing made.
    @Test func aLinkInTheStoresPlaceIsRefused() throws {
        let box = VdirSandbox()
        try FileManager.default.createSymbolicLink(atPath: box.storePath, withDestinationPath: box.root + "/target.db")
        #expect(throws: SyncError.self) { try SyncStore(path: box.storePath) }
        #expect(!FileManager.default.fileExists(atPath: box.root + "/target.db"))
        #expect(!FileManager.default.fileExists(atPath: box.storePath + "-journal"))
        #expect(throws: SyncError.self) { try box.sync(daily()) }
        #expect(box.files.isEmpty)
    }

    /// A run killed after the intent was committed and before the final status: the store
    /// holds the intent (pending revisions), and the next run converges to what one run gives.
    @Test func aKillAfterTheIntentReadsBackAsTheIntent() throws {
        let whole = VdirSandbox()
        try whole.sync(daily())
        for limit in 1...6 {
            let killed = VdirSandbox()
            _ = try killed.sync(daily(), stepLimit: limit)
            let intent = try #require(try killed.storedStatus())
            #expect(intent.entries.count == 5)
            #expect(intent.entries.values.allSatisfy { $0.pending != nil }, "\(limit)")
            try killed.sync(daily())
            #expect(killed.files == whole.files)
            for name in whole.files { #expect(killed.read(name) == whole.read(name)) }
            let settled = try #require(try killed.storedStatus())
            #expect(settled.entries.values.allSatisfy { $0.pending == nil && $0.written != nil })
        }
    }

    private func daily() throws -> Schedule { try Fixtures.schedule("daily.json") }

    /// A dry run writes no file: for a new pairing it makes no store; with a store, it reads it
    /// without the sync's lock (so it runs while a sync holds it) and changes no byte of it.
    @Test func aDryRunWritesNoFileAndTakesNoLock() throws {
        let box = VdirSandbox()
        let schedule = try Fixtures.schedule("daily.json")
        let planned = try box.sync(schedule, dryRun: true)
        #expect(!planned.plan.actions.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: box.root).isEmpty)
        try box.sync(schedule)
        let before = FileManager.default.contents(atPath: box.storePath)
        let held = try SyncStore(path: box.storePath)
        #expect(throws: SyncError.locked(path: box.storePath)) { try box.sync(schedule) }
        let again = try box.sync(schedule, now: Fixtures.now + 60, dryRun: true)
        #expect(again.conflicts.isEmpty)
        withExtendedLifetime(held) {}
        #expect(FileManager.default.contents(atPath: box.storePath) == before)
    }
}
