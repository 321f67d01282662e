import Foundation

/// A bound on the work of expanding calendars, shared by every expansion one command makes
/// (docs/expansion.md, "Budget"): at most `instances` instances in all, over windows of at most
/// `maxSpan` seconds. Each event is also bounded on its own (`CalendarExpander.instanceLimit`);
/// the budget bounds the calendar, so many events that each stay under their own bound cannot
/// add up to unbounded time and memory. Events that would pass the budget are left out and
/// named in one `ICalError.budgetExceeded` problem.
///
/// Thread-safe: expansions on several threads may share one budget.
public final class ExpansionBudget: @unchecked Sendable {
    /// Most instances (and iterator steps of libical's reference expansion) in all.
    public let instances: Int
    /// Longest window one expansion covers, in seconds; a longer one is cut to this span.
    public let maxSpan: Int
    private let lock = NSLock()
    private var used = 0

    /// The budget every dosecal command uses: 1,000,000 instances (a year of a medication
    /// calendar has a few thousand; a 20,000-event calendar of 3,000 series has 206,114 in 2026)
    /// and windows of up to 200 years.
    public init(instances: Int = 1_000_000, maxSpan: Int = 200 * 366 * 86_400) {
        self.instances = instances
        self.maxSpan = maxSpan
    }

    /// What is left.
    public var remaining: Int { lock.withLock { max(0, instances - used) } }

    /// `limit`, or less when less is left.
    public func limit(_ limit: Int) -> Int { min(limit, remaining) }

    /// Records `count` instances (or steps) spent.
    public func charge(_ count: Int) { lock.withLock { used += count } }

    /// What was spent so far, and spending set back to it: an expansion begun and then made again
    /// another way (`CalendarStream`) is charged once.
    var spent: Int { lock.withLock { used } }
    func restore(_ spent: Int) { lock.withLock { used = spent } }

    /// The end of a window from `from` to `to`, cut to `maxSpan` (with a problem) when longer.
    func cut(from: Int, to: Int, problems: inout [ICalError]) -> Int {
        guard to > from, to - from > maxSpan else { return to }
        problems.append(.windowTooLong(years: maxSpan / (366 * 86_400)))
        return from + maxSpan
    }

    /// The problem naming the events `uids` left out (the first five by name).
    func exceeded(_ uids: [String]) -> ICalError {
        .budgetExceeded(uids: Array(uids.prefix(5)), more: max(0, uids.count - 5), limit: instances)
    }
}

extension ICalError {
    /// Whether this problem is the budget's (`budgetExceeded`, `windowTooLong`): events left out
    /// of an expansion that was cut, not events that cannot be read.
    public var isExpansionCut: Bool {
        switch self {
        case .budgetExceeded, .windowTooLong: return true
        default: return false
        }
    }

    /// Whether this problem left instances out because there were too many of them: the budget's
    /// cut, or an event past its own bound (`tooManyInstances`), whose window was too long for it
    /// rather than the event unreadable. A listing of instances is incomplete after any of them.
    public var leavesInstancesOut: Bool {
        if case .tooManyInstances = self { return true }
        return isExpansionCut
    }
}
