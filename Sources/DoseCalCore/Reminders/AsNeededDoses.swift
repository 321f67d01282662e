import Foundation

/// The doses of an as-needed medicine (`"recurrence": {"kind": "asNeeded"}`) and when the next
/// one is allowed (docs/schedule-format.md, decision 0095).
///
/// Doses are the log's `taken` entries for the medication, at their `at` instants; nothing is
/// scheduled. The next dose is allowed at the last dose + `minimumHours`, and, with a daily
/// maximum N, not before the N-th most recent dose + 24 hours (at most N in any 24 hours, a
/// rolling window, so travel and zones change nothing). No dose yet: allowed any time (nil).
public struct AsNeededDoses: Sendable, Equatable {
    public var minimumHours: Int
    public var maxPerDay: Int?
    /// The taken instants, seconds since 1970, oldest first.
    public var taken: [Int]

    /// The doses of `medication` logged taken at or before `until` (every one when nil); nil
    /// when the medication is not as-needed.
    public init?(_ medication: Medication, log: [DoseLogEntry], until: Int? = nil) {
        guard case .asNeeded(let hours, let most) = medication.recurrence else { return nil }
        minimumHours = hours
        maxPerDay = most
        taken = log.filter { $0.medication == medication.id && $0.status == .taken }
            .map { Int($0.at.timeIntervalSince1970.rounded(.down)) }
            .filter { t in until.map { t <= $0 } ?? true }
            .sorted()
    }

    /// The last dose taken.
    public var last: Int? { taken.last }

    /// The first instant the next dose is allowed; nil when no dose is logged (allowed now).
    public var nextAllowed: Int? {
        guard let last else { return nil }
        var next = last + minimumHours * 3600
        if let most = maxPerDay, taken.count >= most {
            next = max(next, taken[taken.count - most] + 86_400)
        }
        return next
    }

    /// Whether a dose is allowed at `instant`.
    public func isAllowed(at instant: Int) -> Bool { nextAllowed.map { instant >= $0 } ?? true }

    /// The doses in the 24 hours up to `instant`: `(instant − 24 h, instant]`.
    public func lastDay(at instant: Int) -> [Int] { taken.filter { $0 > instant - 86_400 && $0 <= instant } }
}
