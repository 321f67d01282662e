public import ICal

/// The exported calendar: the VCALENDAR and its items.
public struct Feed: Sendable, Equatable {
    public var calendar: ICalComponent
    public var items: [FeedItem]
    /// The years each VTIMEZONE covers, by TZID (a sync rebuilding only some series checks them).
    var zoneYears = ZoneYears()

    /// RFC 5545 text: CRLF, folded, deterministic.
    public func serialized() -> String { ICalSerializer.serialize(calendar) }
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
    /// Per medication id: build only its items with these UIDs (a sync by parts that repairs
    /// items of a medication the merge left as it was). The medication's other items still count
    /// in the zones' years, so the VTIMEZONEs are those of the whole medication. Medications not
    /// named are built whole.
    var only: [String: Set<String>] = [:]

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
        /// The words; `text.person` is the person of the medication being built.
        var text: FeedText
        let skipped: [String: [String: Set<LocalDate>]]
        /// The gradual moves of the medication being built (decision 0231).
        var moves: GradualShift? = nil
        /// The years each zone is used in.
        var zones = ZoneYears()
        let rules = RuleLines()
    }

    public func build() -> Feed {
        let built = items(EventTree.self)
        let items = built.items.map {
            FeedItem(
                uid: $0.uid, medicationID: $0.medicationID, kind: $0.kind, event: $0.event, overrides: $0.overrides,
                revision: $0.revision)
        }
        var calendar = outline(built)
        calendar.components += items.flatMap { [$0.event] + $0.overrides }
        return Feed(calendar: calendar, items: items, zoneYears: built.zones)
    }

    /// The feed's file: the bytes `build().serialized()` gives, written event by event without
    /// a tree of values (decision 0142).
    public func write() -> WrittenFeed {
        let built = items(EventBytes.self)
        let calendar = outline(built)
        // The events go between the VTIMEZONEs and the calendar's END line.
        var bytes: [UInt8] = []
        ICalSerializer.writeOpen(calendar, into: &bytes)
        let end = ICalSerializer.calendarEnd
        var lines = ContentLines()
        // The items are read in place (by index): a copy of each would retain all it holds.
        let items = built.items
        var count = bytes.count + end.count
        for i in items.indices {
            count += items[i].event.count
            for o in items[i].overrides.indices { count += items[i].overrides[o].count }
        }
        lines.reserve(count)
        lines.append(lines: bytes)
        var stamps = EventBytes.StampLines()
        for i in items.indices {
            items[i].event.write(into: &lines, stamps: &stamps)
            for o in items[i].overrides.indices { items[i].overrides[o].write(into: &lines, stamps: &stamps) }
        }
        lines.append(lines: end)
        return WrittenFeed(
            bytes: lines.bytes,
            items: built.items.map {
                WrittenFeed.Item(uid: $0.uid, medicationID: $0.medicationID, kind: $0.kind, revision: $0.revision)
            },
            zones: calendar.components(named: "VTIMEZONE").compactMap { $0.property("TZID")?.value })
    }

    /// The items of every medication, their events written into `Sink`s, and the zones they use.
    private func items<Sink: EventSink>(_: Sink.Type) -> (items: [BuiltItem<Sink.Event>], zones: ZoneYears) {
        var run = newRun()
        var items: [BuiltItem<Sink.Event>] = []
        for m in schedule.medications {
            run.moves = run.engine.gradualShift(of: m)
            run.text.person = PersonWords(of: m, in: schedule, privacy: privacy)
            for planned in plannedItems(of: m, run) {
                let uid = planned.uid(of: m)
                if let use = zoneUse(of: planned, m, engine: run.engine) { run.zones.use(use.zone, use.first, use.last) }
                if let wanted = only[m.id], !wanted.contains(uid) { continue }
                switch planned {
                case .dose(let plan): items.append(doseItem(plan, uid: uid, m, run, Sink.self))
                case .supplyWarning(let due, let text):
                    items.append(supplyWarning(m, uid: uid, due: due, text: text, run, Sink.self))
                case .nextDoseAllowed(let doses, let next, let last):
                    items.append(nextDoseAllowedItem(m, uid: uid, doses, next: next, last: last, Sink.self))
                }
            }
        }
        return (items, run.zones)
    }

    /// The feed's items as `write()` lists them (without revisions), from the same plans, without
    /// making their events: what a caller needs that only asks which UIDs the feed has.
    func itemList() -> [WrittenFeed.Item] {
        let run = newRun()
        return schedule.medications.flatMap { m in
            plannedItems(of: m, run).map { planned in
                WrittenFeed.Item(uid: planned.uid(of: m), medicationID: m.id, kind: planned.kind, revision: nil)
            }
        }
    }

    /// A build's engine, planner and words.
    private func newRun() -> Run {
        let engine = WallClockEngine(schedule: schedule)
        return Run(
            engine: engine, planner: SeriesPlanner(engine: engine), text: FeedText(privacy: privacy),
            skipped: schedule.skippedDoses())
    }

    /// An item the feed has for a medication, before its events are made.
    enum PlannedItem {
        /// The series of a dose slot (or a part of one).
        case dose(SeriesPlan)
        /// The refill warning, at `due`.
        case supplyWarning(due: LocalDateTime, text: RefillWarningText)
        /// The "next dose allowed" event of an as-needed medicine, at `next` after the `last` dose.
        case nextDoseAllowed(AsNeededDoses, next: Int, last: Int)

        var kind: FeedItem.Kind {
            switch self {
            case .dose(let plan): .dose(slotID: plan.slotID, part: plan.part.description)
            case .supplyWarning: .supplyWarning
            case .nextDoseAllowed: .nextDoseAllowed
            }
        }

        func uid(of m: Medication) -> String {
            switch self {
            case .dose(let plan): DoseIdentity.series(SlotKey(medicationID: m.id, slotID: plan.slotID), plan.part).uid
            case .supplyWarning: DoseIdentity.supplyWarning(medicationID: m.id).uid
            case .nextDoseAllowed: DoseIdentity.nextDoseAllowed(medicationID: m.id).uid
            }
        }
    }

    /// The items of `m`, in the feed's order: its series, its refill warning when its supply
    /// runs out, its "next dose allowed" event after a logged as-needed dose (decision 0095).
    private func plannedItems(of m: Medication, _ run: Run) -> [PlannedItem] {
        var planned = run.planner.plans(for: m).map(PlannedItem.dose)
        if let supply = m.supply, let forecast = run.engine.supplyForecast(of: m), let due = forecast.refillDue,
            let text = run.text.refillWarning(m, forecast: forecast, supply: supply)
        {
            planned.append(.supplyWarning(due: due, text: text))
        }
        if let doses = AsNeededDoses(m, log: schedule.log), let next = doses.nextAllowed, let last = doses.last {
            planned.append(.nextDoseAllowed(doses, next: next, last: last))
        }
        return planned
    }

    /// The zone an item's start is in and the years it is used in (a series to its UNTIL's year,
    /// nil: no end); nil when the item has no zoned start.
    private func zoneUse(of planned: PlannedItem, _ m: Medication, engine: WallClockEngine) -> (
        zone: String, first: Int, last: Int?
    )? {
        switch planned {
        case .dose(let plan):
            guard case .zoned(let t, let tzid) = plan.start else { return nil }
            var lastYear: Int? = nil
            if case .utc(let u)? = plan.rule.until { lastYear = max(t.date.year, u.date.year) }
            return (tzid, t.date.year, lastYear)
        case .supplyWarning(let due, _):
            return (engine.personZone(of: m, on: due.date).identifier, due.date.year, due.date.year)
        case .nextDoseAllowed:
            return nil
        }
    }

    /// The VCALENDAR with its properties and VTIMEZONEs, without events.
    private func outline<Event>(_ built: (items: [BuiltItem<Event>], zones: ZoneYears)) -> ICalComponent {
        var calendar = header(allZoned: built.items.allSatisfy(\.isZoned))
        for (zone, years) in built.zones.sorted {
            if let z = Zone(zone) {
                calendar.components.append(VTimezoneBuilder.build(z, from: years.first, through: years.last))
            }
        }
        return calendar
    }

    /// The series `plan` of `m`, whose UID is `uid`: its VEVENT with EXDATEs and alarm, and its
    /// overrides.
    private func doseItem<Sink: EventSink>(
        _ plan: SeriesPlan, uid: String, _ m: Medication, _ run: Run, _: Sink.Type
    ) -> BuiltItem<Sink.Event> {
        let (engine, text) = (run.engine, run.text)
        let pills = engine.amount(of: m, slot: plan.slotID, on: plan.firstDate)
        let dose = engine.step(of: m, on: plan.firstDate)?.dose ?? m.dose
        let time = m.times.first { $0.id == plan.slotID }.map { engine.time(of: $0, in: m, on: plan.firstDate) }
        var event = Sink()
        event.dateTime("DTSTART", plan.start)
        event.verbatim("DURATION", FeedBuilder.eventDuration)
        event.rule(plan.rule, memo: run.rules)
        let skipped = run.skipped[m.id]?[plan.slotID] ?? []
        for date in exceptionDates(of: plan, m, planner: run.planner, engine: engine, skipped: skipped) {
            event.dateTime("EXDATE", date)
        }
        let wording = text.wording(m, pills: pills, dose: dose)
        let title = text.title(wording)
        event.text("SUMMARY", text.named(title))
        if let time {
            event.text("DESCRIPTION", text.description(m, wording, time: time, home: engine.home(of: m).identifier))
        }
        addCategoriesAndClass("MEDICATION", to: &event)
        if m.reminder.enabled { event.alarm(text.alarmBlock(m.reminder, title: title, verb: wording.spoken?.verb)) }
        let moved: [Sink] = overrides(
            of: plan, m, planner: run.planner, engine: engine, text: text, skipped: skipped, moves: run.moves)
        let (master, stampedOverrides, revision) = stamped(uid, event, overrides: moved)
        var isZoned = false
        if case .zoned = plan.start { isZoned = true }
        return BuiltItem(
            uid: uid, medicationID: m.id, kind: PlannedItem.dose(plan).kind, isZoned: isZoned,
            event: master, overrides: stampedOverrides, revision: revision)
    }

    /// The refill warning of `m`, whose UID is `uid`, due at `due`, saying `text`.
    private func supplyWarning<Sink: EventSink>(
        _ m: Medication, uid: String, due: LocalDateTime, text: RefillWarningText, _ run: Run, _: Sink.Type
    ) -> BuiltItem<Sink.Event> {
        let zone = run.engine.personZone(of: m, on: due.date).identifier
        var event = Sink()
        event.dateTime("DTSTART", .zoned(due, tzid: zone))
        event.verbatim("DURATION", FeedBuilder.eventDuration)
        let summary = run.text.named(text.summary)
        event.text("SUMMARY", summary)
        event.text("DESCRIPTION", text.description)
        // Two lines rather than one comma list: libical splits lists on reading, and the content
        // hash must be the same for what we build and what we read back.
        addCategoriesAndClass("MEDICATION", "REFILL", to: &event)
        addAlarm(FeedBuilder.refillAlarm, summary, to: &event)
        let (warning, _, revision) = stamped(uid, event, overrides: [])
        return BuiltItem(
            uid: uid, medicationID: m.id, kind: .supplyWarning, isZoned: true, event: warning, overrides: [],
            revision: revision)
    }

    /// CATEGORIES (one line each), CLASS:PRIVATE in privacy mode, TRANSP:TRANSPARENT.
    func addCategoriesAndClass<Sink: EventSink>(_ category: String, _ second: String? = nil, to event: inout Sink) {
        event.category(category)
        if let second { event.category(second) }
        if privacy { event.verbatim("CLASS", "PRIVATE") }
        event.verbatim("TRANSP", "TRANSPARENT")
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
    /// The VALARM of a reminder (its `times`) showing `description`, after the event's properties.
    func addAlarm<Sink: EventSink>(_ times: AlarmTimes, _ description: String, to event: inout Sink) {
        event.alarm(AlarmBlock(times, description))
    }

    /// The refill warning's alarm: at the event's time, once.
    static let refillAlarm = AlarmTimes(Reminder())

    /// The content's DURATION.
    static let eventDuration = ICalDuration.minutes(eventMinutes).description

    /// Adds UID, DTSTAMP, SEQUENCE and LAST-MODIFIED to the master and its overrides alike (one
    /// revision for the series): kept from `previous` when the content is unchanged, bumped
    /// (SEQUENCE + 1, LAST-MODIFIED = now) when it changed. The revision is returned when the
    /// content hash was computed (there was an earlier revision to compare it with).
    func stamped<Sink: EventSink>(
        _ uid: String, _ event: Sink, overrides: [Sink]
    ) -> (Sink.Event, [Sink.Event], FeedRevision?) {
        var sequence = 0
        var modified = now
        var hash: String? = nil
        // The content hash only matters against an earlier revision: none, none computed.
        if let old = previous[uid] {
            hash = FeedRevision.combinedHash(
                master: event.contentHash(uid: uid), overrides: overrides.map { $0.contentHash(uid: uid) })
            if old.contentHash == hash {
                sequence = old.sequence
                modified = old.lastModified
            } else {
                sequence = old.sequence + 1
            }
        }
        let stamp = DateTimeValue.utc(LocalDateTime(secondsSinceEpoch: modified))
        return (
            event.stamped(uid: uid, stamp: stamp, sequence: sequence),
            overrides.map { $0.stamped(uid: uid, stamp: stamp, sequence: sequence) },
            hash.map { FeedRevision(sequence: sequence, lastModified: modified, contentHash: $0) }
        )
    }
}

/// What a reminder's VALARM says besides its text: TRIGGER, and REPEAT with DURATION when it
/// repeats.
struct AlarmTimes: Sendable {
    let reminder: Reminder
    let trigger: String
    /// REPEAT and DURATION; nil without repetitions.
    let repetition: (count: String, interval: String)?

    init(_ reminder: Reminder) {
        self.reminder = reminder
        trigger = ICalDuration.minutes(-reminder.minutesBefore).description
        repetition =
            reminder.repeatCount > 0
            ? (String(reminder.repeatCount), ICalDuration.minutes(reminder.repeatIntervalMinutes).description) : nil
    }
}

/// One item as the builder makes it, its events in the form `EventSink.Event` gives them.
struct BuiltItem<Event> {
    var uid: String
    var medicationID: String
    var kind: FeedItem.Kind
    /// The event starts at a zoned time (not UTC, floating or a date).
    var isZoned: Bool
    var event: Event
    var overrides: [Event]
    var revision: FeedRevision?
}

/// The feed as the bytes of its file, and what it holds (`FeedBuilder.write()`).
public struct WrittenFeed: Sendable {
    /// One item of the file.
    public struct Item: Sendable, Equatable {
        public var uid: String
        public var medicationID: String
        public var kind: FeedItem.Kind
        /// As `FeedItem.revision`.
        public var revision: FeedRevision?
    }
    /// RFC 5545 text: CRLF, folded, deterministic; what `Feed.serialized()` gives.
    public var bytes: [UInt8]
    public var items: [Item]
    /// The TZIDs of the VTIMEZONEs, in the order of the feed's `calendar.components`.
    public var zones: [String]
}

extension WrittenFeed.Item {
    /// `item` without its events.
    init(_ item: FeedItem) {
        self.init(uid: item.uid, medicationID: item.medicationID, kind: item.kind, revision: item.revision)
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

        /// Covers `first...last` too (a nil last stays nil).
        mutating func widen(_ first: Int, _ last: Int?) {
            self.first = min(self.first, first)
            self.last = self.last.flatMap { a in last.map { b in max(a, b) } }
        }
    }
    private(set) var years: [String: Span] = [:]

    mutating func use(_ zone: String, _ first: Int, _ last: Int?) {
        // One lookup: the zone's span widened in place (a new zone's starts as this use).
        years[zone, default: Span(first: first, last: last)].widen(first, last)
    }

    /// By zone name.
    var sorted: [(key: String, value: Span)] { years.sorted { $0.key < $1.key } }
}
