/// Pairs the instants a channel (a calendar, libical, a trigger) yields for one dose slot with
/// the expected instants: equal instants first, then the nearest within `reach`; what is left
/// is missing (expected only) or extra (channel only). A second copy of an expected instant is
/// a duplicate.
struct InstanceMatcher {
    /// Largest distance still read as "the same dose at another time": half a day, so a dose
    /// moved by a DST hour or within its day pairs with it, a reminder nearer another day's
    /// dose does not.
    var reach = 12 * 3600

    struct Result: Equatable {
        /// For each expected index, the matched instant (nil: missing).
        var matched: [Int?]
        /// Channel instants equal to an already matched one.
        var duplicates: [Int]
        /// Channel instants that match no expected dose.
        var extra: [Int]
    }

    func match(expected: [Int], actual: [Int]) -> Result {
        let exact = exactMatches(expected: expected, actual: actual)
        var matched = exact.matched
        var leftovers = exact.leftovers
        guard !exact.open.isEmpty, !leftovers.isEmpty else {
            return Result(matched: matched, duplicates: exact.duplicates, extra: leftovers)
        }
        // Nearest pairs first, so that one drifted series pairs dose by dose.
        var pairs: [(distance: Int, expected: Int, actual: Int)] = []
        for i in exact.open {
            let e = expected[i]
            let lo = lowerBound(leftovers, e - reach)
            var j = lo
            while j < leftovers.count, leftovers[j] <= e + reach {
                pairs.append((abs(leftovers[j] - e), i, j))
                j += 1
            }
        }
        pairs.sort { ($0.distance, $0.expected, $0.actual) < ($1.distance, $1.expected, $1.actual) }
        var usedActual = Set<Int>()
        for p in pairs where matched[p.expected] == nil && !usedActual.contains(p.actual) {
            matched[p.expected] = leftovers[p.actual]
            usedActual.insert(p.actual)
        }
        leftovers = leftovers.enumerated().filter { !usedActual.contains($0.offset) }.map(\.element)
        return Result(matched: matched, duplicates: exact.duplicates, extra: leftovers)
    }

    /// Equal instants paired by one merge of the expected (in ascending order, earlier index
    /// first among equals) with the sorted channel instants: the expected left open, the
    /// channel's further copies of a paired instant (duplicates) and the rest, both ascending.
    private func exactMatches(expected: [Int], actual: [Int]) -> (
        matched: [Int?], open: [Int], duplicates: [Int], leftovers: [Int]
    ) {
        let sortedActual = actual.sorted()
        var matched = [Int?](repeating: nil, count: expected.count)
        var taken = [Bool](repeating: false, count: sortedActual.count)
        var open: [Int] = []
        var j = 0
        for i in ascendingIndices(expected) {
            let e = expected[i]
            while j < sortedActual.count, sortedActual[j] < e { j += 1 }
            if j < sortedActual.count, sortedActual[j] == e {
                matched[i] = e
                taken[j] = true
                j += 1
            } else {
                open.append(i)
            }
        }
        var duplicates: [Int] = []
        var leftovers: [Int] = []
        var lastPaired: Int?
        // Equal instants are adjacent and the paired copies come first among them.
        for (k, instant) in sortedActual.enumerated() {
            if taken[k] {
                lastPaired = instant
            } else if instant == lastPaired {
                duplicates.append(instant)
            } else {
                leftovers.append(instant)
            }
        }
        return (matched, open, duplicates, leftovers)
    }

    /// The indices of `values` in ascending order of value, equal values by index.
    private func ascendingIndices(_ values: [Int]) -> [Int] {
        let indices = Array(values.indices)
        if zip(values, values.dropFirst()).allSatisfy({ $0 <= $1 }) { return indices }
        return indices.sorted { (values[$0], $0) < (values[$1], $1) }
    }

    private func lowerBound(_ a: [Int], _ x: Int) -> Int {
        var lo = 0
        var hi = a.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if a[mid] < x { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
