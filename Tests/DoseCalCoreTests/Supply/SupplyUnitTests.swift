import Foundation
import Testing

@testable import DoseCalCore

/// Supply counted in the dose's unit (format version 2): a 100 ml bottle runs out by ml, a taper
/// in mg of 5 mg tablets uses up tablets, warfarin by weekday uses each day's amount. Instants
/// are Chicago times (UTC-6 in December).
@Suite struct SupplyUnitTests {
    static func schedule(_ medication: String) throws -> Schedule {
        let text = #"{"version": 2, "homeZone": "America/Chicago", "medications": [\#(medication)]}"#
        return try ScheduleCodec.decode(Data(text.utf8), file: "t.json")
    }

    static let amoxicillin = #"""
        {"id": "amoxicillin", "name": "Amoxicillin", "strength": "250 mg/5 ml", "form": "liquid", "amount": 5,
         "times": [{"id": "morning", "time": "07:00"}, {"id": "afternoon", "time": "15:00"}, {"id": "night", "time": "21:00"}],
         "start": "2026-12-01", "end": "2026-12-10", "supply": {"amount": 100, "asOf": "2026-12-01", "warningDays": 2}}
        """#

    /// 100 ml at 5 ml three times a day: 20 doses, the last on 2026-12-07 at 15:00; the 21:00
    /// dose that day finds 0 ml.
    @Test func aBottleRunsOutByMl() throws {
        let s = try Self.schedule(Self.amoxicillin)
        let m = s.medications[0]
        let forecast = try #require(WallClockEngine(schedule: s).supplyForecast(of: m))
        #expect(forecast.runOut == LocalDate(year: 2026, month: 12, day: 7))
        #expect(forecast.dosesCovered == 20)
        #expect(forecast.lastCoveredDose?.description == "2026-12-07T15:00:00")
        #expect(forecast.refillDue?.description == "2026-12-05T09:00:00")
        // 2026-12-03T12:00:00-06:00: seven doses of 5 ml taken (not logged: counted as taken).
        let status = ReminderStatus(schedule: s, at: 1_796_320_800)
        #expect(status.pillsLeft(of: m, at: 1_796_320_800) == 65)
        #expect(m.supplyUnit == .ml)
    }

    /// 40, 30, 20, 10 mg for 5, 5, 5, 3 days, then 2.5 mg for 2 days, of 5 mg tablets: 8 x 5 +
    /// 6 x 5 + 4 x 5 + 2 x 3 + 0.5 x 2 = 97 tablets; 96 run out on the last day.
    @Test func aTaperInMgUsesUpTablets() throws {
        let prednisolone = #"""
            {"id": "prednisolone", "name": "Prednisolone", "strength": "5 mg", "form": "tablet", "unit": "mg", "amount": 40,
             "times": [{"id": "morning", "time": "08:00"}], "start": "2026-12-01", "end": "2026-12-20",
             "taper": [{"from": "2026-12-01"}, {"from": "2026-12-06", "amount": 30}, {"from": "2026-12-11", "amount": 20},
                       {"from": "2026-12-16", "amount": 10}, {"from": "2026-12-19", "amount": 2.5}],
             "supply": {"amount": 96.5, "asOf": "2026-12-01"}}
            """#
        let s = try Self.schedule(prednisolone)
        let m = s.medications[0]
        let engine = WallClockEngine(schedule: s)
        let doses = engine.occurrences(of: m, from: m.start, to: m.end!)
        #expect(doses.map(\.pills).reduce(0, +) == 97)
        #expect(doses.first?.amount == 40 && doses.first?.pills == 8 && doses.last?.amount == 2.5 && doses.last?.pills == 0.5)
        let forecast = try #require(engine.supplyForecast(of: m))
        #expect(forecast.runOut == LocalDate(year: 2026, month: 12, day: 20) && forecast.dosesCovered == 19)
        // The counting way (one amount a day) gives the walk's answer.
        let supply = try #require(m.supply)
        let ledger = DoseLedger(engine: engine, medicationID: m.id)
        let counted = engine.countedSupplyForecast(of: m, supply: supply, ledger: ledger, left: supply.pills, horizonDays: 3660)
        #expect(counted != nil)
        #expect(
            counted == engine.walkedSupplyForecast(of: m, supply: supply, ledger: ledger, left: supply.pills, horizonDays: 3660))
    }

    /// Half a tablet a day, one on Mondays and Fridays: 4.5 tablets a week. 30 tablets from Tuesday
    /// 2026-12-01: six weeks (27 tablets, 42 doses) to Monday 2027-01-11, then Tuesday to Saturday
    /// (3 tablets, 5 doses); Sunday 2027-01-17 finds none.
    @Test func warfarinUsesEachDaysAmount() throws {
        let warfarin = #"""
            {"id": "warfarin", "name": "Warfarin", "strength": "5 mg", "form": "tablet", "amount": 0.5,
             "doses": [{"weekdays": ["MO", "FR"], "amount": 1}], "times": [{"id": "evening", "time": "18:00"}],
             "start": "2026-12-01", "supply": {"amount": 30, "asOf": "2026-12-01", "warningDays": 5}}
            """#
        let s = try Self.schedule(warfarin)
        let m = s.medications[0]
        let forecast = try #require(WallClockEngine(schedule: s).supplyForecast(of: m))
        #expect(forecast.runOut == LocalDate(year: 2027, month: 1, day: 17))
        #expect(forecast.dosesCovered == 47)
        #expect(forecast.lastCoveredDose?.description == "2027-01-16T18:00:00")
        // At 2026-12-08T12:00:00-06:00 (Tuesday noon): Tuesday to Monday taken, 5 x 0.5 + 2 x 1.
        #expect(ReminderStatus(schedule: s, at: 1_796_752_800).pillsLeft(of: m, at: 1_796_752_800) == 25.5)
    }

    /// Counting day by day (each day's doses with their own amounts, the period whole weeks)
    /// gives the walk's answer for amounts by weekday, by slot and by taper step, in a zone with
    /// daylight-saving changes, for supplies that run out on every day of a few weeks.
    @Test func countingAmountsByWeekdayAndSlotEqualsTheWalk() throws {
        let recurrences = [
            #"{"kind": "daily"}"#, #"{"kind": "weekly", "weekdays": ["MO", "TH", "FR"], "interval": 2}"#,
            #"{"kind": "cycle", "daysOn": 21, "daysOff": 7}"#, #"{"kind": "everyNDays", "days": 3}"#,
        ]
        var compared = 0
        for (r, recurrence) in recurrences.enumerated() {
            let weekdays = r == 3 ? "" : #"{"weekdays": ["TH"], "slots": ["am"], "amount": 1.5}, "#
            let medication = #"""
                {"id": "m", "name": "M", "form": "tablet", "amount": 0.5, "recurrence": \#(recurrence),
                 "doses": [\#(weekdays){"slots": ["pm"], "amount": 2}],
                 "times": [{"id": "am", "time": "01:30"}, {"id": "pm", "time": "22:00"}], "start": "2026-10-20",
                 "taper": [{"from": "2026-10-20"}, {"from": "2026-12-01", "amount": 0.25, "doses": [{"slots": ["am"], "amount": 1}]}],
                 "supply": {"amount": 1, "asOf": "2026-10-25"}}
                """#
            var s = try Self.schedule(medication)
            for pills in stride(from: 1.0, through: 60, by: 2.25) {
                s.medications[0].supply?.pills = pills
                let m = s.medications[0]
                let engine = WallClockEngine(schedule: s)
                let supply = try #require(m.supply)
                let ledger = DoseLedger(engine: engine, medicationID: m.id)
                let counted = engine.countedSupplyForecast(of: m, supply: supply, ledger: ledger, left: pills, horizonDays: 3660)
                let walked = engine.walkedSupplyForecast(of: m, supply: supply, ledger: ledger, left: pills, horizonDays: 3660)
                #expect(counted != nil && counted == walked, "\(recurrence) \(pills)")
                compared += 1
            }
        }
        #expect(compared == 4 * 27)
    }
}
