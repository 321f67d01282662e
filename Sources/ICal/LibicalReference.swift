/// What libical 3.0.16's OWN zone-aware expansion gives for a VEVENT, for comparison with
/// `CalendarExpander`: DTSTART carries libical's built-in zone of its TZID
/// (`icaltimezone_get_builtin_timezone`, prefixed TZIDs mapped to IANA first), the RRULE is
/// iterated with that zoned start (`icalrecur_iterator_new`/`_next`, UNTIL left to libical) and
/// each occurrence, RDATE and EXDATE is converted to UTC with `icaltime_as_timet_with_zone`
/// (with an RRULE the iterator yields DTSTART, normalised, first; without one DTSTART is converted).
/// This reproduces libical's defects on purpose (time-semantics.md §3: the iterator keeps a
/// shifted hour, gap times come out an hour early, overlap times pick the second instance).
/// Overrides (RECURRENCE-ID) are not applied. Floating and DATE values are read in `viewerZone`.
public enum LibicalReference {
    /// The start instants in `[from, to)`, ascending, without duplicates; empty when DTSTART is
    /// missing or unreadable, when libical does not know the zone, or the rule is invalid. Each
    /// rule takes at most `stepLimit` iterator steps, and at most what is left of `budget` (which
    /// is charged the steps taken). With `shared`, rules that differ only in DTSTART's wall time
    /// and UNTIL share one walk of libical's iterator where that gives what each would yield.
    public static func instances(
        of event: ICalComponent, from: Int, to: Int, viewerZone: Zone = .utc, stepLimit: Int = 1_000_000,
        budget: ExpansionBudget? = nil, shared: LibicalSharedDays? = nil
    ) -> [Int] {
        guard let dtstart = event.property("DTSTART"), let start = DateTimeValue(property: dtstart) else { return [] }
        return Libical.withLock {
            let found = shared?.zone(of: start, viewerZone: viewerZone, builtinZone)
            guard let zone = found ?? builtinZone(start, viewerZone: viewerZone) else { return [] }
            // Collected as they come, then sorted without duplicates (what a set of them gives).
            var instants: [Int] = []
            let first = LibicalTime(start.localDateTime, isDate: start.isDate, zone: zone)
            let rules = event.properties(named: "RRULE")
            // With a rule, libical's iterator yields DTSTART itself (normalised) first.
            if rules.isEmpty { instants.append(first.instant(in: zone)) }
            for rule in rules {
                guard let iterator = LibicalRuleIterator(rule: rule.value, start: first, withoutUntil: false) else { return [] }
                let day = LocalDateTime(secondsSinceEpoch: from).date.adding(days: -2)
                let steps = budget?.limit(stepLimit) ?? stepLimit
                var taken = 0
                defer { budget?.charge(taken) }
                if let days = shared,
                    let derived = days.instants(of: iterator, rule: rule.value, toward: day, to: to, steps: steps, taken: &taken)
                {
                    instants += derived
                    continue
                }
                // Start near the window where that yields what stepping from DTSTART yields.
                iterator.skip(toward: day)
                while taken < steps {
                    taken += 1
                    guard let next = iterator.next() else { break }
                    let instant = next.instant(in: zone, shared: shared)
                    if instant >= to { break }
                    instants.append(instant)
                }
            }
            for rdate in event.properties(named: "RDATE") { instants += convert(rdate, viewerZone: viewerZone) }
            let excluded = Set(event.properties(named: "EXDATE").flatMap { convert($0, viewerZone: viewerZone) })
            return ascendingUnique(instants) { $0 >= from && $0 < to && !excluded.contains($0) }
        }
    }

    /// The instants `keep` keeps, ascending, each once.
    static func ascendingUnique(_ instants: [Int], keeping keep: (Int) -> Bool) -> [Int] {
        var result = instants.filter(keep)
        result.sort()
        var count = 0
        for i in result.indices where count == 0 || result[i] != result[count - 1] {
            result[count] = result[i]
            count += 1
        }
        result.removeLast(result.count - count)
        return result
    }

    /// libical's zone for a value: built-in zone of the TZID, UTC, or the viewer's zone. Caller holds the lock.
    static func builtinZone(_ value: DateTimeValue, viewerZone: Zone) -> LibicalZone? {
        switch value {
        case .utc: return .utc
        case .zoned(_, let tzid):
            let name = Zone(tzid: tzid)?.identifier ?? tzid
            return name == "UTC" ? .utc : .builtin(name)
        case .floating, .date:
            return viewerZone.identifier == "UTC" ? .utc : .builtin(viewerZone.identifier)
        }
    }

    /// The occurrence an override (a VEVENT with RECURRENCE-ID) replaces and where it starts
    /// instead, both as libical converts them (`icaltime_as_timet_with_zone` in libical's
    /// built-in zone of each TZID); nil when either cannot be read.
    public static func move(of override: ICalComponent, viewerZone: Zone = .utc) -> (from: Int, to: Int)? {
        guard let id = override.property("RECURRENCE-ID"), let start = override.property("DTSTART") else { return nil }
        return Libical.withLock {
            guard let from = convert(id, viewerZone: viewerZone).first, let to = convert(start, viewerZone: viewerZone).first
            else { return nil }
            return (from, to)
        }
    }

    /// The instants of an RDATE/EXDATE property as libical converts them. Caller holds the lock.
    private static func convert(_ property: ICalProperty, viewerZone: Zone) -> [Int] {
        RuleText.listValues(property.value).compactMap { text -> Int? in
            guard let value = DateTimeValue(parsing: text, tzid: property.parameter("TZID")),
                let zone = builtinZone(value, viewerZone: viewerZone)
            else { return nil }
            return LibicalTime(value.localDateTime, isDate: value.isDate, zone: zone).instant(in: zone)
        }
    }
}
