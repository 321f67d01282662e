/// What the local-notification plan fires for each dose, as `check` compares it: the plan an
/// app would schedule week by week (rolling windows of `NotificationPlanner.defaultDays`), with
/// no budget cut and without the content `check` does not read (`describesRequests` false),
/// turned back into dose instants (firing + the reminder's lead), per feed UID.
///
/// The weeks are planned as one window of as many weeks where that gives the same instants
/// (no rescheduled dose, which may move a dose out of the days a week looks at): with no budget
/// cut every dose whose firing falls in a week is planned in that week, as a one-off or inside a
/// repeating request that fires exactly at the doses, under its day's series part, so the
/// instants per UID are the same whichever way the weeks are cut (the order within a UID may
/// differ; `check` pairs them as a multiset).
public enum PlanChannel {
    /// - Parameter expansion: the schedule's doses already expanded (over `doseDays`), or nil.
    public static func doseInstants(
        schedule: Schedule, in window: Range<Int>, expansion: DoseExpansion? = nil
    ) -> [String: [Int]] {
        doseInstants(
            schedule: schedule, in: window, weekByWeek: schedule.medications.contains { !$0.rescheduled.isEmpty },
            expansion: expansion)
    }

    /// The dose days the plans over `window` read, for a `DoseExpansion` that serves them.
    public static func doseDays(schedule: Schedule, in window: Range<Int>) -> (from: LocalDate, to: LocalDate) {
        let week = NotificationPlanner.defaultDays * 86_400
        let end = window.lowerBound + max(1, (window.count + week - 1) / week) * week
        let leads = schedule.medications.map { $0.reminder.minutesBefore * 60 }
        // As `NotificationPlanner` looks: two days either side of the window moved by the lead.
        let first = (leads.min() ?? 0) + window.lowerBound
        let last = (leads.max() ?? 0) + end
        return (Zone.utc.local(at: first).date.adding(days: -2), Zone.utc.local(at: last).date.adding(days: 2))
    }

    /// The same, planned one week at a time (`weekByWeek`) or as one window of whole weeks.
    static func doseInstants(
        schedule: Schedule, in window: Range<Int>, weekByWeek: Bool, expansion: DoseExpansion? = nil
    ) -> [String: [Int]] {
        var planner = NotificationPlanner(schedule: schedule, budget: Int.max, margin: 0)
        planner.plansSettledDoses = true
        planner.describesRequests = false
        planner.expansion = expansion
        let leads = Dictionary(schedule.medications.map { ($0.id, $0.reminder.minutesBefore * 60) }) { a, _ in a }
        if !weekByWeek {
            let week = planner.days * 86_400
            planner.days *= max(1, (window.count + week - 1) / week)
        }
        var result: [String: [Int]] = [:]
        var at = window.lowerBound
        while at < window.upperBound {
            let plan = planner.plan(at: at)
            for request in plan.requests {
                guard case .dose(let medicationID, _) = request.purpose else { continue }
                let lead = leads[medicationID] ?? 0
                result[request.uid, default: []].append(contentsOf: request.firings.lazy.map { $0 + lead })
            }
            at = plan.to
        }
        return result
    }
}
