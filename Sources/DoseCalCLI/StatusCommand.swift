import DoseCal
import Foundation

/// `dosecal status SCHEDULE [MEDICATION] [--at TIME] [--grace MINUTES] [--json]`
enum StatusCommand {
    static let spec = CommandSpec(
        name: name, summary: summary, help: help, flags: [.json],
        options: [.at, .grace, .person], run: run)
    static let name = "status"
    static let summary = "Show supply, next doses, missed doses and adherence"
    static let help = """
        Usage: dosecal status SCHEDULE [MEDICATION] [--person ID] [--at TIME] [--grace MINUTES]
                              [--json]

        Show, for each medication in SCHEDULE (a JSON schedule file, or - for standard
        input), or only for MEDICATION (an id, or any part of its name or id that only
        one medication has, any letter case): the pills left, the run-out date and the
        refill-by time (the same dates as the refill warning in the exported feed), the
        next doses, the doses missed and not recorded in the last 7 days, and adherence
        over the last 7 and 30 days.

        Times are local: the heading names the zone you are in at --at, and a time in
        another zone (travel, a pinned-zone medication, a person who is elsewhere) names
        its own. Doses are listed in the order they happen. In a schedule with people,
        each medication says whose it is ("Mia — Amoxicillin 250 mg/5 ml").

        One rule for a past dose with no log entry, printed under the first line: it
        counts as taken for pills left and as not recorded (not missed) for adherence.
        Pills left are the supply record less every scheduled dose since its date that
        the log does not mark skipped or missed, less extra doses logged as taken. A
        dose is missed only when the log says so; one without an entry is pending until
        its grace period has passed, then not recorded. Adherence is taken doses out of
        recorded ones (taken, skipped, missed). See docs/reminders.md.

        Options:
        \(PersonOption.help)
          --at TIME          The time to report at: 2026-12-04T08:00, 2026-12-04 08:00,
                             2026-12-04, 08:00 (today), now, today, or RFC 3339 with
                             offset, read in the zone you are in on that date (the
                             person's, with --person or MEDICATION; default: now, or
                             SOURCE_DATE_EPOCH when set).
          --grace MINUTES    How long after its time a dose without an entry still
                             counts as pending (0 to 1440; default 120).
          --json             Print a JSON object instead of text.

        In privacy mode medications and people are numbered, never named.

        Exit status: 0 shown, 2 bad schedule, unknown or ambiguous medication or unknown
        person, 64 wrong usage.
        """

    static func run(_ arguments: [String], context: Context) throws -> Int32 {
        let args = try Arguments(arguments, for: spec)
        guard args.positionals.count <= 2 else {
            throw UsageError("expected SCHEDULE and at most one MEDICATION, got \(args.positionals.count) arguments")
        }
        let path = try args.schedulePath(then: args.positionals.count == 2 ? ["MEDICATION"] : [])
        let grace = try args.integer(.grace, default: ReminderStatus.defaultGraceMinutes, in: 0...1440)
        let schedule = try ScheduleInput.read(path)
        let person = try PersonOption.read(args, schedule: schedule)
        let named =
            try args.positionals.count == 2
            ? MedicationOption.find(args.positionals[1], args, in: schedule) : nil
        // Where the person is: the one named, else the medication's, else the schedule's.
        let timeline = named.map { schedule.timeline(of: $0) } ?? schedule.timeline(of: person)
        let at = try context.clock.instant(args[.at], option: .at, timeline: timeline)
        let status = ReminderStatus(schedule: schedule, at: at, graceMinutes: grace)
        let medications =
            named.map { [$0] } ?? person.map { schedule.medications(of: $0.id) } ?? schedule.medications
        let statuses = medications.map(status.status(of:))
        if args[.json] {
            context.console.raw(Data(status.json(statuses, privacy: schedule.feed.privacy).utf8))
        } else {
            context.console.out(StatusText(schedule: schedule, at: at, grace: grace, timeline: timeline).text(statuses))
        }
        return ExitCode.ok
    }
}
