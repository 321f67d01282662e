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
///
/// A medication's requests depend on that medication alone (there is no budget cut), so `check`
/// asks for them one medication at a time (`doseInstants(ofMedicationsAt:expansion:)`) and
/// never holds the plan of a whole schedule.
public struct PlanChannel: Sendable {
    private var planner: NotificationPlanner
    private let window: Range<Int>
    private let weekByWeek: Bool
    /// Each medication's reminder lead, by ID (the first of an ID).
    private let leads: [String: Int]
    private let skipped: SkippedDoses

    /// The channel of `schedule` over `window`, week by week when a medication has a
    /// rescheduled dose (nil) or as `weekByWeek` says.
    init(schedule: Schedule, in window: Range<Int>, weekByWeek: Bool? = nil) {
        var planner = NotificationPlanner(schedule: schedule, budget: Int.max, margin: 0)
        planner.plansSettledDoses = true
        planner.describesRequests = false
        self.weekByWeek = weekByWeek ?? schedule.medications.contains { !$0.rescheduled.isEmpty }
        if !self.weekByWeek {
            let week = planner.days * 86_400
            planner.days *= max(1, (window.count + week - 1) / week)
        }
        self.planner = planner
        self.window = window
        leads = Dictionary(schedule.medications.map { ($0.id, $0.reminder.minutesBefore * 60) }) { a, _ in a }
        skipped = SkippedDoses(engine: planner.engine)
    }

    /// - Parameter expansion: the schedule's doses already expanded (over `doseDays`), or nil.
    public static func doseInstants(
        schedule: Schedule, in window: Range<Int>, expansion: DoseExpansion? = nil
    ) -> [String: [Int]] {
        let channel = PlanChannel(schedule: schedule, in: window)
        return channel.doseInstants(ofMedicationsAt: Array(schedule.medications.indices), expansion: expansion)
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
        let channel = PlanChannel(schedule: schedule, in: window, weekByWeek: weekByWeek)
        return channel.doseInstants(ofMedicationsAt: Array(schedule.medications.indices), expansion: expansion)
    }

    /// The dose instants of the medications at `indices` (those with reminders on), per feed
    /// UID, as the plans' requests fire them (`NotificationPlanner.doseFirings`: no request is
    /// made): not sorted (`check` pairs them as a multiset, and the plan's order by firing and
    /// identifier costs a sort of every request).
    func doseInstants(ofMedicationsAt indices: [Int], expansion: DoseExpansion?) -> [String: [Int]] {
        var planner = self.planner
        planner.expansion = expansion
        let medications = planner.engine.schedule.medications
        let reminded = indices.filter { medications[$0].reminder.enabled }
        var result: [String: [Int]] = [:]
        guard !reminded.isEmpty else { return result }
        var at = window.lowerBound
        while at < window.upperBound {
            let end = at + planner.days * 86_400
            for index in reminded {
                // A run of one slot's doses under one UID is added at once.
                let lead = leads[medications[index].id] ?? 0
                planner.doseFirings(ofMedicationAt: index, from: at, to: end, skipped: skipped) { uid, firings in
                    result[uid, default: []].append(contentsOf: firings.lazy.map { $0 + lead })
                }
            }
            at = end
        }
        return result
    }
}
