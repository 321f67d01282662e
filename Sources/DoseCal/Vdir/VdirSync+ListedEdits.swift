import Foundation

/// The phone's edits merged by parts without reading the status (decision 0323, docs/sync.md):
/// when the folder's only difference from its listing is the etags of items the phone edited, and
/// the schedule file is the one the listing was recorded with, the edited files are read, the
/// entries and base rows of the medications they belong to are read by UID, and the merge by
/// parts (`mergeByParts`, decision 0271) runs over those alone; the run is then executed and
/// recorded as a schedule edit by the listing is (`executeListed`).
///
/// Taken only when the folder holds no item dosecal does not own (the listing's lines are its
/// items in step), each changed file is an edit of one item dosecal wrote, with another content
/// hash, whose entry names that file with the listed etag, and the merge by parts takes the edits.
/// Anything else reads the status.
extension VdirSync {
    /// The run that merges the phone's edits from `listed`; nil when it cannot be taken (nothing
    /// written).
    func listedEdits(
        _ listed: ListedFolder, loading load: () throws(SyncError) -> Schedule, now: Int, stepLimit: Int?,
        removed: [String], save: ((Merge) throws -> Void)?
    ) throws(SyncError) -> Report? {
        let planner = SyncPlanner(folder: folder, prefer: prefer, force: force, now: now)
        guard !dryRun, mergeEdits, !planner.scheduleOverrides, !listed.changed.isEmpty, let key = inputsKey,
            listed.inputs == key, listed.listing.itemCount == listed.listing.inStep, let store,
            let record = readFeedRecord(), record.statusEtag == String(store.statusVersion),
            record.baseEtag == String(store.baseVersion), let (edited, part) = try editedEntries(listed.changed, record)
        else { return nil }
        let file = try load()
        let schedule = travelled(file)
        guard feedKey(schedule) == record.key, case let known = fingerprints(schedule),
            known.count == schedule.medications.count,
            let base = try store.baseRows(of: record.medications.flatMap(\.uids).filter { part.entries[$0] != nil })
        else { return nil }
        var files: [FolderState.File] = []
        var found = FolderChanges()
        for e in part.entries.values {
            if let read = edited[e.uid] {
                files.append(read)
                found.owned[e.uid] = .edited(read.data ?? Data())
            } else if let written = e.written {
                files.append(FolderState.File(name: e.file, etag: e.etag, uids: [e.uid], hash: written.hash))
            }
        }
        let state = FolderState(exists: true, files: files)
        let run = Parts(
            schedule: schedule, file: file, now: now, state: state, planner: planner, stepLimit: stepLimit, leftovers: removed,
            save: save)
        guard let (merge, parts, merged) = mergeByParts(run, found, part, record, known, base),
            let built = parts.built(known: merge.status)
        else { return nil }
        let added = built.lazy.map(\.uid).filter { merge.status.entries[$0] == nil }
        guard try store.entries(uids: added).isEmpty else { return nil }
        let plan = try planner.plan(status: merge.status, folder: state, desired: built, taken: listed.names)
        let done = Built(schedule: merged, parts: parts, desired: built, status: part)
        return try executeListed(plan, done, record: record, listed: listed, run, merge: merge, found: found)
    }

    /// The `changed` files read, by UID, each an edit (another content hash) of one item dosecal
    /// wrote and settled, whose entry names that file with the listed etag; with the entries of
    /// every item of the medications (of `record`) they belong to. nil otherwise.
    private func editedEntries(_ changed: [FolderListing.ChangedEtag], _ record: FeedRecord) throws(SyncError)
        -> (edited: [String: FolderState.File], part: SyncStatus)?
    {
        guard let store else { return nil }
        var medicationOf: [String: Int] = [:]
        for (n, m) in record.medications.enumerated() { for uid in m.uids { medicationOf[uid] = n } }
        var edited: [String: FolderState.File] = [:]
        var touched = Set<Int>()
        for c in changed {
            guard let data = (try? PlainFile.read(folder + "/" + c.name)) ?? nil else { return nil }
            let read = VdirFolder.read(name: c.name, etag: c.now, data: data)
            guard read.problem == nil, read.uids.count == 1, let n = medicationOf[read.uids[0]],
                let e = try store.entry(uid: read.uids[0]), e.owner == .schedule, e.file == c.name, e.etag == c.listed,
                let written = e.written, e.pending == nil, read.hash != written.hash
            else { return nil }
            edited[e.uid] = read
            touched.insert(n)
        }
        let uids = touched.sorted().flatMap { record.medications[$0].uids }
        let part = SyncStatus(folder: folder, entries: try store.entries(uids: uids))
        guard part.entries.count == uids.count,
            part.entries.values.allSatisfy({ $0.owner == .schedule && $0.written != nil && $0.pending == nil && !$0.etag.isEmpty }
            )
        else { return nil }
        return (edited, part)
    }
}
