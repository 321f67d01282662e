/// What one log entry recorded (docs/reminders.md §4): the schedule with the entry appended, the
/// scheduled dose it is about (none for an extra or an as-needed dose), and what the person
/// should know (`warnings`, in words by `LogWarning.text`).
public struct LogRecord: Sendable {
    /// The schedule with `entry` at the end of its log.
    public var schedule: Schedule
    /// The entry appended.
    public var entry: DoseLogEntry
    /// The medication it is about.
    public var medication: Medication
    /// The scheduled dose the entry is about; nil for an extra dose and for an as-needed one.
    public var dose: Occurrence?
    /// Whether the person named the dose (`slot` or `date` given): no window applied.
    public var named: Bool
    /// The dose's deciding status before this entry, when the log had one: this entry corrects
    /// it (the last entry about a dose decides).
    public var replaced: DoseLogEntry.Status?
    /// What the person should know; empty when the log is what the schedule expects.
    public var warnings: [LogWarning]
    /// As needed: when the next dose is allowed, counting this one.
    public var nextAllowed: Int?

    public init(
        schedule: Schedule, entry: DoseLogEntry, medication: Medication, dose: Occurrence?, named: Bool = false,
        replaced: DoseLogEntry.Status? = nil, warnings: [LogWarning] = [], nextAllowed: Int? = nil
    ) {
        self.schedule = schedule
        self.entry = entry
        self.medication = medication
        self.dose = dose
        self.named = named
        self.replaced = replaced
        self.warnings = warnings
        self.nextAllowed = nextAllowed
    }

    /// A taken dose about no scheduled dose of a scheduled medicine.
    public var isExtra: Bool { dose == nil && !medication.recurrence.isAsNeeded }
}
