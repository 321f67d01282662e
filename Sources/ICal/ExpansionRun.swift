/// One expansion of UID groups over a window, group by group, as `CalendarExpander` and
/// `CalendarStream` make it: the budget's hook (each group may take what is left of it and is
/// charged what it took), every instance in the window handed on, and the problems and failures
/// of the groups that could not be expanded.
struct ExpansionRun {
    let from: Int
    /// The window's end, cut to the budget's span.
    let to: Int
    let overlapping: Bool
    let instanceLimit: Int
    let budget: ExpansionBudget
    /// The zones values are read in, built once the calendar's VTIMEZONEs are known.
    private(set) var catalog: ZoneCatalog? = nil
    private(set) var result = CalendarExpansion()
    /// The UIDs the budget left out, in group order.
    private var cut: [String] = []

    /// The window `[from, requested)` cut to the budget's span (a problem says so).
    init(from: Int, to requested: Int, overlapping: Bool, instanceLimit: Int, budget: ExpansionBudget) {
        var problems: [ICalError] = []
        self.from = from
        self.to = budget.cut(from: from, to: requested, problems: &problems)
        self.overlapping = overlapping
        self.instanceLimit = instanceLimit
        self.budget = budget
        result.problems = problems
    }

    /// Reads the calendar's VTIMEZONEs through the window's last year and one more.
    mutating func read(vtimezones: [ICalComponent], viewer: Zone) {
        let lastYear = LocalDateTime(secondsSinceEpoch: to).date.year + 1
        catalog = ZoneCatalog(vtimezones: vtimezones, viewer: viewer, through: lastYear, problems: &result.problems)
    }

    /// Expands one group (after `read(vtimezones:viewer:)`), handing each instance in the window
    /// to `each` (the others are made for the budget's count only) and calling `groupEnd` after
    /// it expanded (a group that fails hands over nothing).
    mutating func expand(_ group: EventGroup, each: (EventInstance) -> Void, groupEnd: () -> Void = {}) {
        let (from, to, overlapping) = (self.from, self.to, self.overlapping)
        let inWindow = { (i: EventInstance) -> Bool in
            overlapping ? i.start < to && (i.end > i.start ? i.end > from : i.start >= from) : i.start >= from && i.start < to
        }
        let limit = budget.limit(instanceLimit)
        guard limit > 0 else {
            cut.append(group.uid)
            return
        }
        do throws(ICalError) {
            let count = try group.forEachInstance(
                catalog: catalog!, from: from, to: to, limit: limit, overlapping: overlapping
            ) { instance in
                if inWindow(instance) { each(instance) }
            }
            budget.charge(count)
            groupEnd()
        } catch {
            note(error, of: group, limit: limit)
        }
    }

    /// Records why a group was left out; every event left out is named by UID in `failures`, so
    /// no reader takes its absence for a deletion.
    private mutating func note(_ error: ICalError, of group: EventGroup, limit: Int) {
        if result.failures[group.uid] == nil { result.failures[group.uid] = error }
        guard case .tooManyInstances(let uid, let line, _) = error else {
            result.problems.append(error)
            return
        }
        budget.charge(limit)
        if limit < instanceLimit {
            cut.append(uid)
        } else {
            result.problems.append(.tooManyInstances(uid: uid, line: line, limit: instanceLimit))
        }
    }

    /// The problems and failures, the budget's last (no instances).
    mutating func finish() -> CalendarExpansion {
        if !cut.isEmpty {
            let exceeded = budget.exceeded(cut)
            result.problems.append(exceeded)
            result.failures.reserveCapacity(result.failures.count + cut.count)  // grown once, not doubled
            for uid in cut { result.failures[uid] = exceeded }
        }
        return result
    }
}
