import Foundation
import ICal

/// Bringing the phone's edits back (issue 4's engine inside `dosecal sync`, docs/sync.md).
///
/// When the folder holds owned items that were edited or deleted there, the whole folder is read
/// as the returned calendar ("theirs"), the base is the feed dosecal last wrote in full (kept
/// next to the status, `basePath`), "ours" is the schedule; `Reconciler` gives the change set.
/// The changes are applied to the schedule; every edited item whose slots have no conflict is
/// then accepted (its status records the file as seen), so the planner rewrites it from the
/// merged schedule. Items with a conflict stay as the phone left them and keep being reported.
extension VdirSync {
    /// Where the full feed of the last conflict-free sync is kept: the base of the next merge.
    public var basePath: String { statusPath + ".base.ics" }

    /// The outcome of merging folder edits.
    public struct Merge: Sendable {
        public var changes: ChangeSet
        /// The schedule with the changes applied.
        public var schedule: Schedule
        /// The status with the accepted edits recorded.
        public var status: SyncStatus
        /// UIDs whose folder edits were taken into the schedule.
        public var accepted: [String]
    }

    /// Merges the folder edits in `changes` into `schedule`; nil when there are none.
    func merge(
        _ changes: FolderChanges, state: FolderState, status: SyncStatus, schedule: Schedule, now: Int,
        prefer: ReconcilePreference?
    ) throws(SyncError) -> Merge? {
        guard !changes.owned.isEmpty else { return nil }
        // A link in place of an owned item would read as that series deleted: merge nothing then.
        let links = Set(state.files.filter { $0.problem == VdirFolder.symbolicLink }.map(\.name))
        if status.entries.values.contains(where: { $0.owner == .schedule && links.contains($0.file) }) { return nil }
        var items: [[UInt8]] = []
        for file in state.files where file.problem == nil {
            let path = folder + "/" + file.name
            guard let data = file.data ?? (try? PlainFile.read(path)) ?? nil else {
                throw .io(path: path, reason: "cannot read the item to merge it")
            }
            items.append(Array(data))
        }
        let theirs: ReturnedCalendar
        do {
            theirs = try ReturnedCalendar(parsingItems: items)
        } catch {
            throw .io(path: folder, reason: "the folder's items could not be read as one calendar: \(error)")
        }
        let base = ((try? PlainFile.read(basePath)) ?? nil).flatMap { try? ReturnedCalendar(parsing: Array($0)) }
        let set: ChangeSet
        let merged: Schedule
        do {
            set = try Reconciler(base: base, ours: schedule, theirs: theirs, now: now).reconcile(prefer: prefer)
            merged = try schedule.applying(set.changes, now: now)
        } catch {
            throw .io(path: folder, reason: "the phone's edits could not be merged: \(error)")
        }
        // Which slots each owned UID carries (from the schedule before the merge).
        var slotsOf: [String: (medication: String, slot: String?)] = [:]
        for item in FeedBuilder(schedule: schedule, now: now).build().items {
            switch item.kind {
            case .dose(let slotID, _): slotsOf[item.uid] = (item.medicationID, slotID)
            case .supplyWarning: slotsOf[item.uid] = (item.medicationID, nil)
            }
        }
        func inConflict(_ uid: String) -> Bool {
            guard let owner = slotsOf[uid] else { return !set.conflicts.isEmpty }
            return set.conflicts.contains { c in
                c.medicationID == owner.medication && (c.slotID == nil || owner.slot == nil || c.slotID == owner.slot)
            }
        }
        func changed(_ uid: String) -> Bool {
            guard let owner = slotsOf[uid] else { return false }
            return set.changes.contains { c in
                c.medicationID == owner.medication && (c.slotID == nil || owner.slot == nil || c.slotID == owner.slot)
            }
        }
        var updated = status
        var accepted: [String] = []
        // An edit the schedule cannot hold (a duration, a note) brings no change: that item stays as
        // the phone left it and keeps being reported, so nothing the person did is overwritten.
        for (uid, change) in changes.owned.sorted(by: { $0.key < $1.key }) where !inConflict(uid) && changed(uid) {
            switch change {
            case .edited:
                guard var entry = updated.entries[uid],
                    let file = state.files.first(where: { $0.uids == [uid] }), let hash = file.hash
                else { continue }
                var seen = entry.written ?? SyncStatus.Revision(hash: hash)
                seen.hash = hash
                entry.written = seen
                entry.etag = file.etag
                updated.entries[uid] = entry
            case .deleted:
                updated.entries[uid] = nil
            }
            accepted.append(uid)
        }
        return Merge(changes: set, schedule: merged, status: updated, accepted: accepted)
    }
}
