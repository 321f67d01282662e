/// The VEVENTs sharing one UID: masters (no RECURRENCE-ID) and their overrides.
struct EventGroup {
    var uid: String
    var masters: [ICalComponent] = []
    var overrides: [ICalComponent] = []

    /// The group of `events` (one UID; the first event's names it).
    init(events: [ICalComponent]) {
        uid = events.first?.property("UID")?.text ?? ""
        for event in events { add(event) }
    }

    /// Adds an event of the group: a master, or an override when it has a RECURRENCE-ID.
    mutating func add(_ event: ICalComponent) {
        if event.property("RECURRENCE-ID") == nil { masters.append(event) } else { overrides.append(event) }
    }

    /// Hands each UID group of `events` to `body` in order of first appearance, one at a time:
    /// only the grouping (an index per event) is kept, never every group's arrays at once.
    static func forEach(byUID events: [ICalComponent], _ body: (EventGroup) -> Void) {
        var firsts: [Int] = []  // the index of each group's first event
        var next = [Int](repeating: -1, count: events.count)  // the group's next event, -1 at its end
        var last: [Int] = []  // each group's last event so far
        var index: [String: Int] = [:]
        for (e, event) in events.enumerated() {
            // No UID (invalid, but written): each such event stands alone.
            let uid = event.property("UID")?.text
            if let uid, let g = index[uid] {
                next[last[g]] = e
                last[g] = e
                continue
            }
            if let uid { index[uid] = firsts.count }
            firsts.append(e)
            last.append(e)
        }
        index = [:]
        last = []
        for first in firsts {
            var group = EventGroup(events: [events[first]])
            var e = next[first]
            while e >= 0 {
                group.add(events[e])
                e = next[e]
            }
            body(group)
        }
    }

    /// The instances of the group that may start in `[from, to)`, or with `overlapping` may
    /// overlap it (callers filter exactly).
    func instances(catalog: ZoneCatalog, from: Int, to: Int, limit: Int, overlapping: Bool = false) throws(ICalError)
        -> [EventInstance]
    {
        try instances(
            read: try Override.read(overrides, catalog: catalog), catalog: catalog, from: from, to: to, limit: limit,
            overlapping: overlapping)
    }

    /// The instances `instances(catalog:from:to:limit:overlapping:)` gives, handed to `body` one at
    /// a time, in the same order; returns how many there were (what the budget is charged). A
    /// single master without overrides (the common case) streams its occurrences: no array of
    /// instances is made and its texts are not copied per instance. Throws before `body` is called.
    func forEachInstance(
        catalog: ZoneCatalog, from: Int, to: Int, limit: Int, overlapping: Bool, _ body: (EventInstance) -> Void
    ) throws(ICalError) -> Int {
        let overrides = try Override.read(overrides, catalog: catalog)
        guard overrides.isEmpty, masters.count == 1 else {
            let all = try instances(
                read: overrides, catalog: catalog, from: from, to: to, limit: limit, overlapping: overlapping)
            for instance in all { body(instance) }
            return all.count
        }
        let series = try Series(master: masters[0], uid: uid, catalog: catalog)
        let lead = overlapping ? series.span.bound : 0
        let occurrences = try series.occurrences(catalog: catalog, from: from - lead, to: to, limit: limit)
        Override.forEachPlain(of: occurrences, series: series, body)
        return occurrences.items.count
    }

    /// `instances(catalog:from:to:limit:overlapping:)` with the overrides already read.
    private func instances(
        read overrides: [Override], catalog: ZoneCatalog, from: Int, to: Int, limit: Int, overlapping: Bool
    ) throws(ICalError) -> [EventInstance] {
        if masters.isEmpty {
            return overrides.map { $0.instance(uid: uid) }
        }
        var result: [EventInstance] = []
        let margin = overrides.filter(\.thisAndFuture).map { abs($0.start.instant - $0.recurrence.instant) }.max() ?? 0
        for master in masters {
            let series = try Series(master: master, uid: uid, catalog: catalog)
            let lead = overlapping ? ([series.span.bound] + overrides.map(\.span.bound)).max()! : 0
            let occurrences = try series.occurrences(
                catalog: catalog, from: from - margin - lead, to: to + margin, limit: max(0, limit - result.count))
            let covered = (from - margin - Series.maxOffset)..<(to + margin)
            let instances = Override.apply(
                overrides.map { $0.matching(series) }, to: occurrences, series: series, covered: covered)
            if masters.count == 1 { return instances }
            result += instances
        }
        guard masters.count > 1 else { return result }
        // Several masters with one UID (invalid, but written): each override counts once.
        var seen = Set<[Int]>()
        return result.filter { seen.insert([$0.recurrenceInstant, $0.start, $0.isOverride ? 1 : 0]).inserted }
    }
}
