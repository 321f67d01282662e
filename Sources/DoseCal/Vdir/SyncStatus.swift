/// What the last sync left in the folder, per UID: the record that tells the next run which
/// items dosecal owns and whether either side changed them since.
///
/// Kept in a file of its own next to the schedule (`SyncStatus+File.swift`), never in the
/// folder, so that it outlives a folder that was deleted or emptied (decision 0030).
public struct SyncStatus: Sendable, Equatable {
    /// Who decides an item's content.
    public enum Owner: String, Sendable {
        /// dosecal wrote it from the schedule: it may update or delete it.
        case schedule
        /// Someone else made it: dosecal never modifies or deletes it.
        case calendar
        /// dosecal wrote it and the person deleted it in the folder (on the phone), and the merge
        /// took that into the schedule: not written again while the schedule keeps the series
        /// as history only (decision 0037).
        case deleted
    }

    /// The content of an item as dosecal last wrote (or saw) it.
    public struct Revision: Sendable, Equatable {
        /// `VdirContent` hash of the file.
        public var hash: String
        /// `VdirItem.key` of the item as built (empty for foreign items).
        public var key: String
        /// SEQUENCE, LAST-MODIFIED and event hash of the series (zero for foreign items).
        public var feed: FeedRevision

        public init(
            hash: String, key: String = "", feed: FeedRevision = FeedRevision(sequence: 0, lastModified: 0, contentHash: "")
        ) {
            self.hash = hash
            self.key = key
            self.feed = feed
        }
    }

    public struct Entry: Sendable, Equatable {
        public var uid: String
        public var owner: Owner
        /// The item's file name in the folder.
        public var file: String
        /// `VdirFolder.etag` of the file when last seen (empty before the first write).
        public var etag: String
        /// The content confirmed in the folder; nil while a first write is only intended.
        public var written: Revision?
        /// Written before the executor touches the folder: the content it is about to write. A
        /// file holding this content after an interrupted run is dosecal's, not the phone's.
        public var pending: Revision?

        public init(uid: String, owner: Owner, file: String, etag: String, written: Revision?, pending: Revision? = nil) {
            self.uid = uid
            self.owner = owner
            self.file = file
            self.etag = etag
            self.written = written
            self.pending = pending
        }

        /// Whether `hash` is content dosecal wrote or was about to write.
        public func isOurs(_ hash: String?) -> Bool {
            guard let hash else { return false }
            return written?.hash == hash || pending?.hash == hash
        }
    }

    /// The folder's absolute path when the status was written.
    public var folder: String
    public var entries: [String: Entry]
    /// UIDs in ascending order as last known (the file's lines, the planner's walk): a hint,
    /// trusted only while it still lists every entry in order (`keptOrder`). Not part of `==`.
    var order: [String] = []

    public init(folder: String, entries: [String: Entry] = [:]) {
        self.folder = folder
        self.entries = entries
    }

    public static func == (a: SyncStatus, b: SyncStatus) -> Bool {
        a.folder == b.folder && a.entries == b.entries
    }

    /// The UIDs of `entries` sorted as Strings, from `order` without sorting: nil unless `order`
    /// is strictly ascending and holds every entry's key, each entry's `uid` its key (UIDs of
    /// `order` no longer in `entries`, such as deleted items, are left out).
    func keptOrder() -> [String]? {
        var kept: [String] = []
        kept.reserveCapacity(entries.count)
        var previous: String?
        for uid in order {
            if let p = previous, !(p < uid) { return nil }
            previous = uid
            guard let i = entries.index(forKey: uid) else { continue }
            guard entries[i].value.uid == uid else { return nil }
            kept.append(uid)
        }
        return kept.count == entries.count ? kept : nil
    }

    /// Entries dosecal owns with content confirmed in the folder.
    public var confirmedOwned: [Entry] {
        entries.values.filter { $0.owner == .schedule && $0.written != nil }.sorted { $0.uid < $1.uid }
    }

    /// The revisions to build the feed with, so unchanged series keep SEQUENCE and LAST-MODIFIED.
    public var feedRevisions: [String: FeedRevision] {
        var result: [String: FeedRevision] = [:]
        result.reserveCapacity(entries.count)
        for e in entries.values where e.owner == .schedule {
            if let r = e.written { result[e.uid] = r.feed }
        }
        return result
    }
}
