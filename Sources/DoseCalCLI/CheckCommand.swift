import CalendarTime
import DoseCal
import Foundation

/// `dosecal check SCHEDULE [--calendar FILE] [--from DATE] [--to DATE] [--zone Z | --itinerary FILE] ...`
enum CheckCommand {
    static let spec = CommandSpec(
        name: name, summary: summary, help: help, flags: [.all, .json, .strict],
        options: [.calendar, .from, .to, .zone, .itinerary, .gapPolicy, .now, .person], run: run)
    static let name = "check"
    static let summary = "Prove every reminder fires at the promised time"
    static let help = """
        Usage: dosecal check SCHEDULE [--person ID] [--calendar FILE] [--from DATE] [--to DATE]
                             [--zone ZONE | --itinerary FILE] [--gap-policy shift|next|skip]
                             [--all] [--json] [--strict] [--now TIME]

        For every dose of SCHEDULE in the window, compare the instant the schedule
        promises (08:00 means 08:00 where you are, whatever the clocks do) with what
        the calendar fires: dosecal's own feed of the schedule, or FILE, a calendar
        that came back from a phone or another program. Also shows what libical's own
        expansion, an iOS repeating reminder, dosecal's notification plan (dosecal plan)
        and a feed left in the home zone during travel would do, and every dose in a
        daylight-saving gap or overlap.

        Also checks the spacing of each medication's doses: every two consecutive
        doses closer together or further apart than its "spacing" allows (by default
        at least half the shortest planned gap, at most the planned gap plus half the
        shortest), as travel, a clock change, a rescheduled dose or a taper step can
        make them, with both local times and zones.

        In a schedule with people, each dose is read in the zone its person is in
        that day (grandma at home, the family in Tokyo), and each line says whose it
        is ("Mia — Amoxicillin").

        Options:
        \(PersonOption.help)
                              With --zone or --itinerary, that person's home zone
                              or travel plan is the one replaced.
          --calendar FILE     Check this calendar instead of dosecal's feed (- for
                              standard input).
          --from DATE         First dose day (YYYY-MM-DD, today, or a time whose date
                              is meant, read where you are then; default: today).
          --to DATE           Last dose day (same forms; default: one year after
                              --from, minus a day).
          --zone ZONE         Check as if the home zone were ZONE (an IANA name).
          --itinerary FILE    Travel plan to check with: a JSON array of
                              {"from": "YYYY-MM-DD", "zone": "Asia/Tokyo"} (or an
                              object with an "itinerary" array); replaces the schedule's.
          --gap-policy P      When a dose time does not exist (clocks go forward):
                              shift (RFC 5545, default: 02:30 -> 03:30), next (the first
                              time after the gap, as iOS does: 02:30 -> 03:00), skip.
          --all               List every dose, not only those that need attention.
          --json              Print the result as JSON.
          --strict            Fail (exit 1) on warnings too.
          --now TIME          The time that decides "today": 2026-12-04T08:00, 08:00,
                              now, or RFC 3339 with offset (or seconds since 1970).

        When the expansion budget (1,000,000 instances; a long window of many
        medications passes it) runs out, the report says so first: the doses of
        the series left out are listed as not checked, never as missing, and the
        exit status is 1. Check a shorter window to check every dose.

        Exit status: 0 the calendar fires every dose as promised and every dose is
        spaced as its medication allows (warnings may be listed), 1 a reminder is
        missing, extra, duplicated or at another time, two doses are too close
        together or too far apart, the budget left doses unchecked (or, with
        --strict, there are warnings), 2 bad
        schedule, calendar or itinerary, 64 wrong usage.
        """

    static func run(_ arguments: [String], context: Context) throws -> Int32 {
        let args = try Arguments(arguments, for: spec)
        let (whole, person) = try self.schedule(args)
        // One person's doses only (`--person`); names and numbers stay the whole schedule's.
        let schedule = person.map { whole.narrowed(toPerson: $0.id) } ?? whole
        let (checker, now) = try self.checker(
            args, schedule: schedule, timeline: whole.timeline(of: person), clock: context.clock)
        let progress = Progress(command: name, json: args[.json], environment: context.environment)
        defer { progress.finish() }
        let calendar: CheckedCalendar
        if let path = args[.calendar] {
            progress.stage("reading \(path)")
            calendar = try CalendarInput.checked(path)
        } else {
            progress.stage("building the feed")
            calendar = CheckedCalendar.feed(of: schedule, now: now)
        }
        var check = CalendarCheck(checker: checker, foundationZoneData: TimeZone.timeZoneDataVersion)
        // The table shows the rows that need attention; --all and --json list every row.
        check.rows = args[.all] || args[.json] ? .every : .needingAttention
        let (report, versions) = check.run(calendar) { step in
            switch step {
            case .expanding: progress.stage("expanding the calendar")
            case .libical(let done, let total): progress.count(done, of: total, "libical's expansion, events")
            case .comparing: progress.stage("comparing every dose")
            }
        }
        progress.finish()
        let output = CheckOutput(
            schedule: whole, report: report, checked: calendar.label, privacy: schedule.feed.privacy, zoneData: versions,
            person: person)
        if args[.json] {
            context.console.raw(Data(output.jsonBytes()))
        } else {
            context.console.out(output.table(all: args[.all]))
        }
        // A check the expansion budget cut proved less than was asked: exit 1 as well.
        let incomplete = report.cut?.leavesDosesUnchecked == true
        if report.hasProblems || incomplete || (args[.strict] && report.hasWarnings) {
            return ExitCode.problems
        }
        return ExitCode.ok
    }

    /// SCHEDULE with `--zone` or `--itinerary` applied (to the `--person`'s zones when one is
    /// named, else to the schedule's), and the person `--person` names.
    static func schedule(_ args: Arguments) throws -> (Schedule, Person?) {
        guard args.positionals.count == 1 else {
            throw UsageError(
                args.positionals.isEmpty
                    ? "missing SCHEDULE (a schedule file, or - for standard input)"
                    : "expected one SCHEDULE, got \(args.positionals.count)")
        }
        if args[.zone] != nil && args[.itinerary] != nil {
            throw UsageError("give --zone or --itinerary, not both")
        }
        var schedule = try ScheduleInput.read(args.positionals[0])
        var person = try PersonOption.read(args, schedule: schedule)
        if let zone = try args.zone(.zone, example: "Europe/Berlin") {
            if person != nil { person?.home = zone } else { schedule.home = zone }
        }
        if let path = args[.itinerary] {
            let stops = try ItineraryInput.read(path)
            if person != nil { person?.itinerary = stops } else { schedule.itinerary = stops }
        }
        if let person, let i = schedule.people.firstIndex(where: { $0.id == person.id }) { schedule.people[i] = person }
        return (schedule, person)
    }

    /// The dose days and gap policy the options ask for, and the time that decides "today"
    /// (typed times read in `timeline`: the person's, else the schedule's).
    static func checker(_ args: Arguments, schedule: Schedule, timeline: ZoneTimeline, clock: Clock) throws -> (
        DoseChecker, now: Int
    ) {
        let policy = try args.choice(.gapPolicy, in: GapPolicy.allCases.map(\.rawValue)).flatMap(GapPolicy.init) ?? .shift
        let now = try clock.time(args[.now], option: .now, timeline: timeline)
        let from = try args[.from].map { try clock.time($0, option: .from, timeline: timeline).date } ?? now.date
        let to =
            try args[.to].map { try clock.time($0, option: .to, timeline: timeline).date }
            ?? LocalDate(year: from.year + 1, month: from.month, day: min(from.day, 28))!.adding(days: -1)
        guard from <= to else { throw UsageError("--to \(to) is before --from \(from)") }
        return (DoseChecker(schedule: schedule, from: from, to: to, gapPolicy: policy), now.instant)
    }
}
