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
    /// RRULE as written, and read with every part (nil when it is not a valid rule).
    public var ruleText: String?
    public var rule: RecurrenceRule?
    /// `rule` when the schedule model has words for each of its parts
    /// (`RecurrenceRule.fitsScheduleModel`): what reconcile and import map; nil otherwise.
    public var scheduleRule: RecurrenceRule?
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
    /// when the series has no zone. `memo` remembers the reading of each RRULE, DURATION and
    /// TRIGGER text and TZID (a calendar repeats a few of each thousands of times).
    init(
        _ event: ICalComponent, uid: String, seriesZone: String?, seriesAllDay: Bool?, calendarZone: String?,
        memo: inout ReadingMemo
    ) {
        component = event
        self.uid = uid
        line = event.line
        let fields = EventFields(event)
        let start = fields.start.flatMap(DateTimeValue.init(property:))
        self.start = start
        var zone: String? = nil
        if case .zoned(_, let tzid)? = start { zone = memo.zones.identifier(for: tzid) }
        self.zone = zone
        var allDay = seriesAllDay ?? false
        if seriesAllDay == nil, case .date? = start { allDay = true }
        let floatingZone = seriesZone ?? zone ?? calendarZone
        func read(_ value: DateTimeValue) -> ReturnedTime {
            ReturnedTime(value, floatingZone: floatingZone, allDay: allDay, zones: &memo.zones)
        }
        startTime = start.map { ReturnedTime($0, floatingZone: zone ?? calendarZone, allDay: false, zones: &memo.zones) }
        if let rid = fields.recurrenceID, let value = DateTimeValue(property: rid) {
            recurrenceID = read(value)
            thisAndFuture = rid.parameter("RANGE")?.uppercased() == "THISANDFUTURE"
        } else {
            recurrenceID = nil
            thisAndFuture = false
        }
        ruleText = fields.rule?.value
        rule = ruleText.flatMap { memo.rule($0) }
        scheduleRule = rule.flatMap { $0.fitsScheduleModel ? $0 : nil }
        if let rule = scheduleRule, let start, let u = rule.normalizedUntil(for: start) {
            // An all-day series' UTC UNTIL is a local midnight: read it like any UTC value on it.
            if allDay, case .utc(let t)? = rule.until { until = read(.utc(t)) } else { until = read(u) }
        } else {
            until = nil
        }
        if let text = fields.duration?.value, let seconds = memo.seconds(text) {
            durationSeconds = seconds
        } else {
            durationSeconds = ReturnedEvent.length(until: fields.end, from: start, read: read)
        }
        exceptionDates = ReturnedEvent.dateList(fields.exceptionDates, read: read)
        recurrenceDates = ReturnedEvent.dateList(fields.recurrenceDates, read: read)
        summary = fields.summary?.text
        isCancelled = fields.status?.value.uppercased() == "CANCELLED"
        var relations: [String: [String]] = [:]
        for r in fields.relations {
            relations[(r.parameter("RELTYPE") ?? "PARENT").uppercased(), default: []].append(r.value)
        }
        self.relations = relations
        alarms = ReturnedAlarms(of: event, memo: &memo)
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

    /// DTEND − DTSTART in seconds (the length when there is no readable DURATION).
    static func length(until endProperty: ICalProperty?, from start: DateTimeValue?, read: (DateTimeValue) -> ReturnedTime)
        -> Int?
    {
        guard let start, let end = endProperty.flatMap(DateTimeValue.init(property:)) else { return nil }
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

/// The properties of a VEVENT that `ReturnedEvent` reads, found in one pass over its properties:
/// the first of each single one (as `ICalComponent.property(_:)` finds it), every one of the
/// lists in order.
struct EventFields {
    var start: ICalProperty?
    var end: ICalProperty?
    var duration: ICalProperty?
    var recurrenceID: ICalProperty?
    var rule: ICalProperty?
    var summary: ICalProperty?
    var status: ICalProperty?
    var exceptionDates: [ICalProperty] = []
    var recurrenceDates: [ICalProperty] = []
    var relations: [ICalProperty] = []

    init(_ event: ICalComponent) {
        func first(_ p: ICalProperty, _ field: inout ICalProperty?) { if field == nil { field = p } }
        for p in event.properties {
            switch p.name {
            case "DTSTART": first(p, &start)
            case "DTEND": first(p, &end)
            case "DURATION": first(p, &duration)
            case "RECURRENCE-ID": first(p, &recurrenceID)
            case "RRULE": first(p, &rule)
            case "SUMMARY": first(p, &summary)
            case "STATUS": first(p, &status)
            case "EXDATE": exceptionDates.append(p)
            case "RDATE": recurrenceDates.append(p)
            case "RELATED-TO": relations.append(p)
            default: break
            }
        }
    }
}

/// What reading one calendar's events looks up again and again, remembered by text: a calendar
/// repeats a few RRULE, DURATION and TRIGGER texts and TZIDs thousands of times, and each is
/// read once.
struct ReadingMemo {
    /// Each RRULE text read (nil: not a valid rule).
    private var rules: [String: RecurrenceRule?] = [:]
    /// Each DURATION or TRIGGER text in seconds (nil: no duration).
    private var durations: [String: Int?] = [:]
    var zones = ZoneNames()

    /// `RecurrenceRule(parsing: text)`.
    mutating func rule(_ text: String) -> RecurrenceRule? {
        if let known = rules[text] { return known }
        let read = RecurrenceRule(parsing: text)
        rules[text] = .some(read)
        return read
    }

    /// `ICalDuration(parsing: text)?.seconds`.
    mutating func seconds(_ text: String) -> Int? {
        if let known = durations[text] { return known }
        let read = ICalDuration(parsing: text)?.seconds
        durations[text] = .some(read)
        return read
    }
}
