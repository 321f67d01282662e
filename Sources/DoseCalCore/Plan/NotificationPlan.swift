/// The local notifications an iOS or macOS app should schedule for a window, from the same
/// engine as the feed (docs/reminders.md, decision 0011). Built by `NotificationPlanner`.
public struct NotificationPlan: Sendable, Equatable {
    /// Start of the window (the planning instant), seconds since 1970.
    public var from: Int
    /// End of the window (exclusive).
    public var to: Int
    /// Pending requests the platform allows (64 on iOS).
    public var budget: Int
    /// Slots kept free for snoozes the app adds on the fly.
    public var margin: Int
    /// The requests to schedule, by `fires` then identifier.
    public var requests: [NotificationRequest]
    /// Requests left out to stay within `budget - margin`, in the order they were dropped.
    public var dropped: [NotificationRequest]
    /// When the app must plan again: a day before the plan stops covering every dose (the window's
    /// end, or the first dropped request), but at most half way there; never before `from`.
    public var topUpBy: Int

    /// How many requests may be scheduled: `budget - margin`.
    public var capacity: Int { budget - margin }
    /// Until when every dose has its notification: the window's end, or the first dropped firing.
    public var coveredUntil: Int { min(to, dropped.map(\.fires).min() ?? to) }
}
