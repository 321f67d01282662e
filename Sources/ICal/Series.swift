/// One master VEVENT's recurrence set: DTSTART, RRULEs (expanded by `RecurrenceRule` in floating
/// local time, UNTIL applied here), RDATEs, minus EXDATEs, each resolved to an instant in the zone its
/// value names.
struct Series {
    var uid: String
    var line: Int?
    var start: ReadTime
    var master: ICalComponent
    var sequence: Int
    var exclusions: Exclusions
    var span: EventSpan
    var summary: String?
    /// The identifier of DTSTART's zone (the zone of every RRULE occurrence).
    var zoneID: String

    /// More than any UTC offset (±14 h): the margin between local times and instants.
    static let maxOffset = 15 * 3600

    init(master: ICalComponent, uid: String, catalog: ZoneCatalog) throws(ICalError) {
        guard let property = master.property("DTSTART"), let value = DateTimeValue(property: property) else {
            throw .invalidValue(
                property: "DTSTART", value: master.property("DTSTART")?.value ?? "",
                line: master.property("DTSTART")?.line ?? master.line,
                expected: "a DATE or DATE-TIME start (every VEVENT needs one)")
        }
        self.uid = uid
        self.line = master.line
        self.master = master
        self.sequence = master.property("SEQUENCE").flatMap { Int($0.value) } ?? 0
        self.start = try catalog.read(value, line: property.line)
        self.exclusions = try Exclusions(master.properties(named: "EXDATE"), catalog: catalog, series: start)
        self.span = EventSpan(master, start: start, catalog: catalog)
        self.summary = master.property("SUMMARY")?.text
        self.zoneID = start.rules.identifier
    }

    /// Occurrences (recurrence-set members) whose instants may fall in `[from, to)`, by instant.
    func occurrences(catalog: ZoneCatalog, from: Int, to: Int, limit: Int) throws(ICalError) -> Occurrences {
        // An instant is local - offset with |offset| < 15 h: no local time past this bound is before `to`.
        let bound = LocalDateTime(secondsSinceEpoch: to + Series.maxOffset)
        let keep = LocalDateTime(secondsSinceEpoch: from - 2 * Series.maxOffset)
        var all = Occurrences(series: self, from: from - Series.maxOffset, to: to)
        all.add(start)
        var resolver = ZoneResolver.Steady(start.rules)
        for rule in master.properties(named: "RRULE") {
            guard let pattern = catalog.pattern(rrule: rule.value) else {
                throw .invalidValue(
                    property: "RRULE", value: rule.value, line: rule.line, expected: "an RFC 5545 recurrence rule")
            }
            let until = pattern.until?.value
            let locals: [Int]
            do {
                locals = try pattern.floatingStarts(
                    from: start.local.secondsSinceEpoch, isDate: start.isDate, lower: keep.secondsSinceEpoch,
                    upper: max(keep, min(bound, untilBound(until))).secondsSinceEpoch, limit: limit)
            } catch {
                throw .tooManyInstances(uid: uid, line: line, limit: limit)
            }
            for local in locals {
                let resolution = resolver.resolve(floating: local)
                if let until,
                    !RuleText.within(
                        until, local: LocalDateTime(secondsSinceEpoch: local), instant: resolution.instant, isDate: start.isDate)
                {
                    break
                }
                all.add(Occurrence(local: local, instant: resolution.instant, kind: resolution.kind))
            }
        }
        for property in master.properties(named: "RDATE") {
            try catalog.forEachValue(property) { all.add($0) }
        }
        all.finish()
        if all.items.count > limit { throw .tooManyInstances(uid: uid, line: line, limit: limit) }
        return all
    }

    /// A local bound no occurrence within UNTIL can pass (UNTIL is UTC, floating or a DATE).
    private func untilBound(_ until: DateTimeValue?) -> LocalDateTime {
        switch until {
        case .utc(let u)?: return u.adding(seconds: Series.maxOffset)
        case .floating(let u)?, .zoned(let u, _)?: return u.adding(seconds: Series.maxOffset)
        case .date(let d)?: return LocalDateTime(date: d.adding(days: 2), time: LocalTime(hour: 0, minute: 0)!)
        case nil: return LocalDateTime(date: LocalDate(year: 9999, month: 12, day: 31)!, time: LocalTime(hour: 0, minute: 0)!)
        }
    }
}

/// The EXDATEs of a series: instants, and dates (a DATE EXDATE removes every occurrence on that
/// local date, also on a timed series; on an all-day series a DATE-TIME EXDATE removes its date),
/// and on a TZID or UTC series floating EXDATEs also by local time (the series' own wall clock).
struct Exclusions {
    var instants = Set<Int>()
    var dates = Set<LocalDate>()
    var locals = Set<LocalDateTime>()

    init(_ properties: [ICalProperty], catalog: ZoneCatalog, series: ReadTime) throws(ICalError) {
        for property in properties {
            try catalog.forEachValue(property) { value in
                if value.isDate || series.isDate { dates.insert(value.local.date) }
                if !value.isDate { instants.insert(value.instant) }
                if value.isFloating && series.isAnchored { locals.insert(value.local) }
            }
        }
    }

    /// Whether nothing is excluded.
    var isEmpty: Bool { instants.isEmpty && dates.isEmpty && locals.isEmpty }

    func excludes(_ occurrence: ReadTime) -> Bool {
        !isEmpty && excludes(instant: occurrence.instant, local: occurrence.local)
    }

    /// Whether the occurrence at `local` (instant `instant`) is excluded.
    func excludes(instant: Int, local: LocalDateTime) -> Bool {
        (!instants.isEmpty && instants.contains(instant)) || (!dates.isEmpty && dates.contains(local.date))
            || (!locals.isEmpty && locals.contains(local))
    }
}
