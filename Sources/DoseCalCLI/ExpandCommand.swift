import DoseCal
import Foundation
import ICal

/// `dosecal expand CALENDAR... --from DATE --to DATE [--zone ZONE] [--count] [--json]`
enum ExpandCommand {
    static let spec = CommandSpec(
        name: name, summary: summary, help: help, flags: [.count, .json],
        options: [.from, .to, .zone], run: run)
    static let name = "expand"
    static let summary = "List every event instance of calendars over a window"
    static let help = """
        Usage: dosecal expand CALENDAR... --from DATE --to DATE [--zone ZONE] [--count] [--json]

        Print every instance of the events in each CALENDAR (an iCalendar file, or - for
        standard input) that overlaps the window [--from, --to): it starts before --to
        and ends after --from (an instance of no length: starts in the window). Recurrence
        rules, RDATE, EXDATE and RECURRENCE-ID overrides are read as RFC 5545 says, local
        times in the calendar's own VTIMEZONE (else the IANA zone of that name), daylight-
        saving gaps and repeats resolved as RFC 5545 section 3.3.5 says. See
        docs/expansion.md.

        Text output: one line per instance, sorted by start: start, end, UID and summary,
        separated by tabs; times local in the event's own zone (its TZID; floating and
        UTC times in ZONE) with their UTC offset and the zone's name in brackets, as in
        2026-12-09T07:00:00+09:00[Asia/Tokyo] (all-day events as dates).

        Options:
          --from DATE     First day of the window (YYYY-MM-DD: the start of that day
                          in ZONE), a local time in ZONE (2026-01-01T08:00, 08:00),
                          today, now, or an RFC 3339 time like 2026-01-01T00:00:00Z.
          --to DATE       The day after the window (same forms); must be after --from.
          --zone ZONE     The zone floating times, all-day events and the window's dates
                          and local times are read in, and UTC times are shown in (an
                          IANA name; default: this computer's zone, from TZ or the
                          system setting).
          --count         Print only the number of instances.
          --json          Print {"instances": [{"uid", "recurrenceId", "start", "end",
                          "summary"}]} with RFC 3339 UTC times.

        Events that cannot be expanded (an unknown TZID, an unreadable rule) are left out
        and reported on standard error; the rest are still printed. When the expansion
        budget (1,000,000 instances in all, 500,000 for one event, windows of up to 200
        years) runs out, the events past it are left out: the first line of standard
        output says so ("INCOMPLETE: ..."; with --json an "incomplete" member), and the
        exit status is 1.

        Exit status: 0 printed, 1 printed, but the budget left events out, 2 unreadable
        calendar, 64 wrong usage.
        """

    static func run(_ arguments: [String], context: Context) throws -> Int32 {
        let args = try Arguments(arguments, for: spec)
        guard !args.positionals.isEmpty else {
            throw UsageError("missing CALENDAR; usage needs CALENDAR... --from DATE --to DATE")
        }
        let zone = try viewerZone(args[.zone], environment: context.environment)
        let from = try bound(args[.from], option: .from, zone: zone, clock: context.clock)
        let to = try bound(args[.to], option: .to, zone: zone, clock: context.clock)
        guard from < to else { throw UsageError("--to \(args[.to]!) is not after --from \(args[.from]!)") }
        var instances: [EventInstance] = []
        var cut: [String] = []  // the budget's problems: what the output leaves out
        var count = 0
        let counting = args[.count]
        let budget = ExpansionBudget()  // one bound for the whole command, as in check and reconcile
        for path in args.positionals {
            let name = path == "-" ? "<stdin>" : path
            // Streamed: the file is mapped, not read into memory, and its events are expanded one
            // UID group at a time (decision 0240); counting keeps no instance either.
            let input = try CalendarInput.mapped(path, limit: InputFile.maxStreamedBytes)
            var found: [EventInstance] = []
            let counted = count
            let streamed: (reading: CalendarStream.Reading, expansion: CalendarExpansion)
            do {
                streamed = try input.withBytes { (bytes) throws(ICalError) in
                    try CalendarStream.forEachInstance(
                        in: bytes, viewerZone: zone, budget: budget, overlapping: from, to: to, release: input.release,
                        restart: { (count, found) = (counted, []) }
                    ) { instance in
                        if counting { count += 1 } else { found.append(instance) }
                    }
                }
            } catch {
                throw InputError("\(name): \(error)")
            }
            for problem in streamed.reading.problems + streamed.expansion.problems {
                context.console.error("dosecal expand: \(name): \(problem)")
                if problem.leavesInstancesOut { cut.append("\(name): \(problem)") }
            }
            instances += found.sorted(by: ExpandCommand.byStart)
        }
        if args.positionals.count > 1 { instances.sort(by: ExpandCommand.byStart) }
        // A cut expansion says so first, on standard output too, and exits 1.
        let incomplete =
            cut.isEmpty
            ? nil
            : "INCOMPLETE: the expansion budget ran out, so events are left out of what follows: "
                + cut.joined(separator: "; ")
        if counting {
            context.console.out((incomplete.map { $0 + "\n" } ?? "") + String(count))
        } else if args[.json] {
            context.console.raw(Data(ExpandOutput.json(instances, incomplete: incomplete).utf8))
        } else {
            context.console.raw(Data(((incomplete.map { $0 + "\n" } ?? "") + ExpandOutput.text(instances, zone: zone)).utf8))
        }
        return incomplete == nil ? ExitCode.ok : ExitCode.problems
    }

    /// The order of the output: by start, UID and recurrence instant (as `CalendarExpander.expand`).
    static func byStart(_ a: EventInstance, _ b: EventInstance) -> Bool {
        (a.start, a.uid, a.recurrenceInstant) < (b.start, b.uid, b.recurrenceInstant)
    }

    /// `--zone`, else `TZ` (an IANA name, `:` prefix allowed), else the system's zone. A zone
    /// without zone data is a usage error, never read as UTC.
    static func viewerZone(_ option: String?, environment: [String: String]) throws -> Zone {
        if let option {
            guard let zone = Zone(option) else {
                throw UsageError("--zone \(option) is not a time zone; use an IANA name like Europe/Berlin or UTC")
            }
            return zone
        }
        // A TZ that names a file (`:/etc/localtime`) is the system's zone, as the C library reads it.
        if let tz = environment["TZ"], !tz.isEmpty, !tz.hasPrefix("/"), !tz.hasPrefix(":/") {
            let name = tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
            guard let zone = Zone(name) else {
                throw UsageError(
                    "TZ=\(tz) is not a time zone with zone data; set TZ to an IANA name like Europe/Berlin or give --zone")
            }
            return zone
        }
        let system = SystemZone.linkedName() ?? TimeZone.current.identifier
        guard let zone = Zone(system) else {
            throw UsageError("the system's time zone \(system) has no zone data; give --zone (an IANA name like Europe/Berlin)")
        }
        return zone
    }

    /// `--from`/`--to`: a typed time read in `zone` (a date is the start of that day there).
    static func bound(_ text: String?, option: Option, zone: Zone, clock: Clock) throws -> Int {
        guard let text else { throw UsageError("missing --\(option.name) DATE (YYYY-MM-DD)") }
        return try clock.instant(text, option: option, timeline: ZoneTimeline(home: zone))
    }
}
