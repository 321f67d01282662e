import Foundation

/// The status in the store: one row of `items` per entry (its revisions as columns), the
/// folder in `meta`. A status exists once a save recorded its folder.
extension SyncStore {
    /// The status recorded, nil when none was saved yet.
    func readStatus() throws(SyncError) -> SyncStatus? {
        guard let folder = try meta("folder") else { return nil }
        var status = SyncStatus(folder: folder)
        var order: [String] = []
        var ascending = true
        try reading {
            let select = try db.prepare("SELECT \(Self.itemColumns) FROM items ORDER BY uid")
            while try select.step() {
                let entry = try entry(select)
                let uid = entry.uid
                status.entries[uid] = entry
                if ascending {
                    if let last = order.last, !(last < uid) { ascending = false } else { order.append(uid) }
                }
            }
        }
        if ascending { status.order = order }
        self.status = status
        statusIsPart = false
        return status
    }

    /// The entry of `uid` as the store holds it, read alone; nil when there is none.
    func entry(uid: String) throws(SyncError) -> SyncStatus.Entry? { try entries(uids: [uid])[uid] }

    /// The entries of `uids` the store holds (one statement, a row read per UID), by UID.
    func entries<S: Sequence<String>>(uids: S) throws(SyncError) -> [String: SyncStatus.Entry] {
        if let status, !statusIsPart {
            var found: [String: SyncStatus.Entry] = [:]
            for uid in uids { found[uid] = status.entries[uid] }
            return found
        }
        return try reading {
            var found: [String: SyncStatus.Entry] = [:]
            let select = try db.prepare("SELECT \(Self.itemColumns) FROM items WHERE uid = ?")
            for uid in uids {
                try select.bind(uid, at: 1)
                if try select.step() { found[uid] = try entry(select) }
                select.reset()
            }
            return found
        }
    }

    /// `body`'s result; SQLite's failures and a row that is not an entry as the sync's error.
    private func reading<T>(_ body: () throws -> T) throws(SyncError) -> T {
        do { return try body() } catch let error as SQLiteDatabase.Failure {
            throw Self.failed(error)
        } catch let error as SyncError {
            throw error
        } catch {
            throw .io(path: path, reason: "\(error)")
        }
    }

    /// The entry in the row `select` stands on.
    private func entry(_ select: SQLiteDatabase.Statement) throws(SyncError) -> SyncStatus.Entry {
        let uid = select.text(0)
        guard let owner = SyncStatus.Owner(rawValue: select.text(1)) else {
            throw SyncError.badStatus(path: path, line: 0, reason: "item \(uid) has no known owner")
        }
        return SyncStatus.Entry(
            uid: uid, owner: owner, file: select.text(2), etag: select.text(3), written: Self.revision(select, 4),
            pending: Self.revision(select, 9))
    }

    /// Records new `etags` of entries (files touched, holding what was written) as a save of
    /// the status, in one transaction with what stays true of the run after it: the inputs record
    /// `key` with `listing`, and the feed record, both now of the status saved. false, and nothing
    /// written, when the feed record is not the one of the status and base as they are.
    func recordEtags(_ etags: [(uid: String, etag: String)], inputs key: String, listing: [UInt8]) throws(SyncError)
        -> Bool
    {
        guard try meta("feed_key") != nil, try meta("feed_status") == String(statusVersion),
            try meta("feed_base") == String(baseVersion)
        else { return false }
        let next = String(statusVersion + 1)
        try write { () throws(SQLiteDatabase.Failure) in
            let update = try db.prepare("UPDATE items SET etag = ? WHERE uid = ?")
            for (uid, etag) in etags { try update.run(.text(etag), .text(uid)) }
            for (name, value) in [
                ("status_version", next), ("inputs", key), ("inputs_status", next), ("feed_status", next),
                ("inputs_listing", String(decoding: listing, as: UTF8.self)),
            ] {
                try setMeta(name, value)
            }
        }
        statusVersion += 1
        for (uid, etag) in etags { status?.entries[uid]?.etag = etag }
        if case .some(.some(var record)) = feed {
            record.statusEtag = next
            feed = .some(record)
        }
        return true
    }

    /// Takes `part`, entries read alone (`entry(uid:)`), as the status a run will save: the save
    /// writes the rows of those entries that differ and deletes those of the ones it no longer
    /// holds; the other rows are not read or written.
    func adoptPart(_ part: SyncStatus) {
        status = part
        statusIsPart = true
    }

    /// Records `status`: the rows of the entries that differ from the status last read or saved,
    /// in one transaction; nothing at all when none differs.
    func save(_ status: SyncStatus) throws(SyncError) {
        let old = self.status
        var changed: [SyncStatus.Entry] = []
        var removed: [String] = []
        for (uid, e) in status.entries where old?.entries[uid] != e { changed.append(e) }
        if let old { for uid in old.entries.keys where status.entries[uid] == nil { removed.append(uid) } }
        guard old?.folder != status.folder || !changed.isEmpty || !removed.isEmpty else { return }
        try write { () throws(SQLiteDatabase.Failure) in
            if old?.folder != status.folder { try setMeta("folder", status.folder) }
            let upsert = try db.prepare(
                "INSERT OR REPLACE INTO items (\(Self.itemColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
            for e in changed {
                try Self.bind(e, to: upsert)
                try upsert.step()
                upsert.reset()
            }
            let delete = try db.prepare("DELETE FROM items WHERE uid = ?")
            for uid in removed { try delete.run(.text(uid)) }
            try setMeta("status_version", String(statusVersion + 1))
        }
        statusVersion += 1
        self.status = status
    }

    static let itemColumns = """
        uid, owner, file, etag, written_hash, written_key, written_sequence, written_modified, written_event, \
        pending_hash, pending_key, pending_sequence, pending_modified, pending_event
        """

    private static func bind(_ e: SyncStatus.Entry, to statement: SQLiteDatabase.Statement) throws(SQLiteDatabase.Failure) {
        try statement.bind(e.uid, at: 1)
        try statement.bind(e.owner.rawValue, at: 2)
        try statement.bind(e.file, at: 3)
        try statement.bind(e.etag, at: 4)
        for (revision, first) in [(e.written, Int32(5)), (e.pending, 10)] {
            guard let r = revision else { continue }  // NULLs, as reset left them
            try statement.bind(r.hash, at: first)
            try statement.bind(r.key, at: first + 1)
            try statement.bind(r.feed.sequence, at: first + 2)
            try statement.bind(r.feed.lastModified, at: first + 3)
            try statement.bind(r.feed.contentHash, at: first + 4)
        }
    }

    /// The revision in the five columns from `first`; nil when its hash is NULL.
    private static func revision(_ row: SQLiteDatabase.Statement, _ first: Int32) -> SyncStatus.Revision? {
        guard !row.isNull(first) else { return nil }
        let feed = FeedRevision(
            sequence: row.integer(first + 2), lastModified: row.integer(first + 3), contentHash: row.text(first + 4))
        return SyncStatus.Revision(hash: row.text(first), key: row.text(first + 1), feed: feed)
    }
}
