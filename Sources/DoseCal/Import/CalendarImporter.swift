import ICal

/// Finds medication schedules in calendars dosecal did not write (docs/import.md, decision 0027):
/// recurring events that look like doses, and runs of single events at one wall-clock time
/// folded back into a rule. What cannot be mapped is reported with the reason.
///
/// Pure: no clock, no environment; `progress` is called with (events done, events in all).
public struct CalendarImporter: Sendable {
    public var matcher: DoseMatcher
    /// The home zone; nil: the most common zone of the dose events.
    public var zone: String?
    /// The bound on the expansions a run makes (finding the end of COUNT rules), shared by them.
    public var budget: ExpansionBudget

    public init(matcher: DoseMatcher = DoseMatcher(), zone: String? = nil, budget: ExpansionBudget = ExpansionBudget()) {
        self.matcher = matcher
        self.zone = zone
        self.budget = budget
    }

    public func run(_ calendars: [ReturnedCalendar], progress: ((Int, Int) -> Void)? = nil) throws(ImportError) -> ImportReport {
        try matcher.validate()
        var found = candidates(calendars, progress: progress)
        let homeID = zone ?? CalendarImporter.mostCommonZone(found.events.map(\.event), calendars: calendars)
        guard let home = Zone(homeID) else { throw .badZone(homeID) }
        var warnings: [String] = []
        if zone == nil { warnings.append("home zone \(home): the most common zone of the dose events (--zone sets it)") }
        // Each person's doses as a schedule of their own (one group of no one without people).
        var parts: [PersonPart] = []
        var taken = Set<String>()
        for group in Self.byPerson(found.events) {
            // A person's home: their doses' most common zone (unless --zone gives it).
            let mostCommon = { Zone(Self.mostCommonZone(group.events.map(\.event), calendars: calendars)) }
            let own = group.person != nil && zone == nil ? mostCommon() ?? home : home
            let part = assemble(group.events, home: own, named: group.person != nil, taken: taken)
            found.unmapped += part.unmapped
            taken.formUnion(part.schedule.medications.map(\.id))
            parts.append((group.person, own, part.schedule, part.sources))
        }
        var (schedule, sources) = Self.joined(parts, home: home)
        schedule.feed = Self.feedOptions(calendars)
        let noSupply = Self.supplies(found.refills, schedule: &schedule)
        let notNeeded = Self.asNeeded(found.asNeeded, home: home, schedule: &schedule, sources: &sources)
        return ImportReport(
            schedule: schedule, sources: sources, unmapped: found.unmapped + noSupply + notNeeded,
            eventsRead: found.total, eventsNotDoses: found.notDoses, warnings: warnings)
    }

    /// The schedule of one person's dose events (all of them without people) read in `home`;
    /// `named`: their titles begin with the person, taken off. Medication ids are not in `taken`.
    func assemble(
        _ events: [(event: ReturnedEvent, calendar: ReturnedCalendar, overrides: [ReturnedEvent])], home: Zone, named: Bool,
        taken: Set<String>
    ) -> (schedule: Schedule, sources: [ImportReport.Source], unmapped: [ImportReport.Unmapped]) {
        var doses: [ImportedDose] = []
        var singles: [(ReturnedEvent, ReturnedCalendar)] = []
        var unmapped: [ImportReport.Unmapped] = []
        let offsets = Self.readingOffsets(events.map(\.event), home: home)
        for ((event, calendar, overrides), offset) in zip(events, offsets) {
            if event.ruleText == nil {
                singles.append((event, calendar))
                continue
            }
            switch recurring(event, calendar: calendar, home: home, overrides: overrides, offset: offset) {
            case .success(let dose): doses.append(dose)
            case .failure(let reason): unmapped.append(.init(event, reason.text))
            }
        }
        let folded = fold(singles, home: home)
        doses += folded.doses
        let assembled = CalendarImporter.assemble(named ? Self.withoutPerson(doses) : doses, home: home, taken: taken)
        return (assembled.schedule, assembled.sources, unmapped + folded.unmapped + assembled.unmapped)
    }

    /// The events that look like doses (with their calendar and moved occurrences), the refill
    /// warnings, the "next dose allowed" events of as-needed medicines, and those reported before
    /// mapping (cancelled, moves without their series).
    func candidates(_ calendars: [ReturnedCalendar], progress: ((Int, Int) -> Void)?) -> (
        events: [(event: ReturnedEvent, calendar: ReturnedCalendar, overrides: [ReturnedEvent])],
        refills: [ReturnedEvent], asNeeded: [ReturnedEvent], unmapped: [ImportReport.Unmapped], total: Int, notDoses: Int
    ) {
        var events: [(event: ReturnedEvent, calendar: ReturnedCalendar, overrides: [ReturnedEvent])] = []
        var (refills, asNeeded): ([ReturnedEvent], [ReturnedEvent]) = ([], [])
        var unmapped: [ImportReport.Unmapped] = []
        let total = calendars.reduce(0) { $0 + $1.series.count + $1.eventsWithoutUID.count }
        var (done, notDoses) = (0, 0)
        for calendar in calendars {
            let all: [(ReturnedEvent?, ReturnedSeries?)] =
                calendar.series.map { ($0.master, $0) } + calendar.eventsWithoutUID.map { ($0, nil) }
            for (master, series) in all {
                done += 1
                if done % 1000 == 0 { progress?(done, total) }
                guard let event = master ?? series?.overrides.first else { continue }
                let categories = event.component.properties(named: "CATEGORIES").flatMap {
                    $0.value.split(separator: ",").map(String.init)
                }
                let description = event.component.property("DESCRIPTION")?.text
                guard matcher.matches(summary: event.summary, description: description, categories: categories) else {
                    notDoses += 1
                    continue
                }
                if let reason = Self.notImported(event, isMaster: master != nil) {
                    unmapped.append(.init(event, reason))
                } else if categories.contains(where: { $0.uppercased() == "REFILL" }) {
                    refills.append(event)
                } else if categories.contains(where: { $0.uppercased() == "AS-NEEDED" }) {
                    asNeeded.append(event)
                } else {
                    events.append((event, calendar, series?.overrides ?? []))
                }
            }
        }
        progress?(total, total)
        return (events, refills, asNeeded, unmapped, total, notDoses)
    }

    static func notImported(_ event: ReturnedEvent, isMaster: Bool) -> String? {
        if !isMaster { return "moved occurrences whose series is not in the file" }
        if event.isCancelled { return "the event is cancelled (STATUS:CANCELLED)" }
        return nil
    }

    /// The zone most dose events are in (ties: the zone of the earliest of them, as travel
    /// begins at home; then alphabetical), else the calendars' X-WR-TIMEZONE, else UTC.
    static func mostCommonZone(_ events: [ReturnedEvent], calendars: [ReturnedCalendar]) -> String {
        var counts: [String: (count: Int, first: Int)] = [:]
        for e in events {
            guard let z = e.zone, Zone(z) != nil else { continue }
            var start = Int.max
            if case .instant(let s)? = e.startTime { start = s }
            let known = counts[z] ?? (0, Int.max)
            counts[z] = (known.count + 1, min(known.first, start))
        }
        if let best = counts.min(by: { ($1.value.count, $0.value.first, $0.key) < ($0.value.count, $1.value.first, $1.key) }) {
            return best.key
        }
        if let zone = calendars.compactMap(\.calendarZone).first(where: { Zone($0) != nil }) { return zone }
        return events.lazy.compactMap(namedZone).first ?? "UTC"
    }

    /// The zone dosecal names in the text of a series whose times are UTC ("from 07:00 on
    /// 2026-03-07 (America/New_York time)"): the home zone of a feed with no zoned dose.
    static func namedZone(_ event: ReturnedEvent) -> String? {
        guard let text = event.component.property("DESCRIPTION")?.text,
            let range = text.range(of: #"[A-Za-z_]+/[A-Za-z_/+-]+ time\b"#, options: .regularExpression)
        else { return nil }
        let zone = String(text[range].dropLast(" time".count))
        return Zone(zone) != nil ? zone : nil
    }
}

/// A reason an event cannot be imported.
struct ImportReason: Error {
    var text: String
    init(_ text: String) { self.text = text }
}

extension ImportReport.Unmapped {
    init(_ event: ReturnedEvent, _ reason: String) {
        self.init(
            summary: event.summary ?? "(no title)", uid: event.uid.isEmpty ? nil : event.uid, line: event.line, reason: reason)
    }
}
