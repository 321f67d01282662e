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

    /// Per UID, what `doseRequests` fires (repeating requests and one-offs alike) and what
    /// `doseFirings` gives without making a request are the same instants.
    static func firingsAreTheRequests(_ schedule: Schedule, from: Int, days: Int) {
        for settled in [false, true] {
            var planner = NotificationPlanner(schedule: schedule, budget: Int.max, margin: 0, days: days)
            planner.plansSettledDoses = settled
            let skipped = SkippedDoses(engine: planner.engine)
            for index in schedule.medications.indices {
                var requested: [String: [Int]] = [:]
                for r in planner.doseRequests(ofMedicationAt: index, from: from, to: from + days * 86_400, skipped: skipped) {
                    requested[r.uid, default: []] += r.firings
                }
                var fired: [String: [Int]] = [:]
                planner.doseFirings(ofMedicationAt: index, from: from, to: from + days * 86_400, skipped: skipped) {
                    fired[$0, default: []] += $1
                }
                #expect(sorted(fired) == sorted(requested), "\(schedule.medications[index].id), settled: \(settled)")
            }
        }
    }

    @Test(arguments: names)
    func firingsAreWhatTheRequestsFire(name: String) throws {
        let data = try Data(contentsOf: Self.fixtures.appendingPathComponent(name + ".json"))
        let schedule = try ScheduleCodec.decode(data, file: name)
        for id in ["America/New_York", "Australia/Lord_Howe", "Pacific/Apia"] {
            var s = schedule
            s.home = try #require(Zone(id))
            // A year (repeating triggers across DST changes) and a week of a DST change.
            Self.firingsAreTheRequests(s, from: 1_798_588_800, days: 365)
            Self.firingsAreTheRequests(s, from: 1_806_019_200, days: 7)
        }
    }

    @Test func firingsAreWhatTheRequestsFireInGeneratedSchedules() {
        var generator = ScheduleGenerator(seed: 23)
        for _ in 0..<4 {
            let g = generator.schedule()
            let start = g.medications.first.map { $0.start.daysSinceEpoch * 86_400 } ?? 0
            Self.firingsAreTheRequests(g, from: start - 3 * 86_400, days: 30)
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
