import CalendarTime

extension ReminderStatus {
    /// `statuses` as JSON (docs/reminders.md): instants in RFC 3339 UTC, dates `YYYY-MM-DD`.
    /// When `privacy` is true, names are left out and `id` is the medication's position
    /// ("Medication 2", `Schedule.positionalName`): ids are often medicine names.
    public func json(_ statuses: [MedicationStatus], privacy: Bool) -> String {
        var root = ObjectBuilder()
        root.add("at", .string(NotificationPlan.rfc3339(at)))
        root.add("graceMinutes", .int(grace / 60))
        root.add("medications", JSONValue(.array(statuses.map { medication($0, privacy: privacy) })))
        return JSONWriter.document(root.value)
    }

    private func medication(_ s: MedicationStatus, privacy: Bool) -> JSONValue {
        var o = ObjectBuilder()
        let id = privacy ? engine.schedule.positionalName(of: s.medicationID) ?? "Medication" : s.medicationID
        o.add("id", .string(id))
        if !privacy, let m = engine.schedule.medications.first(where: { $0.id == s.medicationID }) {
            o.add("name", .string(m.name))
        }
        o.add("pillsLeft", s.pillsLeft.map { .number($0) } ?? .null)
        o.add("runOut", s.forecast?.runOut.map { .string($0.description) } ?? .null)
        o.add("refillBy", s.refillBy.map { .string(NotificationPlan.rfc3339($0)) } ?? .null)
        o.add("next", JSONValue(.array(s.next.map(dose))))
        o.add("missed", JSONValue(.array(s.missed.map(dose))))
        var adherence = ObjectBuilder()
        for a in [s.week, s.month] {
            var r = ObjectBuilder()
            r.add("taken", .int(a.taken))
            r.add("skipped", .int(a.skipped))
            r.add("missed", .int(a.missed))
            r.add("pending", .int(a.pending))
            r.add("rate", a.rate.map { .number(($0 * 10_000).rounded() / 10_000) } ?? .null)
            adherence.add("days\(a.days)", r.value)
        }
        o.add("adherence", adherence.value)
        return o.value
    }

    private func dose(_ d: MedicationStatus.Dose) -> JSONValue {
        var o = ObjectBuilder()
        o.add("slot", .string(d.occurrence.slotID))
        o.add("date", .string(d.date.description))
        o.add("at", .string(NotificationPlan.rfc3339(d.occurrence.instant)))
        let state: String
        switch d.state {
        case .logged(let status): state = status.rawValue
        case .missedUnlogged: state = "missed-no-entry"
        case .pending: state = "pending"
        }
        o.add("state", .string(state))
        return o.value
    }
}
