import DoseCalCore

/// Dosages taken together (equal `sequence`) that share one schedule's dose days and times
/// between them, each dose once: one medication with amounts by weekday or slot ("1 tablet in
/// the morning, 2 in the evening"; "half a tablet, a whole one on Mondays and Fridays").
extension DosageConverter {
    /// `plans` (in sequence order) in runs of equal sequence.
    static func grouped(_ plans: [DosePlan]) -> [[DosePlan]] {
        var groups: [[DosePlan]] = []
        for p in plans {
            if let last = groups.last?.last, last.sequence == p.sequence {
                groups[groups.count - 1].append(p)
            } else {
                groups.append([p])
            }
        }
        return groups
    }

    /// One plan for dosages taken together, when they have the same bounds, unit and kind of
    /// days and give each dose of the days and times they cover together exactly once; nil
    /// otherwise (they are separate medications).
    func together(_ plans: [DosePlan]) -> DosePlan? {
        guard plans.count > 1, let first = plans.first else { return plans.first }
        var cells: [Weekday: [LocalTime: Double]] = [:]
        var days: Set<Weekday> = []
        var times: Set<LocalTime> = []
        for p in plans {
            guard p.start == first.start, p.end == first.end, p.count == nil, first.count == nil, p.unit == first.unit,
                p.form == first.form, p.policy == first.policy, let own = Self.days(p.recurrence, like: first.recurrence)
            else { return nil }
            for day in own {
                for t in p.times {
                    guard cells[day, default: [:]][t] == nil else { return nil }
                    cells[day, default: [:]][t] = p.amount
                }
            }
            days.formUnion(own)
            times.formUnion(p.times)
        }
        guard days.allSatisfy({ d in times.allSatisfy { cells[d]?[$0] != nil } }) else { return nil }
        var merged = first
        merged.times = times.sorted()
        merged.recurrence = Self.recurrence(of: plans.map(\.recurrence), days: days)
        // The amount of most doses is the medication's; the others are its rules.
        var counts: [Double: Int] = [:]
        for day in cells.values { for amount in day.values { counts[amount, default: 0] += 1 } }
        merged.amount = counts.max { ($0.value, -$0.key) < ($1.value, -$1.key) }!.key
        merged.amounts = plans.filter { $0.amount != merged.amount }.map { p in
            let own = Self.days(p.recurrence, like: first.recurrence)!
            return (own == days ? [] : Weekday.allCases.filter(own.contains), p.times, p.amount)
        }
        for p in plans { merged.slotIDs.merge(p.slotIDs) { a, _ in a } }
        let notes = plans.flatMap(\.notes).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        merged.notes = notes.filter { !$0.hasPrefix("starts") } + notes.filter { $0.hasPrefix("starts") }
        return merged
    }

    /// The weekdays of a recurrence's dose days when it can share days with `other`: daily and
    /// weekly ones (with the same interval) by weekday; any other only with the same recurrence
    /// (all its dose days).
    private static func days(_ r: Recurrence, like other: Recurrence) -> Set<Weekday>? {
        switch (r, other) {
        case (.daily, .daily), (.daily, .weekly(_, 1)): Set(Weekday.allCases)
        case (.weekly(let days, let n), .weekly(_, let m)) where n == m && !days.isEmpty: Set(days)
        case (.weekly(let days, 1), .daily) where !days.isEmpty: Set(days)
        case (.asNeeded, _), (.everyNHours, _): nil
        default: r == other ? Set(Weekday.allCases) : nil
        }
    }

    /// The recurrence of dosages together: the one they share when it is not by weekday, else
    /// daily when they cover every weekday every week, else those weekdays.
    private static func recurrence(of all: [Recurrence], days: Set<Weekday>) -> Recurrence {
        var interval = 1
        switch all[0] {
        case .daily: break
        case .weekly(_, let n): interval = n
        default: return all[0]
        }
        return days.count == 7 && interval == 1
            ? .daily : .weekly(weekdays: Weekday.allCases.filter(days.contains), interval: interval)
    }
}
