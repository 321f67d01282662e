import Foundation
import ICal

/// The no-op sync without building the feed (decision 0066, docs/sync.md): when everything the
/// feed is built from is what the last clean sync built it from, and every file in the folder is
/// the one that sync left (same names, same `VdirFolder.etag`), the full run would plan nothing
/// but "in step": that report is given straight away.
///
/// "Everything the feed is built from" is `inputs` (the caller's fingerprint: the schedule's
/// bytes, a `--zone` stop and the date it starts, the program's build) plus what this layer knows:
/// the dosecal version, Foundation's zone data version, and the run's options. It is kept in the
/// sync store with the count of the status saves it belongs to, so a status written by any other
/// run (an older dosecal, an interrupted one) never matches it.
extension VdirSync {
    /// The fingerprint of this run's inputs, nil when this run cannot take the short way.
    var inputsKey: String? {
        guard let inputs, !force else { return nil }
        let parts = [
            "dosecal-sync-inputs 1", inputs, DoseCalVersion.current, Zone.dataVersion, folder, prefer.rawValue,
            reconcilePreference?.rawValue ?? "-", mergeEdits ? "merge" : "keep",
        ]
        return SHA256.hex(parts.joined(separator: "\n"))
    }

    /// The folder compared with the listing the inputs record holds for the status and base in
    /// the store (`FolderListing`), whatever inputs that record names; nil when there is no such
    /// listing or the folder differs from it in more than etags.
    func listedFolder() -> ListedFolder? {
        guard let store, store.hasBase, let recorded = try? store.inputs(), let bytes = recorded.listing,
            let listing = FolderListing(record: bytes[...]),
            let fd = try? Syscalls.open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        else { return nil }
        defer { Syscalls.close(fd) }
        guard let names = try? Syscalls.folderEntries(fd), let changed = listing.changedEtags(names, in: fd) else {
            return nil
        }
        return ListedFolder(inputs: recorded.key, listing: listing, names: names.map(\.name), changed: changed)
    }

    /// The folder as its listing found it: the inputs the listing was recorded with, the listing,
    /// the folder's entries (every name, in its order) and the listed files whose etag changed.
    struct ListedFolder {
        var inputs: String
        var listing: FolderListing
        var names: [String]
        var changed: [FolderListing.ChangedEtag]
    }

    /// The in-step report from the listing alone (`listed`), when it was recorded with this run's
    /// inputs: the status is not read. Files whose etag alone changed are read, and their new
    /// etags recorded, when each holds what its entry says dosecal wrote (`recordTouched`): only
    /// their entries are read. nil: see `unchangedReport`.
    func listedReport(_ listed: ListedFolder, removed: [String]) throws(SyncError) -> Report? {
        guard let key = inputsKey, listed.inputs == key else { return nil }
        let listing = listed.listing
        if listed.changed.isEmpty { return inStepReport(listing.inStep, removed: removed) }
        guard !dryRun, try recordTouched(listed.changed, listing: listing, inputs: key) else { return nil }
        return inStepReport(listing.inStep, removed: removed, statusWritten: true)
    }

    /// Records the etags now of the `changed` files of the listed folder, with the listing that
    /// gives them, when each holds the one UID whose entry names that file, written and settled
    /// with the listed etag, and the content hash that was written (the full run would find the
    /// same, and leave it), and the last clean sync's `FeedRecord` is the one of the status and
    /// base in the store; false otherwise (nothing written).
    private func recordTouched(_ changed: [FolderListing.ChangedEtag], listing: FolderListing, inputs key: String)
        throws(SyncError) -> Bool
    {
        guard let store else { return false }
        var etags: [(uid: String, etag: String)] = []
        for file in changed {
            // The etag was taken before the read: a later change is seen by the next run.
            guard let data = (try? PlainFile.read(folder + "/" + file.name)) ?? nil else { return false }
            let read = VdirFolder.read(name: file.name, etag: file.now, data: data)
            guard read.problem == nil, read.uids.count == 1, let entry = try store.entry(uid: read.uids[0]),
                entry.owner != .deleted, entry.file == file.name, entry.etag == file.listed, entry.pending == nil,
                read.hash == entry.written?.hash
            else { return false }
            etags.append((entry.uid, file.now))
        }
        return try store.recordEtags(etags, inputs: key, listing: listing.recording(changed).record)
    }

    /// The report of a run that found everything in step and did nothing: no plan, `inStep` items.
    private func inStepReport(_ inStep: Int, removed: [String], statusWritten: Bool = false) -> Report {
        var outcome = SyncExecutor.Outcome()
        outcome.finished = true
        outcome.statusWritten = statusWritten
        var report = Report(
            plan: SyncPlan(status: SyncStatus(folder: folder)), outcome: dryRun ? nil : outcome, removedLeftovers: removed)
        report.inStepCount = inStep
        return report
    }

    /// The in-step report, when nothing changed since the last clean sync; nil: run in full.
    /// Files whose etag alone changed (touched, or rewritten with a new SEQUENCE or stamp only)
    /// are read and hashed: when each still holds what was written, their new etags are recorded
    /// (`touchedReport`). The folder's listing is added to the inputs record for the next no-op
    /// (`listedReport`). `removed`: the temporaries of killed runs this run removed.
    func unchangedReport(previous: SyncStatus?, removed: [String] = []) throws(SyncError) -> Report? {
        guard let key = inputsKey, let previous, previous.folder == folder, let store,
            (try? store.inputs())?.key == key, store.hasBase,
            let fd = try? Syscalls.open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        else { return nil }
        defer { Syscalls.close(fd) }
        guard let names = try? Syscalls.folderEntries(fd), let byFile = Self.entriesByFile(previous),
            let touched = filesTouched(previous, byFile: byFile, names: names, in: fd)
        else { return nil }
        guard touched.isEmpty else {
            var plan = SyncPlan(status: previous)
            plan.actions = (previous.keptOrder() ?? previous.entries.keys.sorted()).map { SyncAction.leave(uid: $0) }
            return try touchedReport(plan, touched: touched, byFile: byFile, removed: removed)
        }
        recordListing(names: names, inStep: FolderListing.inStep(of: previous)) {
            byFile[$0].map { previous.entries[$0].value.etag }
        }
        return inStepReport(FolderListing.inStep(of: previous), removed: removed)
    }

    /// Where each file's entry is in `status.entries`, when every entry but a tombstone (which
    /// has no file) was written and settled, with an etag, and no two name one file; nil otherwise.
    static func entriesByFile(_ status: SyncStatus) -> [String: Dictionary<String, SyncStatus.Entry>.Index]? {
        var byFile: [String: Dictionary<String, SyncStatus.Entry>.Index] = [:]
        byFile.reserveCapacity(status.entries.count)
        for i in status.entries.indices where status.entries[i].value.owner != .deleted {
            let e = status.entries[i].value
            guard e.written != nil, e.pending == nil, !e.etag.isEmpty, byFile.updateValue(i, forKey: e.file) == nil else {
                return nil
            }
        }
        return byFile
    }

    /// Adds the folder's listing (`names` with the etags the status in the store gives them,
    /// `etag`) to the inputs record, which names that status; only a speed-up for the next no-op,
    /// so a failure is no error.
    func recordListing(names: [(name: String, type: UInt8)], inStep: Int, etag: (String) -> String?) {
        guard !dryRun, let store, let key = inputsKey, let listing = FolderListing(names: names, etag: etag, inStep: inStep)
        else { return }
        try? store.recordListing(listing.record, inputs: key)
    }

    /// The names and etags of the files whose etag differs from the one recorded, when the folder
    /// open at `fd`, whose entries are `names`, holds exactly the files of `status` (found by
    /// `byFile`) as regular files and no temporary file of an interrupted write; nil otherwise.
    /// Each name is looked at in the open folder (`fstatat`, a link not followed) and its etag
    /// compared as text (`EtagText`).
    private func filesTouched(
        _ status: SyncStatus, byFile: [String: Dictionary<String, SyncStatus.Entry>.Index],
        names: [(name: String, type: UInt8)], in fd: Int32
    ) -> [(name: String, etag: String)]? {
        var seen = 0
        var touched: [(name: String, etag: String)] = []
        for (name, _) in names {
            if AtomicFile.leftover(name) != nil { return nil }
            guard VdirName.isItem(name) else { continue }
            guard let i = byFile[name], let st = try? Syscalls.lstat(name, in: fd), st.kind == .regular else {
                return nil
            }
            let text = EtagText(st)
            if !text.equals(status.entries[i].value.etag) { touched.append((name, text.string)) }
            seen += 1
        }
        return seen == byFile.count ? touched : nil
    }

    /// The in-step `plan` with the new etags of the `touched` files recorded, carried out, when each
    /// holds the one UID its entry names and the content hash that was written (the full run would
    /// find the same, and leave it); nil otherwise, or when the last clean sync's `FeedRecord` is
    /// not the one of the status and base in the store, which is then kept up to date.
    private func touchedReport(
        _ plan: SyncPlan, touched: [(name: String, etag: String)],
        byFile: [String: Dictionary<String, SyncStatus.Entry>.Index], removed: [String]
    ) throws(SyncError) -> Report? {
        guard let store, let record = readFeedRecord(), record.statusEtag == String(store.statusVersion),
            record.baseEtag == String(store.baseVersion)
        else { return nil }
        let onDisk = plan.status
        var plan = plan
        for (name, etag) in touched {
            // The etag was taken before the read: a later change is seen by the next run.
            guard let i = byFile[name], case let uid = onDisk.entries[i].key, let written = onDisk.entries[i].value.written,
                let data = (try? PlainFile.read(folder + "/" + name)) ?? nil
            else { return nil }
            let file = VdirFolder.read(name: name, etag: etag, data: data)
            guard file.problem == nil, file.uids == [uid], file.hash == written.hash else { return nil }
            plan.status.entries[uid]?.etag = etag
        }
        guard !dryRun else { return Report(plan: plan, outcome: nil, removedLeftovers: removed) }
        let outcome = try SyncExecutor(folder: folder, store: store).run(plan, previous: onDisk)
        try recordInputs(clean: outcome.finished)
        try keepFeedRecord(record, clean: outcome.finished)
        return Report(plan: plan, outcome: outcome, removedLeftovers: removed)
    }

    /// Records this run's inputs after a clean run (one that a repeat would find in step), and
    /// removes the record after any other, so that only a clean run's inputs are ever trusted.
    /// After a clean run the folder's listing is recorded with them (`recordListingOfStatus`).
    func recordInputs(clean: Bool) throws(SyncError) {
        guard !dryRun else { return }
        try store?.recordInputs(clean ? inputsKey : nil)
        if clean { recordListingOfStatus() }
    }

    /// Adds the folder's listing, with the etags of the status as the run saved it, to the inputs
    /// record, when every item file of the folder is one entry's and every entry's file is there:
    /// the next run's first look is then the listing's, whatever this run wrote.
    private func recordListingOfStatus() {
        guard let store, !store.statusIsPart, let status = store.status, let byFile = Self.entriesByFile(status),
            let fd = try? Syscalls.open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        else { return }
        defer { Syscalls.close(fd) }
        guard let names = try? Syscalls.folderEntries(fd),
            names.count(where: { VdirName.isItem($0.name) }) == byFile.count
        else { return }
        recordListing(names: names, inStep: FolderListing.inStep(of: status)) {
            byFile[$0].map { status.entries[$0].value.etag }
        }
    }
}
