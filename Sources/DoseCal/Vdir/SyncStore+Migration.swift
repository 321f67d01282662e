import Foundation

/// The move from the files a sync kept next to the schedule before the store (decision 0296):
/// the status `STEM`, its lock `STEM.lock`, the merge base `STEM.base.ics`, the feed record
/// `STEM.feed`, the inputs fingerprint `STEM.inputs` and the damaged items' copies
/// `STEM.damaged-*.ics`. A store without a status, next to an old status, is filled from those
/// files by today's readers in one transaction; only after it committed are they removed. An
/// old status that cannot be read stops the sync as it always did (`SyncError.badStatus`), and
/// nothing is written.
extension SyncStore {
    /// The store of the sync whose status stem is `stem`, open and locked; filled from the old
    /// files first when they are there and the store holds no status. A dry run's
    /// (`reading(stem:)`) writes no file.
    static func open(stem: String, dryRun: Bool = false) throws(SyncError) -> SyncStore {
        if dryRun { return try reading(stem: stem) }
        let store = try SyncStore(path: path(stem: stem))
        guard try store.meta("folder") == nil, PlainFile.status(stem) != nil else { return store }
        // The old files' own lock, as an older dosecal would take it, while they are read.
        let lock = try SyncLock(path: stem + ".lock")
        defer { withExtendedLifetime(lock) {} }
        try store.migrate(from: try OldFiles(stem: stem))
        return store
    }

    /// The store as a dry run reads it, writing no file and taking no lock: the store file read
    /// only; when there is none (or it holds no status and the old files are there), a store in
    /// memory, filled from the old files when they are there, which are left as they are.
    private static func reading(stem: String) throws(SyncError) -> SyncStore {
        let path = path(stem: stem)
        let old = PlainFile.status(stem) != nil
        if PlainFile.status(path) != nil {
            let store = try SyncStore(path: path, access: .readOnly)
            let held = try store.meta("folder") != nil
            if held || !old { return store }
        }
        let store = try SyncStore(path: path, access: .memory)
        if old { try store.migrate(from: try OldFiles(stem: stem), removingOld: false) }
        return store
    }

    /// What the old files hold, read as the sync read them.
    struct OldFiles {
        var stem: String
        var status: SyncStatus
        var base: Data?
        /// The inputs fingerprint, when it belongs to the status as it is.
        var inputs: String?
        /// The feed record, when it belongs to the status and base as they are.
        var feed: FeedRecord?
        var damaged: [(name: String, path: String, data: Data)] = []

        init(stem: String) throws(SyncError) {
            self.stem = stem
            let data: Data?
            do { data = try PlainFile.read(stem) } catch {
                throw .io(path: stem, reason: "cannot read the sync status: it \(error)")
            }
            status = try SyncStatus(decoding: data ?? Data(), source: stem)
            let read = { (path: String) in (try? PlainFile.read(path)) ?? nil }
            base = read(stem + ".base.ics")
            let statusEtag = VdirFolder.etag(stem)
            if let text = read(stem + ".inputs").map({ String(decoding: $0, as: UTF8.self) }), let etag = statusEtag,
                text.hasSuffix("\t" + etag + "\n")
            {
                inputs = String(text.dropLast(etag.count + 2))
            }
            if let record = read(stem + ".feed").flatMap(FeedRecord.init(decoding:)), record.statusEtag == statusEtag,
                record.baseEtag == VdirFolder.etag(stem + ".base.ics")
            {
                feed = record
            }
            let url = URL(fileURLWithPath: stem)
            let folder = url.deletingLastPathComponent().path
            let prefix = url.lastPathComponent + "."
            for name in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
            where name.hasPrefix(prefix + "damaged-") && name.hasSuffix(".ics") {
                let path = folder + "/" + name
                if let data = read(path) { damaged.append((String(name.dropFirst(prefix.count)), path, data)) }
            }
        }

        /// The old files, to remove once the store holds what they hold.
        var paths: [String] {
            [stem + ".base.ics", stem + ".feed", stem + ".inputs"] + damaged.map(\.path) + [stem, stem + ".lock"]
        }
    }

    /// Fills the store from `old` in one transaction, then removes the old files.
    private func migrate(from old: OldFiles, removingOld: Bool = true) throws(SyncError) {
        self.status = nil
        try together { () throws(SyncError) in
            try save(old.status)
            if let base = old.base { try keepBase(base) }
            if let key = old.inputs { try recordInputs(key) }
            if var feed = old.feed {
                feed.statusEtag = String(statusVersion)
                feed.baseEtag = String(baseVersion)
                try keepFeedRecord(feed, old: nil)
            }
            // The copy's UID is inside its bytes; the name keeps the hash of it.
            for copy in old.damaged { try keepDamaged(name: copy.name, uid: "", data: copy.data) }
        }
        if removingOld { for path in old.paths { try? Syscalls.unlink(path) } }
    }
}
