import ICal

extension DoseChecker {
    /// The pairs of consecutive doses that fire outside their medication's spacing (decision
    /// 0230), the later of each on a dose day of the window; `expected` holds the doses that
    /// fire per slot over the window with two days' margin. The dose before those is looked up
    /// as far back as the spacing reaches.
    func spacingProblems(engine: WallClockEngine, expected: [SlotKey: [Occurrence]]) -> [SpacingProblem] {
        var problems: [SpacingProblem] = []
        for m in schedule.medications where !m.recurrence.isAsNeeded {
            var doses = Set(m.times.map(\.id)).flatMap { expected[SlotKey(medicationID: m.id, slotID: $0)] ?? [] }
            let earliest = from.adding(days: -engine.spacingLookback(of: m))
            let before = engine.firing(
                engine.occurrences(of: m, from: earliest, to: from.adding(days: -3), gapPolicy: gapPolicy))
            if let last = before.max(by: { ($0.instant, $0.slotID) < ($1.instant, $1.slotID) }) { doses.append(last) }
            doses.sort { ($0.instant, $0.slotID) < ($1.instant, $1.slotID) }
            let found = engine.spacingProblems(of: m, doses: doses)
            problems += found.filter { (from...to).contains(engine.localDate(of: $0.second)) }
        }
        return problems.sorted { ($0.second.instant, $0.medicationID) < ($1.second.instant, $1.medicationID) }
    }
}
