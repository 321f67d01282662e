/// One local notification request of a `NotificationPlan`.
public struct NotificationRequest: Sendable, Equatable {
    /// What the notification is about.
    public enum Purpose: Sendable, Equatable {
        /// A dose reminder of one slot.
        case dose(medicationID: String, slotID: String)
        /// The low-supply (refill) warning of a medication.
        case supplyWarning(medicationID: String)
        /// The next dose of an as-needed medicine is allowed.
        case nextDoseAllowed(medicationID: String)

        /// The medication it is about.
        public var medicationID: String {
            switch self {
            case .dose(let id, _), .supplyWarning(let id), .nextDoseAllowed(let id): id
            }
        }
    }

    /// Deterministic: the feed's VEVENT UID, "/", then `daily`, `weekly-XX` (weekday code) for a
    /// repeating request, or the occurrence (the dose's DTSTART value in basic form, as a
    /// RECURRENCE-ID would name it: `20260308T023000`, `Z` appended for UTC doses) for a one-off.
    public var identifier: String
    /// The feed UID the request belongs to.
    public var uid: String
    public var purpose: Purpose
    public var trigger: NotificationTrigger
    /// The next instant it fires, seconds since 1970 (the dose time less the reminder's lead).
    public var fires: Int
    /// Every instant it fires within the plan's window, in order (one for a one-off).
    public var firings: [Int]
    /// What the notification shows and how the app routes it.
    public var content: NotificationContent
    /// The dose day of a one-off dose request (nil for repeating requests and refill warnings).
    public var doseDate: LocalDate?

    public init(
        identifier: String, uid: String, purpose: Purpose, trigger: NotificationTrigger, fires: Int, firings: [Int],
        content: NotificationContent, doseDate: LocalDate? = nil
    ) {
        self.content = content
        self.doseDate = doseDate
        self.identifier = identifier
        self.uid = uid
        self.purpose = purpose
        self.trigger = trigger
        self.fires = fires
        self.firings = firings
    }
}
