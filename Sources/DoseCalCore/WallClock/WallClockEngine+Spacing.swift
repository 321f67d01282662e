import CalendarTime

/// Consecutive doses outside a medication's spacing (decision 0230).
extension WallClockEngine {
    /// The spacing `medication` keeps: declared, or the default of its planned rhythm.
    public func spacing(of medication: Medication) -> DoseSpacing? {
        DoseSpacing(of: medication) { time(of: $0, in: medication, on: $1) }
    }

    /// How many days before a window the dose before its first one may lie (and two more).
    public func spacingLookback(of medication: Medication) -> Int {
        (spacing(of: medication)?.reach(medication) ?? 0) / 86_400 + 3
    }

    /// Every pair of consecutive doses in `doses` (the doses of `medication` that fire, in time
    /// order) whose gap its spacing does not allow, each with its causes.
    public func spacingProblems(of medication: Medication, doses: [Occurrence]) -> [SpacingProblem] {
        guard doses.count > 1, let rule = spacing(of: medication) else { return [] }
        var problems: [SpacingProblem] = []
        // The bounds of the shortest planned gap: a gap they allow every pair allows (the
        // maximum only grows with the planned gap), so most pairs need no planned gap.
        let tightest = rule.limits(plannedGap: 0)
        // By index: the doses are read in place, a pair copied only when it is reported.
        for i in doses.indices.dropFirst() {
            let gap = doses[i].instant - doses[i - 1].instant
            guard !tightest.allows(gap) else { continue }
            let (a, b) = (doses[i - 1], doses[i])
            let planned = plannedGap(a, b, medication)
            let allowed = rule.limits(plannedGap: planned)
            guard !allowed.allows(gap) else { continue }
            let kind: SpacingProblem.Kind = (allowed.minimum.map { gap < $0 } ?? false) ? .tooClose : .tooFarApart
            problems.append(
                SpacingProblem(
                    medicationID: medication.id, first: a, second: b, kind: kind, plannedGap: planned, allowed: allowed,
                    spacing: rule, causes: causes(a, b, medication)))
        }
        return problems
    }

    /// The time planned between two doses: from the first's day and slot time to the second's,
    /// as plain clock readings (no zone, no daylight saving, no move); every N hours: N hours.
    func plannedGap(_ a: Occurrence, _ b: Occurrence, _ m: Medication) -> Int {
        if case .everyNHours(let hours) = m.recurrence { return hours * 3600 }
        let moved = !m.rescheduled.isEmpty
        func planned(_ o: Occurrence) -> Int {
            // A zoned dose's `local` is its day and slot time, unless a reschedule moved it.
            if o.zone != nil, !moved { return o.local.secondsSinceEpoch }
            let day = localDate(of: o)
            let slot = m.times.first { $0.id == o.slotID }
            let wall = slot.map { self.time(of: $0, in: m, on: day) } ?? o.local.time
            return LocalDateTime(date: day, time: wall).secondsSinceEpoch
        }
        return planned(b) - planned(a)
    }

    /// What changed between two consecutive doses `a` and `b`.
    func causes(_ a: Occurrence, _ b: Occurrence, _ m: Medication) -> [SpacingProblem.Cause] {
        var causes: [SpacingProblem.Cause] = []
        if let za = a.zone, let zb = b.zone {
            if za.identifier != zb.identifier {
                causes.append(.travel)
            } else if za.offset(at: a.instant - a.shift) != zb.offset(at: b.instant - b.shift) {
                causes.append(.clockChange)
            }
        }
        if a.shift != 0 || b.shift != 0 { causes.append(.gradualMove) }
        if isRescheduled(a, m) || isRescheduled(b, m) { causes.append(.rescheduled) }
        let (da, db) = (localDate(of: a), localDate(of: b))
        if da != db, m.times.contains(where: { time(of: $0, in: m, on: da) != time(of: $0, in: m, on: db) }) {
            causes.append(.taperStep)
        }
        return causes
    }

    /// Whether a `rescheduled` entry moved `dose`.
    private func isRescheduled(_ dose: Occurrence, _ m: Medication) -> Bool {
        m.rescheduled.contains { r in
            guard r.slot == dose.slotID else { return false }
            if dose.zone == nil { return home(of: m).local(at: dose.instant) == LocalDateTime(date: r.takenOn, time: r.time) }
            return dose.local == LocalDateTime(date: r.takenOn, time: r.time)
        }
    }
}
