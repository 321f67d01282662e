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
        let new: Reminder
        switch ReminderComparison.reading(alarms) {
        case .reminder(let r): new = r
        case .outside(let reason):
            // Never clamped into the schedule: a value it cannot hold is reported (decision 0201).
            result.unmapped.append(
                UnmappedEdit(
                    medicationID: medication.id, slotID: nil, date: nil, reason: reason,
                    description: "\(medication.name) reminder changed in the calendar"))
            return
        }
        let old =
            base.sorted { $0.description < $1.description }.first
            .flatMap { ReminderComparison.reminder(from: $0) } ?? medication.reminder
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

    /// What an alarm set says: the reminder of its first alarm relative to the start, or why
    /// the schedule cannot hold it.
    enum Reading: Equatable {
        case reminder(Reminder)
        /// A value outside what a reminder holds, in words naming the value and the valid range.
        case outside(String)
    }

    /// The reminder an alarm set says, or nil when the schedule cannot hold it.
    static func reminder(from alarms: [ReturnedAlarm]) -> Reminder? {
        if case .reminder(let r) = reading(alarms) { return r }
        return nil
    }

    /// The reminder of the first alarm relative to the start: its lead (-1440 to 10080 whole
    /// minutes before the dose) and repetition (0 to 20 repeats, 1 to 1440 whole minutes apart),
    /// each as the schedule format holds it; a value outside is never clamped.
    static func reading(_ alarms: [ReturnedAlarm]) -> Reading {
        let lead =
            "the calendar's alarm is not a lead time dosecal can express (-1440 to 10080 minutes before the dose)"
        for alarm in alarms {
            guard case .relative(let seconds, false) = alarm.trigger else { continue }
            let minutes = -seconds / 60
            guard (-1440...10080).contains(minutes), seconds % 60 == 0 else { return .outside(lead) }
            var r = Reminder(enabled: true, minutesBefore: minutes)
            guard (0...20).contains(alarm.repeatCount) else {
                let count = alarm.repeatCount < 0 ? "a REPEAT that is not a whole number" : "REPEAT:\(alarm.repeatCount)"
                return .outside("the calendar's alarm has \(count); a reminder repeats 0 to 20 times")
            }
            r.repeatCount = alarm.repeatCount
            if alarm.repeatCount > 0 {
                let interval = alarm.repeatIntervalSeconds
                guard interval % 60 == 0, (1...1440).contains(interval / 60) else {
                    return .outside(
                        "the calendar's alarm repeats every \(interval) seconds; a reminder repeats every 1 to 1440 whole minutes"
                    )
                }
                r.repeatIntervalMinutes = interval / 60
            } else {
                r.repeatIntervalMinutes = 10
            }
            return .reminder(r)
        }
        return .outside(lead)
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
