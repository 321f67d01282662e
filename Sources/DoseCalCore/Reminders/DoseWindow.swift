/// The stretch of time around a scheduled dose in which a log entry is about that dose
/// (docs/reminders.md §4, decision 0195).
///
/// A dose's window opens at most `earliest` (1 hour) before it, and never before half the gap to
/// the previous dose; it closes at most `latest` (12 hours) after it, and never inside the next
/// dose's window. So windows never overlap, a log at 12:00 between doses at 08:00 and 14:00
/// belongs to 08:00 (taken 4 hours late; the 14:00 window opens at 13:00), and a weekly dose
/// taken days early belongs to no window: it is an extra dose. For every N hours, where a slot
/// and a date name several doses and the log names the one nearest to its time, a window ends
/// half way to the next dose (the earlier dose on the half-way second itself).
public struct DoseWindow: Sendable, Equatable {
    /// The scheduled dose.
    public var dose: Occurrence
    /// The first instant of the window (seconds since 1970).
    public var opens: Int
    /// The first instant after it.
    public var closes: Int

    /// At most this early, in seconds: 1 hour.
    public static let earliest = 3600
    /// At most this late, in seconds: 12 hours. A daily dose more than half a day late is nearer
    /// the next day's; a later log is an extra dose unless the person names the dose.
    public static let latest = 12 * 3600

    public init(dose: Occurrence, opens: Int, closes: Int) {
        self.dose = dose
        self.opens = opens
        self.closes = closes
    }

    /// Whether `instant` falls in the window.
    public func contains(_ instant: Int) -> Bool { opens <= instant && instant < closes }

    /// The windows of `doses`, one medication's doses in time order; `hourly` for every N hours.
    public static func windows(of doses: [Occurrence], hourly: Bool) -> [DoseWindow] {
        func early(_ i: Int) -> Int {
            guard i > 0 else { return earliest }
            let gap = doses[i].instant - doses[i - 1].instant
            return min(earliest, hourly ? max(0, (gap - 1) / 2) : gap / 2)
        }
        return doses.indices.map { i in
            let d = doses[i].instant
            var late = latest
            if i + 1 < doses.count {
                let gap = doses[i + 1].instant - d
                late = min(late, hourly ? gap / 2 + 1 : gap - early(i + 1))
            }
            return DoseWindow(dose: doses[i], opens: d - early(i), closes: d + late)
        }
    }
}
