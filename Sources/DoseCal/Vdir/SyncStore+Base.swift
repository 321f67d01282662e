import Foundation

/// The merge base in the store: the feed's text before its first event (`base_head` in `meta`)
/// and after its last (`base_tail`), and one row of `base` per UID holding that series' events
/// (master and overrides) as written, in feed order (`position`: 0, 1, 2... when the whole base
/// was kept; rows a run by parts put in place of others have positions between the rows around
/// them, fractions when they must). The base's text is the head,
/// the rows in order and the tail; a text that is not a feed as `MergeBase` writes it is kept
/// whole as its head, with no rows.
extension SyncStore {
    /// Whether a base is recorded.
    var hasBase: Bool { (try? meta("base_tail")) != nil }

    /// The base as its head and series; nil when none is recorded or it was kept whole. Its rows
    /// are read once a run, then kept in memory.
    func readBase() throws(SyncError) -> MergeBaseText? {
        guard let head = try meta("base_head"), let tail = try meta("base_tail"), !tail.isEmpty else { return nil }
        let (head8, tail8) = (Array(head.utf8), Array(tail.utf8))
        let rows = try rowsOfBase(head: head8, tail: tail8).base
        guard rows.head == head8, rows.tail == tail8 else { return MergeBaseText(head: head8, series: rows.series, tail: tail8) }
        return rows
    }

    /// The base's whole text; nil when none is recorded.
    func baseText() throws(SyncError) -> Data? {
        guard let head = try meta("base_head"), let tail = try meta("base_tail") else { return nil }
        guard !tail.isEmpty, let base = try readBase() else { return Data(head.utf8) }
        return Data(base.bytes)
    }

    /// Records `text` as the base (`MergeBaseText`'s split, or whole when it is not a base as
    /// `MergeBase` writes it).
    func keepBase(_ text: Data) throws(SyncError) {
        let bytes = Array(text)
        try keepBase(MergeBaseText(bytes) ?? MergeBaseText(head: bytes, series: [], tail: []))
    }

    /// Records `base`: only the rows whose series changed place or text since they were read or
    /// kept this run (compared in memory, no table read again), in one transaction; nothing when
    /// the base is already `base`.
    func keepBase(_ base: MergeBaseText) throws(SyncError) {
        let head = String(decoding: base.head, as: UTF8.self)
        let tail = String(decoding: base.tail, as: UTF8.self)
        let (oldHead, oldTail) = (try meta("base_head"), try meta("base_tail"))
        let rows = try rowsOfBase(head: Array((oldHead ?? "").utf8), tail: Array((oldTail ?? "").utf8))
        let (old, uids) = (rows.base.uids, base.uids)
        var changed: [Int] = []
        for (position, uid) in uids.enumerated()
        where !rows.inOrder || position >= old.count || old[position] != uid || !base.hasSameEvents(of: uid, as: rows.base) {
            changed.append(position)
        }
        let kept = Set(uids)
        let removed = old.count == uids.count && changed.isEmpty ? [] : old.filter { !kept.contains($0) }
        guard oldHead != head || oldTail != tail || !changed.isEmpty || !removed.isEmpty else { return }
        baseRows = nil  // unknown until the transaction commits
        try write { () throws(SQLiteDatabase.Failure) in
            let delete = try db.prepare("DELETE FROM base WHERE uid = ?")
            for uid in removed { try delete.run(.text(uid)) }
            let upsert = try db.prepare("INSERT OR REPLACE INTO base (uid, position, events) VALUES (?, ?, ?)")
            for position in changed {
                try upsert.run(.text(uids[position]), .integer(position), .blob(base.events(of: uids[position]) ?? []))
            }
            try setMeta("base_head", head)
            try setMeta("base_tail", tail)
            try setMeta("base_version", String(baseVersion + 1))
        }
        baseVersion += 1
        baseRows = base
    }

    /// The events of the series of `uids` as their rows hold them (one statement, a row read per
    /// UID), by UID; a UID without a row is left out.
    func baseEvents<S: Sequence<String>>(of uids: S) throws(SyncError) -> [String: [UInt8]] {
        do {
            var found: [String: [UInt8]] = [:]
            let select = try db.prepare("SELECT events FROM base WHERE uid = ?")
            for uid in uids {
                try select.bind(uid, at: 1)
                if try select.step() { found[uid] = select.bytes(0) }
                select.reset()
            }
            return found
        } catch { throw Self.failed(error) }
    }

    /// The base's head and tail with the rows of `uids` only (in that order); nil when the base
    /// was kept whole or one of them has no row.
    func baseRows(of uids: [String]) throws(SyncError) -> MergeBaseText? {
        guard let head = try meta("base_head"), let tail = try meta("base_tail"), !tail.isEmpty else { return nil }
        let events = try baseEvents(of: uids)
        var series: [(uid: String, events: [UInt8])] = []
        for uid in uids {
            guard let text = events[uid] else { return nil }
            series.append((uid, text))
        }
        return MergeBaseText(head: Array(head.utf8), series: series, tail: Array(tail.utf8))
    }

    /// How a run by parts changes the base's rows (`PartialFeed.baseRows`).
    struct BaseRows {
        /// Events of the series built whose rows keep their place.
        var kept: [(uid: String, events: [UInt8])] = []
        /// Runs of rows replaced by others in their place.
        var blocks: [BaseBlock] = []
    }

    /// The rows of `old` UIDs (consecutive in the base) replaced by `rows`, in order, between the
    /// row of `before` and the row of `after` (nil: the base's start or end).
    struct BaseBlock {
        var before: String?
        var after: String?
        var old: [String] = []
        var rows: [(uid: String, events: [UInt8])] = []

        init(before: String?) { self.before = before }
    }

    /// A block's rows with their positions (`place`).
    struct PlacedBlock {
        var old: [String]
        var rows: [(uid: String, position: Double, events: [UInt8])]
    }

    /// Each block's rows placed between the rows around it (fractions when they must: the rows
    /// after it keep their positions); nil when a block cannot be placed: a row around it missing,
    /// no room between them, or a new UID whose row the base has elsewhere.
    func place(_ blocks: [BaseBlock]) throws(SyncError) -> [PlacedBlock]? {
        var placed: [PlacedBlock] = []
        for block in blocks {
            let new = Set(block.rows.map(\.uid)).subtracting(block.old)
            guard try baseEvents(of: new).isEmpty, let positions = try positions(of: block) else { return nil }
            placed.append(PlacedBlock(old: block.old, rows: zip(block.rows, positions).map { ($0.uid, $1, $0.events) }))
        }
        return placed
    }

    /// Writes `kept`'s events into their rows, and each placed block's rows in place of its old
    /// ones, in one transaction.
    func replaceBaseRows(kept: [(uid: String, events: [UInt8])], placed: [PlacedBlock]) throws(SyncError) {
        guard !kept.isEmpty || !placed.isEmpty else { return }
        baseRows = nil  // unknown until the transaction commits
        try write { () throws(SQLiteDatabase.Failure) in
            let delete = try db.prepare("DELETE FROM base WHERE uid = ?")
            let insert = try db.prepare("INSERT INTO base (uid, position, events) VALUES (?, ?, ?)")
            for block in placed {
                for uid in block.old { try delete.run(.text(uid)) }
                for row in block.rows { try insert.run(.text(row.uid), .real(row.position), .blob(row.events)) }
            }
            let update = try db.prepare("UPDATE base SET events = ? WHERE uid = ?")
            for (uid, events) in kept { try update.run(.blob(events), .text(uid)) }
            try setMeta("base_version", String(baseVersion + 1))
        }
        baseVersion += 1
    }

    /// Positions for `block`'s rows, evenly between the rows around it, increasing; nil when a row
    /// around it is missing or there is no room between them.
    private func positions(of block: BaseBlock) throws(SyncError) -> [Double]? {
        let around = try basePositions(of: [block.before, block.after].compactMap { $0 })
        guard block.before.map({ around[$0] != nil }) ?? true, block.after.map({ around[$0] != nil }) ?? true else { return nil }
        let k = Double(block.rows.count)
        let low = block.before.flatMap { around[$0] } ?? (block.after.flatMap { around[$0] } ?? 0) - k - 1
        let high = block.after.flatMap { around[$0] } ?? low + k + 1
        var positions: [Double] = []
        var last = low
        for j in block.rows.indices {
            let p = low + (high - low) * Double(j + 1) / (k + 1)
            guard p > last, p < high else { return nil }
            positions.append(p)
            last = p
        }
        return positions
    }

    /// The positions of the rows of `uids`, by UID.
    private func basePositions(of uids: [String]) throws(SyncError) -> [String: Double] {
        do {
            let select = try db.prepare("SELECT position FROM base WHERE uid = ?")
            var result: [String: Double] = [:]
            for uid in uids {
                try select.bind(uid, at: 1)
                if try select.step() { result[uid] = select.double(0) }
                select.reset()
            }
            return result
        } catch { throw Self.failed(error) }
    }

    /// The base's rows as kept in memory, else read (once, with `head` and `tail`); `inOrder`
    /// false when the rows read do not hold the positions 0, 1, 2... (then every row is rewritten).
    private func rowsOfBase(head: [UInt8], tail: [UInt8]) throws(SyncError) -> (base: MergeBaseText, inOrder: Bool) {
        if let baseRows { return (baseRows, true) }
        var series: [(uid: String, events: [UInt8])] = []
        var inOrder = true
        do {
            let select = try db.prepare("SELECT uid, position, events FROM base ORDER BY position")
            while try select.step() {
                if select.double(1) != Double(series.count) { inOrder = false }
                series.append((select.text(0), select.bytes(2)))
            }
        } catch { throw Self.failed(error) }
        let rows = MergeBaseText(head: head, series: series, tail: tail)
        if inOrder { baseRows = rows }
        return (rows, inOrder)
    }
}
