import CalendarTime

extension LogRecord {
    /// What `dosecal log --json` prints (docs/reminders.md §4): `recorded` (the entry as the
    /// file holds it), `medication`, `kind` (`dose`, `extra`, `asNeeded`), `dose` (`slot`, `date`,
    /// `at` in RFC 3339 UTC, `local` with its offset, `zone`; null for an extra or as-needed
    /// dose), `named`, `replaced` (the status this entry corrects, or null), `at`/`local`/`zone`
    /// of the entry, `warnings` (`kind`, `text`), `nextAllowed`/`nextAllowedLocal` (as needed)
    /// and `backup` (the copy of a hand-edited file, or null). In privacy mode medications are
    /// named by position and `label` should be too.
    public func json(label: String, privacy: Bool, backup: String?) -> String {
        let engine = WallClockEngine(schedule: schedule)
        // Times in the zone the medication's person is in.
        let timeline = engine.timeline(of: medication)
        let id = privacy ? schedule.positionalName(of: medication.id) ?? "Medication" : medication.id
        let at = Int(entry.at.timeIntervalSince1970.rounded(.down))
        var recorded = ScheduleEncoder.logEntry(entry)
        if privacy, let members = recorded.objectMembers {
            recorded = JSONValue(members: members.map { ($0.key, $0.key == "medication" ? JSONValue(id) : $0.value) })
        }
        var o = ObjectBuilder()
        o.add("recorded", recorded)
        o.add("medication", .string(id))
        o.add("kind", .string(dose != nil ? "dose" : medication.recurrence.isAsNeeded ? "asNeeded" : "extra"))
        o.add(
            "dose",
            dose.map { d in LogRecord.time(engine.time(of: d), slot: d.slotID, date: engine.localDate(of: d)) }
                ?? JSONValue(.null))
        o.add("named", .bool(named))
        o.add("replaced", replaced.map { .string($0.rawValue) } ?? .null)
        LogRecord.add(timeline.time(at: at), to: &o)
        o.add(
            "warnings",
            JSONValue(
                .array(
                    warnings.map { w in
                        var item = ObjectBuilder()
                        item.add("kind", .string(w.kind))
                        item.add("text", .string(w.text(label: label, medication: medication, at: at, engine: engine)))
                        return item.value
                    })))
        o.add("nextAllowed", nextAllowed.map { .string(RFC3339.utc($0)) } ?? .null)
        o.add("nextAllowedLocal", nextAllowed.map { .string(timeline.time(at: $0).rfc3339) } ?? .null)
        o.add("backup", backup.map { .string($0) } ?? .null)
        return JSONWriter.document(o.value)
    }

    /// `{"slot", "date", "at", "local", "zone"}` of a dose.
    private static func time(_ t: ZonedTime, slot: String, date: LocalDate) -> JSONValue {
        var o = ObjectBuilder()
        o.add("slot", .string(slot))
        o.add("date", .string(date.description))
        add(t, to: &o)
        return o.value
    }

    /// `at` (RFC 3339 UTC), `local` (with its offset) and `zone`.
    static func add(_ t: ZonedTime, to o: inout ObjectBuilder) {
        o.add("at", .string(RFC3339.utc(t.instant)))
        o.add("local", .string(t.rfc3339))
        o.add("zone", .string(t.zone.identifier))
    }
}

extension LogWarning {
    /// `extraDose`, `alreadyTaken`, `namedEarly`, `asNeededEarly`.
    public var kind: String {
        switch self {
        case .extraDose: return "extraDose"
        case .alreadyTaken: return "alreadyTaken"
        case .namedEarly: return "namedEarly"
        case .asNeededEarly: return "asNeededEarly"
        }
    }
}
