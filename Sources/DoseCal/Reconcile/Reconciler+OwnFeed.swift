import ICal

extension Reconciler {
    /// The schedule's feed as a reader of its text gets it, from the tree `build` gives
    /// (`ParsedCalendar(readingBuilt:)`): nothing is written or parsed. When the records show the
    /// feed is the base (`oursIsBase`), nothing is built; when the feed is the base but for its
    /// time stamps (`isBase(_:_:)`), nothing more is read. Then the base's reading is that reading
    /// (`isBase`).
    func ownReading(building build: () -> Feed) -> (calendar: ReturnedCalendar, isBase: Bool) {
        if let base, oursIsBase { return (base, true) }
        let reading = ParsedCalendar(readingBuilt: build().calendar)
        if let base, Reconciler.isBase(base, reading) { return (base, true) }
        return (ReturnedCalendar(reading), false)
    }

    /// Whether `reading` (the schedule's feed as read) is `base` but for the values of DTSTAMP
    /// and LAST-MODIFIED, which nothing compared reads: the same calendar properties, the same
    /// VTIMEZONEs in the same order, and the same events, each matched by UID and RECURRENCE-ID.
    /// A base with anything a reading of the feed cannot have (warnings, left-out properties,
    /// events without UID, splits) is not.
    static func isBase(_ base: ReturnedCalendar, _ reading: ParsedCalendar) -> Bool {
        guard let root = reading.calendar, reading.components.count == 1, base.warnings.isEmpty, base.dropped.isEmpty,
            base.eventsWithoutUID.isEmpty, base.splits.isEmpty, base.properties == root.properties
        else { return false }
        var (zones, events) = (0, 0)
        // The base's series are read in place: a copy of one retains all it holds.
        let same = base.series.withUnsafeBufferPointer { series in
            root.components.allSatisfy { c in
                switch c.name {
                case "VTIMEZONE":
                    guard zones < base.timezones.count, base.timezones[zones] == c else { return false }
                    zones += 1
                    return true
                case "VEVENT":
                    guard let uid = c.property("UID")?.value, let i = base.positions[uid] else { return false }
                    events += 1
                    guard let rid = c.property("RECURRENCE-ID") else {
                        return series[i].master.map { sameApartFromStamps($0.component, c) } ?? false
                    }
                    return series[i].overrides.contains {
                        $0.component.property("RECURRENCE-ID") == rid && sameApartFromStamps($0.component, c)
                    }
                default: return false
                }
            }
        }
        let baseEvents = base.series.reduce(0) { $0 + ($1.master == nil ? 0 : 1) + $1.overrides.count }
        return same && zones == base.timezones.count && events == baseEvents
    }

    /// Two events are the same but for the values of their DTSTAMP and LAST-MODIFIED properties.
    static func sameApartFromStamps(_ a: ICalComponent, _ b: ICalComponent) -> Bool {
        guard a.name == b.name, a.properties.count == b.properties.count, a.components == b.components else { return false }
        for i in a.properties.indices where a.properties[i] != b.properties[i] {
            let (p, q) = (a.properties[i], b.properties[i])
            guard p.name == q.name, p.parameters == q.parameters, p.name == "DTSTAMP" || p.name == "LAST-MODIFIED" else {
                return false
            }
        }
        return true
    }
}
