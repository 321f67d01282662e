import DoseCal
import Foundation

/// `dosecal sync SCHEDULE --vdir DIR [--prefer schedule|calendar] [--dry-run] [--force] [--json] [--zone Z] [--watch]`
enum SyncCommand {
    static let spec = CommandSpec(
        name: name, summary: summary, help: help, flags: [.dryRun, .force, .json, .watch],
        options: [.vdir, .prefer, .zone, .now], run: run)
    static let name = "sync"
    static let summary = "Keep a vdir folder (vdirsyncer, khal) in step with the schedule"
    static let help = """
        Usage: dosecal sync SCHEDULE --vdir DIR [--prefer schedule|calendar] [--dry-run]
                            [--force] [--json] [--zone ZONE] [--watch] [--now TIME]

        Write the schedule into DIR, a vdir folder (one .ics file per series, the
        layout vdirsyncer and khal use), so that a CalDAV sync brings it to the phone.
        Files are written atomically, readable by you only; a changed series keeps its
        file name; files are found by the UID inside, whatever their name. A status
        next to SCHEDULE (.SCHEDULE.sync-HASH) records what was written, so that a
        second sync with no changes writes nothing. See docs/sync.md.

        Edits made on the phone come back: a dose moved or deleted, a time changed from
        a date on, a series deleted, an alarm changed become schedule changes (as with
        dosecal reconcile, against what the last sync wrote), listed in plain words;
        the schedule is rewritten atomically (a backup is kept when needed) and the
        folder is rewritten from it. A dose changed on both sides differently is a
        conflict: both values are shown, neither side is changed, exit 1.

        Safety: events dosecal did not write are never changed or deleted. A folder
        that held dosecal's events at the last sync and is now missing or empty stops
        the sync (exit 2) unless --force. Damage (an item that cannot be read, a
        folder or a named pipe in its place, a broken rule) and an item missing
        without the status showing it deleted never stop a medication; an edit the
        schedule cannot hold (an added dose, a dose time moved onto another) is left
        on the phone: each is reported (exit 1), the rest is merged.

        One writer at a time: the sync holds the schedule's lock (.NAME.lock next to
        the real file; a SCHEDULE that is a link is written at its target) for its
        whole run. A log, a refill or another sync of the schedule (with any folder)
        waits for it, and it waits for them, saying so after about a second.

        Options:
          --vdir DIR         The vdir folder (created at the first sync).
          --prefer SIDE      Who wins a dose changed on both sides: schedule or
                             calendar (default: neither; the conflict is reported).
                             --force --prefer schedule overwrites every phone edit
                             without merging it.
          --dry-run          Show what would change; write nothing.
          --force            Sync into a folder that lost dosecal's events (fill it
                             again); with --prefer schedule, overwrite phone edits.
          --json             Print the result as JSON.
          --zone ZONE        Travel: reminders from today on (in the zone you are in
                             now) move to ZONE (an IANA name); past ones stay. For a
                             timer, put the stop in the schedule's itinerary instead.
          --watch            Sync again whenever DIR or SCHEDULE changes (inotify,
                             1 s debounce); stop with Ctrl-C or SIGTERM (exit 0).
          --now TIME         The time to stamp changed events with (RFC 3339, a local
                             time like 2026-12-04T08:00 read where you are then, or
                             seconds since 1970; default: now, or SOURCE_DATE_EPOCH).

        Exit status: 0 in step, 1 conflicts remain (nothing of them overwritten),
        2 bad schedule, unsafe folder state or unwritable folder, 64 wrong usage.
        """

    static func run(_ arguments: [String], context: Context) throws -> Int32 {
        let args = try Arguments(arguments, for: spec)
        let path = try args.schedulePath(allowStdin: false)
        guard let dir = args[.vdir], !dir.isEmpty else {
            throw UsageError("missing --vdir DIR (the vdir folder to keep in step)")
        }
        let prefer = try args.choice(.prefer, in: ReconcilePreference.allCases.map(\.rawValue)).flatMap(
            ReconcilePreference.init)
        _ = try args.zone(.zone, example: "Asia/Tokyo")
        if args[.watch] && args[.dryRun] {
            throw UsageError("give --watch or --dry-run, not both")
        }
        let folder = absolute(dir)
        var sync = VdirSync(folder: folder, statusPath: SyncStatus.path(schedule: absolute(path), folder: folder))
        sync.prefer = prefer ?? .schedule
        sync.force = args[.force]
        sync.dryRun = args[.dryRun]
        sync.mergeEdits = true
        sync.reconcilePreference = prefer
        guard args[.watch] else { return try once(sync, path: path, dir: dir, args: args, context: context) }
        // A schedule that is a link changes at its target: that is the file watched.
        return try FolderWatch(paths: [folder, absolute(ScheduleFile.target(of: path))]).run(console: context.console) {
            do {
                return try once(sync, path: path, dir: dir, args: args, context: context)
            } catch {
                return ExitCode.report(error, command: name, console: context.console)
            }
        }
    }

    /// One sync of the schedule at `path` (read now) into `sync.folder`; prints the report.
    static func once(_ sync: VdirSync, path: String, dir: String, args: Arguments, context: Context) throws -> Int32 {
        let json = args[.json]
        let progress = Progress(command: name, json: json, environment: context.environment)
        defer { progress.finish() }
        let (report, schedule) = try self.sync(
            sync, path: path, zone: try args.zone(.zone, example: "Asia/Tokyo"), console: context.console,
            environment: context.environment, now: (context.clock, args[.now]),
            started: { progress.stage(sync.dryRun ? "planning" : "syncing \(dir)") })
        progress.finish()
        let output = SyncOutput(
            report: report, folder: sync.folder, dryRun: sync.dryRun,
            label: schedule.map { MedicationLabel(schedule: $0, privacy: $0.feed.privacy) })
        context.console.out(json ? output.json() : output.text())
        return exitCode(report)
    }

    /// One sync of the schedule file at `path` into `sync.folder`, travelling to `zone` from
    /// today when given: the phone's edits merged into the file, the folder written. `now`: the
    /// clock and the `--now` text, read in the schedule's zones; `started` is called once the
    /// schedule's bytes are read. The schedule (with the travel stop) is returned when it was
    /// decoded: a no-op sync (its bytes and everything else as the last clean sync's, decision
    /// 0066) decodes it only for a travel stop or a `--now` read where the person is.
    /// `dosecal publish --vdir-root` runs it for each schedule of a folder.
    static func sync(
        _ sync: VdirSync, path: String, zone: Zone?, console: Console, environment: [String: String],
        now time: (clock: Clock, text: String?), started: () -> Void = {}
    ) throws -> (report: VdirSync.Report, schedule: Schedule?) {
        // The schedule's lock is held for the whole run (decision 0191): a log, a refill or a sync
        // with another folder waits, and the phone's edits go into the file as it was read. A dry
        // run writes nothing and reads as any reader does.
        let held = sync.dryRun ? nil : try ScheduleInput.writable(path, command: name, console: console)
        defer { withExtendedLifetime(held) {} }
        let bytes = try held?.read() ?? ScheduleInput.data(path)
        var onFile: Schedule? = nil
        var sync = sync
        var travel = "-"
        var now = zone == nil ? time.clock.instantAnywhere(time.text) : nil
        if now == nil {
            let decoded = try ScheduleCodec.decode(bytes, file: path)
            onFile = decoded
            let at = try time.clock.instant(time.text, option: .now, timeline: decoded.timeline(of: nil))
            now = at
            if let zone {
                let from = decoded.localDate(at: at)
                sync.travel = ItineraryStop(from: from, zone: zone)
                travel = "\(zone) from \(from)"
            }
        }
        sync.inputs = SyncInputs.fingerprint(schedule: bytes, travel: travel, environment: environment)
        sync.build = SyncInputs.build(environment: environment)
        sync.inputsOf = { [travel] in SyncInputs.fingerprint(schedule: $0, travel: travel, environment: environment) }
        // A travel stop changes the itinerary only: the medications are the file's either way.
        sync.scheduleBytes = bytes
        // The library merged the phone's edits into the file's schedule (never the in-memory
        // --zone stop) once: that is what is written, over the bytes it was decoded from.
        let save = { (merge: VdirSync.Merge) throws -> Void in
            let decoded = try onFile ?? ScheduleCodec.decode(bytes, file: path)  // a merge loaded it
            try held?.replace(
                bytes, decoded: decoded, with: merge.schedule, encoded: merge.bytes(),
                originalIsEncoding: merge.readFileIsEncoding)
        }
        started()
        let load = { () throws(SyncError) -> Schedule in
            if let onFile { return onFile }
            do {
                let decoded = try ScheduleCodec.decode(bytes, file: path)
                onFile = decoded
                return decoded
            } catch { throw .scheduleNotRead(cause: .init(error)) }
        }
        var report: VdirSync.Report
        do {
            report = try sync.run(loading: load, now: now ?? 0, save: save)
        } catch {
            // The schedule's own error, as a sync that decoded it first reports it.
            let underlying: any Error = if case .scheduleNotRead(let cause) = error { cause.error } else { error }
            throw underlying
        }
        report.removedLeftovers += held?.removedLeftovers ?? []
        return (report, onFile.map(sync.travelled))
    }

    /// 0 in step, 1 conflicts or damage remain.
    static func exitCode(_ report: VdirSync.Report) -> Int32 {
        let damaged = !(report.merge?.changes.damaged.isEmpty ?? true)
        return report.conflicts.isEmpty && !damaged ? ExitCode.ok : ExitCode.problems
    }

    static func absolute(_ path: String) -> String {
        let url =
            path.hasPrefix("/")
            ? URL(fileURLWithPath: path)
            : URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(path)
        return url.standardizedFileURL.path
    }
}
