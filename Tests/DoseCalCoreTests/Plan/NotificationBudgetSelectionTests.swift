import CalendarTime
import Testing

@testable import DoseCalCore

/// The budget chosen as requests come (`NotificationBudget`), on literal requests offered out of
/// order: one-offs are dropped before repeating requests, then the furthest first, then the
/// greater identifier first.
@Suite struct NotificationBudgetSelectionTests {
    /// 2026-06-01T08:00:00Z.
    static let t0 = 1_780_300_800

    static func request(_ id: String, at hours: Int, repeats: Bool = false) -> NotificationRequest {
        let fires = t0 + hours * 3600
        let trigger: NotificationTrigger =
            repeats
            ? .repeating(hour: 8, minute: 0, weekday: nil) : .once(LocalDateTime(secondsSinceEpoch: fires), zone: "UTC")
        return NotificationRequest(
            identifier: id, uid: id, purpose: .dose(medicationID: "m", slotID: "s"), trigger: trigger, fires: fires,
            firings: [fires], content: .undescribed)
    }

    /// Offered out of order (a medication's at a time): "d" repeating at 30 h, one-offs "a" 2 h,
    /// "b" 50 h, "c" 10 h, "e" 50 h (same instant as "b", greater identifier), "r" repeating 1 h.
    static let offered = [
        request("d", at: 30, repeats: true), request("a", at: 2), request("b", at: 50), request("c", at: 10),
        request("e", at: 50), request("r", at: 1, repeats: true),
    ]

    @Test func keepsTheFirstOneOffsAndEveryRepeatingUpToTheCapacity() {
        let kept: [Int: [String]] = [
            0: [], 1: ["r"], 2: ["r", "d"], 3: ["r", "a", "d"], 4: ["r", "a", "c", "d"], 5: ["r", "a", "c", "d", "b"],
            6: ["r", "a", "c", "d", "b", "e"], 9: ["r", "a", "c", "d", "b", "e"],
        ]
        // The first dropped firing: "b"/"e" at 50 h, "c" at 10 h, "a" at 2 h, "d" at 30 h, "r" 1 h.
        let first: [Int: Int?] = [0: 1, 1: 2, 2: 2, 3: 10, 4: 50, 5: 50, 6: nil, 9: nil]
        for (capacity, ids) in kept {
            var budget = NotificationBudget(capacity: capacity)
            for r in Self.offered { budget.offer(r) }
            #expect(budget.kept.map(\.identifier) == ids, "capacity \(capacity)")
            #expect(budget.droppedCount == 6 - ids.count, "capacity \(capacity)")
            #expect(budget.firstDropped == first[capacity]!.map { Self.t0 + $0 * 3600 }, "capacity \(capacity)")
        }
    }

    /// Listing them, it gives the dropped requests in the order dropped: one-offs furthest first
    /// ("e" before "b" at the same instant), then repeating ones furthest first; the same kept
    /// requests, count and first firing as without the list.
    @Test func listsTheDroppedRequestsInTheOrderDropped() {
        let order = ["e", "b", "c", "a", "d", "r"]
        for capacity in 0...7 {
            var listing = NotificationBudget(capacity: capacity, listsDropped: true)
            var counting = NotificationBudget(capacity: capacity)
            for r in Self.offered {
                listing.offer(r)
                counting.offer(r)
            }
            #expect(listing.dropped.map(\.identifier) == Array(order.prefix(max(0, 6 - capacity))), "capacity \(capacity)")
            #expect(counting.dropped.isEmpty)
            #expect(listing.kept.map(\.identifier) == counting.kept.map(\.identifier))
            #expect(listing.droppedCount == counting.droppedCount)
            #expect(listing.firstDropped == counting.firstDropped)
        }
    }
}
