import Foundation

/// One `dosecal sync` run over a schedule and a vdir folder: lock, read the status, scan the
/// folder, build the items the schedule wants, plan, and (unless a dry run) execute.
public struct VdirSync: Sendable {
    /// The folder's absolute path.
    public var folder: String
    /// `SyncStatus.path(schedule:folder:)`.
    public var statusPath: String
    public var prefer: SyncPreference = .schedule
    public var force = false
    public var dryRun = false

    public init(folder: String, statusPath: String) {
        self.folder = folder
        self.statusPath = statusPath
    }

    public struct Report: Sendable {
        public var plan: SyncPlan
        /// nil for a dry run.
        public var outcome: SyncExecutor.Outcome?
        /// dosecal's temporary files left by an interrupted run, removed.
        public var removedLeftovers: [String]

        /// Conflicts planned and those found while executing.
        public var conflicts: [SyncConflict] { plan.conflicts + (outcome?.skipped ?? []) }
    }

    /// The status on disk, or an empty one when there is none yet.
    public func readStatus() throws(SyncError) -> SyncStatus? {
        guard let data = FileManager.default.contents(atPath: statusPath) else {
            if FileManager.default.fileExists(atPath: statusPath) {
                throw .io(path: statusPath, reason: "cannot read the sync status")
            }
            return nil
        }
        return try SyncStatus(decoding: data, source: statusPath)
    }

    /// Syncs `schedule` built at `now` into the folder. `stepLimit` is for tests (see `SyncExecutor`).
    public func run(schedule: Schedule, now: Int, stepLimit: Int? = nil) throws(SyncError) -> Report {
        let lock = try SyncLock(path: statusPath + ".lock")
        defer { withExtendedLifetime(lock) {} }
        let previous = try readStatus()
        let status = previous ?? SyncStatus(folder: folder)
        let leftovers = dryRun ? [] : VdirFolder.removeLeftovers(folder)
        let state = try VdirFolder.scan(folder, known: status)
        let feed = FeedBuilder(schedule: schedule, previous: status.feedRevisions, now: now).build()
        let desired = VdirItem.items(of: feed, known: status)
        let plan = try SyncPlanner(folder: folder, prefer: prefer, force: force).plan(
            status: status, folder: state, desired: desired)
        if dryRun { return Report(plan: plan, outcome: nil, removedLeftovers: []) }
        let outcome = try SyncExecutor(folder: folder, statusPath: statusPath).run(plan, previous: previous, stepLimit: stepLimit)
        return Report(plan: plan, outcome: outcome, removedLeftovers: leftovers)
    }
}
