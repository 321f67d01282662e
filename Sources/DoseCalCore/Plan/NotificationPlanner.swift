import CalendarTime

/// Plans local notifications for `days` days from an instant (decision 0011).
///
/// Per medication with reminders on, per slot: one repeating trigger (per weekday for weekly
/// doses) when it fires at exactly the engine's instants over the whole window; otherwise one
/// one-off request per dose. A repeating trigger is tried only for wall-clock and floating doses
/// that are daily or weekly (every week), and is exact only when the window holds one series of
/// the slot at one local time in one zone and no dose in a DST gap. Refill warnings that fall in
/// the window are one-off requests. Over `budget - margin`, one-offs are dropped first, the
/// furthest in the future first, then repeating requests the same way.
public struct NotificationPlanner: Sendable {
    public let engine: WallClockEngine
    public var budget: Int
    public var margin: Int
    public var days: Int
    /// Whether doses the log already decides (taken or skipped) are planned too; false for an
    /// app (nothing reminds of a dose already taken), true for `check`, which compares the plan
    /// with the feed dose by dose.
    public var plansSettledDoses = false
    /// Whether each request carries what it shows (`content`) and a one-off its occurrence in
    /// its identifier; false for `check`, which reads only each request's UID, purpose and
    /// firings: the content is then empty and a one-off's identifier is its UID.
    public var describesRequests = true
    /// The schedule's doses expanded once for several plans or other readers (nil: the engine
    /// expands each plan's days); it must be an expansion of this planner's schedule.
    public var expansion: DoseExpansion?
    /// The ids of the medications planned (one person's, `plan --person`); nil: every medication.
    /// The others keep their place in the schedule, so their numbers in privacy mode stay.
    public var medicationIDs: Set<String>?

    public static let defaultBudget = 64
    public static let defaultMargin = 4
    public static let defaultDays = 7

    public init(
        schedule: Schedule, budget: Int = NotificationPlanner.defaultBudget, margin: Int = NotificationPlanner.defaultMargin,
        days: Int = NotificationPlanner.defaultDays
    ) {
        self.engine = WallClockEngine(schedule: schedule)
        self.budget = budget
        self.margin = margin
        self.days = days
    }

    /// The plan for the window `at ..< at + days x 24 h`. The requests are chosen as they are
    /// made, one medication's at a time (`NotificationBudget`). With `listingDropped` false the
    /// plan holds only the dropped requests' count and first firing, not the requests: memory
    /// grows with the budget, not with the window. The kept requests, the counts,
    /// `coveredUntil` and `topUpBy` are the same either way.
    public func plan(at: Int, listingDropped: Bool = true) -> NotificationPlan {
        let end = at + days * 86_400
        var chosen = NotificationBudget(capacity: budget - margin, listsDropped: listingDropped)
        forEachMedicationsRequests(from: at, to: end) { requests in
            for r in requests { chosen.offer(r) }
        }
        var plan = NotificationPlan(
            from: at, to: end, budget: budget, margin: margin, requests: chosen.kept, droppedCount: chosen.droppedCount,
            firstDropped: chosen.firstDropped, topUpBy: at)
        plan.dropped = chosen.dropped
        let covered = plan.coveredUntil
        plan.topUpBy = max(at, covered - min(86_400, (covered - at) / 2))
        return plan
    }

    /// Every request of the window `from..<to` before the budget cut, a medication's at a time
    /// (its doses', as-needed and refill requests), in the schedule's order.
    private func forEachMedicationsRequests(from: Int, to: Int, _ body: ([NotificationRequest]) -> Void) {
        let skipped = SkippedDoses(engine: engine)
        for (index, m) in engine.schedule.medications.enumerated() where medicationIDs?.contains(m.id) ?? true {
            if m.reminder.enabled {
                body(doseRequests(ofMedicationAt: index, from: from, to: to, skipped: skipped))
                body(asNeededRequests(m, at: from, to: to))
            }
            body(supplyRequests(m, from: from, to: to))
        }
    }

    /// The dose reminders of the medication at `index` (reminders on or not) that fire in
    /// `from..<to`, before any budget cut: what `plan(at:)` plans for it. `skipped`:
    /// `SkippedDoses(engine: engine)`, made once.
    public func doseRequests(ofMedicationAt index: Int, from: Int, to: Int, skipped: SkippedDoses) -> [NotificationRequest] {
        let m = engine.schedule.medications[index]
        let lead = m.reminder.minutesBefore * 60
        var result: [NotificationRequest] = []
        forEachSlot(ofMedicationAt: index, from: from, to: to, skipped: skipped) { slot, doses, indices, parts in
            let slotDoses = indices.map { doses[$0] }
            if let repeating = repeatingRequests(
                m, slot: slot, doses: slotDoses, part: parts[0], parts: parts, from: from, to: to)
            {
                result += repeating
            } else {
                result += onceRequests(m, slot: slot, doses: slotDoses, parts: parts, lead: lead)
            }
        }
        return result
    }

    /// The instants the dose reminders of the medication at `index` fire at in `from..<to`, per
    /// series UID, as `doseRequests` plans them (what `check` compares, one medication at a
    /// time), without making the requests: `each` gets a UID and the firings of a run of doses
    /// under it (not sorted). A slot's repeating trigger is planned only when it fires at
    /// exactly its doses less the lead (`repeatingRequests`), under the one part of all of them,
    /// so every slot's firings are its doses' instants less the lead, each under its part's UID,
    /// whichever way `doseRequests` plans the slot.
    public func doseFirings(
        ofMedicationAt index: Int, from: Int, to: Int, skipped: SkippedDoses, each: (String, [Int]) -> Void
    ) {
        let m = engine.schedule.medications[index]
        let lead = m.reminder.minutesBefore * 60
        var firings: [Int] = []
        forEachSlot(ofMedicationAt: index, from: from, to: to, skipped: skipped) { slot, doses, indices, parts in
            var uids = SeriesUIDs(SlotKey(medicationID: m.id, slotID: slot.id))
            var current: String?
            for (i, part) in parts.enumerated() {
                let uid = uids.uid(of: part)
                if let done = current, done != uid {
                    each(done, firings)
                    firings.removeAll(keepingCapacity: true)
                }
                current = uid
                firings.append(doses[indices[i]].instant - lead)
            }
            if let done = current { each(done, firings) }
            firings.removeAll(keepingCapacity: true)
        }
    }

    /// The doses of the medication at `index` that fire in `from..<to` (its reminder's lead
    /// before them), slot by slot in the medication's order: `body` gets the slot, the
    /// medication's doses, the indices of the slot's among them (in time order) and each one's
    /// series part; slots without such a dose are left out.
    private func forEachSlot(
        ofMedicationAt index: Int, from: Int, to: Int, skipped: SkippedDoses,
        _ body: (DoseSlot, [Occurrence], [Int], [SeriesPart]) -> Void
    ) {
        let m = engine.schedule.medications[index]
        let lead = m.reminder.minutesBefore * 60
        // A dose fires `lead` seconds before its instant, so look at doses up to `lead` later.
        let first = Zone.utc.local(at: from + lead).date.adding(days: -2)
        let last = Zone.utc.local(at: to + lead).date.adding(days: 2)
        let expanded =
            expansion?.occurrences(ofMedicationAt: index, from: first, to: last)
            ?? engine.occurrences(of: m, from: first, to: last)
        let doses = unsettled(engine.firing(expanded, skipped: skipped), of: m)
        var planner = SeriesCuts.Parts(SeriesCuts(engine: engine), m)
        // A day's series part is the same for every slot (unless amounts differ by slot and
        // weekday), and a part's UID the same for every dose.
        var partOn: [LocalDate: SeriesPart] = [:]
        // Each slot's doses that fire in the window, in one pass (the first slot of an ID takes
        // them; a slot's ID is unique), by index: no dose is copied.
        var bySlot = [[Int]](repeating: [], count: m.times.count)
        for k in bySlot.indices { bySlot[k].reserveCapacity(doses.count / bySlot.count + 1) }
        for i in doses.indices where doses[i].instant - lead >= from && doses[i].instant - lead < to {
            if let k = m.times.firstIndex(where: { $0.id == doses[i].slotID }) { bySlot[k].append(i) }
        }
        for (k, slot) in m.times.enumerated() {
            let slotDoses = bySlot[m.times.firstIndex { $0.id == slot.id } ?? k]
            guard !slotDoses.isEmpty else { continue }
            if m.hasDoseRules { partOn = [:] }
            // One part for every day the doses can fall on (two days' margin either side of
            // the days expanded), else each day's.
            let same = planner.part(from: first.adding(days: -2), through: last.adding(days: 2), slot: slot.id)
            let parts = slotDoses.map { i -> SeriesPart in
                if let same { return same }
                let day = engine.localDate(of: doses[i])
                if let part = partOn[day] { return part }
                let part = planner.part(on: day, slot: slot.id)
                partOn[day] = part
                return part
            }
            body(slot, doses, slotDoses, parts)
        }
    }

    /// One request per dose of one slot, each firing once at its instant less `lead`.
    private func onceRequests(
        _ m: Medication, slot: DoseSlot, doses slotDoses: [Occurrence], parts: [SeriesPart], lead: Int
    ) -> [NotificationRequest] {
        var result: [NotificationRequest] = []
        result.reserveCapacity(parts.count)
        var uids = SeriesUIDs(SlotKey(medicationID: m.id, slotID: slot.id))
        for (i, part) in parts.enumerated() {
            let dose = slotDoses[i]
            let uid = uids.uid(of: part)
            let fires = dose.instant - lead
            let trigger: NotificationTrigger
            if m.timePolicy == .floating, let zone = dose.zone {
                trigger = .once(zone.local(at: fires), zone: nil)
            } else {
                trigger = .once(LocalDateTime(secondsSinceEpoch: fires), zone: "UTC")
            }
            let identifier = describesRequests ? "\(uid)/\(dose.local.basicFormat)\(dose.zone == nil ? "Z" : "")" : uid
            result.append(
                NotificationRequest(
                    identifier: identifier, uid: uid, purpose: .dose(medicationID: m.id, slotID: slot.id),
                    trigger: trigger, fires: fires, firings: [fires], content: content(m, dose),
                    doseDate: engine.localDate(of: dose)))
        }
        return result
    }

    /// The repeating requests of one slot, or nil when a repeating trigger would not fire at
    /// exactly the engine's instants (`doses`, in the window) over the whole window.
    private func repeatingRequests(
        _ m: Medication, slot: DoseSlot, doses: [Occurrence], part: SeriesPart, parts: [SeriesPart], from: Int, to: Int
    ) -> [NotificationRequest]? {
        guard m.timePolicy.followsTravel || m.timePolicy == .floating else { return nil }
        var weekdays: [Weekday]
        switch m.recurrence {
        case .daily, .everyNDays(1), .cycle(_, 0): weekdays = Weekday.allCases
        case .weekly(let days, 1): weekdays = days.isEmpty ? [m.start.weekday] : days.sorted()
        default: return nil
        }
        guard parts.allSatisfy({ $0 == part }), let zone = doses[0].zone, doses.allSatisfy({ $0.zone == zone }) else {
            return nil
        }
        let lead = m.reminder.minutesBefore * 60
        // Every alarm (a dose's wall time less the lead) falls at one time of day when every
        // dose does (else, a second 60 aside, it does not: each alarm is worked out then).
        let alarm = doses[0].local.adding(seconds: -lead)
        let time = alarm.time
        guard
            doses.allSatisfy({ $0.local.time == doses[0].local.time })
                || doses.allSatisfy({ $0.local.adding(seconds: -lead).time == time })
        else { return nil }
        let carry = doses[0].local.date.days(to: alarm.date)
        weekdays = weekdays.map { $0.adding(days: carry) }.sorted()
        // Every instant the trigger would fire in the window, by the `.nextTime` policy.
        var simulated: [Int] = []
        var date = zone.local(at: from).date.adding(days: -1)
        let lastDate = zone.local(at: to).date.adding(days: 1)
        var steady = ZoneResolver.Steady(zone)
        while date <= lastDate {
            if weekdays.contains(date.weekday) {
                let fires = zone.nextTimeInstant(of: LocalDateTime(date: date, time: time), through: &steady)
                if fires >= from && fires < to { simulated.append(fires) }
            }
            date = date.adding(days: 1)
        }
        guard simulated == doses.map({ $0.instant - lead }).sorted() else { return nil }
        let uid = DoseIdentity.series(SlotKey(medicationID: m.id, slotID: slot.id), part).uid
        let purpose = NotificationRequest.Purpose.dose(medicationID: m.id, slotID: slot.id)
        if weekdays.count == 7 {
            return [
                NotificationRequest(
                    identifier: "\(uid)/daily", uid: uid, purpose: purpose,
                    trigger: .repeating(hour: time.hour, minute: time.minute, weekday: nil),
                    fires: simulated[0], firings: simulated, content: content(m, doses[0]))
            ]
        }
        return weekdays.compactMap { day in
            let firings = simulated.filter { zone.local(at: $0).date.weekday == day }
            guard let next = firings.first else { return nil }
            return NotificationRequest(
                identifier: "\(uid)/weekly-\(day.rawValue)", uid: uid, purpose: purpose,
                trigger: .repeating(hour: time.hour, minute: time.minute, weekday: day), fires: next, firings: firings,
                content: content(m, doses[0]))
        }
    }

    /// The refill warning of `m` as a one-off request, when it falls in the window.
    private func supplyRequests(_ m: Medication, from: Int, to: Int) -> [NotificationRequest] {
        guard let due = engine.supplyForecast(of: m)?.refillDue else { return [] }
        let fires = ZoneResolver.resolve(due, in: engine.personZone(of: m, on: due.date)).instant
        guard fires >= from && fires < to else { return [] }
        let uid = DoseIdentity.supplyWarning(medicationID: m.id).uid
        return [
            NotificationRequest(
                identifier: "\(uid)/\(due.basicFormat)", uid: uid, purpose: .supplyWarning(medicationID: m.id),
                trigger: .once(LocalDateTime(secondsSinceEpoch: fires), zone: "UTC"), fires: fires, firings: [fires],
                content: .refill(m, thread: thread(of: m), privacy: engine.schedule.feed.privacy, person: person(of: m)))
        ]
    }
}
