import DoseCal
import ICal
import Testing

/// `sync --zone`: an itinerary stop added in memory from today's date (decision 0033).
@Suite struct ScheduleTravelTests {
    @Test func todayIsTheDateWhereThePersonIs() throws {
        let s = try Fixtures.schedule("daily.json")  // New York
        // 2026-12-01T03:00:00Z is still 2026-11-30 in New York.
        #expect(s.localDate(at: 1_796_094_000) == LocalDate(year: 2026, month: 11, day: 30))
        let tokyo = s.travelling(to: Zone("Asia/Tokyo")!, from: LocalDate(year: 2026, month: 11, day: 20)!)
        #expect(tokyo.localDate(at: 1_796_094_000) == LocalDate(year: 2026, month: 12, day: 1))
    }

    @Test func futureDosesMovePastOnesStay() throws {
        let s = try Fixtures.schedule("daily.json")
        let day = LocalDate(year: 2026, month: 12, day: 1)!
        let moved = s.travelling(to: Zone("Asia/Tokyo")!, from: day)
        #expect(moved.itinerary == [ItineraryStop(from: day, zone: Zone("Asia/Tokyo")!)])
        let nov30 = LocalDate(year: 2026, month: 11, day: 30)!
        let morning = { (schedule: Schedule) in
            WallClockEngine(schedule: schedule).occurrences(from: nov30, to: day)
                .filter { $0.medicationID == "metformin" && $0.slotID == "morning" }.map(\.instant)
        }
        // At home: 2026-11-30 and 2026-12-01 at 08:00 New York (13:00Z).
        #expect(morning(s) == [1_796_043_600, 1_796_130_000])
        // Travelling from Dec 1: Nov 30 unchanged, Dec 1 at 08:00 Tokyo (2026-11-30T23:00:00Z).
        #expect(morning(moved) == [1_796_043_600, 1_796_079_600])
        let uids = FeedBuilder(schedule: moved, now: Fixtures.now).build().items.map(\.uid)
        #expect(
            uids.contains(
                DoseIdentity.series(SlotKey(medicationID: "metformin", slotID: "morning"), SeriesPart("from-20261201")).uid))
    }

    @Test func alreadyThereChangesNothing() throws {
        let s = try Fixtures.schedule("daily.json")
        #expect(s.travelling(to: Zone("America/New_York")!, from: LocalDate(year: 2026, month: 12, day: 1)!) == s)
    }
}
