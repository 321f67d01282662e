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
    /// Requests left out to stay within `budget - margin`, in the order they were dropped; empty
    /// in a plan made without its dropped list (`NotificationPlanner.plan(at:listingDropped:)`).
    public var dropped: [NotificationRequest]
    /// How many requests were left out (also when `dropped` is not listed).
    public var droppedCount: Int
    /// The earliest firing of a request left out; nil when none was.
    public var firstDropped: Int?
    /// When the app must plan again: a day before the plan stops covering every dose (the window's
    /// end, or the first dropped request), but at most half way there; never before `from`.
    public var topUpBy: Int

    /// A plan whose dropped requests are listed: their count and first firing follow from them.
    public init(
        from: Int, to: Int, budget: Int, margin: Int, requests: [NotificationRequest], dropped: [NotificationRequest],
        topUpBy: Int
    ) {
        self.init(
            from: from, to: to, budget: budget, margin: margin, requests: requests, droppedCount: dropped.count,
            firstDropped: dropped.map(\.fires).min(), topUpBy: topUpBy)
        self.dropped = dropped
    }

    /// A plan without its dropped list: only how many were dropped and the first one's firing.
    public init(
        from: Int, to: Int, budget: Int, margin: Int, requests: [NotificationRequest], droppedCount: Int,
        firstDropped: Int?, topUpBy: Int
    ) {
        self.from = from
        self.to = to
        self.budget = budget
        self.margin = margin
        self.requests = requests
        self.dropped = []
        self.droppedCount = droppedCount
        self.firstDropped = firstDropped
        self.topUpBy = topUpBy
    }

    /// How many requests may be scheduled: `budget - margin`.
    public var capacity: Int { budget - margin }
    /// Until when every dose has its notification: the window's end, or the first dropped firing.
    public var coveredUntil: Int { min(to, firstDropped ?? to) }
}
