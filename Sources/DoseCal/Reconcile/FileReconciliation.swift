public import DoseCalCore
public import Foundation

/// The reconcile workflow over files, as `dosecal reconcile` runs it: read the base kept next to
/// the schedule (`BaseFile`), reconcile the returned calendar against the schedule and, when the
/// schedule is held for writing, merge the changes into it and write the new base.
///
/// The command line parses, reads the calendar, calls `run` and prints; the sync runs the same
/// reconcile engine through `VdirSync`.
public struct FileReconciliation {
    /// The schedule as decoded from `original`.
    public var schedule: Schedule
    /// The schedule's bytes as read (under the lock when `held`).
    public var original: Data
    /// The schedule file, held for writing: nil reconciles without writing anything.
    public var held: ScheduleFile?
    /// The base calendar's path: nil when there is none to read or write (a schedule read from
    /// standard input).
    public var basePath: String?
    /// The base was named by the person (`--base FILE`): a missing one is an error, not "no base".
    public var baseRequired: Bool

    public init(schedule: Schedule, original: Data, held: ScheduleFile?, basePath: String?, baseRequired: Bool) {
        self.schedule = schedule
        self.original = original
        self.held = held
        self.basePath = basePath
        self.baseRequired = baseRequired
    }

    /// What a run found and wrote.
    public struct Outcome {
        /// The changes, conflicts, damage and absences found (damage without a file names
        /// `calendarName`).
        public var changes: ChangeSet
        /// The schedule was rewritten; `backup` is the previous file's copy when one was kept.
        public var wroteSchedule = false
        public var backup: String? = nil
        /// The base was rewritten (only after a clean apply: damage and conflicts teach nothing).
        public var wroteBase = false
    }

    /// Reconciles `theirs` (the calendar named `calendarName`) at `now`; with `held`, writes the
    /// merge (keeping the previous file as a backup) and then the base, the feed's bytes as
    /// export writes them.
    public func run(theirs: ReturnedCalendar, calendarName: String, now: Int, prefer: ReconcilePreference?) throws
        -> Outcome
    {
        let reconciler = Reconciler(base: try readBase(), ours: schedule, theirs: theirs, now: now)
        var set = try reconciler.reconcile(prefer: prefer)
        for i in set.damaged.indices where set.damaged[i].file == nil { set.damaged[i].file = calendarName }
        var outcome = Outcome(changes: set)
        guard let held else { return outcome }
        let merged = try schedule.merging(set, now: now)
        if !set.changes.isEmpty || merged.seen != schedule.seen {
            outcome.backup = try held.replace(original, with: merged, alwaysBackup: true)
            outcome.wroteSchedule = true
        }
        if set.conflicts.isEmpty, set.damaged.isEmpty, let basePath {
            try AtomicFile.write(FeedBuilder(schedule: merged, now: now).write().bytes, to: basePath)
            outcome.wroteBase = true
        }
        return outcome
    }

    /// The base calendar; nil when there is no base file and none was named.
    func readBase() throws -> ReturnedCalendar? {
        guard let basePath else { return nil }
        guard let data = try InputFile.readIfExists(basePath, expected: "a base calendar (.ics)") else {
            if baseRequired { throw ReconcileError.missingBase(path: basePath) }
            return nil
        }
        do {
            return try ReturnedCalendar(parsing: Array(data))
        } catch {
            throw ReconcileError.unreadableBase(path: basePath, reason: "\(error)")
        }
    }
}
