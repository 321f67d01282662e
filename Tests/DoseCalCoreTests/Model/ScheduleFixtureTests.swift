import Foundation
import Testing

@testable import DoseCalCore

/// fixtures/schedules, found from this source file's path.
let scheduleFixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("fixtures/schedules")

func fixtureNames(in directory: URL, ext: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix("." + ext) }.sorted()
}

@Suite struct ScheduleFixtureTests {
    static let validNames = [
        "daily.json", "weekdays.json", "every-n-days.json", "every-n-weeks.json", "cycle-21-7.json", "cycle-63-7.json",
        "cycle-14-14.json", "taper.json", "every-n-hours.json", "pinned-zone.json", "floating.json", "privacy.json", "demo.json",
        "as-needed.json",
        "travel-spacing.json", "travel-spacing-gradual.json", "family-forms.json", "family.json", "family-wall-clock.json",
        "people.json",
    ]

    @Test func everyValidFixtureIsListed() {
        #expect(Set(fixtureNames(in: scheduleFixtures, ext: "json")) == Set(Self.validNames))
    }

    @Test(arguments: validNames)
    func decodesAndRoundTrips(name: String) throws {
        let data = try Data(contentsOf: scheduleFixtures.appendingPathComponent(name))
        let schedule = try ScheduleCodec.decode(data, file: name)
        // Version 2 where a fixture uses its keys (spacing, the gradual policy, forms and amounts,
        // people); the rest are version 1.
        #expect(
            schedule.version == (name.hasPrefix("travel-spacing") || name.hasPrefix("family") || name == "people.json" ? 2 : 1))
        #expect(!schedule.medications.isEmpty)
        let encoded = ScheduleCodec.encode(schedule)
        #expect(try ScheduleCodec.decode(encoded, file: name) == schedule)
        #expect(ScheduleCodec.encode(try ScheduleCodec.decode(encoded, file: name)) == encoded)
    }

    @Test func decodesDemoContents() throws {
        let data = try Data(contentsOf: scheduleFixtures.appendingPathComponent("demo.json"))
        let schedule = try ScheduleCodec.decode(data, file: "demo.json")
        #expect(schedule.homeZone == "America/New_York")
        #expect(schedule.feed == FeedOptions(name: "My medications"))
        #expect(schedule.medications.map(\.id) == ["metformin", "levothyroxine", "methotrexate", "vitamin-d"])
        #expect(schedule.medications.allSatisfy { $0.supply != nil && $0.start.year == 2026 })
        let methotrexate = schedule.medications[2]
        #expect(methotrexate.recurrence == .weekly(weekdays: [.monday], interval: 1))
        #expect(methotrexate.pillsPerDose == 6)
        #expect(methotrexate.reminder == Reminder(minutesBefore: 15, repeatCount: 2, repeatIntervalMinutes: 10))
        #expect(schedule.medications[3].recurrence == .everyNDays(14))
        #expect(schedule.log.count == 4)
        #expect(schedule.log[0].at == Date(timeIntervalSince1970: 1_772_370_240))  // 2026-03-01T13:04:00Z
        #expect(schedule.log[2].status == .missed)
    }

    @Test func decodesKindsAndPolicies() throws {
        func load(_ name: String) throws -> Schedule {
            try ScheduleCodec.decode(try Data(contentsOf: scheduleFixtures.appendingPathComponent(name)), file: name)
        }
        #expect(try load("daily.json").medications[1].times == [DoseSlot(id: "1", time: LocalTime(hour: 6, minute: 30)!)])
        #expect(
            try load("weekdays.json").medications[1].recurrence
                == .weekly(weekdays: [.monday, .tuesday, .wednesday, .thursday, .saturday, .sunday], interval: 1))
        #expect(try load("every-n-weeks.json").medications[0].recurrence == .weekly(weekdays: [], interval: 12))
        #expect(try load("cycle-21-7.json").medications[0].recurrence == .cycle(daysOn: 21, daysOff: 7))
        #expect(try load("cycle-63-7.json").medications[0].recurrence == .cycle(daysOn: 63, daysOff: 7))
        #expect(try load("cycle-14-14.json").medications[1].recurrence == .cycle(daysOn: 14, daysOff: 14))
        let amoxicillin = try load("every-n-hours.json").medications[0]
        #expect(amoxicillin.recurrence == .everyNHours(8) && amoxicillin.timePolicy == .fixedInterval)
        #expect(amoxicillin.reminder.repeatCount == 3 && amoxicillin.reminder.repeatIntervalMinutes == 10)
        let pinned = try load("pinned-zone.json")
        #expect(pinned.medications[0].timePolicy == .pinned(zone: Zone("America/Chicago")!))
        #expect(pinned.itinerary.map(\.zone.identifier) == ["Asia/Tokyo", "America/Chicago"])
        #expect(try load("floating.json").medications[0].timePolicy == .floating)
        #expect(try load("privacy.json").feed == FeedOptions(name: "Daily reminders", privacy: true, refreshMinutes: 360))
        let prednisone = try load("taper.json").medications[0]
        #expect(prednisone.taper.map(\.pillsPerDose) == [4, 3, 2, 1, 0.5])
        #expect(prednisone.taper[3].times == [DoseSlot(id: "morning", time: LocalTime(hour: 9, minute: 0)!)])
    }

    // MARK: Invalid files

    static let invalidDirectory = scheduleFixtures.appendingPathComponent("invalid")

    @Test func everyInvalidFixtureHasAnExpectation() {
        let files = fixtureNames(in: Self.invalidDirectory, ext: "json").map { String($0.dropLast(5)) }
        let expectations = fixtureNames(in: Self.invalidDirectory, ext: "expected").map { String($0.dropLast(9)) }
        #expect(files.count >= 12)
        #expect(files == expectations)
    }

    @Test(arguments: fixtureNames(in: invalidDirectory, ext: "json"))
    func reportsTheExpectedError(name: String) throws {
        let data = try Data(contentsOf: Self.invalidDirectory.appendingPathComponent(name))
        let expectedURL = Self.invalidDirectory.appendingPathComponent(String(name.dropLast(5)) + ".expected")
        let expected = try String(contentsOf: expectedURL, encoding: .utf8).trimmingCharacters(in: .newlines)
        do {
            let schedule = try ScheduleCodec.decode(data, file: name)
            Issue.record("\(name) decoded without error: \(schedule)")
        } catch {
            #expect(error.description == expected)
        }
    }
}
