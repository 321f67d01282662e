/// Something the person should know about a dose just logged (docs/reminders.md §4): it is
/// recorded all the same, and `dosecal log` exits 1. `text` says it in words.
public enum LogWarning: Sendable, Equatable {
    /// A taken dose in no scheduled dose's window: an extra dose. `previous` and `next` are the
    /// scheduled doses either side of it; `nextReminder` whether the next dose still has its
    /// reminder (not settled by the log, reminders on).
    case extraDose(previous: Occurrence?, next: Occurrence?, nextReminder: Bool)
    /// A taken dose in the window of a dose the log already says was taken (at `takenAt`): an
    /// extra dose, never the same dose taken again.
    case alreadyTaken(dose: Occurrence, takenAt: Int, next: Occurrence?, nextReminder: Bool)
    /// A dose the person named (`--slot`/`--date`) of a medicine not taken every day, taken
    /// before its window opened: recorded as that dose, whose reminder the log now settles.
    case namedEarly(dose: Occurrence)
    /// An as-needed dose taken before it was allowed: `last` the dose before, `inLastDay` how
    /// many were taken in the 24 hours before it, `nextAllowed` when the next is allowed now.
    case asNeededEarly(last: Int?, minimumHours: Int, inLastDay: Int, maxPerDay: Int?, nextAllowed: Int)
}
