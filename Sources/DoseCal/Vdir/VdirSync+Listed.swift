import Foundation

/// A schedule edit synced by parts without reading the status (decision 0322, docs/sync.md):
/// when the folder is exactly as its listing says (`listedFolder`: every name, its order and its
/// etag), the items of the medications whose entry did not change are in step, as the last clean
/// run left them, so only the entries of the medications that changed or went are read (by UID),
/// planned against their files as the listing gives them, and saved. Everything else a run by
/// parts does (`VdirSync+Changed.swift`) is the same: the feed record's guards, the partial feed,
/// the base's text, the feed record kept.
///
/// Taken only when the listing shows no change in the folder, the feed record names the status
/// and base in the store, each entry read was written and settled by dosecal, and no item built
/// has a UID the store holds outside those entries. Anything else reads the status.
extension VdirSync {
    /// The run by parts from `listed`; nil when it cannot be taken (nothing written).
    func listedInParts(
        _ listed: ListedFolder, loading load: () throws(SyncError) -> Schedule, now: Int, stepLimit: Int?,
        removed: [String]
    ) throws(SyncError) -> Report? {
        guard !dryRun, listed.changed.isEmpty, let store, let record = readFeedRecord(),
            record.statusEtag == String(store.statusVersion), record.baseEtag == String(store.baseVersion)
        else { return nil }
        let file = try load()
        let schedule = travelled(file)
        guard let key = feedKey(schedule), record.key == key, case let known = fingerprints(schedule),
            known.count == schedule.medications.count, let part = try entriesChanging(record, schedule, known),
            let parts = PartialFeed(schedule: schedule, fingerprints: known, record: record, previous: part, now: now)
        else { return nil }
        let built = VdirItem.items(of: parts.feed, known: part)
        for item in built where part.entries[item.uid] == nil {
            guard try store.entry(uid: item.uid) == nil else { return nil }
        }
        var files: [FolderState.File] = []
        for e in part.entries.values {
            guard e.owner == .schedule, let written = e.written, e.pending == nil, !e.etag.isEmpty else { return nil }
            files.append(FolderState.File(name: e.file, etag: e.etag, uids: [e.uid], hash: written.hash))
        }
        let planner = SyncPlanner(folder: folder, prefer: prefer, force: force, now: now)
        let state = FolderState(exists: true, files: files)
        let plan = try planner.plan(status: part, folder: state, desired: built, taken: listed.names)
        guard let base = (try? store.readBase()) ?? nil else { return nil }
        store.adoptPart(part)
        let run = Parts(
            schedule: schedule, file: file, now: now, state: state, planner: planner, stepLimit: stepLimit,
            leftovers: removed, save: nil)
        var ours = Built(schedule: schedule, parts: parts, desired: built, status: part)
        ours.whole = false
        guard let (done, kept) = try execute(plan, ours, base: base, previous: part, run, merge: nil, found: plan.changes)
        else { return nil }
        var report = done
        let owned = { (s: SyncStatus) in s.entries.values.count { $0.owner == .schedule } }
        let inStep = listed.listing.inStep - owned(part)
        report.inStepCount = inStep + report.inStep
        let clean = report.outcome?.finished == true && report.outcome?.skipped.isEmpty == true
        try recordInputs(clean: clean)
        if clean, let saved = store.status, store.statusIsPart {
            recordListing(of: saved, replacing: part, in: listed.listing, inStep: inStep + owned(saved))
        }
        try keepFeedRecord(kept, clean: clean)
        return report
    }

    /// The entries of the items of the medications of `record` whose fingerprint `schedule`
    /// (whose medications' fingerprints are `known`) does not give, or that it no longer holds;
    /// nil when one is missing from the store.
    private func entriesChanging(_ record: FeedRecord, _ schedule: Schedule, _ known: [String]) throws(SyncError)
        -> SyncStatus?
    {
        guard let store else { return nil }
        let now = Dictionary(zip(schedule.medications.map(\.id), known), uniquingKeysWith: { first, _ in first })
        var part = SyncStatus(folder: folder)
        for m in record.medications where now[m.id] != m.fingerprint {
            for uid in m.uids {
                guard let e = try store.entry(uid: uid) else { return nil }
                part.entries[uid] = e
            }
        }
        return part
    }

    /// Records the folder's listing after a run that saved `saved`, the entries it read (`part`)
    /// as the run left them: their files with the etags saved, every other file with the one
    /// `listing` gives it; only when the folder holds exactly those files (speed-up only: a
    /// failure records nothing).
    private func recordListing(of saved: SyncStatus, replacing part: SyncStatus, in listing: FolderListing, inStep: Int) {
        var byFile: [String: String] = [:]
        for e in saved.entries.values where e.owner != .deleted {
            guard e.written != nil, e.pending == nil, !e.etag.isEmpty, byFile.updateValue(e.etag, forKey: e.file) == nil else {
                return
            }
        }
        var listed = listing.etags()
        for e in part.entries.values { listed[e.file] = nil }
        guard let fd = try? Syscalls.open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC) else { return }
        defer { Syscalls.close(fd) }
        guard let names = try? Syscalls.folderEntries(fd),
            names.count(where: { VdirName.isItem($0.name) }) == listed.count + byFile.count,
            byFile.keys.allSatisfy({ listed[$0] == nil })
        else { return }
        recordListing(names: names, inStep: inStep) { byFile[$0] ?? listed[$0] }
    }
}
