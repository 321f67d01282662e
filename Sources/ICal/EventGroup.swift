/// The VEVENTs sharing one UID: masters (no RECURRENCE-ID) and their overrides.
struct EventGroup {
    var uid: String
    var masters: [ICalComponent] = []
    var overrides: [ICalComponent] = []

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
            var group = EventGroup(uid: events[first].property("UID")?.text ?? "")
            var e = first
            while e >= 0 {
                if events[e].property("RECURRENCE-ID") == nil {
                    group.masters.append(events[e])
                } else {
                    group.overrides.append(events[e])
                }
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
        let overrides = try Override.read(overrides, catalog: catalog)
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
