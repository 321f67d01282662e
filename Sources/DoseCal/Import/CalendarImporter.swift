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
        var candidates: [(ReturnedEvent, ReturnedCalendar, overrides: Int)] = []
        var unmapped: [ImportReport.Unmapped] = []
        let total = calendars.reduce(0) { $0 + $1.series.count + $1.eventsWithoutUID.count }
        var done = 0
        var notDoses = 0
        for calendar in calendars {
            let events: [(ReturnedEvent?, ReturnedSeries?)] =
                calendar.series.map { ($0.master, $0) } + calendar.eventsWithoutUID.map { ($0, nil) }
            for (master, series) in events {
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
                guard master != nil else {
                    unmapped.append(.init(event, "moved occurrences whose series is not in the file"))
                    continue
                }
                if event.isCancelled {
                    unmapped.append(.init(event, "the event is cancelled (STATUS:CANCELLED)"))
                    continue
                }
                if categories.contains(where: { $0.uppercased() == "REFILL" }) {
                    unmapped.append(.init(event, "a refill reminder (CATEGORIES:REFILL), not a dose"))
                    continue
                }
                candidates.append((event, calendar, series?.overrides.count ?? 0))
            }
        }
        progress?(total, total)
        let homeID = zone ?? CalendarImporter.mostCommonZone(candidates.map(\.0), calendars: calendars)
        guard let home = Zone(homeID) else { throw .badZone(homeID) }
        var warnings: [String] = []
        if zone == nil { warnings.append("home zone \(home): the most common zone of the dose events (--zone sets it)") }
        var doses: [ImportedDose] = []
        var singles: [(ReturnedEvent, ReturnedCalendar)] = []
        for (event, calendar, overrides) in candidates {
            if event.ruleText == nil {
                singles.append((event, calendar))
                continue
            }
            switch recurring(event, calendar: calendar, home: home, overrides: overrides) {
            case .success(let dose): doses.append(dose)
            case .failure(let reason): unmapped.append(.init(event, reason.text))
            }
        }
        let folded = fold(singles, home: home)
        doses += folded.doses
        unmapped += folded.unmapped
        let (schedule, sources) = CalendarImporter.schedule(doses, home: home)
        return ImportReport(
            schedule: schedule, sources: sources, unmapped: unmapped, eventsRead: total, eventsNotDoses: notDoses,
            warnings: warnings)
    }

    /// The zone most dose events are in (ties: alphabetical), else the calendars' X-WR-TIMEZONE,
    /// else UTC.
    static func mostCommonZone(_ events: [ReturnedEvent], calendars: [ReturnedCalendar]) -> String {
        var counts: [String: Int] = [:]
        for e in events { if let z = e.zone, Zone(z) != nil { counts[z, default: 0] += 1 } }
        if let best = counts.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }).first { return best.key }
        return calendars.compactMap(\.calendarZone).first { Zone($0) != nil } ?? "UTC"
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
