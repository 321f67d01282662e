/// Decides, for every UID in the status, the folder and the schedule, what to do. Pure: no file
/// access, no clock. The rules (docs/sync.md):
/// - an item dosecal does not own is never modified or deleted;
/// - an owned file still holding what dosecal wrote (or was about to write, `pending`) follows
///   the schedule: updated, deleted, or left when equal;
/// - an owned file edited or deleted in the folder is reported in `FolderChanges` and left as it is
///   (the merge, `VdirSync.mergeEdits`, decides what it means), unless `force` with `prefer == .schedule`;
/// - a file already holding what the schedule wants is in step whatever the status says, so an
///   interrupted run converges without rewriting;
/// - a folder that held owned items and is now missing, or holds none of them, stops the sync
///   unless `force`.
public struct SyncPlanner: Sendable {
    public var folder: String
    public var prefer: ReconcilePreference
    public var force: Bool
    /// Seconds since 1970: a series deleted on the phone stays deleted while the schedule has
    /// no occurrence of it after this instant (decision 0037).
    public var now: Int

    public init(folder: String, prefer: ReconcilePreference = .schedule, force: Bool = false, now: Int = 0) {
        self.folder = folder
        self.prefer = prefer
        self.force = force
        self.now = now
    }

    /// Whether the phone's edits may be overwritten (the person asked for it).
    var scheduleOverrides: Bool { force && prefer == .schedule }

    /// `taken`: names in the folder besides `state`'s files (a plan of part of the folder), which
    /// new files avoid.
    public func plan(status: SyncStatus, folder state: FolderState, desired: [VdirItem], taken others: [String] = [])
        throws(SyncError) -> SyncPlan
    {
        if !force && !state.exists && status.entries.values.contains(where: Self.isOwned) {
            throw .folderMissing(path: folder, owned: Self.ownedCount(status))
        }
        var plan = SyncPlan(status: SyncStatus(folder: folder))
        plan.createFolder = !state.exists
        plan.status.entries.reserveCapacity(status.entries.count + desired.count)
        var filesByUID: [String: [FolderState.File]] = [:]
        filesByUID.reserveCapacity(state.files.count)
        var problemFiles: [String: FolderState.File] = [:]
        for f in state.files {
            if let problem = f.problem {
                plan.unusable.append((f.name, problem))
                problemFiles[f.name] = f
            } else {
                filesByUID[f.uids[0], default: []].append(f)
            }
        }
        var taken = TakenNames(state.files, others: others)
        if !force {
            // An owned file that is there but cannot be read has not vanished (decision 0036). The
            // folder's UIDs: those of its usable files (`filesByUID`) and of its unusable ones.
            let unusableUIDs = Set(problemFiles.values.flatMap(\.uids))
            let there = { (e: SyncStatus.Entry) in
                Self.isOwned(e)
                    && (filesByUID[e.uid] != nil || unusableUIDs.contains(e.uid) || taken.contains(e.file))
            }
            if !status.entries.values.contains(where: there), status.entries.values.contains(where: Self.isOwned) {
                throw .ownedItemsVanished(path: folder, owned: Self.ownedCount(status))
            }
        }
        var desiredByUID: [String: VdirItem] = [:]
        desiredByUID.reserveCapacity(desired.count)
        for d in desired { desiredByUID[d.uid] = d }
        plan.actions.reserveCapacity(status.entries.count + desired.count)
        let uids = Self.allUIDs(status, desiredByUID.keys, filesByUID.keys)
        plan.status.order = uids  // the entries are added in this order
        for uid in uids {
            let entry = status.entries[uid]
            let files = filesByUID[uid] ?? []
            var context = Item(uid: uid, desired: desiredByUID[uid], entry: entry, files: files)
            if entry?.owner == .schedule, files.isEmpty, !problemFiles.isEmpty, let f = problemFiles[entry!.file] {
                if f.problem == VdirFolder.symbolicLink {
                    // A link in place of our file: never followed, never written through.
                    plan.actions.append(.reportConflict(SyncConflict(uid: uid, kind: .symbolicLink, files: [f.name])))
                    plan.status.entries[uid] = entry
                    continue
                }
                context.files = [f]  // our file, now unreadable: an edit in the folder
            }
            decide(context, into: &plan, taken: &taken)
        }
        return plan
    }

    /// Whether dosecal owns `e` with content confirmed in the folder.
    private static func isOwned(_ e: SyncStatus.Entry) -> Bool { e.owner == .schedule && e.written != nil }

    private static func ownedCount(_ status: SyncStatus) -> Int { status.entries.values.count(where: isOwned) }

    /// The status', the schedule's and the folder's UIDs, sorted, without duplicates: the
    /// status' kept order merged with the few UIDs it does not hold.
    static func allUIDs(
        _ status: SyncStatus, _ desired: Dictionary<String, VdirItem>.Keys,
        _ files: Dictionary<String, [FolderState.File]>.Keys
    ) -> [String] {
        guard let known = status.keptOrder() else {
            return Set(desired).union(status.entries.keys).union(files).sorted()
        }
        var others = Set<String>()
        // Looked up by key only: no entry copied.
        for uid in desired where status.entries.index(forKey: uid) == nil { others.insert(uid) }
        for uid in files where status.entries.index(forKey: uid) == nil { others.insert(uid) }
        if others.isEmpty { return known }
        let added = others.sorted()
        var all: [String] = []
        all.reserveCapacity(known.count + added.count)
        var i = 0
        for uid in known {
            while i < added.count && added[i] < uid {
                all.append(added[i])
                i += 1
            }
            all.append(uid)
        }
        all += added[i...]
        return all
    }

    struct Item {
        var uid: String
        var desired: VdirItem?
        var entry: SyncStatus.Entry?
        var files: [FolderState.File]
    }

    private func decide(_ item: Item, into plan: inout SyncPlan, taken: inout TakenNames) {
        let uid = item.uid
        if item.files.count > 1 {
            let names = item.files.map(\.name)
            plan.changes.duplicates[uid] = names
            plan.actions.append(.reportConflict(SyncConflict(uid: uid, kind: .duplicateUID, files: names)))
            if let e = item.entry { plan.status.entries[uid] = e }
            return
        }
        let file = item.files.first
        if let e = item.entry, e.owner == .schedule {
            decideOwned(item, entry: e, file: file, into: &plan, taken: &taken)
        } else if let e = item.entry, e.owner == .deleted, file == nil {
            // Deleted on the phone and merged: history stays out of the folder; a series the
            // schedule resumed (an occurrence from now on) is written again.
            guard let d = item.desired else { return }
            var kept = e
            if kept.written == nil { kept.written = revision(d) }  // the series as merged: what stays out
            if kept.written?.hash == d.hash || d.endsBy.map({ $0 < now }) == true {
                plan.status.entries[uid] = kept
                return
            }
            let name = taken.newName(forUID: uid)
            plan.actions.append(.create(d, file: name))
            plan.status.entries[uid] = .init(uid: uid, owner: .schedule, file: name, etag: "", written: nil, pending: revision(d))
        } else if let file {
            decideUnowned(item, file: file, into: &plan)
        } else if let d = item.desired {
            let name = taken.newName(forUID: uid)
            plan.actions.append(.create(d, file: name))
            plan.status.entries[uid] = .init(uid: uid, owner: .schedule, file: name, etag: "", written: nil, pending: revision(d))
        }
        // else: a foreign item whose file is gone: forgotten.
    }

    private func decideOwned(
        _ item: Item, entry e: SyncStatus.Entry, file: FolderState.File?, into plan: inout SyncPlan, taken: inout TakenNames
    ) {
        let uid = item.uid
        guard let file else {
            guard let d = item.desired else { return }  // deleted on both sides, or by an interrupted run
            if e.written == nil || scheduleOverrides {
                // An interrupted first write, or the person chose the schedule: write it (again).
                let name = taken.contains(e.file) ? taken.newName(forUID: uid) : taken.claim(e.file)
                plan.actions.append(.create(d, file: name))
                plan.status.entries[uid] = .init(
                    uid: uid, owner: .schedule, file: name, etag: "", written: e.written, pending: revision(d))
            } else {
                plan.changes.owned[uid] = .deleted
                plan.actions.append(.reportConflict(SyncConflict(uid: uid, kind: .deletedInFolder, files: [e.file])))
                plan.status.entries[uid] = e
            }
            return
        }
        var seen = e
        seen.file = file.name
        if let d = item.desired, file.hash == d.hash {
            // In step: what the schedule wants is there (possibly written by an interrupted run).
            seen.etag = file.etag
            seen.written = e.pending?.hash == d.hash ? e.pending : (e.written?.hash == d.hash ? e.written : revision(d))
            seen.pending = nil
            plan.actions.append(.leave(uid: uid))
            plan.status.entries[uid] = seen
            return
        }
        if e.isOurs(file.hash) || scheduleOverrides {
            if !e.isOurs(file.hash), let data = file.data { plan.changes.owned[uid] = .edited(data) }
            // The file holds what an interrupted run was writing: that is now what dosecal wrote,
            // before this run records its own intent over it.
            if let p = e.pending, p.hash == file.hash { seen.written = p }
            if let d = item.desired {
                plan.actions.append(.update(d, file: file.name, etag: file.etag))
                seen.pending = revision(d)
            } else {
                plan.actions.append(.delete(uid: uid, file: file.name, etag: file.etag))
            }
            plan.status.entries[uid] = seen
            return
        }
        // Edited in the folder: never lose it. Keep the old record so the edit stays visible.
        plan.changes.owned[uid] = .edited(file.data ?? .init())
        let kind: SyncConflict.Kind = item.desired == nil ? .editedAndRemoved : .editedInFolder
        plan.actions.append(.reportConflict(SyncConflict(uid: uid, kind: kind, files: [file.name])))
        plan.status.entries[uid] = seen
    }

    private func decideUnowned(_ item: Item, file: FolderState.File, into plan: inout SyncPlan) {
        let uid = item.uid
        if let d = item.desired {
            if file.hash == d.hash {
                plan.actions.append(.leave(uid: uid))
                plan.status.entries[uid] = .init(
                    uid: uid, owner: .schedule, file: file.name, etag: file.etag, written: revision(d))
            } else if scheduleOverrides {
                plan.actions.append(.update(d, file: file.name, etag: file.etag))
                plan.status.entries[uid] = .init(
                    uid: uid, owner: .schedule, file: file.name, etag: file.etag, written: nil, pending: revision(d))
            } else {
                plan.actions.append(.reportConflict(SyncConflict(uid: uid, kind: .unrecorded, files: [file.name])))
            }
            return
        }
        if item.entry == nil { plan.changes.foreignAdded.append(uid) }
        plan.actions.append(.leave(uid: uid))
        plan.status.entries[uid] = .init(
            uid: uid, owner: .calendar, file: file.name, etag: file.etag, written: file.hash.map { SyncStatus.Revision(hash: $0) }
        )
    }

    private func revision(_ d: VdirItem) -> SyncStatus.Revision {
        SyncStatus.Revision(hash: d.hash, key: d.key, feed: d.revision)
    }
}

/// The names in the folder and those the plan gives new files: the Set is made the first time a
/// name is asked about (most plans create no file).
struct TakenNames {
    private var files: [FolderState.File]
    private var others: [String]
    private var made: Set<String>?

    init(_ files: [FolderState.File], others: [String] = []) {
        self.files = files
        self.others = others
    }

    private mutating func names() -> Set<String> {
        if let made { return made }
        let names = Set(files.map(\.name)).union(others)
        made = names
        (files, others) = ([], [])
        return names
    }

    mutating func contains(_ name: String) -> Bool { names().contains(name) }

    /// `VdirName.fileName(forUID:avoiding:)` of the names taken, now taken too.
    mutating func newName(forUID uid: String) -> String {
        claim(VdirName.fileName(forUID: uid, avoiding: names()))
    }

    /// `name`, now taken.
    mutating func claim(_ name: String) -> String {
        _ = names()
        made?.insert(name)
        return name
    }
}
