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
        root.add("at", .string(RFC3339.utc(at)))
        root.add("graceMinutes", .int(grace / 60))
        root.add("noEntryRule", Self.noEntryRuleJSON)
        root.add("medications", JSONValue(.array(statuses.map { medication($0, privacy: privacy) })))
        return JSONWriter.document(root.value)
    }

    private func medication(_ s: MedicationStatus, privacy: Bool) -> JSONValue {
        var o = ObjectBuilder()
        let id = privacy ? engine.lookup.positionalName(of: s.medicationID) ?? "Medication" : s.medicationID
        o.add("id", .string(id))
        if !privacy, let m = engine.lookup.medication(s.medicationID) {
            o.add("name", .string(m.name))
        }
        // Whose it is, in a schedule with people: the person's id ("Person 2" in privacy mode).
        if let m = engine.lookup.medication(s.medicationID), let person = engine.schedule.person(of: m) {
            o.add("person", .string(privacy ? engine.schedule.positionalName(ofPerson: person.id) ?? "Person" : person.id))
        }
        o.add("pillsLeft", s.pillsLeft.map { .number($0) } ?? .null)
        // The unit `pillsLeft` counts in, for a medication that names one (version 1: pills).
        if let unit = engine.lookup.medication(s.medicationID)?.supplyUnit {
            o.add("supplyUnit", .string(unit.rawValue))
        }
        o.add("runOut", s.forecast?.runOut.map { .string($0.description) } ?? .null)
        o.add("refillBy", s.refillBy.map { .string(RFC3339.utc($0)) } ?? .null)
        o.add("next", JSONValue(.array(s.next.map { dose($0, v1: false) })))
        // Version 1's `missed` lists the not recorded doses too (as `missed-no-entry`).
        let missedV1 = (s.missed + s.notRecorded).sorted { $0.occurrence.instant < $1.occurrence.instant }
        o.add("missed", JSONValue(.array(missedV1.map { dose($0, v1: true) })))
        o.add("notRecorded", JSONValue(.array(s.notRecorded.map { dose($0, v1: false) })))
        var adherence = ObjectBuilder()
        for a in [s.week, s.month] { adherence.add("days\(a.days)", Self.json(a)) }
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
        o.add("lastTaken", doses.last.map { .string(RFC3339.utc($0)) } ?? .null)
        o.add("nextAllowed", doses.nextAllowed.map { .string(RFC3339.utc($0)) } ?? .null)
        o.add("allowedNow", .bool(doses.isAllowed(at: at)))
        o.add(
            "dosesLast24Hours", JSONValue(.array(doses.lastDay(at: at).map { JSONValue(.string(RFC3339.utc($0))) })))
    }

    /// The reminders a calendar reported as seen, the latest per slot: `slot`, `date` (the dose's,
    /// null when unknown), `at` (RFC 3339 UTC). Hints only: no count above includes them.
    private func seen(of medication: String) -> [JSONValue] {
        engine.lookup.seen(of: medication).map { hint in
            var o = ObjectBuilder()
            o.add("slot", .string(hint.slot))
            o.add("date", hint.date.map { .string($0.description) } ?? .null)
            o.add("at", .string(RFC3339.utc(hint.at)))
            return o.value
        }
    }

    /// `noEntryRule`: the rule in words and what each count does with such a dose.
    static var noEntryRuleJSON: JSONValue {
        var o = ObjectBuilder()
        o.add("text", .string(noEntryRule))
        o.add("pillsLeft", .string("taken"))
        o.add("adherence", .string("notRecorded"))
        return o.value
    }

    /// One adherence window. Version 1's `missed` and `rate` count not recorded doses as missed;
    /// `missedLogged`, `notRecorded`, `recorded` and `recordedRate` follow `noEntryRule`.
    static func json(_ a: Adherence) -> JSONValue {
        let rounded = { (x: Double) in JSONValue.Kind.number((x * 10_000).rounded() / 10_000) }
        let settledV1 = a.recorded + a.notRecorded
        var r = ObjectBuilder()
        r.add("taken", .int(a.taken))
        r.add("skipped", .int(a.skipped))
        r.add("missed", .int(a.missed + a.notRecorded))
        r.add("pending", .int(a.pending))
        r.add("rate", settledV1 == 0 ? .null : rounded(Double(a.taken) / Double(settledV1)))
        r.add("missedLogged", .int(a.missed))
        r.add("notRecorded", .int(a.notRecorded))
        r.add("recorded", .int(a.recorded))
        r.add("recordedRate", a.rate.map(rounded) ?? .null)
        return r.value
    }

    private func dose(_ d: MedicationStatus.Dose, v1: Bool = false) -> JSONValue {
        var o = ObjectBuilder()
        o.add("slot", .string(d.occurrence.slotID))
        o.add("date", .string(d.date.description))
        o.add("at", .string(RFC3339.utc(d.occurrence.instant)))
        let state: String
        switch d.state {
        case .logged(let status): state = status.rawValue
        case .notRecorded: state = v1 ? "missed-no-entry" : "not-recorded"
        case .pending: state = "pending"
        }
        o.add("state", .string(state))
        return o.value
    }
}
