import CalendarTime
import DoseCalCore
import Testing

@testable import DoseCalEntry

/// `DosageConverter`: FHIR-shaped dosages (from HL7's published R4 examples where there is one)
/// to medications, with literal dose instants in two zones across a daylight-saving change.
@Suite struct DosageConverterTests {
    let facts = MedicationFacts(id: "med", name: "Medicine")

    /// "twice a day" (BID, as `frequency 2 per 1 d`): 08:00 and 20:00 from the default clock, in
    /// New York across the end of daylight saving time on 2026-11-01.
    @Test func twiceADayFromTheClockAcrossTheChange() throws {
        let c = T.converter("America/New_York", today: "2026-10-31")
        let m = try #require(try c.convert(facts, [Dosage(timing: T.daily(2), dose: T.tablets(1))]).first)
        #expect(m.medication.times.map(\.time) == [T.time("08:00"), T.time("20:00")])
        #expect(m.medication.recurrence == .daily && m.medication.form == .tablet && m.medication.amount == 1)
        #expect(
            m.notes == ["08:00 and 20:00 from the clock (2 times a day)", "starts 2026-10-31 (today: the dosage gives no start)"])
        #expect(
            T.doses(m.medication, in: "America/New_York", count: 4) == [
                "2026-10-31T08:00:00-04:00", "2026-10-31T20:00:00-04:00", "2026-11-01T08:00:00-05:00",
                "2026-11-01T20:00:00-05:00",
            ])
    }

    /// The timing code BID alone, in Berlin across the change on 2026-10-25, with the person's
    /// own clock (07:30 and 19:30).
    @Test func timingCodeWithThePersonsClock() throws {
        let clock = PersonalClock(codes: ["BID": [T.time("07:30"), T.time("19:30")]])
        let c = T.converter("Europe/Berlin", today: "2026-10-24", clock: clock)
        let m = try #require(try c.convert(facts, [Dosage(timing: DosageTiming(code: "BID"))]).first)
        #expect(m.notes.first == "07:30 and 19:30 from the clock (BID)")
        #expect(
            T.doses(m.medication, in: "Europe/Berlin", count: 3) == [
                "2026-10-24T07:30:00+02:00", "2026-10-24T19:30:00+02:00", "2026-10-25T07:30:00+01:00",
            ])
    }

    /// "Every 8 hours" (`frequency 1 per 8 h`): a fixed-interval chain from the clock's MORN, so
    /// the local time moves an hour when the clocks go back.
    @Test func everyEightHoursIsAFixedChain() throws {
        let c = T.converter("America/New_York", today: "2026-10-31")
        let r = TimingRepeat(frequency: 1, period: 8, periodUnit: "h")
        let m = try #require(try c.convert(facts, [Dosage(timing: DosageTiming(repeats: r))]).first)
        #expect(m.medication.recurrence == .everyNHours(8) && m.medication.timePolicy == .fixedInterval)
        #expect(m.notes.first == "the first dose at 08:00 from the clock (MORN), every 8 hours from it")
        #expect(
            T.doses(m.medication, in: "America/New_York", count: 5) == [
                "2026-10-31T08:00:00-04:00", "2026-10-31T16:00:00-04:00", "2026-11-01T00:00:00-04:00",
                "2026-11-01T07:00:00-05:00", "2026-11-01T15:00:00-05:00",
            ])
    }

    /// HL7's medrx0303 (prednisone 5 mg): 4, then 2, then 1 tablet daily, each a `boundsPeriod`;
    /// the published periods leave 2015-01-21 and 22 out, so the steps are three medications.
    @Test func prednisoneStepsWithAGapAreThreeMedications() throws {
        let c = T.converter("America/New_York", today: "2026-12-04")
        let dosages = [
            Dosage(sequence: 1, timing: T.daily(1, from: "2015-01-16", to: "2015-01-20"), dose: T.tablets(4)),
            Dosage(sequence: 2, timing: T.daily(1, from: "2015-01-23", to: "2015-01-30"), dose: T.tablets(2)),
            Dosage(sequence: 3, timing: T.daily(1, from: "2015-01-31", to: "2015-02-06"), dose: T.tablets(1)),
        ]
        let ms = try c.convert(MedicationFacts(id: "prednisone", name: "Prednisone 5mg tablet"), dosages)
        #expect(ms.map(\.medication.id) == ["prednisone", "prednisone-2", "prednisone-3"])
        #expect(ms.map(\.medication.amount) == [4, 2, 1])
        #expect(ms.map(\.medication.start) == [T.day("2015-01-16"), T.day("2015-01-23"), T.day("2015-01-31")])
        #expect(ms.map(\.medication.end) == [T.day("2015-01-20"), T.day("2015-01-30"), T.day("2015-02-06")])
        #expect(T.doses(ms[0].medication, in: "America/New_York", count: 1) == ["2015-01-16T08:00:00-05:00"])
    }

    /// The same steps day after day are one medication with taper steps.
    @Test func consecutiveStepsAreATaper() throws {
        let c = T.converter("Europe/Berlin", today: "2026-12-04")
        let dosages = [
            Dosage(sequence: 1, timing: T.daily(1, from: "2026-10-23", to: "2026-10-25"), dose: T.tablets(4)),
            Dosage(sequence: 2, timing: T.daily(1, from: "2026-10-26", to: "2026-10-27"), dose: T.tablets(2)),
        ]
        let m = try #require(try c.convert(facts, dosages).first)
        #expect(m.medication.start == T.day("2026-10-23") && m.medication.end == T.day("2026-10-27"))
        #expect(
            m.medication.taper == [TaperStep(from: T.day("2026-10-23")), TaperStep(from: T.day("2026-10-26"), pillsPerDose: 2)])
        #expect(
            T.allDoses(m.medication, in: "Europe/Berlin") == [
                "2026-10-23T08:00:00+02:00", "2026-10-24T08:00:00+02:00", "2026-10-25T08:00:00+01:00",
                "2026-10-26T08:00:00+01:00", "2026-10-27T08:00:00+01:00",
            ])
    }

    /// HL7's medrx0302 (azithromycin): "Two tablets at once" (sequence 1, daily, no bounds) then
    /// "One tablet daily for 4 days": where the first stops is not said, so nothing is made.
    @Test func aStepWithoutAnEndIsRefused() {
        let c = T.converter("America/New_York", today: "2026-12-04")
        let dosages = [
            Dosage(sequence: 1, text: "Two tablets at once", timing: T.daily(1), dose: T.tablets(2)),
            Dosage(sequence: 2, text: "One tablet daily for 4 days", timing: T.daily(4), dose: T.tablets(1)),
        ]
        #expect(
            throws: EntryError.notExact(
                "dosage 2 follows dosage 1, but dosage 1 has no end, so when one stops and the other starts is not said")
        ) {
            try c.convert(facts, dosages)
        }
    }

    /// HL7's medrx0301: "one to two tablets every 4-6 hours as needed": one amount is planned, so
    /// the range of tablets is refused; with one tablet it is at least 4 hours apart.
    @Test func asNeededEveryFourToSixHours() throws {
        let c = T.converter("America/New_York", today: "2026-12-04")
        let r = TimingRepeat(frequency: 1, period: 4, periodMax: 6, periodUnit: "h")
        let ranged = DoseAmount(value: 1, unit: .tablet, unitText: "TAB", high: 2)
        #expect(throws: EntryError.notExact("a dose from 1 to 2 tablets: dosecal plans one amount a dose")) {
            try c.convert(facts, [Dosage(timing: DosageTiming(repeats: r), asNeeded: true, dose: ranged)])
        }
        let m = try #require(
            try c.convert(facts, [Dosage(timing: DosageTiming(repeats: r), asNeeded: true, dose: T.tablets(1))]).first)
        #expect(m.medication.recurrence == .asNeeded(minimumHours: 4, maxPerDay: nil))
        #expect(m.medication.times.isEmpty)
    }

    /// "2 puffs as needed, at most 8 a day" (`maxDosePerPeriod` 8 puffs / 24 h): 4 doses a day.
    @Test func asNeededDailyMaximumInDoses() throws {
        let c = T.converter("America/New_York", today: "2026-12-04")
        let d = Dosage(asNeeded: true, dose: DoseAmount(value: 2, unit: .puff), maxDosePerPeriod: (8, .puff, 24))
        let m = try #require(try c.convert(facts, [d]).first)
        #expect(m.medication.recurrence == .asNeeded(minimumHours: 1, maxPerDay: 4))
        #expect(m.medication.form == .inhaler && m.medication.unit == .puff && m.medication.amount == 2)
        #expect(m.notes.first == "at least 1 hour apart: the instruction gives no least time between doses")
        // 3 g a day of 500 mg doses: 6.
        let g = Dosage(asNeeded: true, dose: DoseAmount(value: 500, unit: .mg), maxDosePerPeriod: (3, .g, 24))
        #expect(try c.convert(facts, [g])[0].medication.recurrence == .asNeeded(minimumHours: 1, maxPerDay: 6))
    }

    /// `when`: at bedtime (HS) and 30 minutes before breakfast (ACM), from the clock; an offset
    /// counts before an AC code and after any other.
    @Test func eventTimesFromTheClock() throws {
        let c = T.converter("Europe/Berlin", today: "2026-10-24")
        let r = TimingRepeat(frequency: 2, period: 1, periodUnit: "d", when: ["ACM", "HS"])
        let m = try #require(try c.convert(facts, [Dosage(timing: DosageTiming(repeats: r))]).first)
        #expect(m.medication.times.map(\.time) == [T.time("07:30"), T.time("22:00")])
        #expect(m.notes.first == "07:30 and 22:00 from the clock (ACM, HS)")
        let pc = TimingRepeat(frequency: 3, period: 1, periodUnit: "d", when: ["PC"], offset: 60)
        let after = try #require(try c.convert(facts, [Dosage(timing: DosageTiming(repeats: pc))]).first)
        #expect(after.medication.times.map(\.time) == [T.time("09:00"), T.time("13:30"), T.time("19:30")])
        #expect(
            T.doses(after.medication, in: "Europe/Berlin", count: 4) == [
                "2026-10-24T09:00:00+02:00", "2026-10-24T13:30:00+02:00", "2026-10-24T19:30:00+02:00",
                "2026-10-25T09:00:00+01:00",
            ])
    }

    /// "15 mg every Friday evening": weekly on Friday at the clock's EVE (19:00).
    @Test func weeklyOnFridayEvening() throws {
        let c = T.converter("America/New_York", today: "2026-10-26")
        let r = TimingRepeat(frequency: 1, period: 1, periodUnit: "wk", dayOfWeek: [.friday], when: ["EVE"])
        let facts = MedicationFacts(id: "mtx", name: "Methotrexate", strength: "2.5 mg", form: .tablet)
        let m = try #require(
            try c.convert(facts, [Dosage(timing: DosageTiming(repeats: r), dose: DoseAmount(value: 15, unit: .mg))]).first)
        #expect(m.medication.recurrence == .weekly(weekdays: [.friday], interval: 1))
        #expect(m.medication.unit == .mg && m.medication.amount == 15)
        #expect(
            T.doses(m.medication, in: "America/New_York", count: 2) == ["2026-10-30T19:00:00-04:00", "2026-11-06T19:00:00-05:00"])
    }

    /// What has no one reminder is refused with the reason.
    @Test func whatCannotBeExactIsRefused() {
        let c = T.converter("America/New_York", today: "2026-12-04")
        let cases: [(TimingRepeat, String)] = [
            (
                TimingRepeat(frequency: 3, period: 1, periodUnit: "wk"),
                "3 times every week with no days named: say on which weekdays"
            ),
            (
                TimingRepeat(frequency: 3, frequencyMax: 4, period: 1, periodUnit: "d"),
                "3 to 4 times a period: dosecal plans one number of doses"
            ),
            (
                TimingRepeat(frequency: 1, period: 1, periodUnit: "mo"),
                "every 1 months: dosecal's rules are in hours, days and weeks"
            ),
            (
                TimingRepeat(frequency: 1, period: 4, periodMax: 6, periodUnit: "h"),
                "every 4 to 6 hours: a range of periods has no one time to remind"
            ),
        ]
        for (r, reason) in cases {
            #expect(throws: EntryError.notExact(reason)) { try c.convert(facts, [Dosage(timing: DosageTiming(repeats: r))]) }
        }
        #expect(throws: EntryError.notExact("no timing: the dosage says neither how often nor when")) {
            try c.convert(facts, [Dosage(text: "as directed")])
        }
    }

    /// A number of doses (`count`) is a last day only when that dose is the last of its day.
    @Test func countsOfDoses() throws {
        let c = T.converter("America/New_York", today: "2026-10-30")
        var r = TimingRepeat(count: 30, frequency: 3, period: 1, periodUnit: "d")
        let tid = try #require(try c.convert(facts, [Dosage(timing: DosageTiming(repeats: r))]).first)
        #expect(tid.medication.end == T.day("2026-11-08"))
        r.count = 31
        #expect(
            throws: EntryError.notExact(
                "31 doses end in the middle of 2026-11-09 (dose 31 at 08:00, another follows that day): dosecal's end is a whole day"
            )
        ) { try c.convert(facts, [Dosage(timing: DosageTiming(repeats: r))]) }
    }

    /// `boundsDuration` "for 10 days": the 10th day is the last.
    @Test func courseOfTenDays() throws {
        let c = T.converter("America/New_York", today: "2026-10-30")
        let r = TimingRepeat(boundsDuration: (10, "d"), frequency: 1, period: 8, periodUnit: "h")
        let m = try #require(
            try c.convert(facts, [Dosage(timing: DosageTiming(repeats: r), dose: DoseAmount(value: 5, unit: .ml))]).first)
        #expect(m.medication.end == T.day("2026-11-08") && m.medication.form == .liquid)
        #expect(T.allDoses(m.medication, in: "America/New_York").count == 30)
    }
}
