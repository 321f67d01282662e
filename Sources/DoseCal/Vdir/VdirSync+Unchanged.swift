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
/// store with the count of the status saves it belongs to, so a status written by any other
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

    /// The in-step report, when nothing changed since the last clean sync; nil: run in full.
    /// `removed`: the temporaries of killed runs this run removed.
    func unchangedReport(previous: SyncStatus?, removed: [String] = []) -> Report? {
        guard let key = inputsKey, let previous, previous.folder == folder, let store,
            (try? store.inputs()) == key, store.hasBase, folderUnchanged(previous)
        else { return nil }
        var plan = SyncPlan(status: previous)
        plan.actions = previous.entries.keys.sorted().map { SyncAction.leave(uid: $0) }
        var outcome = SyncExecutor.Outcome()
        outcome.finished = true
        return Report(plan: plan, outcome: dryRun ? nil : outcome, removedLeftovers: removed)
    }

    /// Whether the folder holds exactly the files of `status`, each with its recorded etag, and
    /// no temporary file of an interrupted write.
    private func folderUnchanged(_ status: SyncStatus) -> Bool {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return false }
        var expected: [String: String] = [:]
        for e in status.entries.values where e.owner != .deleted {  // a tombstone has no file
            guard e.written != nil, e.pending == nil, !e.etag.isEmpty, expected[e.file] == nil else { return false }
            expected[e.file] = e.etag
        }
        var seen = 0
        for name in names {
            if AtomicFile.leftover(name) != nil { return false }
            guard VdirName.isItem(name) else { continue }
            guard let etag = expected[name], VdirFolder.etag(folder + "/" + name) == etag else { return false }
            seen += 1
        }
        return seen == expected.count
    }

    /// Records this run's inputs after a clean run (one that a repeat would find in step), and
    /// removes the record after any other, so that only a clean run's inputs are ever trusted.
    func recordInputs(clean: Bool) throws(SyncError) {
        guard !dryRun else { return }
        try store?.recordInputs(clean ? inputsKey : nil)
    }
}
