import DoseCal
import Foundation
import ICal
import Testing

/// A week in Tokyo from Chicago (2026-12-05 to 12-11, home again from 12-12) read back: a taper
/// step on the last day away keeps its own amount, the travel days come from the medication that
/// shows them to the day (decision 0265), a 21/7 cycle cut by the trip inside its "on" block is
/// one cycle, and the gradual policy's moves are the gradual policy again (decision 0267).
@Suite struct ImportTravelTests {
    static func d(_ s: String) -> LocalDate { LocalDate(parsing: s)! }
    static let tokyo = ItineraryStop(from: d("2026-12-05"), zone: Zone("Asia/Tokyo")!)
    static let home = ItineraryStop(from: d("2026-12-12"), zone: Zone("America/Chicago")!)

    /// `events` in a calendar of another app, imported.
    static func imported(_ events: [String]) throws -> ImportReport {
        let text =
            (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Example//Reminders 1.0//EN"] + events + ["END:VCALENDAR", ""])
            .joined(separator: "\r\n")
        return try CalendarImporter().run([ReturnedCalendar(parsing: Array(text.utf8))])
    }

    /// The doses of `schedule`'s feed from 2026-11-01, each as "instant SUMMARY".
    static func reexported(_ schedule: Schedule) throws -> [String] {
        let text = FeedBuilder(schedule: schedule, now: Fixtures.now).build().serialized()
        return try ImportFeedRoundTripTests.events(text, home: schedule.home, from: d("2026-11-01")).doses.map {
            String($0[..<($0.range(of: " [")?.lowerBound ?? $0.endIndex)])
        }
    }

    /// Prednisolone 5 mg as dosecal writes a taper step (2 tablets, then 1 from 12-11) across
    /// the trip: four series, the third of one dose on the last day in Tokyo, titled without an
    /// amount. Joined, that dose says one tablet ("Prednisolone 5 mg"), not the step before's
    /// text ("Prednisolone 5 mg (10 mg)").
    @Test func taperStepOnTheLastDayAwayKeepsItsAmount() throws {
        let two = "Prednisolone 5 mg (2 tablets (10 mg))"
        let report = try Self.imported([
            ImportStretchTests.event("p1", ";TZID=America/Chicago:20261201T080000", "FREQ=DAILY;UNTIL=20261204T140000Z", two),
            ImportStretchTests.event("p2", ";TZID=Asia/Tokyo:20261205T080000", "FREQ=DAILY;UNTIL=20261209T230000Z", two),
            ImportStretchTests.event(
                "p3", ";TZID=Asia/Tokyo:20261211T080000", "FREQ=DAILY;UNTIL=20261210T230000Z", "Prednisolone 5 mg"),
            ImportStretchTests.event(
                "p4", ";TZID=America/Chicago:20261212T080000", "FREQ=DAILY;UNTIL=20261220T140000Z", "Prednisolone 5 mg"),
        ])
        #expect(report.unmapped.isEmpty, "\(report.unmapped.map(\.reason))")
        let m = try #require(report.schedule.medications.first)
        #expect(report.schedule.medications.count == 1 && report.schedule.itinerary == [Self.tokyo, Self.home])
        #expect(m.taper.map(\.from) == [Self.d("2026-12-01"), Self.d("2026-12-11")])
        #expect(m.taper.map(\.pillsPerDose) == [2, 1] && m.taper.map(\.dose) == ["10 mg", nil] && m.dose == nil)
        let twoDays = ["01T14", "02T14", "03T14", "04T14", "04T23", "05T23", "06T23", "07T23", "08T23", "09T23"]
        let oneDays = ["10T23", "12T14", "13T14", "14T14", "15T14", "16T14", "17T14", "18T14", "19T14", "20T14"]
        #expect(
            try Self.reexported(report.schedule)
                == twoDays.map { "2026-12-\($0):00:00Z \(two)" } + oneDays.map { "2026-12-\($0):00:00Z Prednisolone 5 mg" })
    }

    /// Methotrexate on Fridays at 20:00 (home to 12-04, Tokyo on 12-11, home from 12-18) shows
    /// the trip only as "some day from 12-05 to 12-11"; amoxicillin daily at 07:00 shows it to
    /// the day. Whichever is read first, both are one medication with the stops of 12-05 and
    /// 12-12; methotrexate's doses stay 20:00 CST, 20:00 JST, 20:00 CST.
    @Test func travelDaysComeFromTheMedicationThatShowsThemToTheDay() throws {
        let mtx = "Methotrexate 2.5 mg (4 tablets (10 mg))"
        let amox = "Amoxicillin 500 mg (1 capsule)"
        let report = try Self.imported([
            ImportStretchTests.event(
                "a1", ";TZID=America/Chicago:20261106T200000", "FREQ=WEEKLY;UNTIL=20261205T020000Z;BYDAY=FR", mtx),
            ImportStretchTests.event(
                "a2", ";TZID=Asia/Tokyo:20261211T200000", "FREQ=WEEKLY;UNTIL=20261211T110000Z;BYDAY=FR", mtx),
            ImportStretchTests.event("a3", ";TZID=America/Chicago:20261218T200000", "FREQ=WEEKLY;BYDAY=FR", mtx),
            ImportStretchTests.event("b1", ";TZID=America/Chicago:20261201T070000", "FREQ=DAILY;UNTIL=20261204T130000Z", amox),
            ImportStretchTests.event("b2", ";TZID=Asia/Tokyo:20261205T070000", "FREQ=DAILY;UNTIL=20261210T220000Z", amox),
            ImportStretchTests.event("b3", ";TZID=America/Chicago:20261212T070000", "FREQ=DAILY;UNTIL=20261220T130000Z", amox),
        ])
        #expect(report.unmapped.isEmpty, "\(report.unmapped.map(\.reason))")
        #expect(report.schedule.itinerary == [Self.tokyo, Self.home])
        #expect(report.schedule.medications.map(\.name) == ["Methotrexate", "Amoxicillin"])
        let m = try #require(report.schedule.medications.first)
        #expect(m.recurrence == .weekly(weekdays: [.friday], interval: 1) && m.timePolicy == .wallClock && m.end == nil)
        let engine = WallClockEngine(schedule: report.schedule)
        let doses = engine.occurrences(of: m, from: Self.d("2026-12-04"), to: Self.d("2026-12-18")).map(\.instant)
        // 2026-12-05T02:00Z, 2026-12-11T11:00Z, 2026-12-19T02:00Z.
        #expect(doses == [1_796_436_000, 1_796_986_800, 1_797_645_600])
    }

    /// A 21/7 pill from Monday 2026-11-23 at 22:00, as dosecal writes it (one weekly rule every
    /// 4 weeks per week of the "on" block) and cuts it for the trip inside its block: two rules
    /// at home to 12-04, two in Tokyo from 12-05 to 12-11, three at home from 12-12 (the block's
    /// last two days, then the next cycles). One cycle from 11-23 with both stops.
    @Test func cycleCutByTravelInsideItsOnBlockIsOneCycle() throws {
        let pill = "Levonorgestrel/ethinylestradiol 150/30 mcg (1 tablet)"
        let every = "FREQ=WEEKLY;INTERVAL=4;BYDAY=MO,TU,WE,TH,FR,SA,SU"
        let report = try Self.imported([
            ImportStretchTests.event("c1", ";TZID=America/Chicago:20261123T220000", every + ";UNTIL=20261205T040000Z", pill),
            ImportStretchTests.event("c2", ";TZID=America/Chicago:20261130T220000", every + ";UNTIL=20261205T040000Z", pill),
            ImportStretchTests.event("c3", ";TZID=Asia/Tokyo:20261205T220000", every + ";UNTIL=20261211T130000Z", pill),
            ImportStretchTests.event("c4", ";TZID=Asia/Tokyo:20261207T220000", every + ";UNTIL=20261211T130000Z", pill),
            ImportStretchTests.event("c5", ";TZID=America/Chicago:20261221T220000", every, pill),
            ImportStretchTests.event("c6", ";TZID=America/Chicago:20261228T220000", every, pill),
            ImportStretchTests.event("c7", ";TZID=America/Chicago:20261212T220000", every, pill),
        ])
        #expect(report.unmapped.isEmpty, "\(report.unmapped.map(\.reason))")
        let m = try #require(report.schedule.medications.first)
        #expect(report.schedule.medications.count == 1 && report.schedule.itinerary == [Self.tokyo, Self.home])
        #expect(m.recurrence == .cycle(daysOn: 21, daysOff: 7) && m.start == Self.d("2026-11-23") && m.end == nil)
        #expect(m.timePolicy == .wallClock)
        let engine = WallClockEngine(schedule: report.schedule)
        let doses = engine.occurrences(of: m, from: Self.d("2026-11-23"), to: Self.d("2027-01-31")).map(\.instant)
        #expect(doses.count == 56)
        // 12-04 22:00 CST, 12-05 and 12-11 22:00 JST, 12-12 and 12-13 22:00 CST, then 12-21.
        let around = [1_796_443_200, 1_796_475_600, 1_796_994_000, 1_797_134_400, 1_797_220_800, 1_797_912_000]
        #expect(around.allSatisfy(doses.contains))
        #expect(!doses.contains(1_797_220_800 + 86_400))
    }

    /// 08:00 daily from 2026-12-01 to 12-14 at home in Chicago, moving to Tokyo's clock at most
    /// 2 hours a day from 12-05; the dose of 12-07 skipped. The feed's moves come back as the
    /// gradual policy (no rescheduled dose) and the skip as the skip of that dose.
    @Test func gradualMovesComeBackAsTheGradualPolicy() throws {
        let json = """
            {"version": 2, "homeZone": "America/Chicago",
             "medications": [{"id": "ramipril", "name": "Ramipril", "strength": "5 mg", "times": ["08:00"],
               "start": "2026-12-01", "end": "2026-12-14", "timePolicy": {"kind": "gradual", "maxShiftHours": 2}}],
             "itinerary": [{"from": "2026-12-05", "zone": "Asia/Tokyo"}],
             "log": [{"medication": "ramipril", "slot": "1", "date": "2026-12-07", "status": "skipped",
               "at": "2026-12-07T08:00:00Z"}]}
            """
        let schedule = try ScheduleCodec.decode(Data(json.utf8), file: "gradual.json")
        let text = FeedBuilder(schedule: schedule, now: Fixtures.now).build().serialized()
        let report = try CalendarImporter().run([ReturnedCalendar(parsing: Array(text.utf8))])
        #expect(report.unmapped.isEmpty, "\(report.unmapped.map(\.reason))")
        let m = try #require(report.schedule.medications.first)
        #expect(m.timePolicy == .gradual(maxShiftMinutes: 120) && m.rescheduled.isEmpty)
        #expect(report.schedule.log.map { "\($0.status) \($0.date!)" } == ["skipped 2026-12-07"])
        // 08:00 CST (14:00Z) to 12-04; then read at UTC-4, -2, 0 (skipped), +2, +4, +6, +8, +9.
        #expect(
            try Self.reexported(report.schedule).map { String($0.prefix(20)) } == [
                "2026-12-01T14:00:00Z", "2026-12-02T14:00:00Z", "2026-12-03T14:00:00Z", "2026-12-04T14:00:00Z",
                "2026-12-05T12:00:00Z", "2026-12-06T10:00:00Z", "2026-12-08T06:00:00Z", "2026-12-09T04:00:00Z",
                "2026-12-10T02:00:00Z", "2026-12-11T00:00:00Z", "2026-12-11T23:00:00Z", "2026-12-12T23:00:00Z",
                "2026-12-13T23:00:00Z",
            ])
    }
}
