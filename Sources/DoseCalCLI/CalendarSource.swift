import DoseCal
import Foundation
import ICal

/// The calendar `check` looks at: dosecal's own feed of the schedule, or a file.
struct CalendarSource {
    var label: String
    var calendar: ICalComponent
    /// What was wrong in the file but read anyway, each naming the file and line.
    var warnings: [String] = []

    /// dosecal's feed of `schedule`, written and read back as text, exactly as a client gets it.
    static func feed(of schedule: Schedule, now: Int) throws -> CalendarSource {
        let text = try FeedBuilder(schedule: schedule, now: now).build().serialized()
        guard let calendar = try ICalParser.parse(Array(text.utf8)).calendar else {
            throw InputError("dosecal's own feed could not be read back; please report this")
        }
        return CalendarSource(label: "dosecal's feed of the schedule", calendar: calendar)
    }

    /// A calendar file (or - for standard input).
    static func file(_ path: String) throws -> CalendarSource {
        let name = path == "-" ? "<stdin>" : path
        let data = try CalendarInput.data(path)
        let parsed: ParsedCalendar
        do {
            parsed = try ICalParser.parse(Array(data))
        } catch {
            throw InputError("\(name): \(error)")
        }
        guard let calendar = parsed.calendar else {
            throw InputError("\(name): no VCALENDAR in the file; expected an iCalendar (.ics) file")
        }
        return CalendarSource(label: name, calendar: calendar, warnings: parsed.warnings.map { "\(name): \($0)" })
    }

    /// Start instants per UID, by dosecal's expander (RFC 5545 reading), and the events it
    /// could not expand; bounded by the command's budget.
    func instances(
        in window: Range<Int>, viewerZone: Zone, budget: ExpansionBudget
    ) -> (byUID: [String: [Int]], problems: [ICalError]) {
        let expansion = CalendarExpander(components: [calendar], viewerZone: viewerZone, budget: budget)
            .expand(from: window.lowerBound, to: window.upperBound)
        return (Dictionary(grouping: expansion.instances, by: \.uid).mapValues { $0.map(\.start) }, expansion.problems)
    }

    /// Start instants per UID, by libical 3.0.16's own zone-aware expansion; bounded by a budget
    /// of its own, as large as the command's. `progress` hears (events done, events) after each event.
    func libicalInstances(
        in window: Range<Int>, viewerZone: Zone, progress: (Int, Int) -> Void = { _, _ in }
    ) -> [String: [Int]] {
        let budget = ExpansionBudget()
        var result: [String: [Int]] = [:]
        let events = calendar.components(named: "VEVENT").filter { $0.property("RECURRENCE-ID") == nil }
        for (i, event) in events.enumerated() {
            progress(i + 1, events.count)
            guard let uid = event.property("UID")?.value else { continue }
            result[uid, default: []] += LibicalReference.instances(
                of: event, from: window.lowerBound, to: window.upperBound, viewerZone: viewerZone,
                budget: budget)
        }
        return result
    }
}

/// Reading an itinerary file for `check --itinerary`.
enum ItineraryInput {
    static func read(_ path: String) throws -> [ItineraryStop] {
        guard let data = path == "-" ? FileHandle.standardInput.readDataToEndOfFile() : FileManager.default.contents(atPath: path)
        else {
            throw InputError(
                "\(path): cannot read the itinerary file; expected JSON like [{\"from\": \"2027-01-10\", \"zone\": \"Asia/Tokyo\"}]"
            )
        }
        return try ScheduleCodec.decodeItinerary(data, file: path == "-" ? "<stdin>" : path)
    }
}
