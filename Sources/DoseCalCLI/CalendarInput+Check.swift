import DoseCal
import Foundation
import ICal

extension CalendarInput {
    /// The calendar file `check --calendar` names (or - for standard input), read for checking.
    static func checked(_ path: String) throws -> CheckedCalendar {
        let name = path == "-" ? "<stdin>" : path
        let input = try mapped(path)
        let parsed: ParsedCalendar
        do {
            parsed = try input.withBytes { (bytes) throws(ICalError) in
                try ICalParser.parse(bytes.assumingMemoryBound(to: UInt8.self))
            }
        } catch {
            throw InputError("\(name): \(error)")
        }
        guard let calendar = parsed.calendar else {
            throw InputError("\(name): no VCALENDAR in the file; expected an iCalendar (.ics) file")
        }
        return CheckedCalendar(label: name, calendar: calendar, warnings: parsed.warnings.map { "\(name): \($0)" })
    }
}

/// Reading an itinerary file for `check --itinerary`.
enum ItineraryInput {
    static func read(_ path: String) throws -> [ItineraryStop] {
        let data = try ScheduleInput.data(path, expected: "an itinerary file (.json)")
        return try ScheduleCodec.decodeItinerary(data, file: path == "-" ? "<stdin>" : path)
    }
}
