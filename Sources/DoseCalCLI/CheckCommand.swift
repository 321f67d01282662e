import DoseCal
import Foundation
import ICal

/// `dosecal check SCHEDULE [--calendar FILE] [--from DATE] [--to DATE] [--zone Z | --itinerary FILE] ...`
enum CheckCommand {
    static let spec = CommandSpec(name: name, summary: summary, help: help, run: run)
    static let name = "check"
    static let summary = "Prove every reminder fires at the promised time"
    static let help = """
        Usage: dosecal check SCHEDULE [--calendar FILE] [--from DATE] [--to DATE]
                             [--zone ZONE | --itinerary FILE] [--gap-policy shift|next|skip]
                             [--all] [--json] [--strict] [--now TIME]

        For every dose of SCHEDULE in the window, compare the instant the schedule
        promises (08:00 means 08:00 where you are, whatever the clocks do) with what
        the calendar fires: dosecal's own feed of the schedule, or FILE, a calendar
        that came back from a phone or another program. Also shows what libical's own
        expansion, an iOS repeating reminder, dosecal's notification plan (dosecal plan)
        and a feed left in the home zone during travel would do, and every dose in a
        daylight-saving gap or overlap.

        Options:
          --calendar FILE     Check this calendar instead of dosecal's feed (- for
                              standard input).
          --from DATE         First dose day (YYYY-MM-DD; default: today in the home zone).
          --to DATE           Last dose day (default: one year after --from, minus a day).
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
          --now TIME          The time that decides "today" (RFC 3339 or seconds).

        Exit status: 0 the calendar fires every dose as promised (warnings may be
        listed), 1 a reminder is missing, extra, duplicated or at another time (or,
        with --strict, there are warnings), 2 bad schedule, calendar or itinerary,
        64 wrong usage.
        """

    static func run(_ arguments: [String], context: Context) throws -> Int32 {
        let args = try Arguments(
            arguments, flags: ["all", "json", "strict"],
            options: ["calendar", "from", "to", "zone", "itinerary", "gap-policy", "now"])
        guard args.positionals.count == 1 else {
            throw UsageError(
                args.positionals.isEmpty
                    ? "missing SCHEDULE (a schedule file, or - for standard input)"
                    : "expected one SCHEDULE, got \(args.positionals.count)")
        }
        if args.options["zone"] != nil && args.options["itinerary"] != nil {
            throw UsageError("give --zone or --itinerary, not both")
        }
        var schedule = try ScheduleInput.read(args.positionals[0])
        if let zone = try args.zone("zone", example: "Europe/Berlin") { schedule.home = zone }
        if let path = args.options["itinerary"] {
            schedule.itinerary = try ItineraryInput.read(path)
        }
        let policy = try args.choice("gap-policy", in: GapPolicy.allCases.map(\.rawValue)).flatMap(GapPolicy.init) ?? .shift
        let now = try context.clock.now(override: args.options["now"])
        let today = schedule.home.local(at: now).date
        let from = try date(args.options["from"], option: "from") ?? today
        let to =
            try date(args.options["to"], option: "to")
            ?? LocalDate(year: from.year + 1, month: from.month, day: min(from.day, 28))!.adding(days: -1)
        guard from <= to else { throw UsageError("--to \(to) is before --from \(from)") }

        let progress = Progress(command: name, json: args.flags.contains("json"), environment: context.environment)
        defer { progress.finish() }
        let checker = DoseChecker(schedule: schedule, from: from, to: to, gapPolicy: policy)
        let source: CalendarSource
        if let path = args.options["calendar"] {
            progress.stage("reading \(path)")
            source = try CalendarSource.file(path)
        } else {
            progress.stage("building the feed")
            source = try CalendarSource.feed(of: schedule, now: now)
        }
        let window = checker.instantWindow
        progress.stage("expanding the calendar")
        let expanded = source.instances(in: window, viewerZone: schedule.home, budget: ExpansionBudget())
        let libical = source.libicalInstances(in: window, viewerZone: schedule.home) { done, total in
            progress.count(done, of: total, "libical's expansion, events")
        }
        progress.stage("comparing every dose")
        let system = SystemZones(lastYear: to.year + 1)
        var report = checker.check(
            calendar: expanded.byUID, libical: libical, plan: PlanChannel.doseInstants(schedule: schedule, in: window),
            systemZone: system.zone)
        report.warnings += source.warnings
        progress.finish()
        report.warnings += expanded.problems.map { "An event of the calendar could not be read: \($0)" }
        let versions = ZoneDataVersions(foundation: TimeZone.timeZoneDataVersion, system: Zone.dataVersion)
        if let warning = versions.warning(movedDoses: report.doses.filter { $0.notes.contains(where: \.isZoneData) }.count) {
            report.warnings.append(warning)
        }
        let privacy = schedule.feed.privacy
        let output = CheckOutput(schedule: schedule, report: report, checked: source.label, privacy: privacy, zoneData: versions)
        if args.flags.contains("json") {
            context.console.raw(Data(output.json().text.utf8))
        } else {
            context.console.out(output.table(all: args.flags.contains("all")))
        }
        if report.calendarDisagrees || (args.flags.contains("strict") && report.hasWarnings) { return ExitCode.problems }
        return ExitCode.ok
    }

    static func date(_ text: String?, option: String) throws -> LocalDate? {
        guard let text else { return nil }
        guard let d = LocalDate(parsing: text) else { throw UsageError("--\(option) \(text) is not a date; use YYYY-MM-DD") }
        return d
    }
}

/// The system's zone data, read through libical once per zone.
final class SystemZones {
    let lastYear: Int
    private var cache: [String: CalendarZone?] = [:]

    init(lastYear: Int) { self.lastYear = lastYear }

    func zone(_ identifier: String) -> (any ZoneRules)? {
        if let cached = cache[identifier] { return cached }
        let zone = SystemZoneData.zone(identifier, through: lastYear)
        cache[identifier] = zone
        return zone
    }
}

/// Which zone data each part uses: the system's zone files (expected instants, the feed's
/// VTIMEZONEs, libical's built-in zones) and Foundation's own copy (the iOS channel).
struct ZoneDataVersions {
    var foundation: String
    var system: String?

    var summary: String {
        "Zone data: system \(system ?? "unknown") (expected instants, the feed's VTIMEZONEs, libical), "
            + "Foundation \(foundation) (the iOS repeating trigger)."
    }

    func warning(movedDoses: Int) -> String? {
        guard movedDoses > 0 else { return nil }
        return "libical's built-in zones disagree with the system's zone files (\(system ?? "unknown")) in a way that "
            + "moves \(movedDoses) doses in the window: programs that use libical's zones fire those at other times."
    }
}

extension DoseCheck.Note {
    var isZoneData: Bool { if case .zoneData = self { true } else { false } }
}
