public import ICal

/// One VEVENT of a returned calendar, its times normalised (`ReturnedTime`) in the context of
/// its series: a master (no RECURRENCE-ID) or an override.
public struct ReturnedEvent: Sendable, Hashable {
    /// The component as parsed.
    public var component: ICalComponent
    public var uid: String
    /// DTSTART as written (TZID not rewritten).
    public var start: DateTimeValue?
    /// DTSTART normalised.
    public var startTime: ReturnedTime?
    /// The IANA zone of DTSTART's TZID (after `ZoneName`), nil when floating, UTC, all-day or
    /// unknown.
    public var zone: String?
    /// RECURRENCE-ID normalised (read in the master's zone when floating): overrides only.
    public var recurrenceID: ReturnedTime?
    /// `RANGE=THISANDFUTURE` on the RECURRENCE-ID.
    public var thisAndFuture: Bool
    /// RRULE as written, and parsed (nil when `RecurrenceRule` cannot hold it).
    public var ruleText: String?
    public var rule: RecurrenceRule?
    /// UNTIL in DTSTART's form (`RecurrenceRule.normalizedUntil(for:)`) and normalised.
    public var until: ReturnedTime?
    /// Length in seconds, from DURATION or DTEND − DTSTART (Google rewrites one as the other).
    public var durationSeconds: Int?
    /// Every EXDATE item (each line, each comma item), normalised, de-duplicated, sorted.
    public var exceptionDates: [ReturnedTime]
    /// Every RDATE item, normalised like EXDATE (periods keep their start).
    public var recurrenceDates: [ReturnedTime]
    public var summary: String?
    /// STATUS:CANCELLED (Google's API and invitations delete occurrences this way).
    public var isCancelled: Bool
    /// RELATED-TO values by RELTYPE (upper-cased; `PARENT` when absent).
    public var relations: [String: [String]]
    public var alarms: ReturnedAlarms
    /// Line of BEGIN:VEVENT.
    public var line: Int?

    /// The series is all-day (DTSTART is a DATE).
    public var isAllDay: Bool {
        if case .date? = start { return true }
        return false
    }

    /// Reads `event`; `seriesZone`/`seriesAllDay` come from the master (for overrides) and
    /// `calendarZone` is the calendar's X-WR-TIMEZONE (normalised), used for floating values
    /// when the series has no zone. `rules` remembers the reading of each RRULE text (a calendar
    /// repeats a few rule texts thousands of times).
    init(
        _ event: ICalComponent, uid: String, seriesZone: String?, seriesAllDay: Bool?, calendarZone: String?,
        rules: inout [String: RecurrenceRule?]
    ) {
        component = event
        self.uid = uid
        line = event.line
        let start = event.property("DTSTART").flatMap(DateTimeValue.init(property:))
        self.start = start
        var zone: String? = nil
        if case .zoned(_, let tzid)? = start { zone = ZoneName.ianaIdentifier(for: tzid) }
        self.zone = zone
        var allDay = seriesAllDay ?? false
        if seriesAllDay == nil, case .date? = start { allDay = true }
        let floatingZone = seriesZone ?? zone ?? calendarZone
        let read: (DateTimeValue) -> ReturnedTime = { ReturnedTime($0, floatingZone: floatingZone, allDay: allDay) }
        startTime = start.map { ReturnedTime($0, floatingZone: zone ?? calendarZone) }
        if let rid = event.property("RECURRENCE-ID"), let value = DateTimeValue(property: rid) {
            recurrenceID = read(value)
            thisAndFuture = rid.parameter("RANGE")?.uppercased() == "THISANDFUTURE"
        } else {
            recurrenceID = nil
            thisAndFuture = false
        }
        ruleText = event.property("RRULE")?.value
        rule = ruleText.flatMap { text in
            if let known = rules[text] { return known }
            let read = RecurrenceRule(parsing: text)
            rules[text] = .some(read)
            return read
        }
        if let rule, let start, let u = rule.normalizedUntil(for: start) {
            // An all-day series' UTC UNTIL is a local midnight: read it like any UTC value on it.
            if allDay, case .utc? = rule.until { until = read(rule.until!) } else { until = read(u) }
        } else {
            until = nil
        }
        durationSeconds = ReturnedEvent.duration(event, start: start, read: read)
        exceptionDates = ReturnedEvent.dateList(event.properties(named: "EXDATE"), read: read)
        recurrenceDates = ReturnedEvent.dateList(event.properties(named: "RDATE"), read: read)
        summary = event.property("SUMMARY")?.text
        isCancelled = event.property("STATUS")?.value.uppercased() == "CANCELLED"
        var relations: [String: [String]] = [:]
        for r in event.properties(named: "RELATED-TO") {
            relations[(r.parameter("RELTYPE") ?? "PARENT").uppercased(), default: []].append(r.value)
        }
        self.relations = relations
        alarms = ReturnedAlarms(of: event)
    }

    /// EXDATE/RDATE lines: every comma item, each with its line's TZID and VALUE, normalised.
    static func dateList(_ properties: [ICalProperty], read: (DateTimeValue) -> ReturnedTime) -> [ReturnedTime] {
        var seen = Set<ReturnedTime>()
        for p in properties {
            for (_, value) in items(of: p) { if let value { seen.insert(read(value)) } }
        }
        return seen.sorted()
    }

    /// Every comma item of an EXDATE, RDATE or RECURRENCE-ID line, with its value read in the
    /// line's TZID and VALUE (nil when it is no date or date-time); a PERIOD (`start/end`,
    /// `start/duration`) counts by its start.
    static func items(of property: ICalProperty) -> [(text: Substring, value: DateTimeValue?)] {
        let tzid = property.parameter("TZID")
        return property.value.split(separator: ",").map { item in
            (item, DateTimeValue(parsing: item.split(separator: "/").first ?? item, tzid: tzid))
        }
    }

    static func duration(_ event: ICalComponent, start: DateTimeValue?, read: (DateTimeValue) -> ReturnedTime) -> Int? {
        if let d = event.property("DURATION").flatMap({ ICalDuration(parsing: $0.value) }) { return d.seconds }
        guard let start, let end = event.property("DTEND").flatMap(DateTimeValue.init(property:)) else { return nil }
        switch (start, end) {
        case (.date(let a), .date(let b)): return a.days(to: b) * 86_400
        case (.floating(let a), .floating(let b)), (.utc(let a), .utc(let b)): return b.secondsSinceEpoch - a.secondsSinceEpoch
        case (.zoned(let a, let za), .zoned(let b, let zb)) where za == zb: return b.secondsSinceEpoch - a.secondsSinceEpoch
        default:
            if case .instant(let a) = read(start), case .instant(let b) = read(end) { return b - a }
            return nil
        }
    }
}
