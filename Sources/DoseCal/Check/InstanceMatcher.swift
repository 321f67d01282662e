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
        var matched = [Int?](repeating: nil, count: expected.count)
        var remaining: [Int: Int] = [:]  // instant -> copies left
        for a in actual { remaining[a, default: 0] += 1 }
        var duplicates: [Int] = []
        var open: [Int] = []
        for (i, e) in expected.enumerated() {
            if let n = remaining[e], n > 0 {
                matched[i] = e
                remaining[e] = n - 1
            } else {
                open.append(i)
            }
        }
        // Copies of an exactly matched instant beyond the expected count are duplicates.
        let exact = Set(matched.compactMap { $0 })
        for (instant, n) in remaining where n > 0 && exact.contains(instant) {
            duplicates += Array(repeating: instant, count: n)
            remaining[instant] = 0
        }
        var leftovers = remaining.flatMap { Array(repeating: $0.key, count: $0.value) }.sorted()
        // Nearest pairs first, so that one drifted series pairs dose by dose.
        var pairs: [(distance: Int, expected: Int, actual: Int)] = []
        for i in open {
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
        return Result(matched: matched, duplicates: duplicates.sorted(), extra: leftovers)
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
