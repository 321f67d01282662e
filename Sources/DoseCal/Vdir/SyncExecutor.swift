import Foundation

/// Carries out a `SyncPlan`: records the intent in the status, writes the files, records the
/// result. Any prefix of these steps leaves a state the next run converges from (docs/sync.md):
/// 1. the status with `pending` revisions (only when the folder is to change);
/// 2. each create/update/delete, in UID order, each file written atomically (mode 0600, fsync),
///    then one fsync of the folder;
/// 3. the final status (only when it differs from the one on disk).
public struct SyncExecutor: Sendable {
    public var folder: String
    public var statusPath: String

    public init(folder: String, statusPath: String) {
        self.folder = folder
        self.statusPath = statusPath
    }

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
    public func run(_ plan: SyncPlan, previous: SyncStatus?, stepLimit: Int? = nil) throws(SyncError) -> Outcome {
        var outcome = Outcome()
        var status = plan.status
        func step() -> Bool {
            if let stepLimit, outcome.steps >= stepLimit { return false }
            outcome.steps += 1
            return true
        }
        if plan.touchesFolder {
            if plan.createFolder {
                do {
                    try FileManager.default.createDirectory(
                        atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
                } catch {
                    throw .io(path: folder, reason: "cannot create the folder (\(error.localizedDescription))")
                }
            }
            // The intent: entries keep their confirmed revision and name what is coming (pending).
            guard step() else { return outcome }
            try writeStatus(status)
        }
        for action in plan.actions where action.touchesFolder {
            guard step() else { return outcome }
            switch action {
            case .create(let item, let file):
                let path = folder + "/" + file
                if PlainFile.status(path) != nil {  // any file, or a link, that appeared since the scan
                    outcome.skipped.append(SyncConflict(uid: item.uid, kind: .changedDuringSync, files: [file]))
                    status.entries[item.uid]?.pending = nil
                    continue
                }
                try write(item, to: path)
                confirm(&status, item.uid, path)
                outcome.created.append(file)
            case .update(let item, let file, let etag):
                let path = folder + "/" + file
                guard VdirFolder.etag(path) == etag else {
                    outcome.skipped.append(SyncConflict(uid: item.uid, kind: .changedDuringSync, files: [file]))
                    status.entries[item.uid]?.pending = nil
                    continue
                }
                try write(item, to: path)
                confirm(&status, item.uid, path)
                outcome.updated.append(file)
            case .delete(let uid, let file, let etag):
                let path = folder + "/" + file
                guard VdirFolder.etag(path) == etag else {
                    outcome.skipped.append(SyncConflict(uid: uid, kind: .changedDuringSync, files: [file]))
                    continue
                }
                do { try Syscalls.unlink(path) } catch { throw .io(path: path, reason: error.description) }
                status.entries[uid] = nil
                outcome.deleted.append(file)
            case .leave, .reportConflict:
                break
            }
        }
        if plan.touchesFolder { AtomicFile.syncFolder(folder) }
        if status != previous {
            guard step() else { return outcome }
            try writeStatus(status)
            outcome.statusWritten = true
        }
        outcome.finished = true
        return outcome
    }

    private func confirm(_ status: inout SyncStatus, _ uid: String, _ path: String) {
        guard var e = status.entries[uid] else { return }
        e.written = e.pending ?? e.written
        e.pending = nil
        e.etag = VdirFolder.etag(path) ?? ""
        status.entries[uid] = e
    }

    private func write(_ item: VdirItem, to path: String) throws(SyncError) {
        let data: Data
        do {
            data = try item.serialized()
        } catch {
            throw .io(path: path, reason: "cannot serialise \(item.uid): \(error)")
        }
        do {
            try AtomicFile.write(data, to: path, syncFolder: false)
        } catch {
            throw .io(path: path, reason: error.reason)
        }
    }

    private func writeStatus(_ status: SyncStatus) throws(SyncError) {
        do {
            try AtomicFile.write(status.encoded(), to: statusPath)
        } catch {
            throw .io(path: statusPath, reason: error.reason)
        }
    }
}
