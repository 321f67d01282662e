import Foundation
import ICal

/// One `dosecal sync` run over a schedule and a vdir folder: lock, read the status, scan the
/// folder, build the items the schedule wants, plan, and (unless a dry run) execute.
public struct VdirSync: Sendable {
    /// The folder's absolute path.
    public var folder: String
    /// `SyncStatus.path(schedule:folder:)`.
    public var statusPath: String
    public var prefer: ReconcilePreference = .schedule
    public var force = false
    public var dryRun = false
    /// Merge the phone's edits into the schedule (the reconcile engine; `dosecal sync` turns it on).
    /// Off: every edited or deleted owned item is reported and kept as it is.
    public var mergeEdits = false
    /// Who wins a dose both sides changed; nil: report the conflict and change neither.
    public var reconcilePreference: ReconcilePreference? = nil
    /// A fingerprint of everything the schedule given to `run` was made from (its file's bytes, a
    /// travel stop and its date, the program's build): when it equals the last clean sync's and the
    /// folder is as that sync left it, the run ends in step without building the feed
    /// (`VdirSync+Unchanged.swift`). nil: always run in full.
    public var inputs: String? = nil
    /// `inputs` of a schedule file holding these bytes (the caller's fingerprint, made the same
    /// way): after a merge by parts wrote the file, the run records the new file's inputs, so
    /// that the next run may take the short way. nil: a run that wrote the file records none.
    public var inputsOf: (@Sendable (Data) -> String)? = nil
    /// A fingerprint of what outside the schedule the items' bytes depend on (the program's
    /// build, the system's zone data): with it, a sync after a clean one rebuilds only the
    /// medications whose entry changed (`VdirSync+Changed.swift`). nil: always build them all.
    public var build: String? = nil
    /// The fingerprint of each medication of the schedule given to `run`, in order: the SHA-256 of
    /// its JSON text in the schedule file (`ScheduleCodec.medicationFingerprints`), when that
    /// schedule's medications are the file's as decoded. nil: from each medication's encoding.
    public var medicationFingerprints: [String]? = nil
    /// The schedule file's bytes, when the medications of the schedule given to `run` are the
    /// file's as decoded: without `medicationFingerprints`, a run that needs them takes them from
    /// these bytes (`ScheduleCodec.medicationFingerprints`), so a no-op sync never makes them.
    public var scheduleBytes: Data? = nil
    /// A travel stop kept in memory only (`dosecal sync --zone`): the schedule given to `run` is
    /// the file's, which the phone's edits are merged into and saved; the folder is built from it
    /// with this stop added (`Schedule.travelling(to:from:)`). nil: no stop.
    public var travel: ItineraryStop? = nil

    /// The pairing's store, open (and locked) while `run` runs.
    var store: SyncStore? = nil

    /// The pairing's store file (`SyncStore`): the status path with `.db`.
    public var storePath: String { SyncStore.path(stem: statusPath) }

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
        /// The phone's edits merged into the schedule (nil: there were none).
        public var merge: Merge? = nil
        /// What changed in the folder since the last sync (before any merge).
        public var folderChanges: FolderChanges = FolderChanges()
        /// Only the medications whose entry changed were built (`VdirSync+Changed.swift`).
        var builtInPart = false
        /// How many medications a run by parts built whole (the others' items are the recorded
        /// ones, but for the items it repaired).
        var medicationsBuilt = 0
        /// How many items a run by parts built.
        var itemsBuilt = 0
        /// The items in step, when a no-op counted them without a plan (`VdirSync+Unchanged.swift`).
        var inStepCount: Int? = nil

        /// The items dosecal owns that were left in step: a no-op's count (its `plan` is empty:
        /// the run ended before planning), else the plan's.
        public var inStep: Int {
            inStepCount
                ?? plan.actions.filter {
                    if case .leave(let uid) = $0 { plan.status.entries[uid]?.owner == .schedule } else { false }
                }.count
        }

        /// Conflicts planned and those found while executing.
        public var conflicts: [SyncConflict] { plan.conflicts + (outcome?.skipped ?? []) }
    }

    /// The status recorded in the open store; nil when there is none yet.
    func readStatus() throws(SyncError) -> SyncStatus? { try store?.readStatus() }

    /// Syncs `file` (the schedule as its file holds it) built at `now` (with the `travel` stop)
    /// into the folder. Edits made in the folder are merged first, once, into `file`
    /// (`merge`); `save` receives that merge, whose `schedule` is what the file is to hold, before
    /// the folder is written (not called for a dry run or when nothing changes). `stepLimit` is
    /// for tests (see `SyncExecutor`).
    public func run(
        schedule file: Schedule, now: Int, stepLimit: Int? = nil, save: ((Merge) throws -> Void)? = nil
    ) throws(SyncError) -> Report {
        try run(loading: { () throws(SyncError) in file }, now: now, stepLimit: stepLimit, save: save)
    }

    /// `run(schedule:now:stepLimit:save:)` with the schedule made by `load`, which is called only
    /// when the run cannot end in step without it (`unchangedReport`): a caller that decodes the
    /// file there, with `inputs` made from its bytes, decodes nothing in a no-op sync. It is
    /// called at most once a run (the schedule it gave is kept for the run's later steps).
    public func run(
        loading load: () throws(SyncError) -> Schedule, now: Int, stepLimit: Int? = nil,
        save: ((Merge) throws -> Void)? = nil
    ) throws(SyncError) -> Report {
        var sync = self
        sync.store = try SyncStore.open(stem: statusPath, dryRun: dryRun)
        var loaded: Schedule? = nil
        let result: Result<Report, SyncError> = withoutActuallyEscaping(load) { load in
            let once = { () throws(SyncError) -> Schedule in
                if let loaded { return loaded }
                let schedule = try load()
                loaded = schedule
                return schedule
            }
            return Result { () throws(SyncError) in
                try sync.runOpen(loading: once, now: now, stepLimit: stepLimit, save: save)
            }
        }
        return try result.get()
    }

    /// `run` with the store open and locked.
    private func runOpen(
        loading load: () throws(SyncError) -> Schedule, now: Int, stepLimit: Int?, save: ((Merge) throws -> Void)?
    ) throws(SyncError) -> Report {
        guard let store else { throw .io(path: storePath, reason: "the sync store is not open") }
        let kept = dryRun ? [] : removeLeftoversOfRecords()
        if let listed = try listedRun(loading: load, now: now, stepLimit: stepLimit, removed: kept, save: save) {
            return listed
        }
        let previous = try readStatus()
        if let unchanged = try unchangedReport(previous: previous, removed: kept) { return unchanged }
        let file = try load()
        var schedule = travelled(file)
        var status = previous ?? SyncStatus(folder: folder)
        let leftovers = kept + (dryRun ? [] : VdirFolder.removeLeftovers(folder))
        let state = try VdirFolder.scan(folder, known: status)
        let planner = SyncPlanner(folder: folder, prefer: prefer, force: force, now: now)
        let parts = (state: state, planner: planner, leftovers: leftovers)
        let byParts = try changedOnly(
            schedule: schedule, file: file, now: now, previous: previous, parts, stepLimit: stepLimit, save: save)
        if let byParts { return byParts }
        var feed = FeedBuilder(schedule: schedule, previous: status.feedRevisions, now: now).build()
        var desired = VdirItem.items(of: feed, known: status)
        var plan = try planner.plan(status: status, folder: state, desired: desired)
        var merged: Merge? = nil
        let found = plan.changes
        if mergeEdits, !planner.scheduleOverrides,
            let m = try merge(
                plan.changes, state: state, status: status, schedule: schedule, file: file, feed: feed, now: now,
                prefer: reconcilePreference)
        {
            merged = dryRun ? m : try saving(m, save, file: file)
            // New seen reminders are saved too; they change no feed byte. The feed is built again
            // only when what it is made of changed: the schedule, or the revisions recorded.
            let rebuild = !m.changes.changes.isEmpty || m.status.feedRevisions != status.feedRevisions
            if !m.changes.changes.isEmpty || m.schedule.seen != file.seen { schedule = travelled(m.schedule) }
            status = m.status
            if rebuild { feed = FeedBuilder(schedule: schedule, previous: status.feedRevisions, now: now).build() }
            desired = VdirItem.items(of: feed, known: status)
            plan = try planner.plan(status: status, folder: state, desired: desired)
        }
        if dryRun { return Report(plan: plan, outcome: nil, removedLeftovers: [], merge: merged, folderChanges: found) }
        try keepDamaged(merged?.repaired ?? [])
        let outcome = try SyncExecutor(folder: folder, store: store).run(plan, previous: previous, stepLimit: stepLimit)
        // The base follows what dosecal wrote (a run that wrote nothing leaves it): the items left in
        // conflict keep their old base series, so another item's schedule edit is not read as the phone's.
        // A clean run left the folder holding this feed, written or not: the feed is the base
        // then too (kept only when its bytes changed), so the next run may go by parts.
        let clean = merged == nil && VdirSync.leavesInStep(plan, outcome)
        let baseWritten = outcome.statusWritten || !store.hasBase || clean
        if baseWritten {
            try keepBase(feed, items: desired, keeping: Set(plan.conflicts.map(\.uid) + outcome.skipped.map(\.uid)))
        }
        // A repeat of a clean run finds everything in step: only then may it take the short way.
        try recordInputs(clean: clean)
        let record = clean ? feedRecord(of: feed, items: desired, plan: plan, schedule: schedule, baseWritten: baseWritten) : nil
        try keepFeedRecord(record, clean: clean)
        return Report(plan: plan, outcome: outcome, removedLeftovers: leftovers, merge: merged, folderChanges: found)
    }

    /// Whether a run that merged nothing and ran `plan` with `outcome` left the folder in step:
    /// finished, with no conflict, skipped or unusable item and no change found in the folder.
    static func leavesInStep(_ plan: SyncPlan, _ outcome: SyncExecutor.Outcome) -> Bool {
        outcome.finished && plan.conflicts.isEmpty && outcome.skipped.isEmpty && plan.unusable.isEmpty
            && plan.changes.owned.isEmpty && plan.changes.duplicates.isEmpty
    }

    /// `file` with the `travel` stop, when there is one.
    public func travelled(_ file: Schedule) -> Schedule {
        travel.map { file.travelling(to: $0.zone, from: $0.from) } ?? file
    }

    /// Removes the temporaries killed runs left of the files this sync kept next to the
    /// schedule before the store: every file whose name starts with the status' (the status, its
    /// base, `.feed`, `.inputs`, the damaged items' copies), whatever wrote it last.
    private func removeLeftoversOfRecords() -> [String] {
        let url = URL(fileURLWithPath: statusPath)
        let name = url.lastPathComponent
        return AtomicFile.removeLeftovers(in: url.deletingLastPathComponent().path) { $0 == name || $0.hasPrefix(name + ".") }
    }

    /// Keeps the phone's bytes of each damaged item in the store before it is repaired.
    func keepDamaged(_ repairs: [Repair]) throws(SyncError) {
        for repair in repairs { try store?.keepDamaged(name: repair.backup, uid: repair.uid, data: repair.data) }
    }

    /// Keeps `feed` (whose items are `items`) as the base of the next merge (only when its bytes
    /// changed), with the old base's events for the UIDs in `keeping`.
    private func keepBase(_ feed: Feed, items: [VdirItem], keeping: Set<String>) throws(SyncError) {
        guard keeping.isEmpty else { return try keepBase(feed, keeping: keeping) }
        guard let base = MergeBase.base(of: feed, items: items) else {
            return try keepBase(MergeBase.text(of: feed, items: items))
        }
        try store?.keepBase(base)
    }

    func keepBase(_ feed: Feed, keeping: Set<String>) throws(SyncError) {
        var calendar = feed.calendar
        let old = ((try? store?.baseText()) ?? nil).flatMap { try? ICalParser.parse(Array($0)) }
        let oldComponents = old?.calendar?.components ?? []
        let uid = { (c: ICalComponent) in c.property("UID")?.value ?? "" }
        calendar.components.removeAll { $0.name == "VEVENT" && keeping.contains(uid($0)) }
        let zones = Set(calendar.components.compactMap { $0.name == "VTIMEZONE" ? $0.property("TZID")?.value : nil })
        calendar.components.insert(
            contentsOf: oldComponents.filter { $0.name == "VTIMEZONE" && !zones.contains($0.property("TZID")?.value ?? "") },
            at: 0)
        calendar.components += oldComponents.filter { $0.name == "VEVENT" && keeping.contains(uid($0)) }
        try keepBase(Data(ICalSerializer.serialize(calendar).utf8))
    }

    func keepBase(_ data: Data) throws(SyncError) { try store?.keepBase(data) }
}
