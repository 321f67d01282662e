import DoseCalChart
import DoseCalCore
import Testing

/// The week of reminders: the notification plan's requests, by local day.
struct WeekPlanTests {
    private func week(privacy: Bool = false) throws -> WeekPlan {
        let schedule = try ChartSchedules.decode(ChartSchedules.february(privacy: privacy))
        // 2026-02-02T00:00:00Z: the start of 2 February in London.
        let start = TypedTime(instant: 1_769_990_400, date: ChartSchedules.day(2), isDay: true)
        return try WeekPlan(person: schedule.chartPeople()[0], start: start)
    }

    @Test func remindersByDayLeavingOutDosesTheLogSettles() throws {
        let week = try week()
        #expect(week.days.first == ChartSchedules.day(2))
        #expect(week.days.last == ChartSchedules.day(8))
        // 2 February: the cycle's dose; 3 February: Metformin taken and skipped, the cycle off.
        #expect(week.reminders[0].map(\.time) == ["22:00"])
        #expect(week.reminders[0][0].title == "Ann Example — Norethisterone 5 mg tablets")
        #expect(week.reminders[0][0].body == "Ann Example takes 1 tablet (5 mg) of Norethisterone 5 mg at 22:00.")
        #expect(week.reminders[1].isEmpty)
        // 4 February: the missed evening dose is still reminded of.
        #expect(week.reminders[2].map(\.time) == ["08:00", "20:00"])
        #expect(week.reminders[3].map(\.time) == ["08:00", "20:00", "22:00"])
        #expect(week.zones.allSatisfy { $0 == nil })
    }

    @Test func asNeededNextDoseAllowed() throws {
        // Planned at 16:00 on 6 February, Paracetamol given at 15:40: the next dose is allowed
        // 4 hours later; the week runs from that instant to the end of 12 February.
        let schedule = try ChartSchedules.decode(ChartSchedules.february())
        let now = TypedTime(instant: 1_770_393_600, date: ChartSchedules.day(6), isDay: false)
        let week = try WeekPlan(person: schedule.chartPeople()[0], start: now)
        #expect(week.reminders[0].map(\.time) == ["19:40", "20:00", "22:00"])
        #expect(week.reminders[0][0].title == "Ann Example — Paracetamol")
        #expect(week.reminders[0][0].body == "The next dose of Paracetamol is allowed now, if needed.")
        #expect(week.reminders[0][0].alarm == "")
    }

    @Test func alarmWords() {
        let early = Reminder(enabled: true, minutesBefore: 15, repeatCount: 2, repeatIntervalMinutes: 10)
        #expect(WeekPlanAlarm.words(early) == "15 minutes before the dose, then 2 more every 10 minutes")
        #expect(WeekPlanAlarm.words(Reminder()) == "")
        #expect(WeekPlanAlarm.words(Reminder(minutesBefore: -1)) == "1 minute after the dose")
    }

    @Test func privacyModeSaysNoName() throws {
        let html = try week(privacy: true).html
        for name in ["Metformin", "Norethisterone", "Paracetamol", "Ann", "penicillin"] {
            #expect(!html.contains(name), "\(name)")
        }
        #expect(html.contains("Person 1 — Medication reminder"))
    }

    @Test func moreThanSevenDaysIsAnError() throws {
        let schedule = try ChartSchedules.decode(ChartSchedules.february())
        let start = TypedTime(instant: 1_769_990_400, date: ChartSchedules.day(2), isDay: true)
        #expect(throws: ChartError.self) { try WeekPlan(person: schedule.chartPeople()[0], start: start, days: 8) }
    }
}
