import DoseCalCore
import DoseCalTestSupport
import Foundation
import Testing

/// Run-out and refill dates counted over the real dose days of each recurrence kind.
@Suite struct RunOutTests {
    typealias E = ReminderExamples

    func forecast(_ m: Medication) throws -> SupplyForecast {
        try #require(WallClockEngine(schedule: E.schedule([m])).supplyForecast(of: m))
    }

    @Test func dailyTwiceADay() throws {
        // 10 pills, 2 a day from 03-01: 03-01 ... 03-05 covered, 03-06 08:00 is not.
        let m = E.medication(
            "a", times: ["08:00", "20:00"], supply: Supply(pills: 10, asOf: E.day("2026-03-01"), warningDays: 2))
        let f = try forecast(m)
        #expect(f.runOut == E.day("2026-03-06"))
        #expect(f.refillDue == LocalDateTime(date: E.day("2026-03-04"), time: E.time("09:00")))
        #expect(f.lastCoveredDose == LocalDateTime(date: E.day("2026-03-05"), time: E.time("20:00")))
        #expect(f.dosesCovered == 10)
    }

    @Test func weekdays() throws {
        // Mondays, Wednesdays, Fridays from Monday 03-02; 5 pills: 03-02, 04, 06, 09, 11.
        let m = E.medication(
            "a", times: ["08:00"], recurrence: .weekly(weekdays: [.monday, .wednesday, .friday], interval: 1),
            start: "2026-03-02",
            supply: Supply(pills: 5, asOf: E.day("2026-03-02"), warningDays: 3))
        let f = try forecast(m)
        #expect(f.runOut == E.day("2026-03-13"))
        #expect(f.refillDue == LocalDateTime(date: E.day("2026-03-10"), time: E.time("09:00")))
    }

    @Test func everyThreeDays() throws {
        // 2 pills a dose, 7 pills: 03-02 (5 left), 03-05 (3), 03-08 (1), 03-11 needs 2.
        let m = E.medication(
            "a", times: ["09:00"], recurrence: .everyNDays(3), start: "2026-03-02", pillsPerDose: 2,
            supply: Supply(pills: 7, asOf: E.day("2026-03-02"), warningDays: 1))
        let f = try forecast(m)
        #expect(f.runOut == E.day("2026-03-11"))
        #expect(f.refillDue == LocalDateTime(date: E.day("2026-03-10"), time: E.time("09:00")))
    }

    @Test func cycleTwentyOneSeven() throws {
        // 25 pills: 03-01...03-21 (21), pause 03-22...03-28, 03-29, 03-30, 03-31, 04-01; 04-02 runs out.
        let m = E.medication(
            "a", times: ["22:00"], recurrence: .cycle(daysOn: 21, daysOff: 7),
            supply: Supply(pills: 25, asOf: E.day("2026-03-01"), warningDays: 7))
        let f = try forecast(m)
        #expect(f.runOut == E.day("2026-04-02"))
        #expect(f.refillDue == LocalDateTime(date: E.day("2026-03-26"), time: E.time("09:00")))
    }

    @Test func taper() throws {
        // 4 a day 03-01...03-03 (12 of 15), then 2: 03-04 leaves 1, 03-05 needs 2.
        let m = E.medication(
            "a", times: ["08:00"], pillsPerDose: 4, supply: Supply(pills: 15, asOf: E.day("2026-03-01"), warningDays: 0),
            taper: [
                TaperStep(from: E.day("2026-03-01"), pillsPerDose: 4), TaperStep(from: E.day("2026-03-04"), pillsPerDose: 2),
                TaperStep(from: E.day("2026-03-07"), pillsPerDose: 1),
            ])
        let f = try forecast(m)
        #expect(f.runOut == E.day("2026-03-05"))
        #expect(f.refillDue == LocalDateTime(date: E.day("2026-03-05"), time: E.time("09:00")))
    }

    @Test func everyEightHoursAcrossSpringForward() throws {
        // Anchor 07:00 EST on 03-07 (12:00Z), then every 8 h in UTC. After 03-08 02:00 the local
        // times are 08:00, 16:00, 00:00 EDT: 03-07 has 3 doses, 03-08 two, 03-09 three, 03-10
        // 00:00 and 08:00 use pills 9 and 10, 03-10 16:00 EDT is the first not covered.
        let m = E.medication(
            "a", times: ["07:00"], recurrence: .everyNHours(8), start: "2026-03-07",
            supply: Supply(pills: 10, asOf: E.day("2026-03-07"), warningDays: 1))
        let f = try forecast(m)
        #expect(f.runOut == E.day("2026-03-10"))
        #expect(f.lastCoveredDose == LocalDateTime(date: E.day("2026-03-10"), time: E.time("08:00")))
        #expect(f.refillDue == LocalDateTime(date: E.day("2026-03-09"), time: E.time("09:00")))
    }

    @Test func skippedAndMissedDosesUseNothingUnlessCorrected() throws {
        let m = E.medication("a", times: ["08:00"], supply: Supply(pills: 3, asOf: E.day("2026-03-01")))
        let skipped = DoseLogEntry(
            medication: "a", slot: "0800", date: E.day("2026-03-01"), status: .skipped, at: E.date("2026-03-01T13:05:00Z"))
        let missed = DoseLogEntry(
            medication: "a", slot: "0800", date: E.day("2026-03-02"), status: .missed, at: E.date("2026-03-02T16:00:00Z"))
        let corrected = DoseLogEntry(
            medication: "a", slot: "0800", date: E.day("2026-03-02"), status: .taken, at: E.date("2026-03-02T13:10:00Z"))
        let engine = { (log: [DoseLogEntry]) in WallClockEngine(schedule: E.schedule([m], log: log)) }
        #expect(engine([]).supplyForecast(of: m)?.runOut == E.day("2026-03-04"))
        #expect(engine([skipped, missed]).supplyForecast(of: m)?.runOut == E.day("2026-03-06"))
        // The correction is later in the file, so it decides, although its `at` is earlier.
        #expect(engine([skipped, missed, corrected]).supplyForecast(of: m)?.runOut == E.day("2026-03-05"))
        let extra = DoseLogEntry(medication: "a", status: .taken, at: E.date("2026-03-01T20:00:00Z"))
        #expect(engine([extra]).supplyForecast(of: m)?.runOut == E.day("2026-03-03"))
    }
}
