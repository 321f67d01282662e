import ICal

extension DoseChecker {
    /// The pairs of consecutive doses of the medications at `unit` that fire outside their
    /// medication's spacing (decision 0230), the later of each on a dose day of the window;
    /// `expected` holds their doses that fire per slot over the window with two days' margin.
    /// The dose before those is looked up as far back as the spacing reaches.
    func spacingProblems(
        unit: [Int], engine: WallClockEngine, expected: [SlotKey: [Occurrence]], skipped: SkippedDoses
    ) -> [SpacingProblem] {
        var problems: [SpacingProblem] = []
        for m in unit.map({ schedule.medications[$0] }) where !m.recurrence.isAsNeeded {
            let earliest = from.adding(days: -engine.spacingLookback(of: m))
            let before = engine.firing(
                engine.occurrences(of: m, from: earliest, to: from.adding(days: -3), gapPolicy: gapPolicy), skipped: skipped)
            let last = before.max { ($0.instant, $0.slotID) < ($1.instant, $1.slotID) }
            let slots = Set(m.times.map(\.id)).sorted().map { expected[SlotKey(medicationID: m.id, slotID: $0)] ?? [] }
            let doses = Self.merged(slots + [last.map { [$0] } ?? []])
            let found = engine.spacingProblems(of: m, doses: doses)
            problems += found.filter { (from...to).contains(engine.localDate(of: $0.second)) }
        }
        return problems
    }

    /// The doses of `lists` (each in time order) in one time order; equal instants in the order
    /// of their lists.
    static func merged(_ lists: [[Occurrence]]) -> [Occurrence] {
        var heads = [Int](repeating: 0, count: lists.count)
        var result: [Occurrence] = []
        result.reserveCapacity(lists.reduce(0) { $0 + $1.count })
        while true {
            var best = -1
            for k in lists.indices where heads[k] < lists[k].count {
                if best < 0 || lists[k][heads[k]].instant < lists[best][heads[best]].instant { best = k }
            }
            guard best >= 0 else { return result }
            result.append(lists[best][heads[best]])
            heads[best] += 1
        }
    }
}
