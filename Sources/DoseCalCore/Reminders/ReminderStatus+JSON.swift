import CalendarTime

extension ReminderStatus {
    /// The version of the `status --json` snapshot (docs/reminders.md §6); raised when a key
    /// changes meaning or goes away, not when one is added.
    public static let snapshotVersion = 1

    /// `statuses` as JSON (docs/reminders.md): instants in RFC 3339 UTC, dates `YYYY-MM-DD`.
    /// When `privacy` is true, names are left out and `id` is the medication's position
    /// ("Medication 2", `Schedule.positionalName`): ids are often medicine names.
    public func json(_ statuses: [MedicationStatus], privacy: Bool) -> String {
        var root = ObjectBuilder()
        root.add("version", .int(Self.snapshotVersion))
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
        o.add("seen", JSONValue(.array(seen(of: s.medicationID))))
        asNeeded(s, into: &o)
        return o.value
    }

    /// `kind`, and for an as-needed medicine `nextAllowed` (null: no dose logged, allowed now),
    /// `allowedNow` and `dosesLast24Hours` (instants, oldest first).
    private func asNeeded(_ s: MedicationStatus, into o: inout ObjectBuilder) {
        guard let doses = s.asNeeded else {
            o.add("kind", .string("scheduled"))
            return
        }
        o.add("kind", .string("asNeeded"))
        o.add("minimumHours", .int(doses.minimumHours))
        o.add("maxPerDay", doses.maxPerDay.map { .int($0) } ?? .null)
        o.add("lastTaken", doses.last.map { .string(NotificationPlan.rfc3339($0)) } ?? .null)
        o.add("nextAllowed", doses.nextAllowed.map { .string(NotificationPlan.rfc3339($0)) } ?? .null)
        o.add("allowedNow", .bool(doses.isAllowed(at: at)))
        o.add("dosesLast24Hours", JSONValue(.array(doses.lastDay(at: at).map { JSONValue(.string(NotificationPlan.rfc3339($0))) })))
    }

    /// The reminders a calendar reported as seen, the latest per slot: `slot`, `date` (the dose's,
    /// null when unknown), `at` (RFC 3339 UTC). Hints only: no count above includes them.
    private func seen(of medication: String) -> [JSONValue] {
        engine.schedule.seen.filter { $0.medication == medication }.map { hint in
            var o = ObjectBuilder()
            o.add("slot", .string(hint.slot))
            o.add("date", hint.date.map { .string($0.description) } ?? .null)
            o.add("at", .string(NotificationPlan.rfc3339(hint.at)))
            return o.value
        }
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
