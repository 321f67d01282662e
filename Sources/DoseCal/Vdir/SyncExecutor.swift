import Foundation

/// Carries out a `SyncPlan`: records the intent in the status, writes the files, records the
/// result. Any prefix of these steps leaves a state the next run converges from (docs/sync.md):
/// 1. the status with `pending` revisions, committed to the store (only when the folder is to
///    change);
/// 2. each create/update/delete, in UID order: every new file's bytes to its temporary (mode
///    0600), one `syncfs` for all of them, then the renames and deletes, then one fsync of the
///    folder (`StagedWrites`);
/// 3. the final status, committed to the store (only the entries that differ from the one
///    recorded).
public struct SyncExecutor: Sendable {
    public var folder: String
    /// The pairing's open store, where the status is saved.
    var store: SyncStore

    /// What a run did.
    public struct Outcome: Sendable, Equatable {
        public var created: [String] = []
        public var updated: [String] = []
        public var deleted: [String] = []
        /// Actions skipped because the file changed after the scan.
        public var skipped: [SyncConflict] = []
        /// Steps done; less than the plan's when `stepLimit` stopped the run.
        public var steps = 0
        public var finished = false
        public var statusWritten = false
    }

    /// Runs `plan`; `previous` is the status on disk (to skip an unchanged rewrite). `stepLimit`
    /// stops after that many steps, as a kill would (for tests).
    func run(_ plan: SyncPlan, previous: SyncStatus?, stepLimit: Int? = nil) throws(SyncError) -> Outcome {
        var outcome = Outcome()
        var status = plan.status
        func step() -> Bool {
            if let stepLimit, outcome.steps >= stepLimit { return false }
            outcome.steps += 1
            return true
        }
        if plan.touchesFolder {
            if plan.createFolder { try createFolder() }
            // The intent: entries keep their confirmed revision and name what is coming (pending).
            guard step() else { return outcome }
            try store.save(status)
        }
        // Every file's bytes first, one flush for all of them, then the renames (`StagedWrites`).
        var writes = StagedWrites(folder: folder)
        var steps: [(SyncAction, StagedWrites.Staged?)] = []
        var stopped = false
        for action in plan.actions where action.touchesFolder {
            guard step() else {
                stopped = true
                break
            }
            switch action {
            case .create(let item, let file), .update(let item, let file, _):
                steps.append((action, try stage(item, named: file, in: &writes)))
            default:
                steps.append((action, nil))
            }
        }
        do {
            try writes.makeDurable()
        } catch {
            writes.discardAll()
            throw .io(path: folder, reason: error.reason)
        }
        do {
            for (action, staged) in steps { try apply(action, staged, &status, &outcome) }
        } catch {
            writes.discardAll()
            throw error
        }
        if stopped { return outcome }
        if plan.touchesFolder { AtomicFile.syncFolder(folder) }
        if status != previous {
            guard step() else { return outcome }
            // Only the entries that changed since the intent are written.
            try store.save(status)
            outcome.statusWritten = true
        }
        outcome.finished = true
        return outcome
    }

    /// Carries out one folder action whose bytes (if any) are durable in `staged`: the file is
    /// checked right before the rename or unlink, as the scan left it, else skipped.
    private func apply(
        _ action: SyncAction, _ staged: StagedWrites.Staged?, _ status: inout SyncStatus, _ outcome: inout Outcome
    ) throws(SyncError) {
        func skip(_ uid: String, _ file: String, pending: Bool) {
            if let staged { StagedWrites.discard(staged) }
            outcome.skipped.append(SyncConflict(uid: uid, kind: .changedDuringSync, files: [file]))
            if pending { status.entries[uid]?.pending = nil }
        }
        func commit(_ staged: StagedWrites.Staged?) throws(SyncError) {
            guard let staged else { return }
            do { try StagedWrites.commit(staged) } catch { throw .io(path: staged.target, reason: error.reason) }
        }
        switch action {
        case .create(let item, let file):
            let path = folder + "/" + file
            // Any file, or a link, that appeared at this name since the scan: left alone.
            guard PlainFile.status(path) == nil else { return skip(item.uid, file, pending: true) }
            try commit(staged)
            confirm(&status, item.uid, path)
            outcome.created.append(file)
        case .update(let item, let file, let etag):
            let path = folder + "/" + file
            guard VdirFolder.etag(path) == etag else { return skip(item.uid, file, pending: true) }
            try commit(staged)
            confirm(&status, item.uid, path)
            outcome.updated.append(file)
        case .delete(let uid, let file, let etag):
            let path = folder + "/" + file
            guard VdirFolder.etag(path) == etag else { return skip(uid, file, pending: false) }
            do { try Syscalls.unlink(path) } catch { throw .io(path: path, reason: error.description) }
            status.entries[uid] = nil
            outcome.deleted.append(file)
        case .leave, .reportConflict:
            break
        }
    }

    private func confirm(_ status: inout SyncStatus, _ uid: String, _ path: String) {
        guard var e = status.entries[uid] else { return }
        e.written = e.pending ?? e.written
        e.pending = nil
        e.etag = VdirFolder.etag(path) ?? ""
        status.entries[uid] = e
    }

    private func stage(_ item: VdirItem, named file: String, in writes: inout StagedWrites) throws(SyncError)
        -> StagedWrites.Staged
    {
        let path = folder + "/" + file
        let data = item.serialized()
        do {
            return try writes.stage(data, named: file)
        } catch {
            writes.discardAll()
            throw .io(path: path, reason: error.reason)
        }
    }

    private func createFolder() throws(SyncError) {
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .io(path: folder, reason: "cannot create the folder (\(error.localizedDescription))")
        }
    }

}
