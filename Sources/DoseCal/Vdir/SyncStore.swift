import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Everything a sync of one schedule with one folder keeps between runs, in one SQLite file next
/// to the schedule (docs/sync.md "The status", decision 0295): the status (one row per item), the
/// merge base (one row per series), the record of the last clean sync's feed, the last clean
/// sync's inputs, and the phone's copies of damaged items.
///
/// The file is created with mode 0600, exclusively and without following a symbolic link, before
/// SQLite opens it (also without following one); a link in its place stops the sync and creates
/// nothing. Opening it takes the sync's lock: an exclusive `flock` on the file itself, without
/// waiting (`SyncError.locked`), held until the value is released. SQLite writes with a rollback
/// journal (`journal_mode=DELETE`, `synchronous=FULL`): its `-journal` file exists only during a
/// transaction.
///
/// What was read or written last is kept in memory (the status, the base's rows, the feed
/// record), so that a save compares with it, reads no table again, writes only the rows that
/// differ, and a save that changes nothing does not begin a transaction.
final class SyncStore: @unchecked Sendable {  // one run's, used by that run's thread only
    /// The store file.
    let path: String
    let db: SQLiteDatabase
    private let fd: Int32

    /// The schema this build writes (`PRAGMA user_version`).
    static let schemaVersion = 1

    /// The status as last read or saved; nil when none was ever saved.
    var status: SyncStatus?
    /// `status` holds only some entries (`adoptPart`): a save compares with those alone.
    var statusIsPart = false
    /// Counts the saves of the status (and of the base) that changed it: the records of the last
    /// clean run name the counts they were made with, as the sidecar files named their etags.
    var statusVersion = 0
    var baseVersion = 0
    /// The base as last read or kept (its rows are the table's); nil until read.
    var baseRows: MergeBaseText?
    /// The feed record as last read or kept; nil until read.
    var feed: FeedRecord??
    /// Inside `together`: each write joins its transaction.
    private var batching = false

    /// The store of the sync whose status stem is `stem` (`SyncStatus.path(schedule:folder:)`).
    static func path(stem: String) -> String { stem + ".db" }

    /// Opens (creating when missing) and locks the store at `path`; a store just created gets
    /// its tables. Throws `.locked` when another sync holds it. With `access` `.readOnly` (a dry
    /// run) the existing file is read without the lock and nothing can be written (an empty file
    /// reads as an empty store); with `.memory` the store is a new one in memory and `path` only
    /// names it.
    init(path: String, access: SQLiteDatabase.Access = .readWrite) throws(SyncError) {
        self.path = path
        let fd = access == .memory ? -1 : try Self.openFile(path, forWriting: access == .readWrite)
        if access == .readWrite {
            do {
                try Syscalls.flock(fd, LOCK_EX | LOCK_NB)
            } catch {
                Syscalls.close(fd)
                if error == .wouldBlock { throw .locked(path: path) }
                throw .io(path: path, reason: "cannot lock the sync store: \(error)")
            }
        }
        self.fd = fd
        do {
            var db = try SQLiteDatabase(path: path, access: access)
            if access == .readOnly, try db.integer("PRAGMA user_version") ?? 0 == 0 {
                db = try SQLiteDatabase(path: path, access: .memory)  // a file with no tables yet: nothing to read
            }
            self.db = db
            // A run reads most pages once (the operating system keeps the file's pages): 512 KiB
            // of SQLite's own page cache, not its default 2 MiB, keeps a run's peak memory down.
            try db.exec("PRAGMA cache_size=-512")
            if access == .readWrite { try db.exec("PRAGMA journal_mode=DELETE; PRAGMA synchronous=FULL") }
        } catch {
            if fd >= 0 { Syscalls.close(fd) }
            throw Self.failed(error)
        }
        try prepare()
    }

    // Closing the descriptor would drop SQLite's own POSIX locks on the file, but SQLite holds
    // none between transactions, and the connection is closed right after.
    deinit { if fd >= 0 { Syscalls.close(fd) } }

    /// The store file opened for the lock: the existing regular file, or a new one made 0600
    /// with `O_EXCL` (never through a link). Not `forWriting`: the existing file, read only.
    private static func openFile(_ path: String, forWriting: Bool) throws(SyncError) -> Int32 {
        for _ in 0..<2 {
            let fd: Int32
            do {
                fd = try Syscalls.open(path, (forWriting ? O_RDWR : O_RDONLY) | O_NOFOLLOW | O_CLOEXEC)
            } catch  where error == .noSuchFile && forWriting {
                do {
                    return try Syscalls.open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode: 0o600)
                } catch  where error == .fileExists {
                    continue  // made by another process meanwhile, or a link: look again
                } catch {
                    throw refusal(path, error)
                }
            } catch {
                throw refusal(path, error)
            }
            guard (try? Syscalls.fstat(fd))?.kind == .regular else {
                Syscalls.close(fd)
                throw .io(path: path, reason: "the sync store is not a regular file; move it away and sync again")
            }
            return fd
        }
        throw .io(path: path, reason: "cannot open the sync store: it keeps appearing and disappearing")
    }

    private static func refusal(_ path: String, _ error: Errno) -> SyncError {
        guard error == .symbolicLink || PlainFile.status(path)?.kind == .symbolicLink else {
            return .io(path: path, reason: "cannot open the sync store: \(error)")
        }
        return .io(
            path: path,
            reason: "the sync store is a symbolic link; dosecal does not follow links next to the schedule. "
                + "Move it away and sync again")
    }

    /// Creates the tables of a new store (in one transaction), or checks an existing one's
    /// schema, and reads the counts.
    private func prepare() throws(SyncError) {
        let version: Int
        do { version = try db.integer("PRAGMA user_version") ?? 0 } catch { throw Self.failed(error) }
        if version > Self.schemaVersion {
            throw .io(path: path, reason: "the sync store was written by a newer dosecal (schema \(version)); sync with that one")
        }
        if version == 0 {
            try write { () throws(SQLiteDatabase.Failure) in try db.exec(Self.schema) }
        }
        statusVersion = try meta("status_version").map { Int($0) ?? 0 } ?? 0
        baseVersion = try meta("base_version").map { Int($0) ?? 0 } ?? 0
    }

    static let schema = """
        CREATE TABLE meta (name TEXT PRIMARY KEY, value BLOB) WITHOUT ROWID;
        CREATE TABLE items (
            uid TEXT PRIMARY KEY, owner TEXT NOT NULL, file TEXT NOT NULL, etag TEXT NOT NULL,
            written_hash TEXT, written_key TEXT, written_sequence INTEGER, written_modified INTEGER, written_event TEXT,
            pending_hash TEXT, pending_key TEXT, pending_sequence INTEGER, pending_modified INTEGER, pending_event TEXT
        ) WITHOUT ROWID;
        CREATE TABLE base (uid TEXT PRIMARY KEY, position INTEGER NOT NULL, events BLOB NOT NULL) WITHOUT ROWID;
        CREATE TABLE feed_zones (tzid TEXT PRIMARY KEY, first INTEGER NOT NULL, last INTEGER) WITHOUT ROWID;
        CREATE TABLE feed_medications (
            position INTEGER PRIMARY KEY, id TEXT NOT NULL, fingerprint TEXT NOT NULL, zoned INTEGER NOT NULL);
        CREATE TABLE feed_names (
            medication INTEGER NOT NULL, kind TEXT NOT NULL, position INTEGER NOT NULL, name TEXT NOT NULL,
            PRIMARY KEY (medication, kind, position)) WITHOUT ROWID;
        CREATE TABLE damaged (name TEXT PRIMARY KEY, uid TEXT NOT NULL, data BLOB NOT NULL) WITHOUT ROWID;
        PRAGMA user_version = 1;
        """

    /// Runs `body` in one transaction (or in `together`'s); SQLite's failures become
    /// `SyncError.io` naming the store.
    func write(_ body: () throws(SQLiteDatabase.Failure) -> Void) throws(SyncError) {
        if batching {
            do { try body() } catch { throw Self.failed(error) }
            return
        }
        do { try db.transaction(body) } catch {
            switch error {
            case .database(let failure), .body(let failure): throw Self.failed(failure)
            }
        }
    }

    /// Runs `body`, whose writes all commit in one transaction, or none of them.
    func together(_ body: () throws(SyncError) -> Void) throws(SyncError) {
        batching = true
        defer { batching = false }
        do { try db.transaction(body) } catch {
            (baseRows, feed) = (nil, nil)  // what the body kept in memory was rolled back: read again
            switch error {
            case .database(let failure): throw Self.failed(failure)
            case .body(let error): throw error
            }
        }
    }

    /// The value of `name` in the meta table, as text; nil when there is none.
    func meta(_ name: String) throws(SyncError) -> String? {
        do {
            let select = try db.prepare("SELECT value FROM meta WHERE name = ?")
            try select.bind(name, at: 1)
            return try select.step() ? select.optionalText(0) : nil
        } catch { throw Self.failed(error) }
    }

    /// Sets (or, for nil, removes) `name` in the meta table; inside a transaction.
    func setMeta(_ name: String, _ value: String?) throws(SQLiteDatabase.Failure) {
        guard let value else {
            let delete = try db.prepare("DELETE FROM meta WHERE name = ?")
            return try delete.run(.text(name))
        }
        let upsert = try db.prepare("INSERT OR REPLACE INTO meta (name, value) VALUES (?, ?)")
        try upsert.run(.text(name), .text(value))
    }

    /// SQLite's failure as the sync's error.
    static func failed(_ failure: SQLiteDatabase.Failure) -> SyncError {
        .io(
            path: failure.path,
            reason: "the sync store: SQLite could not \(failure.doing): \(failure.message) (code \(failure.code))")
    }
}
