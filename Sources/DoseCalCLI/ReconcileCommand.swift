import DoseCal
import Foundation
import ICal

/// `dosecal reconcile SCHEDULE CALENDAR [--apply] [--prefer schedule|calendar] [--json] [--base FILE] [--now TIME]`
enum ReconcileCommand {
    static let spec = CommandSpec(
        name: name, summary: summary, help: help, flags: [.apply, .json],
        options: [.prefer, .base, .now], run: run)
    static let name = "reconcile"
    static let summary = "Bring edits made in the calendar back into the schedule"
    static let help = """
        Usage: dosecal reconcile SCHEDULE CALENDAR [--apply] [--prefer schedule|calendar]
                                 [--json] [--base FILE] [--now TIME]

        Compare three things dose by dose: what dosecal last exported (the base, kept
        next to SCHEDULE as NAME.dosecal-base.ics by export -o and reconcile --apply),
        the schedule now, and CALENDAR as it came back from a calendar app (a vdir
        folder of .ics items, as vdirsyncer keeps a CalDAV calendar, or an .ics
        file). Edits made in the calendar become schedule changes, listed in plain
        words:
          a series moved to a new time      the slot's time, from the first changed dose
          "this and following" changed      a taper step from the split date
          one dose moved (also to another   a rescheduled dose: its date, and the new
            day, or one every-N-hours dose)   date and time
          one dose deleted                  a skipped entry in the log
          the repeat rule changed           the medication's recurrence, where the
                                              schedule has that kind
          the series deleted or cut short   the medication ends (history is kept)
          the alarm changed                 the reminder's minutes before
        A series missing from CALENDAR is a deletion only when CALENDAR is shown to
        be a whole copy of the export: a base is known, it carries the calendar's
        name (X-WR-CALNAME) or is a vdir folder, and it lacks the series of one
        medication at most. Otherwise the missing series are listed as absent and
        nothing about them changes. Doses added with RDATE, values a reminder cannot
        hold and a dose time moved onto another one are listed, never applied;
        damaged series change nothing.
        Titles are never taken back (privacy mode included), missing alarms (Google and
        Outlook drop them) and other people's events are ignored. What the schedule
        cannot express is listed with the reason. A reminder dismissed or snoozed in
        the calendar (ACKNOWLEDGED, X-MOZ-LASTACK) is listed as seen: a hint, never
        a dose taken; --apply keeps the latest per dose time in the schedule's
        "seen" list, which status shows.

        When the schedule and the calendar changed the same dose differently, that is
        a conflict: both values are shown and nothing is changed unless --prefer says
        which side wins.

        Options:
          --apply            Write the changes (and newer seen reminders) into
                             SCHEDULE (atomically; the previous file is kept as
                             SCHEDULE.bak; a link is written at its target) and,
                             when no conflict is left, the new base. It holds the
                             schedule's lock from before it reads SCHEDULE until
                             it wrote it: another writer (a sync, a log) waits, or
                             is waited for. Without --apply nothing is written.
          --prefer SIDE      Settle conflicts: schedule (keep the schedule's value) or
                             calendar (take the calendar's).
          --json             Print {"changes": [...], "conflicts": [...], "unmapped":
                             [...], "damaged": [...], "absent": [...], "warnings":
                             [...], "seen": [...]}.
          --base FILE        The base calendar (default: next to SCHEDULE). Without a
                             base the schedule is taken as what was last exported.
          --now TIME         Today, for series deleted outright, and the time stamp
                             of new log entries (RFC 3339, a local time like
                             2026-12-04T08:00 read where you are then, or seconds).

        Exit status: 0 no conflict (changes, if any, listed or applied), 1 conflicts
        remain, 2 bad schedule or calendar, or a calendar holding none of dosecal's
        events, 64 wrong usage.
        """

    static func run(_ arguments: [String], context: Context) throws -> Int32 {
        let args = try Arguments(arguments, for: spec)
        guard args.positionals.count == 2 else {
            throw UsageError("expected SCHEDULE and CALENDAR, got \(args.positionals.count) argument(s)")
        }
        let (schedulePath, calendarPath) = (args.positionals[0], args.positionals[1])
        let apply = args[.apply]
        if apply && schedulePath == "-" { throw UsageError("--apply needs SCHEDULE as a file, not standard input") }
        let prefer = try args.choice(.prefer, in: ReconcilePreference.allCases.map(\.rawValue)).flatMap(
            ReconcilePreference.init)
        // --apply holds the schedule's lock from before it reads the schedule until it wrote it.
        let held = apply ? try ScheduleInput.writable(schedulePath, command: name, console: context.console) : nil
        defer { withExtendedLifetime(held) {} }
        let original = try held?.read() ?? ScheduleInput.data(schedulePath)
        let schedule = try ScheduleCodec.decode(original, file: schedulePath == "-" ? "<stdin>" : schedulePath)
        let now = try context.clock.instant(args[.now], option: .now, timeline: schedule.timeline(of: nil))
        let theirs = try CalendarInput.returned(calendarPath)
        let basePath = args[.base] ?? (schedulePath == "-" ? nil : BaseFile.path(forSchedule: schedulePath))
        let files = FileReconciliation(
            schedule: schedule, original: original, held: held, basePath: basePath, baseRequired: args[.base] != nil)
        let outcome = try files.run(theirs: theirs, calendarName: calendarPath, now: now, prefer: prefer)
        let set = outcome.changes
        for warning in set.warnings { context.console.error("dosecal reconcile: warning: \(warning)") }
        var written: [String] = []
        if outcome.wroteSchedule {
            written.append(schedulePath + (outcome.backup.map { " (previous file kept as \($0))" } ?? ""))
        }
        if outcome.wroteBase, let basePath { written.append(basePath) }
        if args[.json] {
            let label = MedicationLabel(schedule: schedule, privacy: schedule.feed.privacy)
            context.console.raw(Data(label.masking(set.json).text.utf8))
        } else {
            context.console.out(text(set, calendar: calendarPath, apply: apply, written: written))
        }
        return set.conflicts.isEmpty && set.damaged.isEmpty ? ExitCode.ok : ExitCode.problems
    }

    static func text(_ set: ChangeSet, calendar: String, apply: Bool, written: [String]) -> String {
        var lines: [String] = []
        if set.isEmpty {
            lines.append(
                set.absent.isEmpty
                    ? "No changes: \(calendar) agrees with the schedule." : "No changes in \(calendar).")
        }
        if !set.changes.isEmpty {
            lines.append("Changes made in \(calendar):")
            lines += set.changes.map { "  " + $0.description }
        }
        if !set.conflicts.isEmpty {
            lines.append("Conflicts (left as they are; --prefer schedule or --prefer calendar settles them):")
            lines += set.conflicts.map { "  " + $0.description }
        }
        if !set.unmapped.isEmpty {
            lines.append("Not brought back (the schedule cannot say these):")
            lines += set.unmapped.map { "  \($0.description): \($0.reason)" }
        }
        if !set.damaged.isEmpty {
            lines.append("Damaged in the calendar (read as no decision; nothing changed for these doses):")
            lines += set.damaged.map { "  " + $0.description }
        }
        if !set.absent.isEmpty {
            lines.append("Not in the calendar, kept in the schedule (absence is not deletion):")
            lines += set.absent.map { "  " + $0.description }
            lines += Set(set.absent.map(\.reason)).sorted().map { "  (\($0))" }
        }
        if !set.seen.isEmpty {
            lines.append("Reminders seen on a calendar (hints; never counted as taken):")
            lines += set.seen.map { "  " + $0.description }
        }
        if apply {
            lines += written.map { "Wrote \($0)." }
        } else if !set.changes.isEmpty {
            lines.append("Nothing written; run again with --apply to bring these changes into the schedule.")
        }
        return lines.joined(separator: "\n")
    }
}

/// Reading a calendar file (or a vdir folder) named on the command line.
enum CalendarInput {
    /// A calendar file, or a vdir folder (one .ics item per file, as vdirsyncer and khal keep it),
    /// read for reconcile (a file's events no result depends on are passed over).
    static func returned(_ path: String) throws -> ReturnedCalendar {
        var isDir: ObjCBool = false
        guard path != "-", FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue else {
            let bytes = Array(try data(path))
            do {
                return try ReturnedCalendar(parsingForReconcile: bytes)
            } catch {
                throw InputError("\(path == "-" ? "<stdin>" : path): \(error)")
            }
        }
        // The folder as a sync reads it: nothing followed or opened that is not a plain file.
        let files: [FolderState.File]
        do {
            files = try VdirFolder.scan(path, known: SyncStatus(folder: path)).files
        } catch {
            throw InputError("\(error)")
        }
        guard !files.isEmpty else {
            throw InputError("\(path): a folder with no .ics items; expected a calendar file or a vdir folder")
        }
        var items: [[UInt8]] = []
        var names: [String] = []
        var unread: [String: String] = [:]
        for file in files {
            guard let data = file.data else {
                unread[file.name] = file.problem ?? "cannot be read"
                continue
            }
            items.append(Array(data))
            names.append(path + "/" + file.name)
        }
        do {
            var calendar = try ReturnedCalendar(parsingItems: items, names: names)
            calendar.unreadItems = unread
            return calendar
        } catch {
            throw InputError("\(error)")
        }
    }

    /// A calendar file mapped, nothing copied (standard input read whole), at most `limit`
    /// bytes: what `check`, `import` and `expand` read (decision 0241).
    static func mapped(_ path: String, limit: Int = InputFile.maxBytes) throws -> InputBytes {
        try InputFile.map(path, expected: "a calendar file (.ics)", limit: limit)
    }

    /// A calendar file's bytes (standard input for `-`), at most `InputFile.maxBytes`.
    static func data(_ path: String) throws -> Data {
        let expected = "a calendar file (.ics)"
        if path == "-" { return try InputFile.read(descriptor: 0, name: "<stdin>", expected: expected) }
        return try InputFile.read(path, expected: expected)
    }
}
