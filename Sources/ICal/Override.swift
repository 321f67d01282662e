/// A VEVENT with a RECURRENCE-ID: it replaces the instance whose start INSTANT equals its
/// RECURRENCE-ID (whatever form either is written in), and with RANGE=THISANDFUTURE also shifts
/// every later instance by the same local-time (or, across zones, instant) difference.
struct Override {
    var recurrence: ReadTime
    var start: ReadTime
    var thisAndFuture: Bool
    var sequence: Int
    var line: Int?
    var span: EventSpan
    var summary: String?

    /// Reads the overrides; for one RECURRENCE-ID instant the highest SEQUENCE (then the last) wins.
    static func read(_ components: [ICalComponent], catalog: ZoneCatalog) throws(ICalError) -> [Override] {
        var byInstant: [Int: Override] = [:]
        var order: [Int] = []
        for c in components {
            guard let rid = c.property("RECURRENCE-ID"), let recurrence = try catalog.readFirst(rid) else { continue }
            let start = try c.property("DTSTART").flatMap { p throws(ICalError) in try catalog.readFirst(p) } ?? recurrence
            let range = rid.parameter("RANGE")?.uppercased() == "THISANDFUTURE"
            let sequence = c.property("SEQUENCE").flatMap { Int($0.value) } ?? 0
            let override = Override(
                recurrence: recurrence, start: start, thisAndFuture: range, sequence: sequence, line: c.line,
                span: EventSpan(c, start: start, catalog: catalog), summary: c.property("SUMMARY")?.text)
            if let existing = byInstant[recurrence.instant] {
                if sequence >= existing.sequence { byInstant[recurrence.instant] = override }
            } else {
                byInstant[recurrence.instant] = override
                order.append(recurrence.instant)
            }
        }
        return order.map { byInstant[$0]! }
    }

    /// The instance this override defines on its own.
    func instance(uid: String) -> EventInstance {
        EventInstance(
            uid: uid, recurrenceInstant: recurrence.instant, start: start.instant, local: start.local,
            zoneID: start.rules.identifier,
            isAllDay: start.isDate, isOverride: true, resolution: start.kind, line: line, end: span.end(of: start),
            summary: summary)
    }

    /// This override as `series` reads it: on an all-day series a DATE-TIME RECURRENCE-ID names the
    /// occurrence on its local date (Exchange writes `RECURRENCE-ID;TZID=...:20260226T000000`); on a
    /// TZID or UTC series a floating RECURRENCE-ID is the series' own wall-clock time.
    func matching(_ series: Series) -> Override {
        var copy = self
        if series.start.isDate, !recurrence.isDate {
            let midnight = LocalDateTime(date: recurrence.local.date, time: LocalTime(hour: 0, minute: 0)!)
            copy.recurrence = ReadTime(midnight, in: series.start.rules, isDate: true)
        } else if series.start.isAnchored, recurrence.isFloating {
            copy.recurrence = ReadTime(recurrence.local, in: series.start.rules, isDate: false)
        }
        return copy
    }

    /// `occurrences` of `series` with `overrides` applied: replaced ones dropped, later ones of a
    /// THISANDFUTURE override shifted, and every override's own instance added, except overrides of
    /// an EXDATE'd occurrence (the deletion wins) and stale ones: a lower SEQUENCE than the master
    /// and no occurrence in `covered` (the master was edited after it, e.g. UNTIL cut it short).
    static func apply(_ overrides: [Override], to occurrences: Occurrences, series: Series, covered: Range<Int>)
        -> [EventInstance]
    {
        var plain = PlainInstances(series)
        var result: [EventInstance] = []
        result.reserveCapacity(occurrences.items.count + overrides.count)
        guard !overrides.isEmpty else {
            for occurrence in occurrences.items { result.append(plain.instance(occurrence, in: occurrences)) }
            return result
        }
        let overrides = overrides.filter { o in
            !series.exclusions.excludes(o.recurrence)
                && !(o.sequence < series.sequence && covered.contains(o.recurrence.instant)
                    && !occurrences.contains(instant: o.recurrence.instant))
        }
        let exact = Set(overrides.map(\.recurrence.instant))
        let futures = overrides.filter(\.thisAndFuture).sorted { $0.recurrence.instant < $1.recurrence.instant }
        for occurrence in occurrences.items where !exact.contains(occurrence.instant) {
            guard let future = futures.last(where: { $0.recurrence.instant <= occurrence.instant }) else {
                result.append(plain.instance(occurrence, in: occurrences))
                continue
            }
            result.append(future.shifted(occurrences.readTime(occurrence), uid: series.uid))
        }
        for o in overrides { result.append(o.instance(uid: series.uid)) }
        return result
    }

    /// `apply` without overrides, each instance handed to `body` as it is made: one instance value
    /// is kept and only its times are changed from one RRULE occurrence to the next, so the
    /// series' texts (UID, zone, SUMMARY) are neither copied nor retained per instance.
    static func forEachPlain(of occurrences: Occurrences, series: Series, _ body: (EventInstance) -> Void) {
        var plain = PlainInstances(series)
        var instance = plain.template
        for occurrence in occurrences.items {
            if occurrence.read != nil {
                body(plain.instance(occurrence, in: occurrences))
            } else {
                plain.set(&instance, to: occurrence)
                body(instance)
            }
        }
    }

    /// The instances of a series' occurrences that no override touches.
    private struct PlainInstances {
        let series: Series
        /// Resolves the ends of multi-day instances in DTSTART's zone.
        var resolver: ZoneResolver.Steady

        init(_ series: Series) {
            self.series = series
            resolver = ZoneResolver.Steady(series.start.rules)
        }

        /// An instance with the series' texts and flags; its times are DTSTART's until `set`.
        var template: EventInstance {
            EventInstance(
                uid: series.uid, recurrenceInstant: series.start.instant, start: series.start.instant,
                local: series.start.local, zoneID: series.zoneID, isAllDay: series.start.isDate, line: series.line,
                summary: series.summary)
        }

        /// Gives `instance` (made by `template`) the times of an RRULE occurrence.
        mutating func set(_ instance: inout EventInstance, to occurrence: Occurrence) {
            instance.recurrenceInstant = occurrence.instant
            instance.start = occurrence.instant
            instance.local = LocalDateTime(secondsSinceEpoch: occurrence.local)
            instance.resolution = occurrence.kind
            instance.end = series.span.end(instant: occurrence.instant, local: occurrence.local, resolver: &resolver)
        }

        mutating func instance(_ occurrence: Occurrence, in occurrences: Occurrences) -> EventInstance {
            guard occurrence.read == nil else { return Override.plain(occurrences.readTime(occurrence), of: series) }
            var instance = template
            set(&instance, to: occurrence)
            return instance
        }
    }

    /// An occurrence of `series` that no override touches.
    fileprivate static func plain(_ occurrence: ReadTime, of series: Series) -> EventInstance {
        EventInstance(
            uid: series.uid, recurrenceInstant: occurrence.instant, start: occurrence.instant, local: occurrence.local,
            zoneID: occurrence.rules.identifier, isAllDay: occurrence.isDate, resolution: occurrence.kind,
            line: series.line, end: series.span.end(of: occurrence), summary: series.summary)
    }

    /// `occurrence` moved as this THISANDFUTURE override moved its own instance.
    func shifted(_ occurrence: ReadTime, uid: String) -> EventInstance {
        let moved: ReadTime
        if start.rules.identifier == recurrence.rules.identifier, start.rules.identifier == occurrence.rules.identifier {
            let delta = start.local.secondsSinceEpoch - recurrence.local.secondsSinceEpoch
            moved = ReadTime(occurrence.local.adding(seconds: delta), in: occurrence.rules, isDate: occurrence.isDate)
        } else {
            let instant = occurrence.instant + start.instant - recurrence.instant
            moved = ReadTime(
                local: start.rules.wallClock(at: instant), rules: start.rules, instant: instant, kind: .normal,
                isDate: start.isDate)
        }
        return EventInstance(
            uid: uid, recurrenceInstant: occurrence.instant, start: moved.instant, local: moved.local,
            zoneID: moved.rules.identifier,
            isAllDay: moved.isDate, isOverride: true, resolution: moved.kind, line: line, end: span.end(of: moved),
            summary: summary)
    }
}
