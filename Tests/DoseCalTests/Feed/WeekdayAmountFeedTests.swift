import Foundation
import ICal
import Testing

@testable import DoseCal

/// Amounts by weekday in the feed (decision 0211): each weekday whose amount differs is a series
/// of its own, so every occurrence's SUMMARY says that day's amount; UIDs are the slot's and
/// the slot's with `+MO` ..., and changing one weekday's amount changes that series only.
@Suite struct WeekdayAmountFeedTests {
    static func schedule(_ medications: String, top: String = "") throws -> Schedule {
        let text = #"{"version": 2, "homeZone": "America/Chicago", \#(top)"medications": [\#(medications)]}"#
        return try ScheduleCodec.decode(Data(text.utf8), file: "t.json")
    }

    static func warfarin(_ doses: String = #"[{"weekdays": ["MO", "FR"], "amount": 1}]"#, extra: String = "") -> String {
        #"{"id": "warfarin", "name": "Warfarin", "strength": "5 mg", "form": "tablet", "amount": 0.5, "doses": \#(doses), "times": [{"id": "evening", "time": "18:00"}], "start": "2026-12-01"\#(extra)}"#
    }

    /// The feed's instances from `first` for `days` days, expanded from its text: (start, UID, SUMMARY).
    static func instances(_ schedule: Schedule, from first: LocalDate, days: Int) throws -> [(Int, String, String)] {
        let text = FeedBuilder(schedule: schedule, now: Fixtures.now).build().serialized()
        let parsed = try ICalParser.parse(Array(text.utf8), strict: true)
        let from = first.daysSinceEpoch * 86_400
        return try CalendarExpander(calendar: parsed).instances(from: from, to: from + days * 86_400)
            .filter { $0.summary?.hasPrefix("Refill") == false }
            .map { ($0.start, $0.uid, $0.summary ?? "") }.sorted { $0.0 < $1.0 }
    }

    static let evening = SlotKey(medicationID: "warfarin", slotID: "evening")
    static let plainUID = DoseIdentity.series(evening, .main).uid
    static let mondayUID = DoseIdentity.series(evening, SeriesPart(stretchStart: nil, weekday: .monday)).uid
    static let fridayUID = DoseIdentity.series(evening, SeriesPart(stretchStart: nil, weekday: .friday)).uid

    /// Two weeks of warfarin at 18:00 Chicago (00:00 UTC the next day): the exact SUMMARY and
    /// series of each day.
    @Test func eachDaySaysItsAmount() throws {
        let got = try Self.instances(Self.schedule(Self.warfarin()), from: LocalDate(year: 2026, month: 12, day: 1)!, days: 15)
        let half = "Warfarin 5 mg tablets: half a tablet (2.5 mg)"
        let one = "Warfarin 5 mg tablets: 1 tablet (5 mg)"
        let (p, mo, fr) = (Self.plainUID, Self.mondayUID, Self.fridayUID)
        let want: [(String, String, String)] = [
            ("2026-12-02T00:00:00Z", p, half), ("2026-12-03T00:00:00Z", p, half), ("2026-12-04T00:00:00Z", p, half),
            ("2026-12-05T00:00:00Z", fr, one), ("2026-12-06T00:00:00Z", p, half), ("2026-12-07T00:00:00Z", p, half),
            ("2026-12-08T00:00:00Z", mo, one), ("2026-12-09T00:00:00Z", p, half), ("2026-12-10T00:00:00Z", p, half),
            ("2026-12-11T00:00:00Z", p, half), ("2026-12-12T00:00:00Z", fr, one), ("2026-12-13T00:00:00Z", p, half),
            ("2026-12-14T00:00:00Z", p, half), ("2026-12-15T00:00:00Z", mo, one),
        ]
        #expect(got.map { RFC3339.utc($0.0) } == want.map(\.0))
        #expect(got.map(\.1) == want.map(\.1))
        #expect(got.map(\.2) == want.map(\.2))
        #expect(Set(got.map(\.1)).count == 3)
    }

    /// Friday's amount changed: the same UIDs; only the Friday series (and the refill warning,
    /// whose run-out date moves) gets a new SEQUENCE; every other event is written as before.
    @Test func oneWeekdaysAmountChangesThatSeriesOnly() throws {
        let supply = #", "supply": {"amount": 30, "asOf": "2026-12-01"}"#
        let before = try Self.schedule(Self.warfarin(extra: supply))
        let text = FeedBuilder(schedule: before, now: Fixtures.now).build().serialized()
        let previous = FeedRevision.revisions(in: try #require(ICalParser.parse(text).calendar))
        let after = try Self.schedule(
            Self.warfarin(#"[{"weekdays": ["MO"], "amount": 1}, {"weekdays": ["FR"], "amount": 1.5}]"#, extra: supply))
        let feed = FeedBuilder(schedule: after, previous: previous, now: Fixtures.now + 86_400).build()
        #expect(Set(feed.items.map(\.uid)) == Set(previous.keys))
        let bumped = Set(feed.items.filter { $0.revision?.sequence == 1 }.map(\.uid))
        #expect(bumped == [Self.fridayUID, DoseIdentity.supplyWarning(medicationID: "warfarin").uid])
        #expect(feed.items.filter { !bumped.contains($0.uid) }.allSatisfy { $0.revision?.sequence == 0 })
        let friday = try #require(feed.items.first { $0.uid == Self.fridayUID })
        #expect(friday.event.property("SUMMARY")?.value == "Warfarin 5 mg tablets: 1 and a half tablets (7.5 mg)")
        #expect(friday.event.property("RRULE")?.value == "FREQ=WEEKLY;BYDAY=FR")
    }

    /// Wednesday gets an amount of its own: the plain series keeps its UID and loses Wednesday;
    /// Wednesday's series is new; Monday's and Friday's are as they were.
    @Test func aWeekdayOfItsOwnAddsOneSeries() throws {
        let before = FeedBuilder(schedule: try Self.schedule(Self.warfarin()), now: Fixtures.now).build()
        let doses = #"[{"weekdays": ["MO", "FR"], "amount": 1}, {"weekdays": ["WE"], "amount": 0.75}]"#
        let after = FeedBuilder(schedule: try Self.schedule(Self.warfarin(doses)), now: Fixtures.now).build()
        let wednesday = DoseIdentity.series(Self.evening, SeriesPart(stretchStart: nil, weekday: .wednesday)).uid
        #expect(after.items.map(\.uid) == before.items.map(\.uid).prefix(1) + [Self.mondayUID, wednesday, Self.fridayUID])
        let rule = { (feed: Feed, uid: String) in feed.items.first { $0.uid == uid }?.event.property("RRULE")?.value }
        #expect(rule(before, Self.plainUID) == "FREQ=WEEKLY;BYDAY=TU,WE,TH,SA,SU")
        #expect(rule(after, Self.plainUID) == "FREQ=WEEKLY;BYDAY=TU,TH,SA,SU")
        for uid in [Self.mondayUID, Self.fridayUID] {
            #expect(
                before.items.first { $0.uid == uid }?.event == after.items.first { $0.uid == uid }?.event, "\(uid)")
        }
        let summary = after.items.first { $0.uid == wednesday }?.event.property("SUMMARY")?.value
        #expect(summary == "Warfarin 5 mg tablets: three quarters of a tablet (3.75 mg)")
    }

    /// Weekday amounts that equal the plain amount cut nothing: the slot's one daily series.
    @Test func equalAmountsWriteOneSeries() throws {
        let feed = FeedBuilder(
            schedule: try Self.schedule(Self.warfarin(#"[{"weekdays": ["MO"], "amount": 0.5}]"#)), now: Fixtures.now
        ).build()
        #expect(feed.items.map(\.uid) == [Self.plainUID])
        #expect(feed.items[0].event.property("RRULE")?.value == "FREQ=DAILY")
    }

    /// For schedules that cut by weekday in every way (weekly every 2 weeks, a 21/7 cycle, a
    /// fixed interval, travel, a taper step with its own amounts, a moved and a skipped dose),
    /// the expanded feed fires exactly the engine's doses and each occurrence's SUMMARY is the
    /// title of that dose's amount.
    @Test(arguments: [
        #"{"id": "a", "name": "A", "form": "tablet", "amount": 1, "doses": [{"weekdays": ["TU", "SA"], "amount": 2}], "times": [{"id": "am", "time": "08:00"}, {"id": "pm", "time": "20:00"}], "recurrence": {"kind": "weekly", "weekdays": ["TU", "TH", "SA"], "interval": 2}, "start": "2026-12-01"}"#,
        #"{"id": "b", "name": "B", "strength": "5 mg", "form": "tablet", "amount": 0.5, "doses": [{"weekdays": ["MO"], "amount": 1}], "times": [{"id": "x", "time": "21:30"}], "recurrence": {"kind": "cycle", "daysOn": 21, "daysOff": 7}, "start": "2026-12-03"}"#,
        #"{"id": "c", "name": "C", "form": "capsule", "doses": [{"weekdays": ["SU"], "slots": ["late"], "amount": 3}], "times": [{"id": "early", "time": "06:00"}, {"id": "late", "time": "23:30"}], "start": "2026-12-01", "timePolicy": {"kind": "fixedInterval"}}"#,
        #"{"id": "d", "name": "D", "strength": "5 mg", "form": "tablet", "unit": "mg", "amount": 10, "doses": [{"weekdays": ["FR"], "amount": 5}], "times": [{"id": "m", "time": "09:00"}], "start": "2026-12-01", "end": "2027-01-31", "taper": [{"from": "2026-12-01"}, {"from": "2026-12-20", "amount": 7.5, "doses": [{"weekdays": ["WE", "FR"], "amount": 2.5}]}], "rescheduled": [{"slot": "m", "date": "2026-12-11", "time": "10:30"}]}"#,
    ])
    func everyOccurrenceSaysItsAmount(_ medication: String) throws {
        let top =
            #""itinerary": [{"from": "2026-12-14", "zone": "Europe/Berlin"}, {"from": "2026-12-24", "zone": "America/Chicago"}], "#
        let log = #", {"id": "z", "name": "Z", "times": ["12:00"], "start": "2026-12-01"}"#
        var schedule = try Self.schedule(medication + log, top: top)
        schedule.medications.removeLast()
        let m = schedule.medications[0]
        // One skipped dose on a weekday of its own, one on a plain day.
        let engine = WallClockEngine(schedule: schedule)
        let first = LocalDate(year: 2026, month: 12, day: 1)!
        let doses = engine.occurrences(of: m, from: first, to: first.adding(days: 62))
        for d in [doses[3], doses[4]] {
            schedule.log.append(
                DoseLogEntry(
                    medication: m.id, slot: d.slotID, date: engine.localDate(of: d), status: .skipped,
                    at: Date(timeIntervalSince1970: TimeInterval(d.instant))))
        }
        let expected = WallClockEngine(schedule: schedule).occurrences(of: m, from: first, to: first.adding(days: 62))
            .filter { o in !schedule.log.contains { $0.slot == o.slotID && $0.date == engine.localDate(of: o) } }
        let words = try #require(MedicationWords(m))
        let got = try Self.instances(schedule, from: first.adding(days: -1), days: 62)
        let want = expected.filter { $0.instant < first.adding(days: 61).daysSinceEpoch * 86_400 }
        #expect(got.map(\.0) == want.map(\.instant), "\(m.id)")
        #expect(got.map(\.2) == want.map { words.title($0.amount) }, "\(m.id)")
        #expect(Set(want.map(\.amount)).count > 1, "\(m.id): the amounts differ")
        // Each series says one amount.
        var amounts: [String: Set<Double>] = [:]
        for (instance, dose) in zip(got, want) { amounts[instance.1, default: []].insert(dose.amount) }
        #expect(amounts.values.allSatisfy { $0.count == 1 }, "\(m.id): \(amounts)")
    }

    /// Privacy mode: no amount, unit, form or strength in the file.
    @Test func privacyModeSaysNoAmount() throws {
        let schedule = try Self.schedule(Self.warfarin(), top: #""feed": {"privacy": true}, "#)
        let text = FeedBuilder(schedule: schedule, now: Fixtures.now).build().serialized()
        for word in ["Warfarin", "tablet", "5 mg", "2.5", "half"] { #expect(!text.contains(word), "\(word)") }
        #expect(text.components(separatedBy: "SUMMARY:Medication reminder\r\n").count == 4)
    }

    /// The notification plan says what the feed says, and names a dose by the series the feed
    /// writes it in.
    @Test func thePlanNamesTheWeekdaysSeries() throws {
        let schedule = try Self.schedule(Self.warfarin())
        // 2026-12-06T12:00:00Z: Sunday; the plan covers Sunday evening to Saturday.
        let plan = NotificationPlanner(schedule: schedule, days: 7).plan(at: 1_796_040_000 + 6 * 86_400)
        let doses = plan.requests.filter { if case .dose = $0.purpose { true } else { false } }
        #expect(doses.map(\.uid).prefix(4) == [Self.plainUID, Self.mondayUID, Self.plainUID, Self.plainUID])
        let monday = try #require(doses.first { $0.uid == Self.mondayUID })
        #expect(monday.content.title == "Warfarin 5 mg tablets")
        #expect(monday.content.body == "Take 1 tablet (5 mg) of Warfarin 5 mg at 18:00.")
        #expect(doses[0].content.body == "Take half a tablet (2.5 mg) of Warfarin 5 mg at 18:00.")
    }
}
