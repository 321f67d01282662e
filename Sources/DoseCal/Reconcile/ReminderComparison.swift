import ICal

/// The alarms of one medication's series on the three sides. Only alarm sets the calendar has
/// and the base did not count (a series whose alarms are absent decided nothing: Google and
/// Outlook drop them); the new set's first relative alarm gives `minutesBefore` and repetition.
struct ReminderComparison {
    let medication: Medication
    let base: Set<[ReturnedAlarm]>
    let ours: Set<[ReturnedAlarm]>
    let theirs: Set<[ReturnedAlarm]>

    func compare(prefer: ReconcilePreference?, into result: inout ChangeSet) {
        let added = theirs.subtracting(base).sorted { $0.description < $1.description }
        guard let alarms = added.first else { return }
        guard let new = ReminderComparison.reminder(from: alarms, keeping: medication.reminder) else {
            result.unmapped.append(
                UnmappedEdit(
                    medicationID: medication.id, slotID: nil, date: nil,
                    reason:
                        "the calendar's alarm is not a lead time dosecal can express (-1440 to 10080 minutes before the dose)",
                    description: "\(medication.name) reminder changed in the calendar"))
            return
        }
        let old =
            base.sorted { $0.description < $1.description }.first
            .flatMap { ReminderComparison.reminder(from: $0, keeping: medication.reminder) } ?? medication.reminder
        if new == medication.reminder { return }
        if ours != base && old != medication.reminder {
            switch prefer {
            case .schedule?: return
            case nil:
                result.conflicts.append(
                    ReconcileConflict(
                        medicationID: medication.id, slotID: nil, from: nil, through: nil,
                        schedule: ReminderComparison.words(medication.reminder), calendar: ReminderComparison.words(new),
                        description:
                            "\(medication.name) reminder: the schedule says \(ReminderComparison.words(medication.reminder)), "
                            + "the calendar says \(ReminderComparison.words(new))"))
                return
            case .calendar?: break
            }
        }
        result.changes.append(
            ScheduleChange(
                medicationID: medication.id, kind: .reminder(old: medication.reminder, new: new),
                description:
                    "\(medication.name) reminder \(ReminderComparison.words(medication.reminder)) -> \(ReminderComparison.words(new))"
            ))
    }

    /// The reminder an alarm set says: its first alarm relative to the start.
    static func reminder(from alarms: [ReturnedAlarm], keeping old: Reminder) -> Reminder? {
        for alarm in alarms {
            guard case .relative(let seconds, false) = alarm.trigger else { continue }
            let minutes = -seconds / 60
            guard (-1440...10080).contains(minutes), seconds % 60 == 0 else { return nil }
            var r = Reminder(enabled: true, minutesBefore: minutes)
            r.repeatCount = min(alarm.repeatCount, 20)
            r.repeatIntervalMinutes =
                alarm.repeatCount > 0 ? max(1, min(1440, alarm.repeatIntervalSeconds / 60)) : old.repeatIntervalMinutes
            if r.repeatCount == 0 { r.repeatIntervalMinutes = 10 }
            return r
        }
        return nil
    }

    /// "15 minutes before", "at the dose time", "10 minutes after", with ", repeated 2x every 10 min".
    static func words(_ r: Reminder) -> String {
        guard r.enabled else { return "off" }
        var text: String
        switch r.minutesBefore {
        case 0: text = "at the dose time"
        case let m where m > 0: text = "\(m) minutes before"
        default: text = "\(-r.minutesBefore) minutes after"
        }
        if r.repeatCount > 0 { text += ", repeated \(r.repeatCount)x every \(r.repeatIntervalMinutes) min" }
        return text
    }
}
