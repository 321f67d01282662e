/// The requests of a plan that fit its capacity, chosen as they come (one medication's at a
/// time): one-offs are dropped before repeating requests, then the furthest in the future first,
/// then the greater identifier first (of equal ranks, the one offered first). It counts the
/// dropped requests and notes the first instant one fires at; only with `listsDropped` does it
/// hold them (`dropped`), else its memory grows with the capacity, not with the requests offered.
struct NotificationBudget {
    let capacity: Int
    let listsDropped: Bool
    /// How many requests were offered.
    private(set) var offered = 0
    /// The earliest firing of a request dropped so far (nil: none dropped).
    private(set) var firstDropped: Int?
    /// The kept requests as a heap, the first to drop (the highest rank) at the root.
    private var heap: [Entry] = []
    /// The dropped requests (with `listsDropped`), in no order.
    private var droppedEntries: [Entry] = []

    private struct Entry {
        let rank: (Int, Int, String)
        /// The order it was offered in: of equal ranks the earlier one is dropped first.
        let order: Int
        let request: NotificationRequest

        /// Whether `self` is dropped before `other`.
        func dropsBefore(_ other: Entry) -> Bool {
            rank > other.rank || (rank == other.rank && order < other.order)
        }
    }

    init(capacity: Int, listsDropped: Bool = false) {
        self.capacity = max(0, capacity)
        self.listsDropped = listsDropped
    }

    /// How many requests were dropped.
    var droppedCount: Int { offered - heap.count }

    /// Offers `r`; the request that is dropped (`r` or a kept one that drops before it), if any,
    /// is counted and its firing noted.
    mutating func offer(_ r: NotificationRequest) {
        let entry = Entry(rank: (r.trigger.repeats ? 0 : 1, r.fires, r.identifier), order: offered, request: r)
        offered += 1
        if heap.count < capacity {
            heap.append(entry)
            siftUp(heap.count - 1)
            return
        }
        // Full: the one dropped is the root or `r`, whichever drops first.
        if let root = heap.first, root.dropsBefore(entry) {
            noteDropped(root)
            heap[0] = entry
            siftDown(0)
        } else {
            noteDropped(entry)
        }
    }

    /// The kept requests by firing, then identifier.
    var kept: [NotificationRequest] {
        heap.map(\.request).sorted { ($0.fires, $0.identifier) < ($1.fires, $1.identifier) }
    }

    /// The dropped requests (with `listsDropped`) in the order cutting the whole list drops
    /// them: the first to drop first.
    var dropped: [NotificationRequest] {
        droppedEntries.sorted { $0.dropsBefore($1) }.map(\.request)
    }

    private mutating func noteDropped(_ entry: Entry) {
        firstDropped = min(firstDropped ?? entry.request.fires, entry.request.fires)
        if listsDropped { droppedEntries.append(entry) }
    }

    private mutating func siftUp(_ start: Int) {
        var i = start
        while i > 0 {
            let parent = (i - 1) / 2
            guard heap[i].dropsBefore(heap[parent]) else { return }
            heap.swapAt(i, parent)
            i = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var i = start
        while true {
            var first = i
            for child in [2 * i + 1, 2 * i + 2] where child < heap.count && heap[child].dropsBefore(heap[first]) {
                first = child
            }
            guard first != i else { return }
            heap.swapAt(i, first)
            i = first
        }
    }
}
