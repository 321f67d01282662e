public import ICal

/// One calendar item of the feed: a VEVENT with its UID (a vdir file later).
public struct FeedItem: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case dose(slotID: String, part: String)
        case supplyWarning
        /// When an as-needed medicine's next dose is allowed.
        case nextDoseAllowed
    }
    public var uid: String
    public var medicationID: String
    public var kind: Kind
    public var event: ICalComponent
    /// The series' RECURRENCE-ID overrides (rescheduled doses), same UID, written right after
    /// `event`; they belong in the same vdir file.
    public var overrides: [ICalComponent] = []
    /// SEQUENCE, LAST-MODIFIED and content hash as built, when the builder hashed the content
    /// (to compare it with an earlier revision); nil when it did not need to.
    public var revision: FeedRevision? = nil
}

/// What an earlier export wrote for one UID: enough to keep SEQUENCE and LAST-MODIFIED unchanged
/// while the content is unchanged.
public struct FeedRevision: Sendable, Equatable {
    public var sequence: Int
    /// LAST-MODIFIED as seconds since 1970-01-01T00:00:00Z.
    public var lastModified: Int
    /// SHA-256 of the item's content without DTSTAMP, SEQUENCE and LAST-MODIFIED.
    public var contentHash: String

    public init(sequence: Int, lastModified: Int, contentHash: String) {
        self.sequence = sequence
        self.lastModified = lastModified
        self.contentHash = contentHash
    }

    /// Properties that change with every write and never carry a schedule decision.
    static let volatile: Set<String> = ["DTSTAMP", "SEQUENCE", "LAST-MODIFIED"]

    /// The content hash of `event`: its serialisation without the volatile properties.
    public static func contentHash(of event: ICalComponent) -> String {
        var stripped = event
        stripped.properties.removeAll { volatile.contains($0.name) }
        let text = ICalSerializer.serialize(stripped)
        return SHA256.hex(text)
    }

    /// The content hash of a series: the master's alone, or with its overrides' when it has any.
    public static func contentHash(of event: ICalComponent, overrides: [ICalComponent]) -> String {
        combinedHash(master: contentHash(of: event), overrides: overrides.map { contentHash(of: $0) })
    }

    /// The hash of a series from its events' content hashes: the master's alone without overrides.
    static func combinedHash(master: String, overrides: [String]) -> String {
        guard !overrides.isEmpty else { return master }
        return SHA256.hex(([master] + overrides).joined(separator: "\n"))
    }

    /// The revisions recorded in a feed dosecal wrote earlier, by UID.
    public static func revisions(in calendar: ICalComponent) -> [String: FeedRevision] {
        var result: [String: FeedRevision] = [:]
        var overrides: [String: [ICalComponent]] = [:]
        for event in calendar.components(named: "VEVENT") where event.property("RECURRENCE-ID") != nil {
            if let uid = event.property("UID")?.value { overrides[uid, default: []].append(event) }
        }
        for event in calendar.components(named: "VEVENT") where event.property("RECURRENCE-ID") == nil {
            guard let uid = event.property("UID")?.value else { continue }
            let sequence = event.property("SEQUENCE").flatMap { Int($0.value) } ?? 0
            var modified = 0
            if let lm = event.property("LAST-MODIFIED"), case .utc(let t)? = DateTimeValue(property: lm) {
                modified = t.secondsSinceEpoch
            }
            let hash = contentHash(of: event, overrides: overrides[uid] ?? [])
            result[uid] = FeedRevision(sequence: sequence, lastModified: modified, contentHash: hash)
        }
        return result
    }
}

extension FeedItem {
    /// The event starts at a zoned time (not UTC, floating or a date).
    var isZoned: Bool {
        if case .zoned? = event.property("DTSTART").flatMap(DateTimeValue.init(property:)) { return true }
        return false
    }
}
