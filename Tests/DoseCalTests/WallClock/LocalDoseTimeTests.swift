import DoseCal
import DoseCalTestSupport
import Testing

/// Each dose read as the person reads it: local, in the zone of that dose (the zone the person is
/// in on its date; a pinned-zone dose in its zone; every N hours where the person is then),
/// in the order the doses happen, across a trip and the end of daylight saving.
@Suite struct LocalDoseTimeTests {
    typealias E = ReminderExamples

    let schedule: Schedule = {
        var s = E.schedule(
            [
                E.medication("amoxicillin", times: ["07:00", "21:00"], start: "2026-10-25"),
                E.medication(
                    "prednisolone", times: ["08:00"], start: "2026-10-25", timePolicy: .pinned(zone: Zone("America/Chicago")!)),
                E.medication("cipro", times: ["06:00"], recurrence: .everyNHours(8), start: "2026-10-25"),
            ], zone: "America/Chicago")
        s.itinerary = [ItineraryStop(from: E.day("2026-12-08"), zone: Zone("Asia/Tokyo")!)]
        return s
    }()

    func times(from: String, to: String) -> [String] {
        let engine = WallClockEngine(schedule: schedule)
        return engine.occurrences(from: E.day(from), to: E.day(to)).map { "\($0.medicationID) \(engine.time(of: $0))" }
    }

    @Test func theFlightDayInTheOrderTheDosesHappen() {
        #expect(
            times(from: "2026-12-07", to: "2026-12-08") == [
                "cipro 2026-12-07 05:00 America/Chicago",
                "amoxicillin 2026-12-07 07:00 America/Chicago",
                "prednisolone 2026-12-07 08:00 America/Chicago",
                "cipro 2026-12-07 13:00 America/Chicago",
                // Tokyo's 12-08 07:00 is 12-07 22:00Z: before Chicago's 21:00 (03:00Z).
                "amoxicillin 2026-12-08 07:00 Asia/Tokyo",
                "amoxicillin 2026-12-07 21:00 America/Chicago",
                // 03:00Z on 12-08 is still 12-07 at home, where the itinerary's stop of 12-08
                // has not begun: every 8 hours reads in Chicago time, then in Tokyo time.
                "cipro 2026-12-07 21:00 America/Chicago",
                "cipro 2026-12-08 20:00 Asia/Tokyo",
                "amoxicillin 2026-12-08 21:00 Asia/Tokyo",
                "prednisolone 2026-12-08 08:00 America/Chicago",
                "cipro 2026-12-09 04:00 Asia/Tokyo",
                "cipro 2026-12-09 12:00 Asia/Tokyo",
            ])
    }

    @Test func theEndOfDaylightSaving() {
        let engine = WallClockEngine(schedule: schedule)
        let cipro = engine.occurrences(of: schedule.medications[2], from: E.day("2026-10-31"), to: E.day("2026-11-01"))
        // Every 8 hours from 06:00 CDT: 22:00 CDT, then 05:00 CST (the clocks went back).
        #expect(
            cipro.map { engine.time(of: $0).rfc3339 } == [
                "2026-10-31T06:00:00-05:00", "2026-10-31T14:00:00-05:00", "2026-10-31T22:00:00-05:00",
                "2026-11-01T05:00:00-06:00", "2026-11-01T13:00:00-06:00", "2026-11-01T21:00:00-06:00",
            ])
        let amoxicillin = engine.occurrences(of: schedule.medications[0], from: E.day("2026-10-31"), to: E.day("2026-11-01"))
        #expect(
            amoxicillin.map { engine.time(of: $0).rfc3339 } == [
                "2026-10-31T07:00:00-05:00", "2026-10-31T21:00:00-05:00", "2026-11-01T07:00:00-06:00",
                "2026-11-01T21:00:00-06:00",
            ])
    }
}
