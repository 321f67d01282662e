import Foundation

/// The merge base in the store: the feed's text before its first event (`base_head` in `meta`)
/// and after its last (`base_tail`), and one row of `base` per UID holding that series' events
/// (master and overrides) as written, in feed order (`position`). The base's text is the head,
/// the rows in order and the tail; a text that is not a feed as `MergeBase` writes it is kept
/// whole as its head, with no rows.
extension SyncStore {
    /// Whether a base is recorded.
    var hasBase: Bool { (try? meta("base_tail")) != nil }

    /// The base as its head and series; nil when none is recorded or it was kept whole.
    func readBase() throws(SyncError) -> MergeBaseText? {
        guard let head = try meta("base_head"), let tail = try meta("base_tail"), !tail.isEmpty else { return nil }
        var series: [(uid: String, events: [UInt8])] = []
        do {
            let select = try db.prepare("SELECT uid, events FROM base ORDER BY position")
            while try select.step() { series.append((select.text(0), select.bytes(1))) }
        } catch { throw Self.failed(error) }
        return MergeBaseText(head: Array(head.utf8), series: series, tail: Array(tail.utf8))
    }

    /// The base's whole text; nil when none is recorded.
    func baseText() throws(SyncError) -> Data? {
        guard let head = try meta("base_head"), let tail = try meta("base_tail") else { return nil }
        guard !tail.isEmpty, let base = try readBase() else { return Data(head.utf8) }
        return Data(base.bytes)
    }

    /// Records `text` as the base: only the rows whose series changed place or text, in one
    /// transaction; nothing when the base is already `text`.
    func keepBase(_ text: Data) throws(SyncError) {
        let bytes = Array(text)
        let parsed = MergeBaseText(bytes)
        let head = parsed.map { String(decoding: $0.head, as: UTF8.self) } ?? String(decoding: bytes, as: UTF8.self)
        let tail = parsed.map { String(decoding: $0.tail, as: UTF8.self) } ?? ""
        let series = parsed?.series ?? []
        var old: [String: (position: Int, events: [UInt8])] = [:]
        do {
            let select = try db.prepare("SELECT uid, position, events FROM base")
            while try select.step() { old[select.text(0)] = (select.integer(1), select.bytes(2)) }
        } catch { throw Self.failed(error) }
        var changed: [(Int, String, [UInt8])] = []
        for (position, s) in series.enumerated() {
            if let o = old.removeValue(forKey: s.uid), o.position == position, o.events == s.events { continue }
            changed.append((position, s.uid, s.events))
        }
        let (oldHead, oldTail) = (try meta("base_head"), try meta("base_tail"))
        guard oldHead != head || oldTail != tail || !changed.isEmpty || !old.isEmpty else { return }
        try write { () throws(SQLiteDatabase.Failure) in
            let delete = try db.prepare("DELETE FROM base WHERE uid = ?")
            for uid in old.keys {
                try delete.bind(uid, at: 1)
                try delete.step()
                delete.reset()
            }
            let upsert = try db.prepare("INSERT OR REPLACE INTO base (uid, position, events) VALUES (?, ?, ?)")
            for (position, uid, events) in changed {
                try upsert.bind(uid, at: 1)
                try upsert.bind(position, at: 2)
                try upsert.bind(events, at: 3)
                try upsert.step()
                upsert.reset()
            }
            try setMeta("base_head", head)
            try setMeta("base_tail", tail)
            try setMeta("base_version", String(baseVersion + 1))
        }
        baseVersion += 1
    }
}
