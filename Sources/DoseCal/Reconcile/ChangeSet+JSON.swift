import ICal

extension ChangeSet {
    /// `{"changes": [...], "conflicts": [...], "unmapped": [...], "damaged": [...], "absent": [...], "warnings": [...],
    /// "seen": [...]}`:
    /// each change with `medication`, `kind`, its fields and `description`.
    public var json: JSONValue {
        JSONValue(members: [
            ("changes", JSONValue(array: changes.map(\.json))),
            ("conflicts", JSONValue(array: conflicts.map(\.json))),
            ("unmapped", JSONValue(array: unmapped.map(\.json))),
            ("damaged", JSONValue(array: damaged.map(\.json))),
            ("absent", JSONValue(array: absent.map(\.json))),
            ("warnings", JSONValue(array: warnings.map { JSONValue($0) })),
            ("seen", JSONValue(array: seen.map(\.json))),
        ])
    }
}

extension SeenHint {
    /// `{"medication", "slot", "date" (null: no dose at or before it), "at" (UTC), "source", "description"}`.
    var json: JSONValue {
        JSONValue(members: [
            ("medication", JSONValue(reminder.medication)), ("slot", JSONValue(reminder.slot)),
            ("date", JSONValue(reminder.date?.description)),
            ("at", JSONValue(RFC3339.utc(reminder.at))),
            ("source", JSONValue(reminder.source)), ("description", JSONValue(description)),
        ])
    }
}

extension ScheduleChange {
    var json: JSONValue {
        var members: [(String, JSONValue)] = [("medication", JSONValue(medicationID))]
        func date(_ d: LocalDate?) -> JSONValue { JSONValue(d?.description) }
        switch kind {
        case .slotTime(let slot, let from, let through, let old, let new):
            members += [
                ("kind", JSONValue("slotTime")), ("slot", JSONValue(slot)), ("from", date(from)), ("through", date(through)),
                ("old", JSONValue(old.description)), ("new", JSONValue(new.description)),
            ]
        case .rescheduled(let slot, let d, let old, let new):
            members += [
                ("kind", JSONValue("rescheduled")), ("slot", JSONValue(slot)), ("date", date(d)),
                ("old", JSONValue(old.description)),
                ("new", JSONValue(new.description)),
            ]
        case .movedToDay(let slot, let d, let old, let toDate, let new):
            members += [
                ("kind", JSONValue("movedToDay")), ("slot", JSONValue(slot)), ("date", date(d)),
                ("old", JSONValue(old.description)), ("toDate", date(toDate)), ("new", JSONValue(new.description)),
            ]
        case .movedHourlyDose(let slot, let d, let at, let toDate, let new):
            members += [
                ("kind", JSONValue("movedHourlyDose")), ("slot", JSONValue(slot)), ("date", date(d)),
                ("at", JSONValue(at.description)), ("toDate", date(toDate)), ("new", JSONValue(new.description)),
            ]
        case .recurrence(let old, let new):
            members += [
                ("kind", JSONValue("recurrence")), ("old", ScheduleEncoder.recurrence(old)),
                ("new", ScheduleEncoder.recurrence(new)),
            ]
        case .skipped(let slot, let d, let time):
            members += [
                ("kind", JSONValue("skipped")), ("slot", JSONValue(slot)), ("date", date(d)),
                ("time", JSONValue(time.description)),
            ]
        case .slotStopped(let slot, let from):
            members += [("kind", JSONValue("slotStopped")), ("slot", JSONValue(slot)), ("from", date(from))]
        case .stopped(let from):
            members += [("kind", JSONValue("stopped")), ("from", date(from))]
        case .reminder(let old, let new):
            members += [
                ("kind", JSONValue("reminder")), ("oldMinutesBefore", JSONValue(old.minutesBefore)),
                ("newMinutesBefore", JSONValue(new.minutesBefore)), ("repeatCount", JSONValue(new.repeatCount)),
                ("repeatIntervalMinutes", JSONValue(new.repeatIntervalMinutes)),
            ]
        }
        members.append(("description", JSONValue(description)))
        return JSONValue(members: members)
    }
}

extension ReconcileConflict {
    var json: JSONValue {
        JSONValue(members: [
            ("medication", JSONValue(medicationID)), ("slot", JSONValue(slotID)), ("from", JSONValue(from?.description)),
            ("through", JSONValue(through?.description)), ("schedule", JSONValue(schedule)), ("calendar", JSONValue(calendar)),
            ("description", JSONValue(description)),
        ])
    }
}

extension UnmappedEdit {
    var json: JSONValue {
        JSONValue(members: [
            ("medication", JSONValue(medicationID)), ("slot", JSONValue(slotID)), ("date", JSONValue(date?.description)),
            ("reason", JSONValue(reason)), ("description", JSONValue(description)),
        ])
    }
}

extension SeriesDamage {
    var json: JSONValue {
        JSONValue(members: [
            ("uid", JSONValue(uid)), ("file", JSONValue(file)), ("line", line.map { JSONValue($0) } ?? JSONValue(.null)),
            ("medication", JSONValue(medicationID)), ("slot", JSONValue(slotID)), ("reason", JSONValue(reason)),
            ("description", JSONValue(description)),
        ])
    }
}
