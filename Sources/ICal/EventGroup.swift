/// The VEVENTs sharing one UID: masters (no RECURRENCE-ID) and their overrides.
struct EventGroup {
    var uid: String
    var masters: [ICalComponent] = []
    var overrides: [ICalComponent] = []

    /// Groups `events` by UID in order of first appearance.
    static func byUID(_ events: [ICalComponent]) -> [EventGroup] {
        var groups: [EventGroup] = []
        var index: [String: Int] = [:]
        for event in events {
            let uid = event.property("UID")?.text ?? ""
            let i: Int
            if event.property("UID") == nil {
                // No UID (invalid, but written): each such event stands alone.
                i = groups.count
                groups.append(EventGroup(uid: uid))
            } else if let known = index[uid] {
                i = known
            } else {
                i = groups.count
                index[uid] = i
                groups.append(EventGroup(uid: uid))
            }
            if event.property("RECURRENCE-ID") == nil {
                groups[i].masters.append(event)
            } else {
                groups[i].overrides.append(event)
            }
        }
        return groups
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
            result += Override.apply(overrides.map { $0.matching(series) }, to: occurrences, series: series, covered: covered)
        }
        guard masters.count > 1 else { return result }
        // Several masters with one UID (invalid, but written): each override counts once.
        var seen = Set<[Int]>()
        return result.filter { seen.insert([$0.recurrenceInstant, $0.start, $0.isOverride ? 1 : 0]).inserted }
    }
}
