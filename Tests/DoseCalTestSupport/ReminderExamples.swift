import DoseCalCore
import Foundation

/// Literal-value shorthands for the reminder tests.
public enum ReminderExamples {
    public static func day(_ text: String) -> LocalDate { LocalDate(parsing: text)! }
    public static func time(_ text: String) -> LocalTime { LocalTime(parsing: text)! }

    /// Seconds since 1970 of an RFC 3339 date-time with offset, e.g. `2026-03-08T07:30:00Z`.
    public static func instant(_ text: String) -> Int { RFC3339.instant(text)! }

    public static func date(_ text: String) -> Date { Date(timeIntervalSince1970: TimeInterval(instant(text))) }

    /// A medication with slots named after their times ("08:00" -> slot "0800").
    public static func medication(
        _ id: String, times: [String], recurrence: Recurrence = .daily, start: String = "2026-03-01", pillsPerDose: Double = 1,
        timePolicy: TimePolicy? = nil, supply: Supply? = nil, taper: [TaperStep] = [], reminder: Reminder = Reminder(),
        name: String? = nil
    ) -> Medication {
        var policy = timePolicy ?? .wallClock
        if case .everyNHours = recurrence, timePolicy == nil { policy = .fixedInterval }
        return Medication(
            id: id, name: name ?? id.capitalized, pillsPerDose: pillsPerDose,
            times: times.map { DoseSlot(id: $0.replacingOccurrences(of: ":", with: ""), time: time($0)) },
            recurrence: recurrence, start: day(start), timePolicy: policy, reminder: reminder, supply: supply, taper: taper)
    }

    public static func schedule(_ medications: [Medication], log: [DoseLogEntry] = [], zone: String = "America/New_York")
        -> Schedule
    {
        Schedule(home: Zone(zone)!, medications: medications, log: log)
    }
}
