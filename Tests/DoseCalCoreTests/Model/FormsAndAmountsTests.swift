import DoseCalTestSupport
import Foundation
import Testing

@testable import DoseCalCore

/// Format version 2: `form`, `unit`, `amount` and `doses` (amounts by weekday and slot) read,
/// checked and written back; version 1 files read as before into the same model; a key of the
/// other version refused with what to write instead.
@Suite struct FormsAndAmountsTests {
    /// A file of `version` whose only medication (on line 1) has the required keys and `fields`.
    static func file(_ fields: String, version: Int = 2, times: String = #"[{"id": "evening", "time": "18:00"}]"#) -> String {
        #"{"version": \#(version), "homeZone": "America/Chicago", "medications": [{"id": "w", "name": "Warfarin", "times": \#(times), "start": "2026-12-01", \#(fields)}]}"#
    }

    static func medication(_ fields: String, times: String = #"[{"id": "evening", "time": "18:00"}]"#) throws -> Medication {
        try #require(try ScheduleCodec.decode(Data(file(fields, times: times).utf8), file: "t.json").medications.first)
    }

    @Test func formGivesTheDefaultUnit() throws {
        let expectations: [(String, DoseUnit)] = [
            ("tablet", .tablet), ("capsule", .capsule), ("liquid", .ml), ("drops", .drop), ("inhaler", .puff),
            ("spray", .spray), ("injection", .ml), ("patch", .patch), ("cream", .application),
            ("suppository", .suppository), ("other", .dose),
        ]
        for (form, unit) in expectations {
            let m = try Self.medication(#""form": "\#(form)""#)
            #expect(m.form == DoseForm(rawValue: form) && m.unit == unit && m.amount == 1, "\(form)")
        }
    }

    @Test func warfarinByWeekday() throws {
        let m = try Self.medication(
            #""strength": "5 mg", "form": "tablet", "amount": 0.5, "doses": [{"weekdays": ["MO", "friday"], "amount": 1}]"#)
        #expect(m.unit == .tablet && m.amount == 0.5 && m.pillsPerDose == 0.5)
        #expect(m.doses == [DoseRule(weekdays: [.monday, .friday], amount: 1)])
        let engine = WallClockEngine(schedule: Schedule(home: Zone("America/Chicago")!, medications: [m]))
        // 2026-12-07 is a Monday, 2026-12-08 a Tuesday, 2026-12-11 a Friday.
        let amounts = (7...13).map { engine.amount(of: m, slot: "evening", on: LocalDate(year: 2026, month: 12, day: $0)!) }
        #expect(amounts == [1, 0.5, 0.5, 0.5, 1, 0.5, 0.5])
        #expect(m.weekdaysOfTheirOwn(slot: "evening", in: nil) == [.monday, .friday])
    }

    @Test func amountsBySlotAndTaperStep() throws {
        let m = try Self.medication(
            #""form": "tablet", "amount": 1, "doses": [{"slots": ["evening"], "amount": 2}], "taper": [{"from": "2026-12-01"}, {"from": "2026-12-05", "amount": 0.5, "doses": [{"weekdays": ["SU"], "slots": ["morning"], "amount": 0.25}]}]"#,
            times: #"[{"id": "morning", "time": "08:00"}, {"id": "evening", "time": "20:00"}]"#)
        let engine = WallClockEngine(schedule: Schedule(home: Zone("America/Chicago")!, medications: [m]))
        let day = { (d: Int) in LocalDate(year: 2026, month: 12, day: d)! }
        #expect(engine.amount(of: m, slot: "morning", on: day(2)) == 1)
        #expect(engine.amount(of: m, slot: "evening", on: day(2)) == 2)
        // From the step: its amount, its doses in place of the medication's (Sunday mornings).
        #expect(engine.amount(of: m, slot: "evening", on: day(5)) == 0.5)
        #expect(engine.amount(of: m, slot: "morning", on: day(6)) == 0.25)
        #expect(engine.amount(of: m, slot: "morning", on: day(7)) == 0.5)
        #expect(m.taper[1].doses == [DoseRule(weekdays: [.sunday], slots: ["morning"], amount: 0.25)])
    }

    @Test func version1ReadsIntoTheSameModelWithoutAUnit() throws {
        let text = Self.file(
            #""strength": "10 mg", "dose": "40 mg", "pillsPerDose": 4, "supply": {"pills": 60, "asOf": "2026-12-01"}"#, version: 1
        )
        let s = try ScheduleCodec.decode(Data(text.utf8), file: "t.json")
        let m = try #require(s.medications.first)
        #expect(s.version == 1 && m.form == nil && m.unit == nil && m.supplyUnit == nil)
        #expect(m.amount == 4 && m.dose == "40 mg" && m.supply?.pills == 60 && m.doses.isEmpty)
        #expect(!m.needsVersion2)
    }

    static let errorCases: [(fields: String, version: Int, message: String)] = [
        (
            #""form": "tablet""#, 1,
            #"medications[0].form: form needs schedule format version 2; set "version": 2 at the top of the file (a version 1 file reads as before without it)"#
        ),
        (
            #""doses": []"#, 1,
            #"medications[0].doses: doses needs schedule format version 2; set "version": 2 at the top of the file (a version 1 file reads as before without it)"#
        ),
        (
            #""form": "tablet", "pillsPerDose": 2"#, 2,
            #"medications[0].pillsPerDose: pillsPerDose is version 1's amount of a dose; next to form, unit or amount write it as "amount", in the medication's unit"#
        ),
        (
            #""form": "liquid", "dose": "5 ml""#, 2,
            #"medications[0].dose: dose is version 1's dose text; next to form, unit or amount the words come from them ("amount": 5, "unit": "ml" says "5 ml"): leave dose out"#
        ),
        (
            #""dose": "2.5 mg", "doses": [{"weekdays": ["MO"], "amount": 2}]"#, 2,
            #"medications[0].dose: dose is version 1's dose text, the same for every dose; with doses the amounts say the words: leave dose out"#
        ),
        (
            #""form": "liquid", "supply": {"amount": 100, "pills": 100, "asOf": "2026-12-01"}"#, 2,
            #"medications[0].supply.pills: pills and amount both give the amount on hand; keep "amount", in the supply's unit"#
        ),
        (
            #""supply": {"amount": 100, "asOf": "2026-12-01"}"#, 1,
            #"medications[0].supply.amount: amount needs schedule format version 2; set "version": 2 at the top of the file (a version 1 file reads as before without it)"#
        ),
        (
            #""taper": [{"from": "2026-12-01", "amount": 2}]"#, 1,
            #"medications[0].taper[0].amount: amount needs schedule format version 2; set "version": 2 at the top of the file (a version 1 file reads as before without it)"#
        ),
        (
            #""form": "syrup""#, 2,
            #"medications[0].form: "syrup" is not a form; use one of tablet, capsule, liquid, drops, inhaler, spray, injection, patch, cream, suppository, other"#
        ),
        (
            #""form": "tablet", "unit": "ml""#, 2,
            #"medications[0].unit: "ml" is not a unit of a tablet form (did you mean "mg"?); use one of tablet, mg, mcg, g"#
        ),
        (
            #""form": "capsule", "amount": 1.5"#, 2,
            #"medications[0].amount: 1.5 is not an amount of capsules; use a whole number of capsules from 1 to 1000, like 1 or 2"#
        ),
        (
            #""form": "tablet", "amount": 0.3"#, 2,
            #"medications[0].amount: 0.3 is not an amount of tablets; use a number of tablets above 0 and at most 1000 in steps of 0.25, like 1, 0.5 or 2.25"#
        ),
        (
            #""form": "liquid", "amount": 0.0001"#, 2,
            #"medications[0].amount: 0.0001 is not an amount of ml; use an amount in ml above 0 and at most 100000, to at most 3 decimals, like 5 or 2.5"#
        ),
        (
            #""strength": "5 mg", "form": "tablet", "unit": "mg", "amount": 12"#, 2,
            #"medications[0].amount: 12 mg comes to 2.4 tablets at this strength; a dose in mg must come to whole, half or quarter tablets"#
        ),
        (
            #""amount": 0.3"#, 2,
            #"medications[0].amount: 0.3 is not a multiple of 0.25; use a number above 0 in steps of 0.25, like 1, 0.5 or 2.25"#
        ),
        (
            #""form": "tablet", "doses": [{"amount": 2}]"#, 2,
            #"medications[0].doses[0]: an entry names the doses it is about with "weekdays", "slots" or both; the amount of every other dose is the medication's "amount""#
        ),
        (
            #""form": "tablet", "doses": [{"weekdays": ["MO"], "amount": 2}, {"weekdays": ["FR", "MO"], "amount": 3}]"#, 2,
            #"medications[0].doses[1]: the dose of slot "evening" on MO is already given by doses[0]; name each dose in one entry only"#
        ),
        (
            #""form": "tablet", "doses": [{"slots": ["noon"], "amount": 2}]"#, 2,
            #"medications[0].doses[0].slots[0]: "noon" is not a slot of this medication; its slots are evening"#
        ),
        (
            #""form": "tablet", "recurrence": {"kind": "everyNDays", "days": 3}, "doses": [{"weekdays": ["MO"], "amount": 2}]"#,
            2,
            #"medications[0].doses[0].weekdays: amounts by weekday need a daily, weekly or whole-week cycle recurrence (other dose days fall on changing weekdays); use slots, or one amount"#
        ),
        (
            #""form": "tablet", "recurrence": {"kind": "weekly", "weekdays": ["MO", "FR"]}, "doses": [{"weekdays": ["TU"], "amount": 2}]"#,
            2,
            #"medications[0].doses[0].weekdays: TU is not a dose day of this medication (weekly on MO, FR); name only its dose days"#
        ),
        (
            #""form": "tablet", "recurrence": {"kind": "everyNHours", "hours": 8}, "doses": [{"slots": ["evening"], "amount": 2}]"#,
            2,
            #"medications[0].doses: amounts by weekday or slot need dose times of a daily, weekly or cycle recurrence; give this medication one amount with "amount""#
        ),
    ]

    @Test(arguments: errorCases)
    func refusesWithWhatToWriteInstead(fields: String, version: Int, message: String) {
        #expect(decodeError(Self.file(fields, version: version)) == "t.json:1: " + message)
    }

    /// A version 2 file in the encoder's form is written back byte for byte, and reads back as
    /// the same schedule.
    @Test func version2IsWrittenInVersion2Form() throws {
        let text = """
            {
              "version": 2,
              "homeZone": "America/Chicago",
              "medications": [
                {
                  "id": "prednisolone",
                  "name": "Prednisolone",
                  "strength": "5 mg",
                  "form": "tablet",
                  "unit": "mg",
                  "amount": 40,
                  "times": [
                    {"id": "morning", "time": "08:00"}
                  ],
                  "start": "2026-12-01",
                  "end": "2026-12-10",
                  "supply": {"amount": 100, "asOf": "2026-12-01"},
                  "taper": [
                    {"from": "2026-12-01"},
                    {
                      "from": "2026-12-06",
                      "amount": 30,
                      "doses": [
                        {
                          "weekdays": ["SU"],
                          "slots": ["morning"],
                          "amount": 25
                        }
                      ]
                    }
                  ]
                },
                {
                  "id": "warfarin",
                  "name": "Warfarin",
                  "form": "tablet",
                  "amount": 0.5,
                  "doses": [
                    {
                      "weekdays": ["MO", "FR"],
                      "amount": 1
                    }
                  ],
                  "times": [
                    {"id": "evening", "time": "18:00"}
                  ],
                  "start": "2026-12-01"
                }
              ]
            }

            """
        let schedule = try ScheduleCodec.decode(Data(text.utf8), file: "t.json")
        #expect(String(decoding: ScheduleCodec.encode(schedule), as: UTF8.self) == text)
        #expect(try ScheduleCodec.decode(ScheduleCodec.encode(schedule), file: "t.json") == schedule)
    }

    /// A schedule of version 1 whose medication has a unit (built in code) is written as version
    /// 2, the only version that holds it; without one it stays version 1.
    @Test func aUnitNeedsVersion2() throws {
        let m = Medication(
            id: "a", name: "Amoxicillin", strength: "250 mg/5 ml", pillsPerDose: 5,
            times: [DoseSlot(id: "1", time: LocalTime(hour: 8, minute: 0)!)], start: LocalDate(year: 2026, month: 12, day: 1)!,
            form: .liquid, unit: .ml)
        var schedule = Schedule(home: Zone("UTC")!, medications: [m])
        let written = String(decoding: ScheduleCodec.encode(schedule), as: UTF8.self)
        #expect(written.hasPrefix("{\n  \"version\": 2,"))
        #expect(written.contains("\"form\": \"liquid\",\n      \"amount\": 5,"))
        #expect(try ScheduleCodec.decode(Data(written.utf8), file: "t.json").medications == [m])
        schedule.medications[0].form = nil
        schedule.medications[0].unit = nil
        #expect(String(decoding: ScheduleCodec.encode(schedule), as: UTF8.self).contains("\"pillsPerDose\": 5"))
    }

    /// Every problem of a version 2 file at once, one line for each mistake: an entry of `doses`
    /// whose slots cannot be read is left out (not also "named twice"), and no strength is quoted.
    @Test func everyProblemOnce() {
        let text = """
            {"version": 2, "homeZone": "America/Chicago", "medications": [
             {"id": "w", "name": "Warfarin", "strength": "5 mg", "form": "tablet", "unit": "mg", "amount": 12,
              "doses": [{"weekdays": ["MO"], "amount": 0.3}, {"weekdays": ["MO"], "amount": 5}, {"slots": ["x"], "amount": 5}],
              "times": ["18:00"], "start": "2026-12-01", "supply": {"amount": 3, "asOf": "2026-12-01"},
              "taper": [{"from": "2026-12-01", "dose": "5 mg"}]}
            ]}
            """
        let errors = ScheduleCodec.validate(Data(text.utf8), file: "t.json").errors.map(\.description)
        #expect(
            errors == [
                "t.json:2: medications[0].amount: 12 mg comes to 2.4 tablets at this strength; a dose in mg must come to whole, half or quarter tablets",
                "t.json:3: medications[0].doses[0].amount: 0.3 mg comes to 0.06 tablets at this strength; a dose in mg must come to whole, half or quarter tablets",
                "t.json:3: medications[0].doses[2].slots[0]: \"x\" is not a slot of this medication; its slots are 1",
                "t.json:5: medications[0].taper[0].dose: dose is version 1's dose text; next to the medication's form or unit the words come from them (\"amount\": 5, \"unit\": \"ml\" says \"5 ml\"): leave dose out",
            ])
    }

    /// Version 2 takes every key of version 1: each example schedule made version 2 reads as the
    /// same medications, and is written back with version 1's dose keys.
    @Test(arguments: ["demo.json", "taper.json", "as-needed.json", "weekdays.json"])
    func version1FilesReadTheSameAsVersion2(_ name: String) throws {
        let text = try String(contentsOf: scheduleFixtures.appendingPathComponent(name), encoding: .utf8)
        let v2 = text.replacingOccurrences(of: #""version": 1"#, with: #""version": 2"#)
        #expect(v2 != text)
        let (one, two) = (
            try ScheduleCodec.decode(Data(text.utf8), file: name), try ScheduleCodec.decode(Data(v2.utf8), file: name)
        )
        #expect(two.version == 2 && two.medications == one.medications)
        let written = String(decoding: ScheduleCodec.encode(two), as: UTF8.self)
        #expect(
            written
                == String(decoding: ScheduleCodec.encode(one), as: UTF8.self).replacingOccurrences(
                    of: #""version": 1"#, with: #""version": 2"#))
    }
}
