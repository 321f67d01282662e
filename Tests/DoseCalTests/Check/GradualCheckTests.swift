import DoseCalTestSupport
import Foundation
import Testing

@testable import DoseCal

/// The gradual time policy through the feed, the notification plan and `check` (decision 0231):
/// the moved doses are overrides of the wall-clock series (the same UIDs), and every channel
/// fires them where the engine says.
@Suite struct GradualCheckTests {
    static func schedule(
        home: String = "America/Chicago", stops: [(String, String)], time: String = "07:00", maxShiftHours: Int = 2,
        start: String = "2026-11-20"
    ) -> Schedule {
        let m = Medication(
            id: "amoxicillin", name: "Amoxicillin", times: [DoseSlot(id: "morning", time: LocalTime(parsing: time)!)],
            start: LocalDate(parsing: start)!, timePolicy: .gradual(maxShiftMinutes: maxShiftHours * 60))
        let itinerary = stops.map { ItineraryStop(from: LocalDate(parsing: $0.0)!, zone: Zone($0.1)!) }
        return Schedule(version: 2, home: Zone(home)!, medications: [m], itinerary: itinerary)
    }

    static let tokyoWeek = [("2026-12-05", "Asia/Tokyo"), ("2026-12-12", "America/Chicago")]
    static let now = 1_796_040_000

    static func check(_ s: Schedule, from: String, to: String) throws -> CheckReport {
        let checker = DoseChecker(schedule: s, from: LocalDate(parsing: from)!, to: LocalDate(parsing: to)!)
        let calendar = CheckedCalendar.feed(of: s, now: Self.now)
        return CalendarCheck(checker: checker, foundationZoneData: "test").run(calendar).0
    }

    static func feedText(_ s: Schedule) throws -> String {
        FeedBuilder(schedule: s, now: Self.now).build().serialized()
    }

    @Test func everyChannelFiresTheMovedDoses() throws {
        let report = try Self.check(Self.schedule(stops: Self.tokyoWeek), from: "2026-12-03", to: "2026-12-20")
        #expect(report.doses.count == 18)
        #expect(report.doses.allSatisfy { $0.status == .ok })
        // Only a feed left at home differs (no libical, plan, iOS or zone-data note).
        #expect(report.doses.allSatisfy { $0.notes.allSatisfy { if case .homeZone = $0 { true } else { false } } })
        #expect(report.spacing.isEmpty)
        #expect(!report.hasProblems)
        let expected = report.doses.map { LocalDateTime(secondsSinceEpoch: $0.expected!).description }
        #expect(
            expected == [
                "2026-12-03T13:00:00", "2026-12-04T13:00:00",  // 07:00 CST
                "2026-12-05T11:00:00", "2026-12-06T09:00:00", "2026-12-07T07:00:00", "2026-12-08T05:00:00",
                "2026-12-09T03:00:00", "2026-12-10T01:00:00", "2026-12-10T23:00:00",  // 2 hours earlier a day
                "2026-12-12T01:00:00", "2026-12-13T03:00:00", "2026-12-14T05:00:00", "2026-12-15T07:00:00",
                "2026-12-16T09:00:00", "2026-12-17T11:00:00",  // 2 hours later a day
                "2026-12-18T13:00:00", "2026-12-19T13:00:00", "2026-12-20T13:00:00",  // 07:00 CST again
            ])
    }

    @Test func theFeedWritesTheMovesAsOverridesOfTheWallClockSeries() throws {
        let gradual = Self.schedule(stops: Self.tokyoWeek)
        var wallClock = gradual
        wallClock.medications[0].timePolicy = .wallClock
        let items = FeedBuilder(schedule: gradual, now: Self.now).build().items
        #expect(items.map(\.uid) == FeedBuilder(schedule: wallClock, now: Self.now).build().items.map(\.uid))
        #expect(items.map { $0.overrides.count } == [0, 7, 6])
        let text = try Self.feedText(gradual)
        #expect(text.contains("RECURRENCE-ID;TZID=Asia/Tokyo:20261205T070000\r\nDTSTART;TZID=Asia/Tokyo:20261205T200000\r\n"))
        // Back home: the 07:00 dose of 2026-12-12 at 19:00 CST the day before.
        #expect(
            text.contains(
                "RECURRENCE-ID;TZID=America/Chicago:20261212T070000\r\nDTSTART;TZID=America/Chicago:20261211T190000\r\n"))
        let unfolded = text.replacingOccurrences(of: "\r\n ", with: "")
        #expect(unfolded.contains("Take Amoxicillin at 20:00 (on the way to 07:00 local time after travel)."))
    }

    /// A skipped dose on the way is an EXDATE and no override; a rescheduled one is taken as its
    /// entry says.
    @Test func skippedAndRescheduledDosesOnTheWay() throws {
        var s = Self.schedule(stops: Self.tokyoWeek)
        s.medications[0].rescheduled = [
            RescheduledDose(slot: "morning", date: LocalDate(parsing: "2026-12-07")!, time: LocalTime(parsing: "12:00")!)
        ]
        s.log = [
            DoseLogEntry(
                medication: "amoxicillin", slot: "morning", date: LocalDate(parsing: "2026-12-06")!, status: .skipped,
                at: Date(timeIntervalSince1970: 1_796_500_000))
        ]
        let text = try Self.feedText(s)
        #expect(text.contains("EXDATE;TZID=Asia/Tokyo:20261206T070000\r\n"))
        #expect(!text.contains("RECURRENCE-ID;TZID=Asia/Tokyo:20261206T070000"))
        #expect(text.contains("RECURRENCE-ID;TZID=Asia/Tokyo:20261207T070000\r\nDTSTART;TZID=Asia/Tokyo:20261207T120000\r\n"))
        let report = try Self.check(s, from: "2026-12-05", to: "2026-12-08")
        #expect(report.doses.allSatisfy { $0.status == .ok })
        #expect(report.doses.map(\.expected) == [1_796_468_400, 1_796_612_400, 1_796_706_000])
    }

    /// New York to Berlin and back across both daylight-saving ends: the 05:30 dose of
    /// 2026-11-01 is moved to 06:30Z, 01:30 EST, a time New York's clocks read twice; the
    /// override starts in UTC, which names it exactly.
    @Test func aMoveIntoARepeatedHourIsWrittenInUTC() throws {
        let s = Self.schedule(
            home: "America/New_York", stops: [("2026-10-20", "Europe/Berlin"), ("2026-10-31", "America/New_York")],
            time: "05:30", maxShiftHours: 1, start: "2026-10-01")
        let text = try Self.feedText(s)
        #expect(text.contains("RECURRENCE-ID;TZID=America/New_York:20261101T053000\r\nDTSTART:20261101T063000Z\r\n"))
        #expect(
            text.contains(
                "RECURRENCE-ID;TZID=America/New_York:20261031T053000\r\nDTSTART;TZID=America/New_York:20261031T013000\r\n"))
        let report = try Self.check(s, from: "2026-10-18", to: "2026-11-06")
        #expect(report.doses.allSatisfy { $0.status == .ok && !$0.notes.contains { if case .plan = $0 { true } else { false } } })
        let days = Dictionary(uniqueKeysWithValues: report.doses.map { ($0.day!.description, $0.expected!) })
        #expect(days["2026-10-31"] == 1_793_424_600)  // 05:30Z
        #expect(days["2026-11-01"] == 1_793_514_600)  // 06:30Z
        #expect(days["2026-11-05"] == 1_793_874_600)  // 10:30Z, 05:30 EST
    }
}
