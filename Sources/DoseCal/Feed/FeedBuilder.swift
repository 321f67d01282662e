public import ICal

/// The exported calendar: the VCALENDAR and its items.
public struct Feed: Sendable, Equatable {
    public var calendar: ICalComponent
    public var items: [FeedItem]

    /// RFC 5545 text: CRLF, folded, deterministic.
    public func serialized() throws(ICalError) -> String { try ICalSerializer.serialize(calendar) }
}

/// Turns a schedule into an RFC 5545 feed: one recurring VEVENT with VALARM per dose slot (and
/// series part), a low-supply warning per medication, the VTIMEZONEs it uses.
///
/// Pure: `now` (seconds since 1970) is only used for items whose content changed since
/// `previous` (or that are new); unchanged items keep their SEQUENCE and LAST-MODIFIED.
public struct FeedBuilder: Sendable {
    public static let productID = "-//dosecal//dosecal \(DoseCalVersion.current)//EN"
    public static let uidDomain = "dosecal.app"
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

    /// The UID of one series: a hash of medication id, slot id and part, so that it never
    /// changes with a time edit and names no medicine.
    public static func uid(medicationID: String, slotID: String, part: String) -> String {
        let digest = SHA256.hex("\(medicationID)\u{1F}\(slotID)\u{1F}\(part)")
        return "dose-\(digest.prefix(24))@\(uidDomain)"
    }

    /// The UID of a medication's low-supply warning event.
    public static func supplyWarningUID(medicationID: String) -> String {
        uid(medicationID: medicationID, slotID: "", part: "supply-warning")
    }

    public func build() -> Feed {
        let engine = WallClockEngine(schedule: schedule)
        let planner = SeriesPlanner(engine: engine)
        let text = FeedText(privacy: privacy, homeZone: schedule.homeZone)
        var items: [FeedItem] = []
        // The years each zone is used in; a nil last year for a series without UNTIL (open-ended,
        // or bounded by COUNT), whose VTIMEZONE covers every year tzdata lists.
        var zoneYears: [String: (first: Int, last: Int?)] = [:]
        let skipped = schedule.skippedDoses()
        func use(_ zone: String, _ first: Int, _ last: Int?) {
            let old = zoneYears[zone] ?? (first, last)
            let last = old.last.flatMap { a in last.map { b in max(a, b) } }
            zoneYears[zone] = (min(old.first, first), last)
        }
        for m in schedule.medications {
            for plan in planner.plans(for: m) {
                let uid = FeedBuilder.uid(medicationID: m.id, slotID: plan.slotID, part: plan.part)
                var event = ICalComponent("VEVENT")
                let pills = engine.pills(of: m, on: plan.firstDate)
                let dose = engine.step(of: m, on: plan.firstDate)?.dose ?? m.dose
                let slot = m.times.first { $0.id == plan.slotID }!
                event.add(plan.start.property("DTSTART"))
                event.add(ICalProperty("DURATION", ICalDuration.minutes(FeedBuilder.eventMinutes).description))
                event.add(plan.rule.property)
                let skippedHere = skipped[m.id]?[plan.slotID] ?? []
                for exdate in exceptionDates(of: plan, m, planner: planner, engine: engine, skipped: skippedHere) {
                    event.add(exdate)
                }
                event.add(.text("SUMMARY", text.summary(m, pills: pills, dose: dose)))
                event.add(
                    .text(
                        "DESCRIPTION",
                        text.description(m, pills: pills, dose: dose, time: engine.time(of: slot, in: m, on: plan.firstDate))))
                event.add(ICalProperty("CATEGORIES", "MEDICATION"))
                if privacy { event.add(ICalProperty("CLASS", "PRIVATE")) }
                event.add(ICalProperty("TRANSP", "TRANSPARENT"))
                if m.reminder.enabled {
                    event.components.append(alarm(m.reminder, text.alarm(m, pills: pills, dose: dose)))
                }
                if case .zoned(let t, let tzid) = plan.start {
                    var lastYear: Int? = nil
                    if case .utc(let u)? = plan.rule.until { lastYear = max(t.date.year, u.date.year) }
                    use(tzid, t.date.year, lastYear)
                }
                let moved = overrides(of: plan, m, planner: planner, engine: engine, text: text, skipped: skippedHere)
                let (master, stampedOverrides, revision) = stamped(uid, event, overrides: moved)
                items.append(
                    FeedItem(
                        uid: uid, medicationID: m.id, kind: .dose(slotID: plan.slotID, part: plan.part), event: master,
                        overrides: stampedOverrides, revision: revision))
            }
            if let supply = m.supply, let forecast = engine.supplyForecast(of: m), let runOut = forecast.runOut,
                let due = forecast.refillDue
            {
                let uid = FeedBuilder.supplyWarningUID(medicationID: m.id)
                let zone = engine.zoneID(on: due.date)
                var event = ICalComponent("VEVENT")
                event.add(DateTimeValue.zoned(due, tzid: zone).property("DTSTART"))
                event.add(ICalProperty("DURATION", ICalDuration.minutes(FeedBuilder.eventMinutes).description))
                event.add(.text("SUMMARY", text.refillSummary(m, runOut: runOut)))
                event.add(.text("DESCRIPTION", text.refillDescription(m, forecast: forecast, supply: supply)))
                // Two lines rather than one comma list: libical splits lists on reading, and the
                // content hash must be the same for what we build and what we read back.
                event.add(ICalProperty("CATEGORIES", "MEDICATION"))
                event.add(ICalProperty("CATEGORIES", "REFILL"))
                if privacy { event.add(ICalProperty("CLASS", "PRIVATE")) }
                event.add(ICalProperty("TRANSP", "TRANSPARENT"))
                event.components.append(alarm(Reminder(), text.refillSummary(m, runOut: runOut)))
                use(zone, due.date.year, due.date.year)
                let (warning, _, revision) = stamped(uid, event, overrides: [])
                items.append(
                    FeedItem(uid: uid, medicationID: m.id, kind: .supplyWarning, event: warning, revision: revision))
            }
        }
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
        let allZoned = items.allSatisfy { item in
            if case .zoned? = item.event.property("DTSTART").flatMap(DateTimeValue.init(property:)) { return true }
            return false
        }
        if allZoned { calendar.add(ICalProperty("X-WR-TIMEZONE", schedule.homeZone)) }
        let refresh = ICalDuration.minutes(schedule.feed.refreshMinutes).description
        calendar.add(ICalProperty("REFRESH-INTERVAL", refresh, parameters: [ICalParameter("VALUE", "DURATION")]))
        calendar.add(ICalProperty("X-PUBLISHED-TTL", refresh))
        for (zone, years) in zoneYears.sorted(by: { $0.key < $1.key }) {
            if let z = Zone(zone) {
                calendar.components.append(VTimezoneBuilder.build(z, from: years.first, through: years.last))
            }
        }
        calendar.components += items.flatMap { [$0.event] + $0.overrides }
        return Feed(calendar: calendar, items: items)
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
    private func stamped(
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
