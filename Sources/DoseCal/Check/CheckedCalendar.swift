public import ICal

/// The calendar `check` looks at: dosecal's own feed of the schedule, or a calendar read from a
/// file (the caller parses it).
public struct CheckedCalendar: Sendable {
    /// How the report names it ("dosecal's feed of the schedule", or the file's name).
    public var label: String
    public var calendar: ICalComponent
    /// What was wrong in the file but read anyway, each naming the file and line.
    public var warnings: [String]

    public init(label: String, calendar: ICalComponent, warnings: [String] = []) {
        self.label = label
        self.calendar = calendar
        self.warnings = warnings
    }

    /// dosecal's feed of `schedule` as a client reads its text (`ParsedCalendar(readingBuilt:)`,
    /// held to the parse of that text by tests; decision 0330): nothing is written or parsed. A
    /// file the feed was written to is checked with `--calendar`.
    public static func feed(of schedule: Schedule, now: Int) -> CheckedCalendar {
        let reading = ParsedCalendar(readingBuilt: FeedBuilder(schedule: schedule, now: now).build().calendar)
        return CheckedCalendar(label: "dosecal's feed of the schedule", calendar: reading.components[0])
    }

    /// Start instants per UID, by dosecal's expander (RFC 5545 reading), the events it could not
    /// expand, and what the budget left out (`cut`: the UIDs, and the instant from which nothing
    /// was expanded when the window is longer than the budget's span).
    func instances(
        in window: Range<Int>, viewerZone: Zone, budget: ExpansionBudget
    ) -> (byUID: [String: [Int]], problems: [ICalError], cut: (uids: Set<String>, until: Int?)) {
        // Each UID's starts ascending, as from the sorted expansion, without sorting the
        // instances by start and UID first.
        var byUID: [String: [Int]] = [:]
        let expansion = CalendarExpander(components: [calendar], viewerZone: viewerZone, budget: budget)
            .forEachGroup(from: window.lowerBound, to: window.upperBound) { group in
                var i = group.startIndex
                while i < group.endIndex {
                    let uid = group[i].uid
                    var starts: [Int] = []
                    while i < group.endIndex && group[i].uid == uid {
                        starts.append(group[i].start)
                        i += 1
                    }
                    byUID[uid, default: []] += starts
                }
            }
        var cut = Set<String>()
        for (uid, error) in expansion.failures { if case .budgetExceeded = error { cut.insert(uid) } }
        let longer = expansion.problems.contains { if case .windowTooLong = $0 { true } else { false } }
        return (byUID.mapValues { $0.sorted() }, expansion.problems, (cut, longer ? window.lowerBound + budget.maxSpan : nil))
    }

    /// Start instants per UID, by libical 3.0.16's own zone-aware expansion, each override
    /// (RECURRENCE-ID) moving the occurrence it names to its DTSTART as libical reads both;
    /// bounded by `budget` (one of its own, as large as the command's), and the UIDs it left out
    /// in whole or in part when the budget ran out. `progress` hears (events done, events) after
    /// each event.
    func libicalInstances(
        in window: Range<Int>, viewerZone: Zone, budget: ExpansionBudget, progress: (Int, Int) -> Void
    ) -> (byUID: [String: [Int]], cut: Set<String>) {
        let shared = LibicalSharedDays()
        var result: [String: [Int]] = [:]
        var cut = Set<String>()
        let all = calendar.components(named: "VEVENT")
        let events = all.filter { $0.property("RECURRENCE-ID") == nil }
        for (i, event) in events.enumerated() {
            progress(i + 1, events.count)
            guard let uid = event.property("UID")?.value else { continue }
            guard budget.remaining > 0 else {
                cut.insert(uid)
                continue
            }
            result[uid, default: []] += LibicalReference.instances(
                of: event, from: window.lowerBound, to: window.upperBound, viewerZone: viewerZone, budget: budget,
                shared: shared)
            // The budget ran out during this event: its instants may stop short.
            if budget.remaining == 0 { cut.insert(uid) }
        }
        for o in all where o.property("RECURRENCE-ID") != nil && o.property("STATUS")?.value.uppercased() != "CANCELLED" {
            guard let uid = o.property("UID")?.value, var instants = result[uid],
                let move = LibicalReference.move(of: o, viewerZone: viewerZone)
            else { continue }
            if let k = instants.firstIndex(of: move.from) { instants.remove(at: k) }
            if window.contains(move.to) { instants.append(move.to) }
            result[uid] = instants.sorted()
        }
        return (result, cut)
    }
}
