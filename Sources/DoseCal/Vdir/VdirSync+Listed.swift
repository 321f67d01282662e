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
    /// The run when the folder is as its listing says but for etags: in step (`listedReport`),
    /// the phone's edits merged by parts (`listedEdits`) or a schedule edit by parts
    /// (`listedInParts`); nil when none can be taken (nothing written).
    func listedRun(
        loading load: () throws(SyncError) -> Schedule, now: Int, stepLimit: Int?, removed: [String],
        save: ((Merge) throws -> Void)?
    ) throws(SyncError) -> Report? {
        guard let listed = listedFolder() else { return nil }
        if let report = try listedReport(listed, removed: removed) { return report }
        if let report = try listedEdits(listed, loading: load, now: now, stepLimit: stepLimit, removed: removed, save: save) {
            return report
        }
        return try listedInParts(listed, loading: load, now: now, stepLimit: stepLimit, removed: removed)
    }

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
            let parts = PartialFeed(schedule: schedule, fingerprints: known, record: record, previous: part, now: now),
            let built = parts.built(known: part)
        else { return nil }
        guard try store.entries(uids: built.lazy.map(\.uid).filter { part.entries[$0] == nil }).isEmpty else { return nil }
        var files: [FolderState.File] = []
        for e in part.entries.values {
            guard e.owner == .schedule, let written = e.written, e.pending == nil, !e.etag.isEmpty else { return nil }
            files.append(FolderState.File(name: e.file, etag: e.etag, uids: [e.uid], hash: written.hash))
        }
        let planner = SyncPlanner(folder: folder, prefer: prefer, force: force, now: now)
        let state = FolderState(exists: true, files: files)
        let plan = try planner.plan(status: part, folder: state, desired: built, taken: listed.names)
        let run = Parts(
            schedule: schedule, file: file, now: now, state: state, planner: planner, stepLimit: stepLimit, leftovers: removed,
            save: nil)
        let done = Built(schedule: schedule, parts: parts, desired: built, status: part)
        return try executeListed(plan, done, record: record, listed: listed, run, merge: nil, found: plan.changes)
    }

    /// Saves `merge` (when there is one) and executes `plan`, made by parts from the listing
    /// against the entries `built.status` (as the store holds them); the base follows by rows
    /// (`baseUpdate`), the inputs and the listing are recorded again. nil when the plan is not one
    /// a full run would make (nothing written).
    func executeListed(
        _ plan: SyncPlan, _ built: Built, record: FeedRecord, listed: ListedFolder, _ run: Parts, merge: Merge?,
        found: FolderChanges
    ) throws(SyncError) -> Report? {
        guard let store, plan.conflicts.isEmpty, plan.unusable.isEmpty, plan.changes.owned.isEmpty,
            plan.changes.duplicates.isEmpty, let update = try baseUpdate(built.parts, items: built.desired, record: record)
        else { return nil }
        let merge = try saving(merge, run.save, file: run.file)
        try keepDamaged(merge?.repaired ?? [])
        let part = built.status
        store.adoptPart(part)
        let outcome = try SyncExecutor(folder: folder, store: store).run(plan, previous: part, stepLimit: run.stepLimit)
        var baseIsFeed = update.unchanged
        if outcome.statusWritten {
            if outcome.skipped.isEmpty {
                switch update {
                case .rows(let changed, let placed): try store.replaceBaseRows(kept: changed, placed: placed)
                case .whole(let whole, _): try store.keepBase(whole)
                }
                baseIsFeed = true
            } else {
                // A file changed while we wrote: the base keeps that series' old events (the full feed's way).
                let status = try store.readStatus() ?? part
                let full = FeedBuilder(schedule: built.schedule, previous: status.feedRevisions, now: run.now).build()
                try keepBase(full, keeping: Set(outcome.skipped.map(\.uid)))
            }
        }
        var report = Report(plan: plan, outcome: outcome, removedLeftovers: run.leftovers, merge: merge, folderChanges: found)
        report.builtInPart = true
        report.medicationsBuilt = built.parts.built
        report.itemsBuilt = built.parts.itemsBuilt
        let inStep = listed.listing.inStep - FolderListing.inStep(of: part)
        report.inStepCount = inStep + report.inStep
        try recordingInputs(after: merge).recordListed(outcome, part: part, listed: listed, inStep: inStep)
        let clean = outcome.finished && outcome.skipped.isEmpty
        try keepFeedRecord(baseIsFeed && plan.records(built.desired) ? built.parts.record : nil, clean: clean)
        return report
    }

    /// Records the inputs after a run by the listing that read `part` and had `outcome`, with the
    /// folder's listing when the run was clean; `inStep`: the items in step outside `part`.
    private func recordListed(_ outcome: SyncExecutor.Outcome, part: SyncStatus, listed: ListedFolder, inStep: Int)
        throws(SyncError)
    {
        let clean = outcome.finished && outcome.skipped.isEmpty
        if clean, let store, let saved = store.status, store.statusIsPart,
            let after = listing(of: saved, replacing: part, in: listed, inStep: inStep + FolderListing.inStep(of: saved))
        {
            try store.recordInputs(inputsKey, listing: after.record)
        } else {
            try recordInputs(clean: clean)
        }
    }

    /// How the base follows the series built: their rows' new text, for those whose text changed,
    /// and the rows of medications whose UIDs changed in place of their old ones
    /// (`PartialFeed.baseRows`); else the whole text, from the whole base. nil when the base does
    /// not hold every unchanged series.
    private func baseUpdate(_ parts: PartialFeed, items: [VdirItem], record: FeedRecord) throws(SyncError) -> BaseUpdate? {
        guard let store else { return nil }
        if let rows = parts.baseRows(items: items, old: record), let placed = try store.place(rows.blocks) {
            let old = try store.baseEvents(of: rows.kept.lazy.map(\.uid))
            var changed: [(uid: String, events: [UInt8])] = []
            for row in rows.kept {
                guard let text = old[row.uid] else { return nil }
                if text != row.events { changed.append(row) }
            }
            return .rows(changed: changed, placed: placed)
        }
        guard let base = try store.readBase(), let whole = parts.wholeBase(base, items: items) else { return nil }
        return .whole(whole, unchanged: base.bytes == whole.bytes)
    }

    /// The base's update after a run by the listing (`baseUpdate`).
    enum BaseUpdate {
        case rows(changed: [(uid: String, events: [UInt8])], placed: [SyncStore.PlacedBlock])
        case whole(MergeBaseText, unchanged: Bool)

        /// Whether the base is already the feed's text.
        var unchanged: Bool {
            switch self {
            case .rows(let changed, let placed): changed.isEmpty && placed.isEmpty
            case .whole(_, let unchanged): unchanged
            }
        }
    }

    /// The entries of the items of the medications of `record` whose fingerprint `schedule`
    /// (whose medications' fingerprints are `known`) does not give, or that it no longer holds;
    /// nil when one is missing from the store.
    private func entriesChanging(_ record: FeedRecord, _ schedule: Schedule, _ known: [String]) throws(SyncError)
        -> SyncStatus?
    {
        guard let store else { return nil }
        let now = Dictionary(zip(schedule.medications.map(\.id), known), uniquingKeysWith: { first, _ in first })
        let uids = record.medications.filter { now[$0.id] != $0.fingerprint }.flatMap(\.uids)
        let part = SyncStatus(folder: folder, entries: try store.entries(uids: uids))
        return part.entries.count == uids.count ? part : nil
    }

    /// The folder's listing after a run that saved `saved`, the entries it read (`part`) as the
    /// run left them: their files with the etags saved, every other file with its listed line
    /// (`FolderListing.updating`); nil unless the folder holds exactly those files.
    private func listing(of saved: SyncStatus, replacing part: SyncStatus, in listed: ListedFolder, inStep: Int)
        -> FolderListing?
    {
        var byFile: [String: String] = [:]
        for e in saved.entries.values where e.owner != .deleted {
            guard e.written != nil, e.pending == nil, !e.etag.isEmpty, byFile.updateValue(e.etag, forKey: e.file) == nil else {
                return nil
            }
        }
        guard let fd = try? Syscalls.open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC) else { return nil }
        defer { Syscalls.close(fd) }
        guard let names = try? Syscalls.folderEntries(fd) else { return nil }
        let gone = Set(part.entries.values.lazy.map(\.file)).subtracting(byFile.keys)
        return listed.listing.updating(names: names, written: byFile, gone: gone, inStep: inStep)
    }
}
