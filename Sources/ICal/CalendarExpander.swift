/// Expands the VEVENTs of a calendar into instances over a window of UTC instants, correctly
/// across daylight-saving changes (docs/expansion.md).
///
/// libical iterates each RRULE in floating local time; every local time (DTSTART, RRULE
/// occurrences, RDATE, EXDATE, RECURRENCE-ID, UNTIL) is then resolved to an instant by
/// RFC 5545 §3.3.5 (`ZoneResolver`) in the calendar's own VTIMEZONE of that TZID, else the IANA
/// zone, and floating and DATE values in `viewerZone`. VEVENTs are grouped by UID: the ones
/// without RECURRENCE-ID are masters, the others override the instance whose start INSTANT equals
/// their RECURRENCE-ID (RANGE=THISANDFUTURE: that one and all later ones); overrides without a
/// master are single instances.
public struct CalendarExpander: Sendable {
    /// The VEVENTs, in file order.
    public let events: [ICalComponent]
    /// The calendar's VTIMEZONEs, in file order.
    public let timezones: [ICalComponent]
    /// The zone floating and DATE values are read in (RFC 5545: the viewer's zone).
    public let viewerZone: Zone
    /// Most instances one VEVENT may have up to the window's end before it is reported as a
    /// problem instead (a guard against `FREQ=SECONDLY` over years).
    public var instanceLimit = 500_000
    /// The bound on all expansions of one command, shared with them (`ExpansionBudget`).
    public var budget: ExpansionBudget

    /// The VEVENTs and VTIMEZONEs of a parsed calendar (inside VCALENDARs, or bare).
    public init(calendar: ParsedCalendar, viewerZone: Zone = .utc, budget: ExpansionBudget = ExpansionBudget()) {
        self.init(components: calendar.components, viewerZone: viewerZone, budget: budget)
    }

    /// The VEVENTs and VTIMEZONEs among `components` and their VCALENDAR children.
    public init(components: [ICalComponent], viewerZone: Zone = .utc, budget: ExpansionBudget = ExpansionBudget()) {
        var events: [ICalComponent] = []
        var timezones: [ICalComponent] = []
        for c in components {
            for child in c.name == "VCALENDAR" ? c.components : [c] {
                if child.name == "VEVENT" { events.append(child) }
                if child.name == "VTIMEZONE" { timezones.append(child) }
            }
        }
        self.events = events
        self.timezones = timezones
        self.viewerZone = viewerZone
        self.budget = budget
    }

    /// Every instance that starts in `[from, to)`, sorted by start, UID and recurrence instant;
    /// VEVENTs that cannot be expanded are left out and listed in `problems`. Past the budget's
    /// span the window is cut (a problem says so); events past its instances are left out and
    /// named in one `.budgetExceeded` problem.
    public func expand(from: Int, to: Int) -> CalendarExpansion {
        expand(from: from, to: to, overlapping: false)
    }

    /// Every instance that overlaps `[from, to)` as recurring-ical-events defines it: it starts
    /// before `to` and ends after `from`; one of no length counts when `from <= start < to`.
    /// Sorted, lenient and bounded as `expand(from:to:)`.
    public func expand(overlapping from: Int, to: Int) -> CalendarExpansion {
        expand(from: from, to: to, overlapping: true)
    }

    /// Every instance that overlaps `[from, to)` (as `expand(overlapping:to:)`), handed to `body`
    /// one UID group at a time and in no particular order, without keeping them: what counting
    /// needs. The expansion returned has the problems and failures, and no instances.
    public func forEachInstance(overlapping from: Int, to: Int, _ body: (EventInstance) -> Void) -> CalendarExpansion {
        visit(from: from, to: to, overlapping: true, each: body)
    }

    /// Every instance that starts in `[from, to)` (as `expand(from:to:)`), handed to `body` one UID
    /// group at a time, in the order of the groups' first events, without keeping or sorting them.
    /// The expansion returned has the problems and failures, and no instances.
    public func forEachInstance(from: Int, to: Int, _ body: (EventInstance) -> Void) -> CalendarExpansion {
        visit(from: from, to: to, overlapping: false, each: body)
    }

    /// Every instance that starts in `[from, to)` (as `expand(from:to:)`), handed to `body` one UID
    /// group at a time (the group's instances at once), in the order of the groups' first events,
    /// without keeping or sorting them. The expansion returned has the problems and failures, and
    /// no instances.
    public func forEachGroup(from: Int, to: Int, _ body: ([EventInstance]) -> Void) -> CalendarExpansion {
        var group: [EventInstance] = []
        return visit(
            from: from, to: to, overlapping: false, each: { group.append($0) },
            groupEnd: {
                body(group)
                group.removeAll(keepingCapacity: true)
            })
    }

    private func expand(from: Int, to: Int, overlapping: Bool) -> CalendarExpansion {
        var instances: [EventInstance] = []
        var result = visit(from: from, to: to, overlapping: overlapping, each: { instances.append($0) })
        result.instances = instances.sorted {
            ($0.start, $0.uid, $0.recurrenceInstant) < ($1.start, $1.uid, $1.recurrenceInstant)
        }
        return result
    }

    /// Expands group by group, handing each instance in the window to `each` (the others are
    /// made for the budget's count only), and calling `groupEnd` after each group expanded
    /// (a group that fails hands over nothing).
    private func visit(
        from: Int, to requested: Int, overlapping: Bool, each: (EventInstance) -> Void, groupEnd: () -> Void = {}
    )
        -> CalendarExpansion
    {
        var run = ExpansionRun(
            from: from, to: requested, overlapping: overlapping, instanceLimit: instanceLimit, budget: budget)
        run.read(vtimezones: timezones, viewer: viewerZone)
        EventGroup.forEach(byUID: events) { group in run.expand(group, each: each, groupEnd: groupEnd) }
        return run.finish()
    }

    /// Every instance that starts in `[from, to)`, sorted by start, UID and recurrence instant.
    /// Throws the first problem (unknown TZID, unreadable value or rule, too many instances).
    public func instances(from: Int, to: Int) throws(ICalError) -> [EventInstance] {
        let expansion = expand(from: from, to: to)
        if let first = expansion.problems.first { throw first }
        return expansion.instances
    }
}
