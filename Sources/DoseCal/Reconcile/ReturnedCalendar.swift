public import ICal

/// A calendar as it came back from a client, read into series: the first step of reconcile and
/// import.
///
/// VEVENTs are grouped by UID into a master and its overrides (overrides without a master form an
/// orphan series); every time is normalised (`ReturnedTime`); split series ("this and
/// following") are linked back to the series they were cut from (`splits`), and dosecal's own
/// items are recognised by their UID, also through a split. Nothing here decides what an edit
/// means: that is the three-way merge's job.
public struct ReturnedCalendar: Sendable {
    /// Series sorted by UID.
    public internal(set) var series: [ReturnedSeries]
    /// "This and following" splits found, earlier half first.
    public internal(set) var splits: [SeriesSplit]
    /// The calendar's X-WR-TIMEZONE as an IANA name: the zone of floating values in series that
    /// have no zone of their own (decision 0016). UTC values are never moved by it.
    public internal(set) var calendarZone: String?
    /// The VCALENDAR's own properties (PRODID, NAME, COLOR, ...), as parsed; none for bare VEVENTs.
    public internal(set) var properties: [ICalProperty]
    /// TZIDs the file defines with a VTIMEZONE, as written.
    public internal(set) var definedZones: [String]
    /// The file's VTIMEZONE components, in file order (for expanding the series).
    public internal(set) var timezones: [ICalComponent]
    /// VEVENTs without UID (Exchange publishes such): never matched to dosecal's items, kept for
    /// import. Read as masters with no series context.
    public internal(set) var eventsWithoutUID: [ReturnedEvent]
    public internal(set) var warnings: [ReturnedCalendarWarning]
    /// Properties that decide when doses are (DTSTART, RRULE, EXDATE, ...) which the parser could
    /// not read and left out, by the UID of the VEVENT they were in (the first per UID): such a
    /// series is damaged, never edited (decision 0036).
    public internal(set) var dropped: [String: ICalError] = [:]
    /// Position of each UID in `series`.
    var positions: [String: Int] = [:]
    /// The calendar's name (X-WR-CALNAME, else RFC 7986 NAME), as a copy of a whole calendar
    /// carries it (Google, Apple and Exchange exports) and an event exported on its own does not.
    public var calendarName: String? {
        (properties.first { $0.name == "X-WR-CALNAME" } ?? properties.first { $0.name == "NAME" })?.text
    }
    /// The calendar's METHOD (upper-cased): `PUBLISH` for exports, `REQUEST`... for invitations.
    public var method: String? { properties.first { $0.name == "METHOD" }?.value.uppercased() }
    /// Read from a vdir folder (`init(parsingItems:)`): one item per resource of a collection.
    public internal(set) var isFolder = false
    /// Items of the folder that could not be read, by file name (in the folder), with why; set
    /// by whoever read the folder. A copy missing them is never shown whole, and one named as
    /// dosecal names the item of a series (`VdirName`) is that series' damage (decision 0200).
    public var unreadItems: [String: String] = [:]

    /// Reads `parsed` (a VCALENDAR, or bare VEVENTs).
    public init(_ parsed: ParsedCalendar) {
        let root = parsed.calendar
        let top = root?.components ?? parsed.components
        var warnings: [ReturnedCalendarWarning] = parsed.warnings.map { .input($0) }
        warnings += parsed.problems.map { .droppedProperty($0) }
        calendarZone = root?.property("X-WR-TIMEZONE").flatMap { ZoneName.ianaIdentifier(for: $0.text) }
        properties = root?.properties ?? []
        let defined = top.filter { $0.name == "VTIMEZONE" }.compactMap { $0.property("TZID")?.value }
        definedZones = defined
        timezones = top.filter { $0.name == "VTIMEZONE" }
        let events = top.filter { $0.name == "VEVENT" }

        var masters: [String: ReturnedEvent] = [:]
        var order: [String] = []
        var overrideComponents: [(String, ICalComponent)] = []
        var withoutUID: [ReturnedEvent] = []
        var memo = ReadingMemo()
        for event in events {
            guard let uid = event.property("UID")?.value, !uid.isEmpty else {
                warnings.append(.missingUID(line: event.line))
                withoutUID.append(
                    ReturnedEvent(
                        event, uid: "", seriesZone: nil, seriesAllDay: nil, calendarZone: calendarZone, memo: &memo))
                continue
            }
            if event.property("RECURRENCE-ID") != nil {
                overrideComponents.append((uid, event))
                continue
            }
            if masters[uid] != nil {
                warnings.append(.duplicateMaster(uid: uid, line: event.line))
                continue
            }
            let master = ReturnedEvent(
                event, uid: uid, seriesZone: nil, seriesAllDay: nil, calendarZone: calendarZone, memo: &memo)
            masters[uid] = master
            order.append(uid)
            warnings += ReturnedCalendar.ruleWarnings(master)
        }
        var overrides: [String: [ReturnedEvent]] = [:]
        for (uid, event) in overrideComponents {
            let master = masters[uid]
            let o = ReturnedEvent(
                event, uid: uid, seriesZone: master?.zone, seriesAllDay: master?.isAllDay, calendarZone: calendarZone,
                memo: &memo)
            overrides[uid, default: []].append(o)
        }
        let uids = Set(order).union(overrides.keys).sorted()
        eventsWithoutUID = withoutUID
        series = uids.map { ReturnedSeries(uid: $0, master: masters[$0], overrides: overrides[$0] ?? []) }
        for (i, s) in series.enumerated() { positions[s.uid] = i }
        splits = []
        warnings += ReturnedCalendar.unknownZones(events).map { .unknownZone(tzid: $0, hasDefinition: defined.contains($0)) }
        self.warnings = warnings
        dropped = ReturnedCalendar.droppedProperties(parsed)
        recoverSplits()
    }

    /// The TZIDs of the events' times that `ZoneName` does not know, sorted (each TZID looked up
    /// once; only properties with parameters are looked at).
    static func unknownZones(_ events: [ICalComponent]) -> [String] {
        let timed: Set<String> = ["DTSTART", "DTEND", "EXDATE", "RDATE", "RECURRENCE-ID"]
        var known = Set<String>()
        var unknown = Set<String>()
        for event in events {
            // Without parameters there is no TZID: no name looked up in `timed` (most lines).
            for p in event.properties where !p.parameters.isEmpty && timed.contains(p.name) {
                guard let tzid = p.parameter("TZID"), !known.contains(tzid), !unknown.contains(tzid) else { continue }
                if ZoneName(tzid: tzid) == nil { unknown.insert(tzid) } else { known.insert(tzid) }
            }
        }
        return unknown.sorted()
    }

    /// Each left-out property of `parsed` belongs to the top-level component whose BEGIN line is
    /// the last one before it (events passed over included); those inside a VEVENT, by that
    /// VEVENT's UID.
    static func droppedProperties(_ parsed: ParsedCalendar) -> [String: ICalError] {
        guard !parsed.problems.isEmpty else { return [:] }
        // Each top-level component's BEGIN line and, for a VEVENT, its UID.
        var top: [(line: Int, uid: String?)] = (parsed.calendar?.components ?? parsed.components).compactMap { c in
            c.line.map { ($0, c.name == "VEVENT" ? c.property("UID")?.value : nil) }
        }
        top += parsed.passedOver.map { ($0.line, $0.uid) }
        top.sort { $0.line < $1.line }
        var result: [String: ICalError] = [:]
        // Only the properties that decide when doses are: an empty LOCATION (Google) is no damage.
        let timing: Set<String> = ["DTSTART", "DTEND", "DURATION", "RRULE", "RDATE", "EXDATE", "RECURRENCE-ID"]
        for problem in parsed.problems {
            guard case .invalidProperty(_, let name, _) = problem, timing.contains(name.uppercased()),
                let line = problem.line, let owner = top.last(where: { $0.line <= line }), let uid = owner.uid,
                result[uid] == nil
            else { continue }
            result[uid] = problem
        }
        return result
    }

    /// Parses `bytes` and reads them.
    public init(parsing bytes: some Collection<UInt8>) throws(ICalError) {
        self.init(try ICalParser.parse(bytes))
    }

    /// The series with this UID.
    public func series(uid: String) -> ReturnedSeries? { positions[uid].map { series[$0] } }

    /// Every series that belongs to dosecal's `uid` (the series itself and its split halves),
    /// by start.
    public func series(dosecalUID uid: String) -> [ReturnedSeries] {
        series.filter { $0.dosecalUID == uid }.sorted { a, b in
            (a.master?.startTime ?? .unknownStart) < (b.master?.startTime ?? .unknownStart)
        }
    }

    /// `dose-<24 lower-case hex>@dosecal.app`, the form of dosecal's UIDs (`DoseIdentity`).
    public static func isDosecalUID(_ uid: String) -> Bool { DoseIdentity.isDosecalUID(uid) }

    static func ruleWarnings(_ master: ReturnedEvent) -> [ReturnedCalendarWarning] {
        guard let text = master.ruleText else { return [] }
        guard let rule = master.scheduleRule else {
            return [.unreadableRule(uid: master.uid, line: master.component.property("RRULE")?.line, rule: text)]
        }
        guard let start = master.start, rule.untilBreaksRule(for: start), let until = rule.until,
            let readAs = rule.normalizedUntil(for: start)
        else { return [] }
        return [
            .untilRead(
                uid: master.uid, line: master.component.property("RRULE")?.line, written: until.value.valueText,
                readAs: readAs.description)
        ]
    }
}
