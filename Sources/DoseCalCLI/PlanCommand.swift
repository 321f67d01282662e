import DoseCal
import Foundation

/// `dosecal plan SCHEDULE [--budget N] [--margin N] [--days N] [--at TIME] [--json] [--pending FILE]`
enum PlanCommand {
    static let spec = CommandSpec(
        name: name, summary: summary, help: help, flags: [.json],
        options: [.budget, .margin, .days, .at, .pending, .person], run: run)
    static let name = "plan"
    static let summary = "Show the local notifications an app should schedule"
    static let help = """
        Usage: dosecal plan SCHEDULE [--person ID] [--budget N] [--margin N] [--days N] [--at TIME]
               [--json] [--pending FILE]

        Plan the local notifications an iOS or macOS app would schedule for SCHEDULE
        (a JSON schedule file, or - for standard input), from the same engine as the
        exported feed, so every notification fires at the calendar's instant.

        One repeating trigger (hour, minute, and weekday for weekly doses) per dose time
        where that is exact for the whole window; one-off requests where it is not:
        cycles, tapers, every N days or hours, fixed-interval and pinned-zone doses,
        and a dose time that falls in a daylight-saving gap in the window (a repeating
        trigger would fire at the gap's end, the calendar says an hour after the time).
        Refill warnings in the window are one-off requests too. Identifiers are the
        feed event's UID, "/", and "daily", "weekly-MO".. or the occurrence
        (20260308T023000). Over the budget less the margin, the furthest one-offs are
        dropped first. Doses the log already marks taken or skipped are not planned.
        The text gives local times: the heading names the zone you are in at --at, a
        request firing in another zone (travel, a pinned zone, a person who is
        elsewhere) names its own; --json gives RFC 3339 UTC. In a schedule with people
        each notification says whose dose it is ("Mia — Amoxicillin 250 mg/5 ml",
        "Mia takes 5 ml (250 mg) of Amoxicillin 250 mg/5 ml at 07:00."). See
        docs/reminders.md.

        Options:
        \(PersonOption.help)
          --budget N         Pending requests the platform allows (1 to 1000; default
                             64, the iOS limit).
          --margin N         Requests kept free for snoozes (0 to budget - 1; default 4).
          --days N           Length of the window in days (1 to 366; default 7).
          --at TIME          Start of the window: 2026-12-04T08:00, 2026-12-04 08:00,
                             2026-12-04, 08:00 (today), now, today, or RFC 3339 with
                             offset, read in the zone you are in on that date
                             (default: now, or SOURCE_DATE_EPOCH when set).
          --json             Print a JSON object: "categories" (the actions taken,
                             snooze, skip), "requests" (each with "identifier",
                             "content", "userInfo", "trigger" with weekday 1-7,
                             Sunday = 1, and "fires" in RFC 3339 UTC), "dropped",
                             the budget arithmetic and "topUpBy".
          --pending FILE     The app's pending requests (- for standard input): a
                             JSON array of identifiers, or of objects with
                             "identifier" and "trigger", or an earlier plan. Adds
                             "add", "remove" and "keep" (and "ignored": identifiers
                             that are not dosecal's) so that applying them gives
                             exactly this plan.

        Exit status: 0 planned (also when requests were dropped), 2 bad schedule or
        pending file, 64 wrong usage.
        """

    static func run(_ arguments: [String], context: Context) throws -> Int32 {
        let args = try Arguments(arguments, for: spec)
        let path = try args.schedulePath()
        let budget = try args.integer(.budget, default: NotificationPlanner.defaultBudget, in: 1...1000)
        let margin = try args.integer(.margin, default: NotificationPlanner.defaultMargin, in: 0...(budget - 1))
        let days = try args.integer(.days, default: NotificationPlanner.defaultDays, in: 1...366)
        if path == "-" && args[.pending] == "-" {
            throw UsageError("SCHEDULE and --pending cannot both be standard input")
        }
        let schedule = try ScheduleInput.read(path)
        let person = try PersonOption.read(args, schedule: schedule)
        let at = try context.clock.instant(args[.at], option: .at, timeline: schedule.timeline(of: person))
        var planner = NotificationPlanner(schedule: schedule, budget: budget, margin: margin, days: days)
        planner.medicationIDs = person.map { Set(schedule.medications(of: $0.id).map(\.id)) }
        // The text and the pending diff show the dropped requests' count only: none is held.
        let plan = planner.plan(at: at, listingDropped: args[.json])
        let diff = try args[.pending].map { PendingDiff(plan: plan, pending: try pending($0)) }
        if args[.json] {
            context.console.raw(Data(plan.json(privacy: schedule.feed.privacy, pending: diff).utf8))
            return ExitCode.ok
        }
        var lines = text(plan, schedule: schedule, timeline: schedule.timeline(of: person))
        if let diff {
            lines.append(
                "Pending: \(diff.add.count) to add, \(diff.remove.count) to remove, \(diff.keep.count) to keep, "
                    + "\(diff.ignored.count) not dosecal's")
        }
        context.console.out(lines.joined(separator: "\n"))
        return ExitCode.ok
    }

    /// The app's pending requests from `path` (- for standard input).
    private static func pending(_ path: String) throws -> [PendingRequest] {
        let data = try ScheduleInput.data(path, expected: "a pending-requests file (.json)")
        do {
            return try PendingRequest.decode(data, file: path == "-" ? "<stdin>" : path)
        } catch {
            throw InputError(error.description)
        }
    }

    /// "2026-12-04 08:00 to 2026-12-11 08:00 America/Chicago"; each end with its zone when they are
    /// in different zones (travel in the window).
    private static func span(_ start: ZonedTime, _ end: ZonedTime) -> String {
        start.zone == end.zone ? "\(start.dateAndClock) to \(end.dateAndClock) \(start.zone)" : "\(start) to \(end)"
    }

    /// The plan in words, times local: the heading names the zone the person is in at the
    /// window's start (`timeline`: the person named, else the schedule's); a request firing in
    /// another zone (travel, a pinned-zone medication, a person who is elsewhere) names it.
    private static func text(_ plan: NotificationPlan, schedule: Schedule, timeline: ZoneTimeline) -> [String] {
        let budget = plan.budget
        let margin = plan.margin
        let here = timeline.zone(at: plan.from)
        let label = MedicationLabel(schedule: schedule, privacy: schedule.feed.privacy)
        let repeating = plan.requests.filter(\.trigger.repeats).count
        var lines = [
            "Notification plan \(span(timeline.time(at: plan.from), timeline.time(at: plan.to)))",
            "\(plan.requests.count) of \(plan.capacity) requests (budget \(budget), \(margin) kept for snoozes): "
                + "\(repeating) repeating, \(plan.requests.count - repeating) one-off, \(plan.droppedCount) dropped",
            "Every dose covered until \(timeline.time(at: plan.coveredUntil).text(besides: here)); "
                + "plan again by \(timeline.time(at: plan.topUpBy).text(besides: here))",
        ]
        for r in plan.requests {
            let what: String
            var pinned: Zone? = nil
            let id = r.purpose.medicationID
            let m = label.lookup.medication(id)
            let name = m.map { label($0) } ?? id
            switch r.purpose {
            case .dose(_, let slot):
                pinned = m?.timePolicy.pinnedZone
                what = name + " (slot \(slot))"
            case .supplyWarning: what = "refill warning: " + name
            case .nextDoseAllowed: what = "next dose allowed: " + name
            }
            let trigger: String
            switch r.trigger {
            case .repeating(let h, let m, let weekday):
                trigger = "every " + (weekday.map { $0.rawValue } ?? "day") + " at " + LocalTime(hour: h, minute: m)!.description
            case .once: trigger = "once"
            }
            // In the zone of the medication's person then.
            let zone = pinned ?? m.map { schedule.timeline(of: $0) }?.zone(at: r.fires) ?? timeline.zone(at: r.fires)
            let fires = ZonedTime(r.fires, in: zone)
            lines.append("  \(fires.text(besides: here))  \(trigger)  \(what)  \(r.identifier)")
        }
        return lines
    }
}
