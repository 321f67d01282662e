import DoseCal
import Foundation
import ICal
import Testing

/// export -> import -> export gives the same dose instants and alarms, for every example
/// schedule (no `--zone`: the home zone comes back from the feed).
@Suite struct ImportRoundTripTests {
    /// Every dose (instant) with its alarm (minutes before, repeats, interval; nil when off),
    /// over 400 days from the first start.
    static func doses(_ s: Schedule) -> [String] {
        guard let first = s.medications.map(\.start).min() else { return [] }
        let engine = WallClockEngine(schedule: s)
        return s.medications.flatMap { m in
            engine.occurrences(of: m, from: first, to: first.adding(days: 400)).map { o in
                let r = m.reminder
                return "\(o.instant) "
                    + (r.enabled
                        ? "\(r.minutesBefore)/\(r.repeatCount)/\(r.repeatCount == 0 ? 0 : r.repeatIntervalMinutes)" : "off")
            }
        }.sorted()
    }

    static func roundTrip(_ schedule: Schedule, zone: String? = nil) throws -> ImportReport {
        let text = FeedBuilder(schedule: schedule, now: Fixtures.now).build().serialized()
        return try CalendarImporter(zone: zone).run([ReturnedCalendar(parsing: Array(text.utf8))])
    }

    /// Floating times carry no zone at all: that example gets `--zone`. privacy.json comes back
    /// with numbered medications and the same doses; as-needed.json's as-needed medicines have no
    /// dose series (they come back from their "next dose allowed" events, decision 0206).
    @Test(arguments: Fixtures.scheduleNames)
    func exampleRoundTrips(_ name: String) throws {
        try roundTrip(name)
    }

    func roundTrip(_ name: String) throws {
        let schedule = try Fixtures.schedule(name)
        let report = try Self.roundTrip(schedule, zone: name == "floating.json" ? schedule.homeZone : nil)
        // An as-needed medicine whose next dose the feed's named doses would allow too early is
        // reported (decision 0268; as-needed.json's ibuprofen, ImportAsNeededTests).
        let reported = report.unmapped.filter {
            !$0.reason.contains("refill") && !$0.reason.hasPrefix("the next dose is allowed from")
        }
        #expect(reported.isEmpty, "\(name): \(report.unmapped.map(\.reason))")
        #expect(report.schedule.homeZone == schedule.homeZone, "\(name)")
        let (a, b) = (Self.doses(report.schedule), Self.doses(schedule))
        #expect(
            a == b,
            "\(name): imported-only \(Set(a).subtracting(b).sorted().prefix(3)), missing \(Set(b).subtracting(a).sorted().prefix(3))"
        )
        let again = FeedBuilder(schedule: report.schedule, now: Fixtures.now).build().serialized()
        let back = try CalendarImporter(zone: report.schedule.homeZone).run([ReturnedCalendar(parsing: Array(again.utf8))])
        #expect(Self.doses(back.schedule) == b, "\(name): a second round trip")
    }

    @Test func taperComesBackAsOneMedication() throws {
        let report = try Self.roundTrip(Fixtures.schedule("taper.json"))
        let d = { (s: String) in LocalDate(parsing: s)! }
        #expect(report.schedule.medications.count == 1)
        let m = try #require(report.schedule.medications.first)
        #expect(m.id == "prednisone" && m.name == "Prednisone" && m.strength == "10 mg")
        #expect(m.start == d("2026-04-06") && m.end == d("2026-04-30"))
        #expect(m.taper.map(\.from) == ["2026-04-06", "2026-04-11", "2026-04-16", "2026-04-21", "2026-04-26"].map(d))
        #expect(m.taper.map(\.pillsPerDose) == [4, 3, 2, 1, 0.5])
        #expect(m.taper.map(\.dose) == ["40 mg", "30 mg", "20 mg", "10 mg", "5 mg"])
        #expect(m.taper[3].times?.map(\.time.description) == ["09:00"])
    }

    @Test func cycleComesBackAsACycle() throws {
        for (name, on, off) in [("cycle-21-7.json", 21, 7), ("cycle-63-7.json", 63, 7), ("cycle-14-14.json", 14, 14)] {
            let report = try Self.roundTrip(Fixtures.schedule(name))
            #expect(report.schedule.medications.contains { $0.recurrence == .cycle(daysOn: on, daysOff: off) }, "\(name)")
        }
    }
}

extension ImportRoundTripTests {
    @Test func hourlyTaperComesBackAsOneMedication() throws {
        let d = { (s: String) in LocalDate(parsing: s)! }
        let m = Medication(
            id: "metformin", name: "Metformin", times: [DoseSlot(id: "1", time: LocalTime(hour: 14, minute: 55)!)],
            recurrence: .everyNHours(4), start: d("2027-01-11"), end: d("2027-01-20"), timePolicy: .fixedInterval,
            taper: [TaperStep(from: d("2027-01-11"), pillsPerDose: 4), TaperStep(from: d("2027-01-16"), pillsPerDose: 3)])
        let report = try Self.roundTrip(Schedule(home: Zone("America/New_York")!, medications: [m]))
        let back = try #require(report.schedule.medications.first)
        #expect(report.schedule.medications.count == 1)
        #expect(back.recurrence == .everyNHours(4) && back.times.map(\.time.description) == ["14:55"])
        #expect(back.start == d("2027-01-11") && back.end == d("2027-01-20"))
        #expect(back.taper.map(\.from) == [d("2027-01-11"), d("2027-01-16")])
        #expect(back.taper.map(\.pillsPerDose) == [4, 3] && back.taper.allSatisfy { $0.times == nil })
    }
}

extension ImportRoundTripTests {
    /// A 5-on/4-off cycle whose second taper step (2027-01-24) falls inside an "on" block
    /// (2027-01-22...26): the step's series begins mid-block and is read from the block's start.
    @Test func cycleCutInsideItsBlockByATaperStepComesBackAsOneMedication() throws {
        let d = { (s: String) in LocalDate(parsing: s)! }
        let m = Medication(
            id: "levothyroxine", name: "Levothyroxine", strength: "10 mg",
            times: [DoseSlot(id: "1", time: LocalTime(hour: 4, minute: 15)!)], recurrence: .cycle(daysOn: 5, daysOff: 4),
            start: d("2027-01-13"), end: d("2027-05-05"), timePolicy: .fixedInterval,
            taper: [
                TaperStep(from: d("2027-01-13"), pillsPerDose: 4, dose: "40 mg"),
                TaperStep(from: d("2027-01-24"), pillsPerDose: 3, dose: "30 mg"),
                TaperStep(from: d("2027-02-05"), pillsPerDose: 2, dose: "20 mg"),
            ])
        let schedule = Schedule(home: Zone("America/New_York")!, medications: [m])
        let report = try Self.roundTrip(schedule)
        #expect(report.unmapped.isEmpty, "\(report.unmapped.map(\.reason))")
        let back = try #require(report.schedule.medications.first)
        #expect(report.schedule.medications.count == 1)
        #expect(back.recurrence == .cycle(daysOn: 5, daysOff: 4) && back.timePolicy == .fixedInterval)
        #expect(back.start == d("2027-01-13") && back.end == d("2027-05-05"))
        // 2027-02-05 is an "off" day: the step's first dose is on 2027-02-09.
        #expect(back.taper.map(\.from) == [d("2027-01-13"), d("2027-01-24"), d("2027-02-09")])
        #expect(back.taper.map(\.pillsPerDose) == [4, 3, 2])
        #expect(Self.doses(report.schedule) == Self.doses(schedule))
    }
}

extension ImportRoundTripTests {
    /// A 14/7 cycle from Saturday 2027-01-23 cut by travel (2027-01-25 and 2027-01-29, UTC) and
    /// taper steps: the first stretches are shorter than a week and show a 7-day block only; the
    /// join takes the cycle a longer stretch shows, and an open-ended last stretch is compared
    /// over the same days as the joined medication.
    @Test func cycleCutByTravelAndTaperComesBackAsOneMedication() throws {
        let d = { (s: String) in LocalDate(parsing: s)! }
        let m = Medication(
            id: "sertraline", name: "Sertraline", strength: "10 mg",
            times: [DoseSlot(id: "1", time: LocalTime(hour: 16, minute: 45)!)], recurrence: .cycle(daysOn: 14, daysOff: 7),
            start: d("2027-01-23"), reminder: Reminder(minutesBefore: 5),
            taper: [
                TaperStep(from: d("2027-01-23"), pillsPerDose: 4, dose: "40 mg"),
                TaperStep(from: d("2027-02-10"), pillsPerDose: 3, dose: "30 mg"),
                TaperStep(from: d("2027-02-17"), pillsPerDose: 2, dose: "20 mg"),
            ])
        let utc = Zone("UTC")!
        let schedule = Schedule(
            home: Zone("Australia/Lord_Howe")!, medications: [m],
            itinerary: [ItineraryStop(from: d("2027-01-25"), zone: utc), ItineraryStop(from: d("2027-01-29"), zone: utc)])
        // More of its doses are in UTC than at home: the home zone is given, as `--zone` does.
        let report = try Self.roundTrip(schedule, zone: "Australia/Lord_Howe")
        #expect(report.unmapped.filter { !$0.reason.contains("refill") }.isEmpty, "\(report.unmapped.map(\.reason))")
        let back = try #require(report.schedule.medications.first)
        #expect(report.schedule.medications.count == 1)
        #expect(back.recurrence == .cycle(daysOn: 14, daysOff: 7) && back.start == d("2027-01-23"))
        // One step per change of dose (the travel stretches say the step before's dose again);
        // 2027-02-10 is an "off" day, so that step begins on 2027-02-13.
        #expect(back.taper.map(\.from) == ["2027-01-23", "2027-02-13", "2027-02-17"].map(d))
        #expect(back.taper.map(\.pillsPerDose) == [4, 3, 2])
        #expect(report.schedule.itinerary == [ItineraryStop(from: d("2027-01-25"), zone: utc)])
        #expect(Self.doses(report.schedule) == Self.doses(schedule))
    }
}

extension ImportRoundTripTests {
    /// A 5-on/4-off cycle in a zone, cut inside an "on" block on 2027-01-24 and again on
    /// 2027-02-02: the middle stretch is five daily rules every 9 days, one per "on" day, with one
    /// UNTIL (2027-02-01) but different last doses (01-24, 01-25, 01-26, 01-31, 02-01). They are
    /// one stretch (a block from 01-22, cut), not five.
    @Test func cycleRulesOfOneStretchWithDifferentLastDosesAreOneStretch() throws {
        let d = { (s: String) in LocalDate(parsing: s)! }
        let m = Medication(
            id: "prednisone", name: "Prednisone", strength: "5 mg",
            times: [DoseSlot(id: "1", time: LocalTime(hour: 8, minute: 0)!)], recurrence: .cycle(daysOn: 5, daysOff: 4),
            start: d("2027-01-13"), end: d("2027-03-31"),
            taper: [
                TaperStep(from: d("2027-01-13"), pillsPerDose: 4, dose: "20 mg"),
                TaperStep(from: d("2027-01-24"), pillsPerDose: 3, dose: "15 mg"),
                TaperStep(from: d("2027-02-02"), pillsPerDose: 2, dose: "10 mg"),
            ])
        let schedule = Schedule(home: Zone("Europe/Berlin")!, medications: [m])
        let report = try Self.roundTrip(schedule)
        #expect(report.unmapped.isEmpty, "\(report.unmapped.map(\.reason))")
        let back = try #require(report.schedule.medications.first)
        #expect(report.schedule.medications.count == 1)
        #expect(back.recurrence == .cycle(daysOn: 5, daysOff: 4))
        #expect(back.taper.map(\.from) == [d("2027-01-13"), d("2027-01-24"), d("2027-02-02")])
        #expect(back.taper.map(\.pillsPerDose) == [4, 3, 2])
        #expect(Self.doses(report.schedule) == Self.doses(schedule))
    }
}

extension ImportRoundTripTests {
    /// A 28-on/2-off cycle from 2027-01-20 with taper steps on 01-24 and 02-05 (both inside the
    /// first "on" block) and no end: the first two stretches (4 and 12 days) each show a shorter
    /// cycle that does not fit the two together; only the open last stretch (from 02-05, read
    /// from the block's start) shows the 28/2 cycle, so the three are joined at once.
    @Test func shortStretchesOfACycleJoinWithTheStretchThatShowsTheCycle() throws {
        let d = { (s: String) in LocalDate(parsing: s)! }
        let m = Medication(
            id: "prednisone", name: "Prednisone", strength: "10 mg",
            times: [DoseSlot(id: "1", time: LocalTime(hour: 8, minute: 0)!)], recurrence: .cycle(daysOn: 28, daysOff: 2),
            start: d("2027-01-20"),
            taper: [
                TaperStep(from: d("2027-01-20"), pillsPerDose: 4, dose: "40 mg"),
                TaperStep(from: d("2027-01-24"), pillsPerDose: 3, dose: "30 mg"),
                TaperStep(from: d("2027-02-05"), pillsPerDose: 2, dose: "20 mg"),
            ])
        let schedule = Schedule(home: Zone("Europe/Berlin")!, medications: [m])
        let report = try Self.roundTrip(schedule)
        #expect(report.unmapped.filter { !$0.reason.contains("refill") }.isEmpty, "\(report.unmapped.map(\.reason))")
        let back = try #require(report.schedule.medications.first)
        #expect(report.schedule.medications.count == 1)
        #expect(back.recurrence == .cycle(daysOn: 28, daysOff: 2) && back.start == d("2027-01-20") && back.end == nil)
        #expect(back.taper.map(\.from) == [d("2027-01-20"), d("2027-01-24"), d("2027-02-05")])
        #expect(back.taper.map(\.pillsPerDose) == [4, 3, 2])
        // 08:00 in Berlin (UTC+1): on 02-15 and 02-16, off 02-17 and 02-18, on again 02-19.
        let engine = WallClockEngine(schedule: report.schedule)
        let around = engine.occurrences(of: back, from: d("2027-02-15"), to: d("2027-02-19")).map(\.instant)
        #expect(around == [1_802_674_800, 1_802_761_200, 1_803_020_400])
        #expect(Self.doses(report.schedule) == Self.doses(schedule))
    }
}
