public import CalendarTime

/// Where one medication stands at an instant: supply, the next doses, missed doses, adherence
/// (docs/reminders.md). Built by `ReminderStatus`.
public struct MedicationStatus: Sendable, Equatable {
    /// What the log and the clock say about one scheduled dose.
    public enum DoseState: Sendable, Equatable {
        /// The deciding log entry says so.
        case logged(DoseLogEntry.Status)
        /// No entry, and the grace period ended before the status instant: assumed taken (the
        /// supply counts it) and not recorded (adherence leaves it out); never missed.
        case notRecorded
        /// No entry, still within the grace period (or in the future).
        case pending
    }

    /// A scheduled dose and its state.
    public struct Dose: Sendable, Equatable {
        public var occurrence: Occurrence
        /// The dose day (the home-zone date for fixed-interval doses).
        public var date: LocalDate
        public var state: DoseState
    }

    public var medicationID: String
    /// Units on hand at the status instant (never below 0); nil without a supply record.
    public var pillsLeft: Double?
    /// The forecast the feed's refill warning is built from.
    public var forecast: SupplyForecast?
    /// The refill warning's instant (the forecast's `refillDue` read in the zone of that date).
    public var refillBy: Int?
    /// The next doses at or after the status instant (at most `nextCount`).
    public var next: [Dose]
    /// Doses the log says were missed whose time is within the last 7 days, oldest first.
    public var missed: [Dose]
    /// Past doses with no log entry (grace period over) within the last 7 days, oldest first.
    public var notRecorded: [Dose] = []
    /// Adherence over the last 7 days.
    public var week: Adherence
    /// Adherence over the last 30 days.
    public var month: Adherence
    /// An as-needed medicine's doses logged by the status instant (nil for scheduled ones).
    public var asNeeded: AsNeededDoses? = nil
}
