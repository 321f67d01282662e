import DoseCalTestSupport
import Testing

@testable import DoseCalCore

/// Run-outs far from the supply date, where the counted forecast reuses a day's summary for the
/// later days of its recurrence's period: literal run-out dates, last doses and counts across
/// cycles, taper steps, slots that end, fractional doses and a change of offset.
@Suite struct LongRunOutTests {
    typealias E = ReminderExamples

    func forecast(_ m: Medication, zone: String = "UTC") throws -> SupplyForecast {
        let engine = WallClockEngine(schedule: E.schedule([m], zone: zone))
        let counted = try #require(engine.supplyForecast(of: m))
        let supply = try #require(m.supply)
        let ledger = DoseLedger(engine: engine, medicationID: m.id)
        let walked = engine.walkedSupplyForecast(of: m, supply: supply, ledger: ledger, left: supply.pills, horizonDays: 3660)
        #expect(counted == walked)
        return counted
    }

    func expect(_ f: SupplyForecast, runOut: String, last: String, covered: Int, refill: String? = nil) {
        let parts = last.split(separator: " ").map(String.init)
        #expect(f.runOut == E.day(runOut))
        #expect(f.lastCoveredDose == LocalDateTime(date: E.day(parts[0]), time: E.time(parts[1])))
        #expect(f.dosesCovered == covered)
        if let refill { #expect(f.refillDue == LocalDateTime(date: E.day(refill), time: E.time("09:00"))) }
    }

    @Test func threeCyclesOfTwentyOneSeven() throws {
        // 2 a day: 21 days (42), pause, 21 days (84), pause, 8 days (100) from day 56; day 64 runs out.
        let m = E.medication(
            "a", times: ["08:00", "20:00"], recurrence: .cycle(daysOn: 21, daysOff: 7), start: "2026-01-05",
            supply: Supply(pills: 100, asOf: E.day("2026-01-05"), warningDays: 7))
        let f = try forecast(m)
        expect(f, runOut: "2026-03-10", last: "2026-03-09 20:00", covered: 100, refill: "2026-03-03")
    }

    @Test func supplyRunsOutMidDay() throws {
        // 4 a day, 102 pills: 25 days (100), then 05-26 06:00 and 10:00; 14:00 is not covered.
        let m = E.medication(
            "a", times: ["06:00", "10:00", "14:00", "18:00"], start: "2026-05-01",
            supply: Supply(pills: 102, asOf: E.day("2026-05-01"), warningDays: 3))
        let f = try forecast(m)
        expect(f, runOut: "2026-05-26", last: "2026-05-26 10:00", covered: 102, refill: "2026-05-23")
    }

    @Test func tenthsOfAPill() throws {
        // 3 pills, 0.1 a dose, 3 a day: the 30th subtraction leaves -1.5e-15, within the
        // tolerance, so 10 days are covered; 06-11 08:00 is not.
        let m = E.medication(
            "a", times: ["08:00", "12:00", "16:00"], start: "2026-06-01", pillsPerDose: 0.1,
            supply: Supply(pills: 3, asOf: E.day("2026-06-01"), warningDays: 0))
        let f = try forecast(m)
        expect(f, runOut: "2026-06-11", last: "2026-06-10 16:00", covered: 30)
    }

    @Test func taperStepHalvesTheDoseAndMovesATime() throws {
        // 2 a day 06-01...06-10 (20 of 60); from 06-11 two halves, the 08:00 dose at 21:00:
        // 40 days to 07-20, whose last dose is the moved one.
        let m = E.medication(
            "a", times: ["08:00", "20:00"], start: "2026-06-01",
            supply: Supply(pills: 60, asOf: E.day("2026-06-01"), warningDays: 2),
            taper: [
                TaperStep(
                    from: E.day("2026-06-11"), pillsPerDose: 0.5, times: [DoseSlot(id: "0800", time: E.time("21:00"))])
            ])
        let f = try forecast(m)
        expect(f, runOut: "2026-07-21", last: "2026-07-20 21:00", covered: 100)
    }

    @Test func slotEndsOnTheWay() throws {
        // 2 a day 06-01...06-10 (20 of 40), then 08:00 only: 06-11...06-30.
        var m = E.medication(
            "a", times: ["08:00", "20:00"], start: "2026-06-01",
            supply: Supply(pills: 40, asOf: E.day("2026-06-01"), warningDays: 0))
        m.times[1].until = E.day("2026-06-10")
        let f = try forecast(m)
        expect(f, runOut: "2026-07-01", last: "2026-06-30 08:00", covered: 40)
    }

    @Test func tuesdaysAndFridaysEveryOtherWeek() throws {
        // From Monday 01-05: 01-06, 09, 20, 23, 02-03, 06, 17, 20, 03-03, 06; 03-17 runs out.
        let m = E.medication(
            "a", times: ["09:00"], recurrence: .weekly(weekdays: [.tuesday, .friday], interval: 2), start: "2026-01-05",
            supply: Supply(pills: 10, asOf: E.day("2026-01-05"), warningDays: 0))
        let f = try forecast(m)
        expect(f, runOut: "2026-03-17", last: "2026-03-06 09:00", covered: 10)
    }

    @Test func acrossTheEndOfSummerTime() throws {
        // 4 a day, 200 pills from 10-01 in New York: October (124), 11-01...11-19 (76).
        let m = E.medication(
            "a", times: ["01:30", "06:00", "12:00", "18:00"], start: "2026-10-01",
            supply: Supply(pills: 200, asOf: E.day("2026-10-01"), warningDays: 5))
        let f = try forecast(m, zone: "America/New_York")
        expect(f, runOut: "2026-11-20", last: "2026-11-19 18:00", covered: 200)
    }

    @Test func everyNHoursAndAsNeededAreNotCounted() throws {
        let hourly = E.medication(
            "a", times: ["07:00"], recurrence: .everyNHours(8), start: "2026-03-07",
            supply: Supply(pills: 10, asOf: E.day("2026-03-07")))
        let engine = WallClockEngine(schedule: E.schedule([hourly]))
        let supply = try #require(hourly.supply)
        let ledger = DoseLedger(engine: engine, medicationID: hourly.id)
        #expect(engine.countedSupplyForecast(of: hourly, supply: supply, ledger: ledger, left: 10, horizonDays: 3660) == nil)
        let prn = E.medication(
            "b", times: [], recurrence: .asNeeded(minimumHours: 4, maxPerDay: 3),
            supply: Supply(pills: 10, asOf: E.day("2026-03-07")))
        #expect(WallClockEngine(schedule: E.schedule([prn])).supplyForecast(of: prn) == nil)
    }
}
