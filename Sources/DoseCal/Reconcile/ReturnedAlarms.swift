public import ICal

/// The reminders of a returned event. "Absent" is kept apart from "changed": Google drops every
/// VALARM on import and Outlook keeps at most one, so a missing alarm is not a decision.
public enum ReturnedAlarms: Sendable, Hashable {
    /// No VALARM other than placeholders.
    case absent
    /// The alarms, sorted.
    case present([ReturnedAlarm])

    /// Reads the VALARMs of `event`.
    public init(of event: ICalComponent) {
        let alarms = event.components(named: "VALARM").compactMap(ReturnedAlarm.init).sorted()
        self = alarms.isEmpty ? .absent : .present(alarms)
    }
}
