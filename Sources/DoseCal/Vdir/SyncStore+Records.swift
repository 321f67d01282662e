import Foundation

/// The records of the last clean sync in the store, each naming the status (and base) counts it
/// was made with, so that a status or base saved by any later run never matches it: the inputs
/// fingerprint (`inputs`, `inputs_status` in `meta`, `VdirSync+Unchanged.swift`) and the feed
/// record (`feed_*` in `meta`, the `feed_zones`, `feed_medications`, `feed_names` tables,
/// `FeedRecord`). And the phone's copies of damaged items (`damaged`).
extension SyncStore {
    /// The last clean sync's inputs fingerprint and the folder's listing kept with it
    /// (`FolderListing.record`), when they were recorded with the status as it is.
    func inputs() throws(SyncError) -> (key: String, listing: [UInt8]?)? {
        guard try meta("inputs_status") == String(statusVersion), let key = try meta("inputs") else { return nil }
        return (key, try meta("inputs_listing").map { Array($0.utf8) })
    }

    /// Records `key` as the inputs of the status as it is (nil: removes the record); nothing
    /// when the store holds that already (with the listing recorded with it, which still holds).
    /// With `listing`, that listing is recorded with them, in the same transaction.
    func recordInputs(_ key: String?, listing: [UInt8]? = nil) throws(SyncError) {
        let version = key == nil ? nil : String(statusVersion)
        let (oldKey, oldVersion) = (try meta("inputs"), try meta("inputs_status"))
        guard oldKey != key || oldVersion != version || (key != nil && listing != nil) else { return }
        try write { () throws(SQLiteDatabase.Failure) in
            try setMeta("inputs", key)
            try setMeta("inputs_status", version)
            try setMeta("inputs_listing", key == nil ? nil : listing.map { String(decoding: $0, as: UTF8.self) })
        }
    }

    /// Keeps `listing` with the inputs record, when that record is `key`'s for the status as it
    /// is; nothing when it holds that listing already.
    func recordListing(_ listing: [UInt8], inputs key: String) throws(SyncError) {
        let text = String(decoding: listing, as: UTF8.self)
        guard let recorded = try inputs(), recorded.key == key, recorded.listing.map(Array.init) != Array(text.utf8) else {
            return
        }
        try write { () throws(SQLiteDatabase.Failure) in try setMeta("inputs_listing", text) }
    }

    /// The feed record; nil when there is none. Its `statusEtag` and `baseEtag` are the counts
    /// it was recorded with. Read once a run, then kept in memory.
    func feedRecord() throws(SyncError) -> FeedRecord? {
        if let feed { return feed }
        let record = try readFeedRecord()
        feed = .some(record)
        return record
    }

    private func readFeedRecord() throws(SyncError) -> FeedRecord? {
        guard let key = try meta("feed_key"), let zoned = try meta("feed_zoned") else { return nil }
        var zones: [String: ZoneYears.Span] = [:]
        var medications: [FeedRecord.Medication] = []
        do {
            let selectZones = try db.prepare("SELECT tzid, first, last FROM feed_zones")
            while try selectZones.step() {
                zones[selectZones.text(0)] = ZoneYears.Span(
                    first: selectZones.integer(1), last: selectZones.isNull(2) ? nil : selectZones.integer(2))
            }
            let select = try db.prepare("SELECT position, id, fingerprint, zoned FROM feed_medications ORDER BY position")
            while try select.step() {
                guard select.integer(0) == medications.count else { return nil }
                medications.append(
                    .init(id: select.text(1), fingerprint: select.text(2), zoned: select.integer(3) != 0, tzids: [], uids: []))
            }
            let names = try db.prepare("SELECT medication, kind, name FROM feed_names ORDER BY medication, kind, position")
            while try names.step() {
                let m = names.integer(0)
                guard medications.indices.contains(m) else { return nil }
                if names.text(1) == "tzid" {
                    medications[m].tzids.append(names.text(2))
                } else {
                    medications[m].uids.append(names.text(2))
                }
            }
        } catch { throw Self.failed(error) }
        var record = FeedRecord(key: key, allZoned: zoned == "1", zones: zones, medications: medications)
        record.statusEtag = try meta("feed_status") ?? ""
        record.baseEtag = try meta("feed_base") ?? ""
        return record
    }

    /// Records `record` (nil: removes the record), unless the store holds it already (`old`, as
    /// read at the start of the run): only the zones and medications that differ from `old`'s
    /// (all of them when `old` is nil), in one transaction.
    func keepFeedRecord(_ record: FeedRecord?, old: FeedRecord?) throws(SyncError) {
        guard record != old else { return }
        feed = nil  // unknown until the transaction commits
        try write { () throws(SQLiteDatabase.Failure) in
            if record == nil || old == nil {
                try db.exec("DELETE FROM feed_zones; DELETE FROM feed_medications; DELETE FROM feed_names")
            }
            try setMeta("feed_key", record?.key)
            try setMeta("feed_zoned", record.map { $0.allZoned ? "1" : "0" })
            try setMeta("feed_status", record?.statusEtag)
            try setMeta("feed_base", record?.baseEtag)
            guard let record else { return }
            try insert(record, over: old)
        }
        feed = .some(record)
    }

    /// Writes the rows of `record` that differ from `old`'s (whose rows the tables hold; all of
    /// them when `old` is nil, the tables then empty).
    private func insert(_ record: FeedRecord, over old: FeedRecord?) throws(SQLiteDatabase.Failure) {
        let dropZone = try db.prepare("DELETE FROM feed_zones WHERE tzid = ?")
        for tzid in (old?.zones.keys).map(Array.init) ?? [] where record.zones[tzid] == nil {
            try dropZone.run(.text(tzid))
        }
        let zone = try db.prepare("INSERT OR REPLACE INTO feed_zones (tzid, first, last) VALUES (?, ?, ?)")
        for (tzid, span) in record.zones where old?.zones[tzid] != span {
            try zone.run(.text(tzid), .integer(span.first), .integer(span.last))
        }
        let oldMedications = old?.medications ?? []
        if oldMedications.count > record.medications.count {
            let drop = try db.prepare("DELETE FROM feed_medications WHERE position >= ?")
            try drop.run(.integer(record.medications.count))
            let dropNames = try db.prepare("DELETE FROM feed_names WHERE medication >= ?")
            try dropNames.run(.integer(record.medications.count))
        }
        let statements = try MedicationRows(
            drop: db.prepare("DELETE FROM feed_names WHERE medication = ?"),
            medication: db.prepare(
                "INSERT OR REPLACE INTO feed_medications (position, id, fingerprint, zoned) VALUES (?, ?, ?, ?)"),
            name: db.prepare("INSERT INTO feed_names (medication, kind, position, name) VALUES (?, ?, ?, ?)"))
        for (n, m) in record.medications.enumerated() where n >= oldMedications.count || oldMedications[n] != m {
            try insert(m, at: n, replacing: n < oldMedications.count, with: statements)
        }
    }

    /// The statements that write a medication's rows, prepared once for all of them.
    private struct MedicationRows {
        var drop: SQLiteDatabase.Statement
        var medication: SQLiteDatabase.Statement
        var name: SQLiteDatabase.Statement
    }

    /// Writes medication `m` at position `n` and its names, `replacing` the rows there.
    private func insert(_ m: FeedRecord.Medication, at n: Int, replacing: Bool, with rows: MedicationRows)
        throws(SQLiteDatabase.Failure)
    {
        if replacing { try rows.drop.run(.integer(n)) }
        let medication = rows.medication
        try medication.run(.integer(n), .text(m.id), .text(m.fingerprint), .integer(m.zoned ? 1 : 0))
        let name = rows.name
        for (kind, list) in [("tzid", m.tzids), ("uid", m.uids)] {
            for (position, value) in list.enumerated() {
                try name.run(.integer(n), .text(kind), .integer(position), .text(value))
            }
        }
    }

    /// Keeps the phone's bytes of a damaged item under `name`, before the item is repaired.
    func keepDamaged(name: String, uid: String, data: Data) throws(SyncError) {
        try write { () throws(SQLiteDatabase.Failure) in
            let insert = try db.prepare("INSERT OR REPLACE INTO damaged (name, uid, data) VALUES (?, ?, ?)")
            try insert.run(.text(name), .text(uid), .blob(Array(data)))
        }
    }

    /// The damaged items' copies kept, by name.
    func damagedCopies() throws(SyncError) -> [String: Data] {
        var copies: [String: Data] = [:]
        do {
            let select = try db.prepare("SELECT name, data FROM damaged")
            while try select.step() { copies[select.text(0)] = Data(select.bytes(1)) }
        } catch { throw Self.failed(error) }
        return copies
    }
}
