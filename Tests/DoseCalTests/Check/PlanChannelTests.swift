import DoseCalTestSupport
import Foundation
import Testing

@testable import DoseCal

/// The plan channel planned as one window of whole weeks gives, per UID, the instants of the
/// plan an app schedules week by week.
@Suite struct PlanChannelTests {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fixtures/schedules")
    static let names = [
        "daily", "weekdays", "every-n-days", "every-n-weeks", "cycle-21-7", "cycle-63-7", "cycle-14-14", "taper",
        "every-n-hours", "pinned-zone", "floating", "privacy", "demo", "as-needed", "travel-spacing", "travel-spacing-gradual",
    ]
    static let zones = [
        "America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "Pacific/Chatham", "America/Santiago", "Pacific/Apia",
        "Asia/Kolkata",
    ]

    /// The instants per UID, each UID's sorted (the order `check` does not read).
    static func sorted(_ plan: [String: [Int]]) -> [String: [Int]] { plan.mapValues { $0.sorted() } }

    static func agree(_ schedule: Schedule, from: LocalDate, days: Int) {
        let window = from.daysSinceEpoch * 86_400..<(from.daysSinceEpoch + days) * 86_400
        let weekly = PlanChannel.doseInstants(schedule: schedule, in: window, weekByWeek: true)
        let once = PlanChannel.doseInstants(schedule: schedule, in: window, weekByWeek: false)
        #expect(sorted(once) == sorted(weekly))
        #expect(sorted(PlanChannel.doseInstants(schedule: schedule, in: window)) == sorted(weekly))
    }

    @Test(arguments: names)
    func everyFixtureInEveryZone(name: String) throws {
        let data = try Data(contentsOf: Self.fixtures.appendingPathComponent(name + ".json"))
        let schedule = try ScheduleCodec.decode(data, file: name)
        for id in Self.zones {
            var s = schedule
            s.home = try #require(Zone(id))
            for i in s.medications.indices { s.medications[i].rescheduled = [] }
            Self.agree(s, from: LocalDate(year: 2026, month: 12, day: 30)!, days: 369)
            Self.agree(s, from: LocalDate(year: 2027, month: 3, day: 25)!, days: 10)
        }
    }

    @Test func generatedSchedules() {
        var generator = ScheduleGenerator(seed: 11)
        for _ in 0..<6 {
            var s = generator.schedule()
            for i in s.medications.indices { s.medications[i].rescheduled = [] }
            for m in s.medications.prefix(1) { Self.agree(s, from: m.start.adding(days: -3), days: 30) }
        }
    }

    /// With a rescheduled dose the weeks are planned one by one.
    @Test func rescheduledDosesArePlannedWeekByWeek() throws {
        let data = try Data(contentsOf: Self.fixtures.appendingPathComponent("demo.json"))
        var s = try ScheduleCodec.decode(data, file: "demo")
        let m = s.medications[0]
        let day = m.start.adding(days: 9)
        s.medications[0].rescheduled = [RescheduledDose(slot: m.times[0].id, date: day, time: LocalTime(hour: 23, minute: 30)!)]
        Self.agree(s, from: m.start, days: 60)
    }
}
