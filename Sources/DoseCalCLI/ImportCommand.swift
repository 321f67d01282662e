import DoseCal
import DoseCalEntry
import Foundation
import ICal

/// `dosecal import FILE... [--match REGEX] [--category NAME] [-o SCHEDULE] [--json] [--zone ZONE]
/// [--now TIME] [--clock FILE]`: calendars, or FHIR R4 JSON (`ImportCommand+FHIR.swift`).
enum ImportCommand {
    static let spec = CommandSpec(
        name: name, summary: summary, help: help, flags: [.json],
        options: [.match, .category, .output, .zone, .now, .clock], run: run)
    static let name = "import"
    static let summary = "Make a schedule from calendars or FHIR R4 prescriptions"
    static let help = """
        Usage: dosecal import CALENDAR... [--match REGEX] [--category NAME] [-o SCHEDULE]
                              [--json] [--zone ZONE]
               dosecal import FHIR.json... --zone ZONE [--now TIME] [--clock FILE]
                              [-o SCHEDULE] [--json]

        Read one or more .ics files and write a dosecal schedule for the events that
        look like doses: recurring events, and runs of single events at one time of
        day (apps that write every dose as its own event) folded back into a daily,
        weekly or every-N-days rule. An event looks like a dose when its CATEGORIES
        hold MEDICATION, or its title or description has a dose word (pill, tablet,
        capsule, dose, medication, insulin, ...) or an amount such as 500 mg, 10 ml
        or 50,000 IU.

        Times keep how the calendar stored them: a time in a zone is a wall-clock dose
        (in another zone than home: pinned to it), a floating time stays floating, a
        recurring event in UTC has fixed spacing, single events in UTC are read on
        the home wall clock. Alarms become the reminder. A deleted occurrence of a
        dose series is a skipped dose (logged). Every dose-like event that cannot be
        mapped is listed with the reason.

        From a feed dosecal wrote, more comes back: cycles, taper steps, travel,
        moved doses, the feed's name and privacy mode, notes, the supply (from its
        refill warning) and as-needed medicines (from their "next dose allowed"
        event, with the doses it names). A feed does not carry slot names, the log's
        taken and missed doses, or a supply that never runs out.

        FHIR R4 JSON (a file whose first character is '{'): a resource, a Bundle, or
        NDJSON from a bulk export. Each MedicationRequest, MedicationStatement and
        MedicationDispense becomes a medication (format version 2) from its
        dosage's timing, dose, as-needed limits and bounds, and its supply from the
        dispense request or dispense; times FHIR leaves to convention (twice a day,
        at bedtime, before breakfast) come from the clock, and the report says so.
        Orders no longer taken (stopped, completed, cancelled, entered in error) are
        listed and left out; what cannot become a reminder exactly is listed with the
        reason, never guessed. See docs/fhir.md.

        Options:
          --match REGEX      Only events whose title or description matches REGEX
                             (case-insensitive) look like doses.
          --category NAME    Only events with this CATEGORIES value (with --match:
                             either one).
          -o, --output FILE  Write the schedule to FILE (atomically, readable by you
                             only; an existing file is not replaced, also one that
                             appears meanwhile) and print what was found. Without it,
                             or with -o -, the schedule goes to standard output.
          --json             Print {"medications": [...], "unmapped": [...]} (needs -o).
          --zone ZONE        The home zone (default: the most common zone of the
                             dose events; required for FHIR, which names none).
          --now TIME         FHIR: the first day of a dosage that gives none
                             (default: now, or SOURCE_DATE_EPOCH when set).
          --clock FILE       FHIR: the person's clock (a JSON object like a
                             schedule's "clock", or a schedule holding one) for
                             times left to convention; it is kept in the schedule.

        Exit status: 0 schedule written, 1 nothing could be imported, 2 unreadable
        calendar or existing output file, 64 wrong usage.
        """

    static func run(_ arguments: [String], context: Context) throws -> Int32 {
        let args = try Arguments(arguments, for: spec)
        guard !args.positionals.isEmpty else { throw UsageError("missing CALENDAR (one or more .ics files, or FHIR .json)") }
        // `-o -` is standard output, as without -o (never a file named "-").
        let output = args[.output].flatMap { $0 == "-" ? nil : $0 }
        if args[.json] && output == nil {
            throw UsageError("--json needs -o SCHEDULE (standard output holds the report)")
        }
        let files = try args.positionals.map { ($0, try CalendarInput.mapped($0)) }
        if files.contains(where: { f in f.1.withBytes { FHIRDocument.looksLikeJSON($0) } }) {
            return try fhir(files.map { f in (f.0, f.1.withBytes { Data($0) }) }, args, output: output, context: context)
        }
        try checkCalendarOptions(args)
        // The new schedule is held like any schedule being written; it must not exist yet.
        let held = try output.map { try ScheduleInput.writable($0, command: name, console: context.console, creating: true) }
        defer { withExtendedLifetime(held) {} }
        if let held, held.exists { throw FileError.exists(path: held.path) }
        var calendars: [ReturnedCalendar] = []
        for (path, data) in files {
            do {
                calendars.append(try ReturnedCalendar(parsing: data.withBytes { Array($0) }))
            } catch {
                throw InputError("\(path): \(error)")
            }
        }
        let importer = CalendarImporter(
            matcher: DoseMatcher(pattern: args[.match], category: args[.category]), zone: args[.zone])
        let progress = Progress(command: name, json: args[.json], environment: context.environment)
        defer { progress.finish() }
        // An ImportError (a bad --match or --zone) is wrong usage: ExitCode maps it (exit 64).
        let report = try importer.run(calendars) { done, total in progress.count(done, of: total, "events") }
        progress.finish()
        for warning in report.warnings { context.console.error("dosecal import: \(warning)") }
        guard !report.schedule.medications.isEmpty || !report.unmapped.isEmpty else {
            context.console.error(
                "dosecal import: no dose-like event among \(report.eventsRead) events (see --match, --category)")
            return ExitCode.problems
        }
        let data = ScheduleCodec.encode(report.schedule)
        // Only a schedule dosecal reads back is written (a title longer than a name may be, say).
        do { _ = try ScheduleCodec.decode(data, file: output ?? "<stdout>") } catch {
            throw InputError("the schedule made from the calendar cannot be read back (\(error)); nothing written")
        }
        guard let output else {
            context.console.raw(data)
            context.console.error(
                "dosecal import: \(report.schedule.medications.count) medication(s); \(report.unmapped.count) dose-like event(s) not imported; "
                    + "use -o FILE to see the list")
            return report.schedule.medications.isEmpty ? ExitCode.problems : ExitCode.ok
        }
        if !report.schedule.medications.isEmpty { try held?.create(data) }
        if args[.json] {
            context.console.raw(Data(report.json.text.utf8))
        } else {
            context.console.out(text(report, output: output))
        }
        return report.schedule.medications.isEmpty ? ExitCode.problems : ExitCode.ok
    }

    static func text(_ report: ImportReport, output: String) -> String {
        var lines: [String] = []
        if report.schedule.medications.isEmpty {
            lines.append("No medication could be imported; nothing written.")
        } else {
            lines.append(
                "Wrote \(output): \(report.schedule.medications.count) medication(s), home zone \(report.schedule.homeZone).")
        }
        for (m, source) in zip(report.schedule.medications, report.sources) {
            let times = m.recurrence.isAsNeeded ? "as needed" : m.times.map { $0.time.description }.joined(separator: ", ")
            lines.append("  \(m.name): \(times) (from \(source.from))")
            lines += source.notes.map { "    \($0)" }
        }
        if !report.unmapped.isEmpty {
            lines.append("Not imported:")
            lines += report.unmapped.map { u in "  \(u.summary)\(u.line.map { " (line \($0))" } ?? ""): \(u.reason)" }
        }
        lines.append("\(report.eventsNotDoses) of \(report.eventsRead) events did not look like doses.")
        return lines.joined(separator: "\n")
    }

    /// The options of calendar input: `--zone` a zone, no `--now` or `--clock` (FHIR's).
    static func checkCalendarOptions(_ args: Arguments) throws {
        for option in [Option.now, .clock] where args[option] != nil {
            throw UsageError("--\(option.name) is for FHIR input; a calendar's times are its own")
        }
        _ = try args.zone(.zone, example: "Europe/Berlin")
    }
}
