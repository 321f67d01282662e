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
        var memo = ReadingMemo()
        self.init(of: event, memo: &memo)
    }

    /// `init(of:)`, each TRIGGER and DURATION text read through `memo`.
    init(of event: ICalComponent, memo: inout ReadingMemo) {
        var alarms: [ReturnedAlarm] = []
        for c in event.components where c.name == "VALARM" {
            if let alarm = ReturnedAlarm(c, memo: &memo) { alarms.append(alarm) }
        }
        self = alarms.isEmpty ? .absent : .present(ReturnedAlarm.sorted(alarms))
    }
}
