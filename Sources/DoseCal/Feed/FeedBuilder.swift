public import ICal

/// The exported calendar: the VCALENDAR and its items.
public struct Feed: Sendable, Equatable {
    public var calendar: ICalComponent
    public var items: [FeedItem]
    /// The years each VTIMEZONE covers, by TZID (a sync rebuilding only some series checks them).
    var zoneYears = ZoneYears()

    /// RFC 5545 text: CRLF, folded, deterministic.
    public func serialized() throws(ICalError) -> String { try ICalSerializer.serialize(calendar) }
}

/// Turns a schedule into an RFC 5545 feed: one recurring VEVENT with VALARM per dose slot (and
/// series part), a low-supply warning per medication, the VTIMEZONEs it uses.
///
/// Pure: `now` (seconds since 1970) is only used for items whose content changed since
/// `previous` (or that are new); unchanged items keep their SEQUENCE and LAST-MODIFIED.
public struct FeedBuilder: Sendable {
    public static let productID = "\(productIDPrefix)dosecal \(DoseCalVersion.current)//EN"
    /// What every version's PRODID starts with.
    static let productIDPrefix = "-//dosecal//"
    /// Whether a calendar's PRODID says dosecal (any version) wrote it.
    public static func isOwnProductID(_ value: String?) -> Bool { value?.hasPrefix(productIDPrefix) == true }
    /// Length of a dose event.
    static let eventMinutes = 15

    public var schedule: Schedule
    public var privacy: Bool
    public var previous: [String: FeedRevision]
    public var now: Int

    public init(schedule: Schedule, privacy: Bool? = nil, previous: [String: FeedRevision] = [:], now: Int) {
        self.schedule = schedule
        self.privacy = privacy ?? schedule.feed.privacy
        self.previous = previous
        self.now = now
    }

    /// What one build works with.
    struct Run {
        let engine: WallClockEngine
        let planner: SeriesPlanner
        let text: FeedText
        let skipped: [String: [String: Set<LocalDate>]]
        /// The years each zone is used in.
        var zones = ZoneYears()
    }

    public func build() -> Feed {
        let engine = WallClockEngine(schedule: schedule)
        var run = Run(
            engine: engine, planner: SeriesPlanner(engine: engine), text: FeedText(privacy: privacy, homeZone: schedule.homeZone),
            skipped: schedule.skippedDoses())
        var items: [FeedItem] = []
        for m in schedule.medications {
            for plan in run.planner.plans(for: m) { items.append(doseItem(plan, m, &run)) }
            if let warning = supplyWarning(m, &run) { items.append(warning) }
            if let item = nextDoseAllowedItem(m) { items.append(item) }
        }
        var calendar = header(allZoned: items.allSatisfy(\.isZoned))
        for (zone, years) in run.zones.sorted {
            if let z = Zone(zone) {
                calendar.components.append(VTimezoneBuilder.build(z, from: years.first, through: years.last))
            }
        }
        calendar.components += items.flatMap { [$0.event] + $0.overrides }
        return Feed(calendar: calendar, items: items, zoneYears: run.zones)
    }

    /// The series `plan` of `m`: its VEVENT with EXDATEs and alarm, and its overrides.
    private func doseItem(_ plan: SeriesPlan, _ m: Medication, _ run: inout Run) -> FeedItem {
        let (engine, text) = (run.engine, run.text)
        let uid = DoseIdentity.series(SlotKey(medicationID: m.id, slotID: plan.slotID), plan.part).uid
        let pills = engine.pills(of: m, on: plan.firstDate)
        let dose = engine.step(of: m, on: plan.firstDate)?.dose ?? m.dose
        let time = m.times.first { $0.id == plan.slotID }.map { engine.time(of: $0, in: m, on: plan.firstDate) }
        var event = ICalComponent("VEVENT")
        event.add(plan.start.property("DTSTART"))
        event.add(ICalProperty("DURATION", ICalDuration.minutes(FeedBuilder.eventMinutes).description))
        event.add(plan.rule.property)
        let skipped = run.skipped[m.id]?[plan.slotID] ?? []
        event.properties += exceptionDates(of: plan, m, planner: run.planner, engine: engine, skipped: skipped)
        let wording = text.wording(m, pills: pills, dose: dose)
        let summary = text.summary(wording)
        event.add(.text("SUMMARY", summary))
        if let time { event.add(.text("DESCRIPTION", text.description(m, wording, time: time))) }
        addCategoriesAndClass(["MEDICATION"], to: &event)
        if m.reminder.enabled { event.components.append(alarm(m.reminder, text.alarm(summary: summary))) }
        if case .zoned(let t, let tzid) = plan.start {
            var lastYear: Int? = nil
            if case .utc(let u)? = plan.rule.until { lastYear = max(t.date.year, u.date.year) }
            run.zones.use(tzid, t.date.year, lastYear)
        }
        let moved = overrides(of: plan, m, planner: run.planner, engine: engine, text: text, skipped: skipped)
        let (master, stampedOverrides, revision) = stamped(uid, event, overrides: moved)
        return FeedItem(
            uid: uid, medicationID: m.id, kind: .dose(slotID: plan.slotID, part: plan.part.description),
            event: master, overrides: stampedOverrides, revision: revision)
    }

    /// The refill warning of `m`, when its supply runs out.
    private func supplyWarning(_ m: Medication, _ run: inout Run) -> FeedItem? {
        guard let supply = m.supply, let forecast = run.engine.supplyForecast(of: m), let runOut = forecast.runOut,
            let due = forecast.refillDue
        else { return nil }
        let uid = DoseIdentity.supplyWarning(medicationID: m.id).uid
        let zone = run.engine.zoneID(on: due.date)
        var event = ICalComponent("VEVENT")
        event.add(DateTimeValue.zoned(due, tzid: zone).property("DTSTART"))
        event.add(ICalProperty("DURATION", ICalDuration.minutes(FeedBuilder.eventMinutes).description))
        event.add(.text("SUMMARY", run.text.refillSummary(m, runOut: runOut)))
        event.add(.text("DESCRIPTION", run.text.refillDescription(m, forecast: forecast, supply: supply)))
        // Two lines rather than one comma list: libical splits lists on reading, and the content
        // hash must be the same for what we build and what we read back.
        addCategoriesAndClass(["MEDICATION", "REFILL"], to: &event)
        event.components.append(alarm(Reminder(), run.text.refillSummary(m, runOut: runOut)))
        run.zones.use(zone, due.date.year, due.date.year)
        let (warning, _, revision) = stamped(uid, event, overrides: [])
        return FeedItem(uid: uid, medicationID: m.id, kind: .supplyWarning, event: warning, revision: revision)
    }

    /// CATEGORIES (one line each), CLASS:PRIVATE in privacy mode, TRANSP:TRANSPARENT.
    func addCategoriesAndClass(_ categories: [String], to event: inout ICalComponent) {
        for category in categories { event.add(ICalProperty("CATEGORIES", category)) }
        if privacy { event.add(ICalProperty("CLASS", "PRIVATE")) }
        event.add(ICalProperty("TRANSP", "TRANSPARENT"))
    }

    /// The VCALENDAR's own properties.
    private func header(allZoned: Bool) -> ICalComponent {
        var calendar = ICalComponent("VCALENDAR")
        calendar.add(ICalProperty("VERSION", "2.0"))
        calendar.add(ICalProperty("PRODID", FeedBuilder.productID))
        calendar.add(ICalProperty("CALSCALE", "GREGORIAN"))
        calendar.add(ICalProperty("METHOD", "PUBLISH"))
        calendar.add(.text("NAME", schedule.feed.name))
        calendar.add(.text("X-WR-CALNAME", schedule.feed.name))
        if let color = schedule.feed.color {
            calendar.add(ICalProperty("COLOR", color.cssName))
            calendar.add(ICalProperty("X-APPLE-CALENDAR-COLOR", color.hex))
        }
        // X-WR-TIMEZONE moves UTC and floating values into that zone in the clients and libraries
        // that honour it (recurring-ical-events, Google): it would shift fixed-interval doses by
        // an hour at each DST change and pin floating ones. Written only when every dose is zoned.
        if allZoned { calendar.add(ICalProperty("X-WR-TIMEZONE", schedule.homeZone)) }
        let refresh = ICalDuration.minutes(schedule.feed.refreshMinutes).description
        calendar.add(ICalProperty("REFRESH-INTERVAL", refresh, parameters: [ICalParameter("VALUE", "DURATION")]))
        calendar.add(ICalProperty("X-PUBLISHED-TTL", refresh))
        return calendar
    }
    func alarm(_ reminder: Reminder, _ description: String) -> ICalComponent {
        var alarm = ICalComponent("VALARM")
        alarm.add(ICalProperty("ACTION", "DISPLAY"))
        alarm.add(.text("DESCRIPTION", description))
        alarm.add(ICalProperty("TRIGGER", ICalDuration.minutes(-reminder.minutesBefore).description))
        if reminder.repeatCount > 0 {
            alarm.add(ICalProperty("REPEAT", String(reminder.repeatCount)))
            alarm.add(ICalProperty("DURATION", ICalDuration.minutes(reminder.repeatIntervalMinutes).description))
        }
        return alarm
    }

    /// Adds UID, DTSTAMP, SEQUENCE and LAST-MODIFIED to the master and its overrides alike (one
    /// revision for the series): kept from `previous` when the content is unchanged, bumped
    /// (SEQUENCE + 1, LAST-MODIFIED = now) when it changed. The revision is returned when the
    /// content hash was computed (there was an earlier revision to compare it with).
    func stamped(
        _ uid: String, _ event: ICalComponent, overrides: [ICalComponent]
    ) -> (ICalComponent, [ICalComponent], FeedRevision?) {
        var body = event
        body.properties.insert(ICalProperty("UID", uid), at: 0)
        let bodies = overrides.map { o in
            var b = o
            b.properties.insert(ICalProperty("UID", uid), at: 0)
            return b
        }
        var sequence = 0
        var modified = now
        var hash: String? = nil
        // The content hash only matters against an earlier revision: none, none computed.
        if let old = previous[uid] {
            hash = FeedRevision.contentHash(of: body, overrides: bodies)
            if old.contentHash == hash {
                sequence = old.sequence
                modified = old.lastModified
            } else {
                sequence = old.sequence + 1
            }
        }
        let stamp = DateTimeValue.utc(LocalDateTime(secondsSinceEpoch: modified))
        body.properties.insert(stamp.property("DTSTAMP"), at: 1)
        body.properties.insert(ICalProperty("SEQUENCE", String(sequence)), at: 2)
        body.properties.insert(stamp.property("LAST-MODIFIED"), at: 3)
        let stampedOverrides = bodies.map { o in
            var b = o
            b.properties.insert(stamp.property("DTSTAMP"), at: 1)
            b.properties.insert(ICalProperty("SEQUENCE", String(sequence)), at: 2)
            b.properties.insert(stamp.property("LAST-MODIFIED"), at: 3)
            return b
        }
        return (body, stampedOverrides, hash.map { FeedRevision(sequence: sequence, lastModified: modified, contentHash: $0) })
    }
}

/// The version of this build.
public enum DoseCalVersion {
    public static let current = "0.1.0"
}

/// The years each zone is used in, for its VTIMEZONE; a nil last year for a series without UNTIL
/// (open-ended, or bounded by COUNT), whose VTIMEZONE covers every year tzdata lists.
struct ZoneYears: Sendable, Equatable {
    /// The first year, and the last (nil: no end).
    struct Span: Sendable, Equatable {
        var first: Int
        var last: Int?
    }
    private(set) var years: [String: Span] = [:]

    mutating func use(_ zone: String, _ first: Int, _ last: Int?) {
        let old = years[zone] ?? Span(first: first, last: last)
        let last = old.last.flatMap { a in last.map { b in max(a, b) } }
        years[zone] = Span(first: min(old.first, first), last: last)
    }

    /// By zone name.
    var sorted: [(key: String, value: Span)] { years.sorted { $0.key < $1.key } }
}
