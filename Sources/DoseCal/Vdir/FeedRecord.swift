import Foundation

/// What the last clean sync built, per medication, so that the next sync rebuilds only the
/// medications whose entry changed (`VdirSync+Changed.swift`, decision 0115). Kept next to the
/// status as `<status>.feed`, a line format:
///
///     dosecal-sync-feed<TAB>1
///     key<TAB>HASH             everything outside the medications the items depend on
///     files<TAB>STATUS-ETAG<TAB>BASE-ETAG
///     zoned<TAB>1|0            every dose item zoned (the feed header's X-WR-TIMEZONE)
///     zone<TAB>TZID<TAB>FIRST<TAB>LAST|-
///     medication<TAB>ID<TAB>FINGERPRINT<TAB>ZONED<TAB>TZIDS<TAB>UIDS
///
/// TZIDS and UIDS are comma lists; `%`, tab, CR, LF and `,` inside a field are written `%XX`.
struct FeedRecord: Equatable {
    struct Medication: Equatable {
        var id: String
        var fingerprint: String
        /// Every item of the medication is zoned.
        var zoned: Bool
        /// Every TZID its items name.
        var tzids: [String]
        /// Its items' UIDs, in feed order.
        var uids: [String]
    }

    var key: String
    var statusEtag = ""
    var baseEtag = ""
    var allZoned: Bool
    var zones: [String: ZoneYears.Span]
    var medications: [Medication]

    static let magic = "dosecal-sync-feed\t1"

    /// The record of `feed`, built from `schedule` whose medications have `fingerprints` (in
    /// order); nil when a UID belongs to more than one item (never rebuilt by parts).
    init?(key: String, feed: Feed, schedule: Schedule, fingerprints: [String]) {
        var byMedication: [String: [FeedItem]] = [:]
        var seen = Set<String>()
        for item in feed.items {
            guard seen.insert(item.uid).inserted else { return nil }
            byMedication[item.medicationID, default: []].append(item)
        }
        let ids = Set(schedule.medications.map(\.id))
        guard fingerprints.count == schedule.medications.count, ids.count == fingerprints.count,
            byMedication.keys.allSatisfy(ids.contains)
        else { return nil }
        self.key = key
        self.allZoned = feed.items.allSatisfy(\.isZoned)
        self.zones = feed.zoneYears.years
        self.medications = zip(schedule.medications, fingerprints).map { m, fingerprint in
            FeedRecord.medication(m.id, fingerprint: fingerprint, items: byMedication[m.id] ?? [])
        }
    }

    static func medication(_ id: String, fingerprint: String, items: [FeedItem]) -> Medication {
        let tzids = Set(items.flatMap { ([$0.event] + $0.overrides).flatMap(VdirItem.tzids) }).sorted()
        return Medication(
            id: id, fingerprint: fingerprint, zoned: items.allSatisfy(\.isZoned), tzids: tzids, uids: items.map(\.uid))
    }

    init(key: String, allZoned: Bool, zones: [String: ZoneYears.Span], medications: [Medication]) {
        self.key = key
        self.allZoned = allZoned
        self.zones = zones
        self.medications = medications
    }

    /// The record's text, written as bytes.
    func encoded() -> Data {
        var out: [UInt8] = []
        out.reserveCapacity(256 + medications.reduce(0) { $0 + 96 + $1.uids.count * 48 })
        out += "\(FeedRecord.magic)\nkey\t\(key)\nfiles\t\(statusEtag)\t\(baseEtag)\nzoned\t\(allZoned ? "1" : "0")\n".utf8
        for (id, span) in zones.sorted(by: { $0.key < $1.key }) {
            out += "zone\t".utf8
            SyncStatus.escape(id, commas: true, into: &out)
            out += "\t\(span.first)\t\(span.last.map(String.init) ?? "-")\n".utf8
        }
        for m in medications {
            out += "medication\t".utf8
            SyncStatus.escape(m.id, commas: true, into: &out)
            out.append(0x09)
            out += m.fingerprint.utf8
            out += (m.zoned ? "\t1\t" : "\t0\t").utf8
            Self.list(m.tzids, into: &out)
            out.append(0x09)
            Self.list(m.uids, into: &out)
            out.append(0x0A)
        }
        return Data(copying: out)
    }

    /// `items` escaped and joined with commas.
    private static func list(_ items: [String], into out: inout [UInt8]) {
        for (n, item) in items.enumerated() {
            if n > 0 { out.append(UInt8(ascii: ",")) }
            SyncStatus.escape(item, commas: true, into: &out)
        }
    }

    /// Reads a record; nil when it is not one this build wrote (the sync then runs in full).
    init?(decoding data: Data) {
        // Lines, fields and list items split on the bytes LF, TAB and `,` (escaped inside fields).
        var lines = [UInt8](data).split(separator: 0x0A, omittingEmptySubsequences: false)
        guard lines.last?.isEmpty == true, lines.first?.elementsEqual(FeedRecord.magic.utf8) == true else { return nil }
        lines.removeLast()
        var key: String? = nil
        var files: [String] = []
        var zoned: Bool? = nil
        var zones: [String: ZoneYears.Span] = [:]
        var medications: [Medication] = []
        let text = { (b: ArraySlice<UInt8>) in String(decoding: b, as: UTF8.self) }
        // A list item without `%` needs no unescaping (most UIDs).
        let item = { (b: ArraySlice<UInt8>) in b.contains(0x25) ? Self.unescape(text(b)[...]) : text(b) }
        let list = { (b: ArraySlice<UInt8>) in
            b.isEmpty ? [] : b.split(separator: 0x2C, omittingEmptySubsequences: false).map(item)
        }
        for line in lines.dropFirst() {
            let f = line.split(separator: 0x09, omittingEmptySubsequences: false)
            switch (text(f[0]), f.count) {
            case ("key", 2): key = text(f[1])
            case ("files", 3): files = [text(f[1]), text(f[2])]
            case ("zoned", 2): zoned = text(f[1]) == "1"
            case ("zone", 4):
                guard let first = Int(text(f[2])), text(f[3]) == "-" || Int(text(f[3])) != nil else { return nil }
                zones[Self.unescape(text(f[1])[...])] = ZoneYears.Span(first: first, last: Int(text(f[3])))
            case ("medication", 6):
                medications.append(
                    Medication(
                        id: Self.unescape(text(f[1])[...]), fingerprint: text(f[2]), zoned: text(f[3]) == "1", tzids: list(f[4]),
                        uids: list(f[5])))
            default: return nil
            }
        }
        guard let key, let zoned, files.count == 2 else { return nil }
        self.init(key: key, allZoned: zoned, zones: zones, medications: medications)
        statusEtag = files[0]
        baseEtag = files[1]
    }

    static func escape(_ s: String) -> String { SyncStatus.escaped(s, commas: true) }

    static func unescape(_ s: Substring) -> String { SyncStatus.unescape(s) }
}
