/// What the local-notification plan fires for each dose, as `check` compares it: the plan an
/// app would schedule week by week (rolling windows of `NotificationPlanner.defaultDays`), with
/// no budget cut and without the content `check` does not read (`describesRequests` false),
/// turned back into dose instants (firing + the reminder's lead), per feed UID.
public enum PlanChannel {
    public static func doseInstants(schedule: Schedule, in window: Range<Int>) -> [String: [Int]] {
        var planner = NotificationPlanner(schedule: schedule, budget: Int.max, margin: 0)
        planner.plansSettledDoses = true
        planner.describesRequests = false
        let leads = Dictionary(schedule.medications.map { ($0.id, $0.reminder.minutesBefore * 60) }) { a, _ in a }
        var result: [String: [Int]] = [:]
        var at = window.lowerBound
        while at < window.upperBound {
            let plan = planner.plan(at: at)
            for request in plan.requests {
                guard case .dose(let medicationID, _) = request.purpose else { continue }
                let lead = leads[medicationID] ?? 0
                result[request.uid, default: []] += request.firings.map { $0 + lead }
            }
            at = plan.to
        }
        return result
    }
}
