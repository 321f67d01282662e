import DoseCal
import Foundation
import ICal
import Testing

/// A taper step of an every-N-hours medication changes the amount, not the cadence: the step's
/// series starts at the first dose of its first day, counted every N hours from the first dose.
@Suite struct FeedHourlyTaperTests {
    @Test func hourlyTaperStepKeepsTheCadence() throws {
        let d = { (s: String) in LocalDate(parsing: s)! }
        let m = Medication(
            id: "metformin", name: "Metformin", times: [DoseSlot(id: "1", time: LocalTime(hour: 14, minute: 55)!)],
            recurrence: .everyNHours(4), start: d("2027-01-11"), end: d("2027-01-20"), timePolicy: .fixedInterval,
            taper: [TaperStep(from: d("2027-01-11"), pillsPerDose: 4), TaperStep(from: d("2027-01-16"), pillsPerDose: 3)])
        let schedule = Schedule(home: Zone("America/New_York")!, medications: [m])
        let text = FeedBuilder(schedule: schedule, now: 1_797_336_000).build().serialized()
        let starts = text.components(separatedBy: "\r\n").filter { $0.hasPrefix("DTSTART") || $0.hasPrefix("RRULE") }
        // 14:55 EST is 19:55Z; every 4 hours, the first dose on 2027-01-16 (New York) is 02:55 EST.
        #expect(
            starts == [
                "DTSTART:20270111T195500Z", "RRULE:FREQ=HOURLY;UNTIL=20270116T045959Z;INTERVAL=4",
                "DTSTART:20270116T075500Z", "RRULE:FREQ=HOURLY;UNTIL=20270121T045959Z;INTERVAL=4",
            ])
    }
}
