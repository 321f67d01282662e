import Foundation
import ICal
import Testing

@testable import DoseCal

/// Version 2 titles read back by import: name, strength, form, unit and amount of every form,
/// and the series of a weekday amount joined into one medication with `doses` (decision 0211).
@Suite struct ImportFormsTests {
    static func roundTrip(_ medications: String) throws -> (Schedule, ImportReport) {
        let text = #"{"version": 2, "homeZone": "Europe/Berlin", "medications": [\#(medications)]}"#
        let schedule = try ScheduleCodec.decode(Data(text.utf8), file: "t.json")
        let feed = FeedBuilder(schedule: schedule, now: Fixtures.now).build().serialized()
        return (schedule, try CalendarImporter().run([ReturnedCalendar(parsing: Array(feed.utf8))]))
    }

    static let forms: [String] = [
        #""name": "Warfarin", "strength": "5 mg", "form": "tablet", "amount": 0.75"#,
        #""name": "Omeprazole", "strength": "20 mg", "form": "capsule", "amount": 2"#,
        #""name": "Amoxicillin", "strength": "250 mg/5 ml", "form": "liquid", "amount": 7.5"#,
        #""name": "Amoxicillin", "strength": "250 mg/5 ml", "form": "liquid", "unit": "mg", "amount": 125"#,
        #""name": "Chloramphenicol eye drops", "strength": "0.5%", "form": "drops", "amount": 2"#,
        #""name": "Salbutamol inhaler", "strength": "100 mcg", "form": "inhaler", "amount": 2"#,
        #""name": "Mometasone", "strength": "50 mcg", "form": "spray", "amount": 2"#,
        #""name": "Insulin glargine", "strength": "100 units/ml", "form": "injection", "unit": "unit", "amount": 14"#,
        #""name": "Methotrexate", "strength": "25 mg/ml", "form": "injection", "amount": 0.6"#,
        #""name": "Estradiol", "strength": "50 mcg/24 h", "form": "patch""#,
        #""name": "Hydrocortisone", "strength": "1%", "form": "cream""#,
        #""name": "Paracetamol", "strength": "250 mg", "form": "suppository""#,
        #""name": "Macrogol", "form": "other", "unit": "sachet", "amount": 2"#,
        #""name": "Vitamin D", "strength": "1000 IU", "form": "other", "amount": 0.5"#,
    ]

    @Test(arguments: forms)
    func eachFormComesBack(_ fields: String) throws {
        let (schedule, report) = try Self.roundTrip(
            #"{"id": "m", \#(fields), "times": [{"id": "1", "time": "08:00"}], "start": "2026-12-01"}"#)
        #expect(report.unmapped.isEmpty, "\(report.unmapped)")
        let (want, got) = (schedule.medications[0], try #require(report.schedule.medications.first))
        #expect(got.name == want.name && got.strength == want.strength, "\(got.name) | \(got.strength ?? "")")
        #expect(got.form == want.form && got.unit == want.unit && got.amount == want.amount, "\(got)")
        #expect(report.schedule.version == 2)
    }

    /// Warfarin every other week on Monday, Wednesday and Friday, Fridays a tablet and a half:
    /// two series come back as one medication.
    @Test func weekdayAmountsComeBackAsOneMedication() throws {
        let (schedule, report) = try Self.roundTrip(
            #"{"id": "warfarin", "name": "Warfarin", "strength": "5 mg", "form": "tablet", "doses": [{"weekdays": ["FR"], "amount": 1.5}], "times": [{"id": "1", "time": "18:00"}], "recurrence": {"kind": "weekly", "weekdays": ["MO", "WE", "FR"], "interval": 2}, "start": "2026-12-02"}"#
        )
        #expect(report.unmapped.isEmpty, "\(report.unmapped)")
        let got = try #require(report.schedule.medications.first)
        #expect(report.schedule.medications.count == 1)
        var want = schedule.medications[0]
        want.id = got.id
        #expect(got == want)
    }
}
