/// One master VEVENT's recurrence set: DTSTART, RRULEs (expanded by `RecurrencePattern` in floating
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
    }

    /// Occurrences (recurrence-set members) whose instants may fall in `[from, to)`, by instant.
    func occurrences(catalog: ZoneCatalog, from: Int, to: Int, limit: Int) throws(ICalError) -> [ReadTime] {
        // An instant is local - offset with |offset| < 15 h: no local time past this bound is before `to`.
        let bound = LocalDateTime(secondsSinceEpoch: to + Series.maxOffset)
        let keep = LocalDateTime(secondsSinceEpoch: from - 2 * Series.maxOffset)
        var all = [start]
        for rule in master.properties(named: "RRULE") {
            guard let pattern = RecurrencePattern(rrule: rule.value) else {
                throw .invalidValue(
                    property: "RRULE", value: rule.value, line: rule.line, expected: "an RFC 5545 recurrence rule")
            }
            let until = pattern.until?.value
            let locals: [LocalDateTime]
            do {
                locals = try pattern.localStarts(
                    from: start.local, isDate: start.isDate, in: keep...max(keep, min(bound, untilBound(until))), limit: limit)
            } catch {
                throw .tooManyInstances(uid: uid, line: line, limit: limit)
            }
            for local in locals {
                let occurrence = ReadTime(local, in: start.rules, isDate: start.isDate)
                if let until, !RuleText.within(until, local: local, instant: occurrence.instant, isDate: start.isDate) { break }
                all.append(occurrence)
            }
        }
        for property in master.properties(named: "RDATE") { all += try catalog.read(property) }
        var seen = Set<Int>()
        var result: [ReadTime] = []
        for occurrence in all where occurrence.instant >= from - Series.maxOffset && occurrence.instant < to {
            guard !exclusions.excludes(occurrence), seen.insert(occurrence.instant).inserted else { continue }
            result.append(occurrence)
        }
        if result.count > limit { throw .tooManyInstances(uid: uid, line: line, limit: limit) }
        return result.sorted { $0.instant < $1.instant }
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
            for value in try catalog.read(property) {
                if value.isDate || series.isDate { dates.insert(value.local.date) }
                if !value.isDate { instants.insert(value.instant) }
                if value.isFloating && series.isAnchored { locals.insert(value.local) }
            }
        }
    }

    func excludes(_ occurrence: ReadTime) -> Bool {
        instants.contains(occurrence.instant) || dates.contains(occurrence.local.date) || locals.contains(occurrence.local)
    }
}
