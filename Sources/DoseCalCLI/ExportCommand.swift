import DoseCal
import DoseCalEntry
import Foundation
import ICal

/// `dosecal export SCHEDULE [-o FILE|-] [--privacy]`
enum ExportCommand {
    static let spec = CommandSpec(
        name: name, summary: summary, help: help, flags: [.privacy, .force, .quiet, .keepBase],
        options: [.output, .previous, .now, .person, .format], run: run)
    static let name = "export"
    static let summary = "Write the schedule as an iCalendar feed (.ics)"
    static let help = """
        Usage: dosecal export SCHEDULE [-o FILE|-] [--person ID] [--privacy] [--previous FILE]
                              [--now TIME] [--force] [--keep-base]
               dosecal export SCHEDULE --format fhir [-o FILE|-] [--person ID]

        Write SCHEDULE (a JSON schedule file, or - for standard input) as an RFC 5545
        calendar: one recurring event with a reminder per dose time, a refill warning
        per medication with a supply, and the time zones they use. Import the file into
        any calendar app, or publish it and subscribe to it.

        In a schedule with people, every dose is read in the zone its person is in
        that day, and every title says whose it is: "Mia — Amoxicillin 250 mg/5 ml:
        5 ml (250 mg)"; the alarm "Time for Mia to take ...". The UIDs do not depend
        on the person.

        With --format fhir it writes a FHIR R4 Bundle (JSON) instead, for a health
        record or a care team: a Patient per person, a MedicationStatement per
        medication with its dosage (timing, dose, as-needed limits) and a
        MedicationAdministration per log entry (taken: completed; skipped or missed:
        not-done, with the reason), with stable ids. See docs/fhir.md.

        Options:
          --format FORMAT    ics (the default) or fhir.
        \(PersonOption.help)
                             A calendar of one person's doses (the UIDs are the
                             same as in the whole schedule's feed).
          -o, --output FILE  Where to write the feed (default: - for standard output).
                             The file is replaced atomically and readable by you only.
                             When it already holds an earlier export, unchanged events
                             keep their SEQUENCE and LAST-MODIFIED, so a re-run changes
                             nothing.
          --keep-base        Also keep the written feed next to SCHEDULE as
                             NAME.dosecal-base.ics: what dosecal reconcile compares a
                             calendar that comes back with. Written under the
                             schedule's lock, as reconcile --apply writes it.
          --previous FILE    An earlier export to take revisions from (for -o -).
          --privacy          Neutral titles ("Medication reminder"): no medicine name,
                             strength or note anywhere in the file; people are
                             numbered ("Person 2 — Medication reminder"). Also set by
                             the schedule's "feed": {"privacy": true}.
          --now TIME         The time to stamp changed events with (RFC 3339, a local
                             time like 2026-12-04T08:00 read where you are then, or
                             seconds since 1970; default: now, or SOURCE_DATE_EPOCH).
          --force            Replace FILE even when it was not written by dosecal.
          --quiet            Print no summary.

        After writing a file, a short summary lists the events, the next doses and the
        supply run-out dates.

        Exit status: 0 written, 2 bad schedule or unwritable output (nothing written),
        64 wrong usage.
        """

    static func run(_ arguments: [String], context: Context) throws -> Int32 {
        let args = try Arguments(arguments, for: spec)
        guard args.positionals.count == 1 else {
            throw UsageError(
                args.positionals.isEmpty
                    ? "missing SCHEDULE (a schedule file, or - for standard input)"
                    : "expected one SCHEDULE, got \(args.positionals.count)")
        }
        let output = args[.output] ?? "-"
        if try args.choice(.format, in: ["ics", "fhir"]) == "fhir" { return try fhir(args, output: output, context: context) }
        let keepBase = args[.keepBase]
        if keepBase && args.positionals[0] == "-" {
            throw UsageError("--keep-base needs SCHEDULE as a file (the base is kept next to it)")
        }
        // The base is written next to the schedule, as reconcile --apply writes it: under the
        // schedule's lock, from the schedule read under it.
        let held = keepBase ? try ScheduleInput.writable(args.positionals[0], command: name, console: context.console) : nil
        defer { withExtendedLifetime(held) {} }
        let whole =
            try held.map { try ScheduleCodec.decode($0.read(), file: $0.path) } ?? ScheduleInput.read(args.positionals[0])
        let person = try PersonOption.read(args, schedule: whole)
        if person != nil && keepBase {
            throw UsageError("--keep-base keeps the whole schedule's feed; leave --person out")
        }
        let schedule = person.map { whole.narrowed(toPerson: $0.id) } ?? whole
        let timeline = whole.timeline(of: person)
        let now = try context.clock.instant(args[.now], option: .now, timeline: timeline)

        var previous = FeedInput.Earlier.none
        if let path = args[.previous] {
            previous = try FeedInput.read(path, force: false)
        } else if output != "-", FileManager.default.fileExists(atPath: output) {
            previous = try FeedInput.read(output, force: args[.force])
        }
        let privacy = args[.privacy] ? true : nil
        let feed = previous.write(FeedBuilder(schedule: schedule, privacy: privacy, now: now))
        // The bytes are written as they are: a copy of the whole file would take as many pages again.
        if keepBase {
            // The base `reconcile` compares a returned calendar with (decision 0025).
            try AtomicFile.write(feed.bytes, to: BaseFile.path(forSchedule: args.positionals[0]))
        }
        if output == "-" {
            // Standard output is most often a file too: never more than dosecal reads back.
            try InputFile.checkWritable(count: feed.bytes.count, path: "<stdout>")
            context.console.raw(Data(feed.bytes))
        } else {
            try AtomicFile.write(feed.bytes, to: output)
            if !args[.quiet] {
                context.console.out(
                    ExportSummary(
                        schedule: schedule, feed: feed, privacy: privacy ?? schedule.feed.privacy, now: now, whole: whole,
                        timeline: timeline
                    ).text(output: output))
            }
        }
        return ExitCode.ok
    }
}

/// Reading the schedule file named on the command line, and holding it for writing.
enum ScheduleInput {
    static func read(_ path: String) throws -> Schedule {
        try ScheduleCodec.decode(data(path), file: path == "-" ? "<stdin>" : path)
    }

    /// The file's bytes (standard input for `-`), at most `InputFile.maxBytes`.
    static func data(_ path: String, expected: String = "a schedule file (.json)") throws -> Data {
        if path == "-" { return try InputFile.read(descriptor: 0, name: "<stdin>", expected: expected) }
        return try InputFile.read(path, expected: expected + ", or - for standard input")
    }

    /// The schedule at `path` held for writing by `dosecal COMMAND` (its lock taken); with
    /// `creating`, a schedule that does not exist yet.
    static func writable(_ path: String, command: String, console: Console, creating: Bool = false) throws -> ScheduleFile {
        try refuseStandardStream(path)
        return try ScheduleFile(
            path, holder: "dosecal \(command)", creating: creating, waiting: waiting(path, command: command, console: console))
    }

    /// `ScheduleFile.update` for `dosecal COMMAND`.
    static func update<T>(
        _ path: String, command: String, console: Console, alwaysBackup: Bool = false,
        _ change: (_ original: Data, _ schedule: Schedule) throws -> (Schedule?, T)
    ) throws -> (result: T, backup: String?) {
        try refuseStandardStream(path)
        return try ScheduleFile.update(
            path, holder: "dosecal \(command)", waiting: waiting(path, command: command, console: console),
            alwaysBackup: alwaysBackup, change)
    }

    /// `-` names standard input or output, never a schedule to write: a writer given it would
    /// create a file named "-" and its lock ".-.lock" in the working folder.
    private static func refuseStandardStream(_ path: String) throws {
        if path == "-" { throw UsageError("a schedule that is written must be a file, not - (standard input or output)") }
    }

    /// A wait for the lock of more than about a second, said on standard error with the writer
    /// waited for.
    private static func waiting(_ path: String, command: String, console: Console) -> (ScheduleLock.Holder) -> Void {
        { holder in console.error("dosecal \(command): waiting for \(holder), which is writing \(path)") }
    }
}

/// Reading an earlier export for its revisions.
enum FeedInput {
    /// What an earlier export gives the build.
    enum Earlier {
        case none
        /// Read from its own lines (the common case: a file dosecal wrote).
        case lines(PreviousFeed)
        /// Read through the parser.
        case parsed([String: FeedRevision])

        /// The feed's file.
        func write(_ builder: FeedBuilder) -> WrittenFeed {
            switch self {
            case .none: return builder.write()
            case .lines(let previous): return previous.write(builder)
            case .parsed(let revisions):
                var builder = builder
                builder.previous = revisions
                return builder.write()
            }
        }
    }

    static func read(_ path: String, force: Bool) throws -> Earlier {
        let data = try InputFile.read(path, expected: "an earlier export (.ics)")
        if data.isEmpty { return .none }
        let bytes = Array(data)
        if let previous = PreviousFeed(bytes: bytes) { return .lines(previous) }
        return try .parsed(revisions(bytes, path: path, force: force))
    }

    /// The revisions of a file read through the parser (every shape the line reading leaves).
    static func revisions(_ bytes: [UInt8], path: String, force: Bool) throws -> [String: FeedRevision] {
        let parsed: ParsedCalendar
        do {
            parsed = try ICalParser.parse(bytes)
        } catch {
            if force { return [:] }
            throw InputError(
                "\(path) exists and is not a calendar dosecal wrote (\(error)); not replacing it. Use --force to replace it anyway."
            )
        }
        guard let calendar = parsed.calendar, FeedBuilder.isOwnProductID(calendar.property("PRODID")?.value) else {
            if force { return [:] }
            throw InputError("\(path) exists and was not written by dosecal; not replacing it. Use --force to replace it anyway.")
        }
        return FeedRevision.revisions(in: calendar)
    }
}
