import DoseCal
import DoseCalChart
import Foundation

/// `dosecal chart SCHEDULE [--view mar|week|supply] [--month YYYY-MM | --from DATE --to DATE]
/// [--person ID] [--paper a4|letter] -o FILE`
enum ChartCommand {
    static let spec = CommandSpec(
        name: name, summary: summary, help: help,
        options: [.view, .month, .from, .to, .person, .paper, .output], run: run)
    static let name = "chart"
    static let summary = "Draw a printable administration record, week of reminders or supply chart"
    static let help = """
        Usage: dosecal chart SCHEDULE [--view mar|week|supply] [--month YYYY-MM |
                             --from DATE --to DATE] [--person ID] [--paper a4|letter]
                             -o FILE

        Draw a chart of SCHEDULE (a JSON schedule file, or - for standard input) for
        people to look at and print, one landscape page per person:

          mar     The medication administration record of a month: a row per medication,
                  dose time and amount, a column per day; each cell says what the log
                  says (A taken, with its time; O skipped; M missed; E an extra dose),
                  an empty box where a dose is due, shading where none is, N on a
                  cycle's day off, S2 where taper step 2 begins, Z where travel moves
                  the doses to another zone's clock; as-needed medicines with their
                  limits and each dose given; the codes' key under the table. The
                  header names the person, their date of birth and allergies (the
                  schedule's "people") and repeats on every printed page.
          supply  What is left of each supply day by day (the numbers `dosecal status`
                  gives), the supply record's day, the refill-by day (dashed) and the
                  run-out day (thick), per medication with a supply; also as one plain
                  SVG 1.1 picture (-o FILE.svg).
          week    Seven days of the reminders that will fire (those `dosecal plan` gives,
                  doses the log already settles left out): a column per day, each
                  reminder at its local time (the zone named away from home), its title
                  and text as the phone shows them, and its alarm; refill warnings and
                  as-needed "next dose allowed" reminders too.

        FILE ends in .svg (the supply view only), .html (one self-contained page: inline CSS, no script, no font
        or address from outside) or .pdf (that page printed by headless Chromium,
        which must be installed: apt-get install chromium); - writes the HTML to
        standard output. The same schedule and options give the same HTML bytes.
        Files are written readable by their owner only (0600).

        Options:
          --view VIEW        mar (default), week or supply.
          --month YYYY-MM    The record's month (default: the month you are in now).
          --from DATE        The first day (a date, today, now; the record: with --to
          --to DATE          instead of --month, at most 31 days; the week: from now
                             by default, at most 7 days; the supply: today and 89
                             more days by default, at most 366).
        \(PersonOption.help)
          --paper PAPER      a4 (default) or letter, landscape.
          -o, --output FILE  Where to write the chart (.html, .pdf, .svg, or -).

        In privacy mode medications and people are numbered, never named, and the
        header leaves out date of birth and allergies.

        Exit status: 0 written, 2 bad schedule, unknown person or no PDF renderer
        (nothing written), 64 wrong usage.
        """

    static func run(_ arguments: [String], context: Context) throws -> Int32 {
        let args = try Arguments(arguments, for: spec)
        let path = try args.schedulePath()
        guard let output = args[.output] else { throw UsageError("missing -o FILE (.html, .pdf, or - for HTML)") }
        let format = try ChartFormat(output)
        let paper = ChartPaper(rawValue: try args.choice(.paper, in: ChartPaper.allCases.map(\.rawValue)) ?? "a4")!
        let view = try args.choice(.view, in: ["mar", "week", "supply"]) ?? "mar"
        if format == .svg && view != "supply" {
            throw UsageError("-o \(output): SVG is the supply view's; write the \(view) view as .html or .pdf")
        }
        let schedule = try ScheduleInput.read(path)
        let person = try PersonOption.read(args, schedule: schedule)
        let timeline = schedule.timeline(of: person)
        let pages = schedule.chartPeople(only: person)
        let document: ChartDocument
        let firstDay: LocalDate
        do {
            switch view {
            case "week":
                let (start, count) = try week(args, context: context, timeline: timeline)
                firstDay = start.date
                document = ChartDocument(
                    title: "Reminders from \(ChartDates.long(start.date))", paper: paper,
                    sections: try pages.map { try WeekPlan(person: $0, start: start, days: count).html })
            case "supply":
                let range = try days(args, context: context, timeline: timeline, supplyDays: 90)
                firstDay = range.from
                let charts = try pages.map { try SupplyChart(person: $0, from: range.from, to: range.to) }
                if format == .svg {
                    try format.write(svg: charts, to: output)
                    return ExitCode.ok
                }
                document = ChartDocument(
                    title: "Supply, \(range.from) to \(range.to)", paper: paper, sections: charts.map(\.html))
            default:
                let range = try days(args, context: context, timeline: timeline)
                firstDay = range.from
                document = ChartDocument(
                    title: "Medication administration record, \(ChartDates.month(range.from))", paper: paper,
                    sections: try pages.map { try MARGrid(person: $0, from: range.from, to: range.to).html })
            }
        } catch let error as ChartError {
            throw UsageError(error.description)
        }
        try format.write(document, to: output, context: context, dated: firstDay)
        return ExitCode.ok
    }

    /// The week's start (`--from`, default now) and its number of days (to `--to`, default 7).
    private static func week(_ args: Arguments, context: Context, timeline: ZoneTimeline) throws -> (TypedTime, Int) {
        guard args[.month] == nil else { throw UsageError("the week view takes --from (and --to), not --month") }
        let start = try context.clock.time(args[.from], option: .from, timeline: timeline)
        guard let toText = args[.to] else { return (start, WeekPlan.mostDays) }
        let to = try context.clock.time(toText, option: .to, timeline: timeline).date
        return (start, start.date.days(to: to) + 1)
    }

    /// The days to show: `--month`, or `--from` and `--to`, else the month of today where the
    /// person is (with `supplyDays`: that many days from today).
    private static func days(_ args: Arguments, context: Context, timeline: ZoneTimeline, supplyDays: Int? = nil) throws -> (
        from: LocalDate, to: LocalDate
    ) {
        if let month = args[.month] {
            guard args[.from] == nil && args[.to] == nil else {
                throw UsageError("give --month or --from and --to, not both")
            }
            guard let range = ChartDates.monthRange(month) else {
                throw UsageError("--month \(month) is not a month; use YYYY-MM like 2026-12")
            }
            return range
        }
        if args[.from] != nil || args[.to] != nil {
            guard args[.from] != nil, args[.to] != nil else {
                throw UsageError("give both --from and --to (or --month)")
            }
            let from = try context.clock.time(args[.from], option: .from, timeline: timeline).date
            let to = try context.clock.time(args[.to], option: .to, timeline: timeline).date
            return (from, to)
        }
        let today = try context.clock.time(nil, option: .month, timeline: timeline).date
        if let supplyDays { return (today, today.adding(days: supplyDays - 1)) }
        return ChartDates.monthRange("\(today)".prefix(7).description)!
    }
}
