/// The spacing a medication keeps between consecutive doses (decision 0230): the one its
/// schedule declares, or the default worked out from its planned rhythm.
///
/// The default holds for every medication with scheduled doses. The shortest planned gap is the
/// shortest time between consecutive doses as planned (the slot times of each taper step and
/// `until`, the days the recurrence leaves between dose days; no travel, no daylight-saving
/// change, no reschedule). Two consecutive doses need at least half the shortest planned gap
/// between them, and at most the gap planned between those two (their days and slot times, at
/// least the shortest planned gap) plus half the shortest. Three times a day at 08:00, 14:00 and
/// 20:00 (gaps 6, 6 and 12 hours): at least 3 hours, at most 15 hours overnight and 9 by day;
/// once a day: 12 to 36 hours; every 8 hours: 4 to 12 hours; a 21/7 pill's week off is planned.
/// A dose may so come up to half its shortest gap early or late, which is also what a gradual
/// move of at most that much a day keeps.
public struct DoseSpacing: Sendable, Equatable {
    /// The spacing the schedule declares; nil: the default.
    public var declared: Spacing?
    /// The shortest planned gap, in seconds (nil when the schedule declares the spacing).
    public var shortestPlannedGap: Int?

    /// The spacing of `medication` (nil for one taken as needed: its doses come from the log and
    /// its `minimumHours` is its own rule; or when it has no scheduled dose at all).
    public init?(of medication: Medication, time: (DoseSlot, LocalDate) -> LocalTime) {
        if medication.recurrence.isAsNeeded { return nil }
        if let declared = medication.spacing {
            self.declared = declared
            return
        }
        guard let shortest = Self.shortestPlannedGap(medication, time: time) else { return nil }
        shortestPlannedGap = shortest
    }

    /// Whether the spacing is the default one.
    public var isDefault: Bool { declared == nil }

    /// The spacing two consecutive doses planned `plannedGap` seconds apart must keep.
    public func limits(plannedGap: Int) -> Spacing {
        if let declared { return declared }
        let half = (shortestPlannedGap ?? 0) / 2
        return Spacing(minimum: half, maximum: max(plannedGap, shortestPlannedGap ?? 0) + half)
    }

    /// How far back the dose before a window's first one may lie: the longest of the declared
    /// bounds and the recurrence's longest gap between dose days, in seconds.
    func reach(_ m: Medication) -> Int {
        let days = Self.dayGaps(m.recurrence, start: m.start).max() ?? 1
        return max(declared?.maximum ?? 0, declared?.minimum ?? 0, days * 86_400)
    }

    /// The shortest gap between consecutive doses as planned.
    static func shortestPlannedGap(_ m: Medication, time: (DoseSlot, LocalDate) -> LocalTime) -> Int? {
        if case .everyNHours(let hours) = m.recurrence { return hours * 3600 }
        let dayGaps = Self.dayGaps(m.recurrence, start: m.start)
        // Each day the slot times change on: the start, each taper step, the day after a slot's last.
        var phases = Set([m.start] + m.taper.map(\.from) + m.times.compactMap { $0.until?.adding(days: 1) })
        if let end = m.end { phases = phases.filter { $0 <= end } }
        var gaps: [Int] = []
        for day in phases {
            let times = Set(m.times.filter { $0.isActive(on: day) }.map { time($0, day).secondsOfDay }).sorted()
            guard let first = times.first, let last = times.last else { continue }
            gaps += zip(times, times.dropFirst()).map { $1 - $0 }
            gaps += dayGaps.map { $0 * 86_400 - (last - first) }
        }
        guard let shortest = gaps.min(), shortest > 0 else { return nil }
        return shortest
    }

    /// The numbers of days between consecutive dose days the recurrence gives.
    static func dayGaps(_ r: Recurrence, start: LocalDate) -> [Int] {
        switch r {
        case .daily, .everyNHours, .asNeeded: return [1]
        case .everyNDays(let n): return [n]
        case .weekly(let weekdays, let interval):
            let days = Set((weekdays.isEmpty ? [start.weekday] : weekdays).map(\.index)).sorted()
            return zip(days, days.dropFirst()).map { $1 - $0 } + [7 * interval - (days.last! - days.first!)]
        case .cycle(let on, let off):
            if off == 0 { return [1] }
            return on > 1 ? [1, off + 1] : [on + off]
        }
    }
}
