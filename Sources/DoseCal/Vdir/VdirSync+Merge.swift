import Foundation
import ICal

/// Bringing the phone's edits back (the reconcile engine inside `dosecal sync`, docs/sync.md).
///
/// When the folder holds owned items that were edited or deleted there, the whole folder is read
/// as the returned calendar ("theirs"), the base is the feed dosecal last wrote in full (kept
/// in the sync store, `SyncStore+Base.swift`), "ours" is the schedule; `Reconciler` gives the change set.
/// The changes are applied to the schedule; every edited or deleted item whose slots have no
/// conflict, no edit the schedule cannot hold and no damage is then accepted (decision 0036):
/// its status records the file as seen (the planner rewrites it from the merged schedule) or the
/// deletion (the series is not written again, decision 0037). A damaged item that can be read is
/// repaired: its bytes are kept in the sync store and it is rewritten from the schedule.
extension VdirSync {
    /// The outcome of merging folder edits.
    public struct Merge: Sendable {
        public var changes: ChangeSet
        /// The schedule file's schedule with the changes applied: what the file is to hold
        /// (without the run's `travel` stop).
        public var schedule: Schedule
        /// The status with the accepted edits recorded.
        public var status: SyncStatus
        /// UIDs whose folder edits were taken into the schedule (or agreed with it).
        public var accepted: [String]
        /// Damaged items rewritten from the schedule, with the phone's bytes to keep.
        public var repaired: [Repair] = []
        /// `schedule`'s file text, when the merge made it already.
        var encoded: Data? = nil
        /// Whether the file the merge read was byte for byte dosecal's encoding of what it holds
        /// (then no backup of it is needed when it is replaced); nil: not known, compare.
        public var readFileIsEncoding: Bool? = nil
        /// Whether the run wrote `schedule` into the file (through `run`'s `save`).
        public internal(set) var saved = false

        /// What the file is to hold: `ScheduleCodec.encode(schedule)`, made once per merge.
        public func bytes() -> Data { encoded ?? ScheduleCodec.encode(schedule) }
    }

    /// A damaged item replaced by the schedule's version: the phone's bytes are kept in the sync
    /// store's `damaged` table under the name `backup`.
    public struct Repair: Sendable {
        public var uid: String
        public var file: String
        public var backup: String
        public var data: Data
    }

    /// Merges the folder edits in `changes`, read against `schedule` (whose feed the run built:
    /// `feed`), into `file`, the schedule as its file holds it (`schedule` is `file` with the
    /// run's travel stop); nil when there are none.
    func merge(
        _ changes: FolderChanges, state: FolderState, status: SyncStatus, schedule: Schedule, file: Schedule, feed: Feed,
        now: Int, prefer: ReconcilePreference?
    ) throws(SyncError) -> Merge? {
        guard !changes.owned.isEmpty else { return nil }
        var damaged = folderDamage(state: state, status: status)
        var items: [[UInt8]] = []
        var names: [String] = []
        for file in state.files where file.problem == nil {
            guard let data = file.data ?? (try? PlainFile.read(folder + "/" + file.name)) ?? nil else {
                for uid in file.uids { damaged[uid] = SeriesDamage(uid: uid, file: file.name, .unreadableFile) }
                continue
            }
            items.append(Array(data))
            names.append(file.name)
        }
        let theirs: ReturnedCalendar
        do {
            theirs = try ReturnedCalendar(parsingItems: items, names: names)
        } catch {
            throw .unreadableItems(folder: folder, error)
        }
        let tombstones = Set(status.entries.values.filter { $0.owner == .deleted }.map(\.uid))
        let base = ((try? store?.baseText()) ?? nil).flatMap { try? ReturnedCalendar(parsing: Array($0)) }?
            .removingSeries(of: tombstones)
        var set: ChangeSet
        let merged: Schedule
        do {
            var reconciler = Reconciler(base: base, ours: schedule, theirs: theirs, now: now, damaged: damaged)
            reconciler.oursFeed = feed
            reconciler.deletions = deletionEvidence(changes, state: state, damaged: damaged)
            set = try reconciler.reconcile(prefer: prefer)
            merged = try file.merging(set, now: now)
        } catch {
            throw .merge(folder: folder, error)
        }
        set = namingDamage(set, state: state)
        let verdict = MergeVerdict(set: set, feed: feed, base: base, theirs: theirs)
        var result = Merge(changes: set, schedule: merged, status: status, accepted: [])
        for (uid, change) in changes.owned.sorted(by: { $0.key < $1.key }) {
            accept(uid, change, verdict: verdict, state: state, into: &result)
        }
        return result
    }

    /// `set` with each damaged series named by the file that holds it.
    func namingDamage(_ set: ChangeSet, state: FolderState) -> ChangeSet {
        var named = set
        for i in named.damaged.indices where named.damaged[i].file == nil {
            named.damaged[i].file = state.files.first { $0.uids.contains(named.damaged[i].uid) }?.name
        }
        return named
    }

    /// Records `uid`'s folder change in the status when the verdict allows it.
    func accept(
        _ uid: String, _ change: FolderChanges.Change, verdict: MergeVerdict, state: FolderState, into result: inout Merge
    ) {
        let file = state.files.first { $0.uids == [uid] && $0.problem == nil }
        if let damage = verdict.damage[uid] {
            // Readable damage is repaired from the schedule; an unreadable file is left alone.
            guard let file, let hash = file.hash, let data = file.data, damage.kind != .unreadableFile else { return }
            let tag = SHA256.hex(uid).prefix(16) + "-" + hash.prefix(12)
            result.repaired.append(Repair(uid: uid, file: file.name, backup: "damaged-\(tag).ics", data: data))
            markSeen(uid, file: file, hash: hash, in: &result.status)
            return
        }
        guard verdict.accepts(uid) else { return }
        switch change {
        case .edited:
            guard let file, let hash = file.hash, !verdict.holdsUnmergeable(uid) else { return }
            markSeen(uid, file: file, hash: hash, in: &result.status)
        case .deleted:
            guard var entry = result.status.entries[uid] else { return }
            entry.owner = .deleted
            entry.etag = ""
            entry.written = nil
            entry.pending = nil
            result.status.entries[uid] = entry
        }
        result.accepted.append(uid)
    }

    /// The file as dosecal's: the planner then rewrites it from the schedule (or leaves it when
    /// it already holds what the schedule wants).
    private func markSeen(_ uid: String, file: FolderState.File, hash: String, in status: inout SyncStatus) {
        guard var entry = status.entries[uid] else { return }
        var seen = entry.written ?? SyncStatus.Revision(hash: hash)
        seen.hash = hash
        seen.key = ""  // the phone's bytes are no build of ours: the item is compared and rewritten
        entry.written = seen
        entry.etag = file.etag
        status.entries[uid] = entry
    }

    /// What shows a series deleted on the phone (decision 0200): the status recorded its item as
    /// written and the file is gone (`FolderChanges.deleted`). While the folder holds a file that
    /// is not a usable item and is no owned item's (no UID, not iCalendar, cannot be read, a
    /// folder or a named pipe under another name), it may be a missing item: no missing item is
    /// read as deleted then.
    func deletionEvidence(_ changes: FolderChanges, state: FolderState, damaged: [String: SeriesDamage])
        -> DeletionEvidence
    {
        let owned = Set(damaged.values.compactMap(\.file))
        if let stray = state.files.first(where: {
            $0.problem != nil && $0.problem != VdirFolder.symbolicLink && !owned.contains($0.name)
        }) {
            return .folder(
                deleted: [],
                otherwise: "the folder holds \(stray.name), which \(stray.problem!); while it is there no missing item "
                    + "is read as deleted")
        }
        let deleted = Set(changes.owned.compactMap { $0.value == .deleted ? $0.key : nil })
        return .folder(deleted: deleted, otherwise: "dosecal has no record of writing its item to this folder")
    }

    /// Owned items whose file is in the folder but is not a usable item (cannot be read, is not
    /// iCalendar, lost its UID, holds a second UID, is a folder or a named pipe, a symbolic link
    /// in its place): damage, never a deletion. Such a file is the owned item's when it has the
    /// name the status gives the item, or holds its UID (decision 0201).
    func folderDamage(state: FolderState, status: SyncStatus) -> [String: SeriesDamage] {
        var byFile: [String: String] = [:]
        for e in status.entries.values where e.owner == .schedule { byFile[e.file] = e.uid }
        var result: [String: SeriesDamage] = [:]
        for f in state.files {
            guard let problem = f.problem else { continue }
            var owners = f.uids.filter { status.entries[$0]?.owner == .schedule }
            if let uid = byFile[f.name], !owners.contains(uid) { owners.append(uid) }
            for uid in owners where result[uid] == nil {
                result[uid] = SeriesDamage(uid: uid, file: f.name, .unusableItem(problem))
            }
        }
        return result
    }
}
