import DoseCalCore
import Foundation
import Testing

@testable import DoseCalEntry

/// A table of plain instructions (label and sig forms) with the medication each gives, in
/// words (`EntryWords.describe`), from 2026-12-04 with the default clock.
@Suite struct InstructionTableTests {
    static let table: [(String, String, String)] = [
        (
            "1 tablet twice a day",
            "X tablets: 1 tablet at 08:00 and 20:00 every day, from 2026-12-04",
            #"{"timing": {"repeat": {"frequency": 2, "period": 1, "periodUnit": "d"}}, "doseAndRate": [{"doseQuantity": {"value": 1, "code": "TAB"}}]}"#
        ),
        (
            "take 1 tablet by mouth twice daily",
            "X tablets: 1 tablet at 08:00 and 20:00 every day, from 2026-12-04",
            #"{"timing": {"repeat": {"frequency": 2, "period": 1, "periodUnit": "d"}}, "doseAndRate": [{"doseQuantity": {"value": 1, "code": "TAB"}}], "route": {"text": "by mouth"}}"#
        ),
        (
            "1 tab bid",
            "X tablets: 1 tablet at 08:00 and 20:00 every day, from 2026-12-04",
            #"{"timing": {"code": {"coding": [{"system": "http://terminology.hl7.org/CodeSystem/v3-GTSAbbreviation", "code": "BID"}]}}, "doseAndRate": [{"doseQuantity": {"value": 1, "code": "TAB"}}]}"#
        ),
        (
            "2 tablets tid",
            "X tablets: 2 tablets at 08:00, 14:00 and 20:00 every day, from 2026-12-04",
            #"{"timing": {"code": {"coding": [{"system": "http://terminology.hl7.org/CodeSystem/v3-GTSAbbreviation", "code": "TID"}]}}, "doseAndRate": [{"doseQuantity": {"value": 2, "code": "TAB"}}]}"#
        ),
        (
            "1 capsule qid",
            "X capsules: 1 capsule at 08:00, 12:00, 16:00 and 20:00 every day, from 2026-12-04",
            #"{"timing": {"code": {"coding": [{"system": "http://terminology.hl7.org/CodeSystem/v3-GTSAbbreviation", "code": "QID"}]}}, "doseAndRate": [{"doseQuantity": {"value": 1, "code": "CAP"}}]}"#
        ),
        (
            "1 capsule three times a day for 10 days",
            "X capsules: 1 capsule at 08:00, 14:00 and 20:00 every day, from 2026-12-04 to 2026-12-13",
            #"{"timing": {"repeat": {"boundsDuration": {"value": 10, "unit": "days", "system": "http://unitsofmeasure.org", "code": "d"}, "frequency": 3, "period": 1, "periodUnit": "d"}}, "doseAndRate": [{"doseQuantity": {"value": 1, "code": "CAP"}}]}"#
        ),
        (
            "5 ml every 8 hours for 10 days",
            "X: 5 ml every 8 hours from 08:00, from 2026-12-04 to 2026-12-13",
            #"{"timing": {"repeat": {"boundsDuration": {"value": 10, "code": "d"}, "frequency": 1, "period": 8, "periodUnit": "h"}}, "doseAndRate": [{"doseQuantity": {"value": 5, "code": "mL"}}]}"#
        ),
        (
            "5 ml q8h",
            "X: 5 ml every 8 hours from 08:00, from 2026-12-04",
            #"{"timing": {"code": {"coding": [{"system": "http://terminology.hl7.org/CodeSystem/v3-GTSAbbreviation", "code": "Q8H"}]}}, "doseAndRate": [{"doseQuantity": {"value": 5, "code": "mL"}}]}"#
        ),
        (
            "10 ml every 6 hours",
            "X: 10 ml every 6 hours from 08:00, from 2026-12-04",
            #"{"timing": {"repeat": {"frequency": 1, "period": 6, "periodUnit": "h"}}, "doseAndRate": [{"doseQuantity": {"value": 10, "code": "mL"}}]}"#
        ),
        (
            "2 puffs as needed, at most 8 a day",
            "X inhaler: 2 puffs when needed, at least 1 hour apart, at most 4 a day, from 2026-12-04",
            #"{"doseAndRate": [{"doseQuantity": {"value": 2, "code": "{puff}"}}], "asNeededBoolean": true, "maxDosePerPeriod": {"numerator": {"value": 8, "code": "{puff}"}, "denominator": {"value": 1, "code": "d"}}}"#
        ),
        (
            "2 puffs prn",
            "X inhaler: 2 puffs when needed, at least 1 hour apart, from 2026-12-04",
            #"{"doseAndRate": [{"doseQuantity": {"value": 2, "code": "{puff}"}}], "asNeededBoolean": true}"#
        ),
        (
            "1 tablet every 6 hours as needed",
            "X tablets: 1 tablet when needed, at least 6 hours apart, from 2026-12-04",
            #"{"timing": {"repeat": {"frequency": 1, "period": 6, "periodUnit": "h"}}, "doseAndRate": [{"doseQuantity": {"value": 1, "code": "TAB"}}], "asNeededBoolean": true}"#
        ),
        (
            "1 tablet as needed, at least 4 hours apart, no more than 3 a day",
            "X tablets: 1 tablet when needed, at least 4 hours apart, at most 3 a day, from 2026-12-04",
            #"{"timing": {"repeat": {"frequency": 1, "period": 4, "periodUnit": "h"}}, "doseAndRate": [{"doseQuantity": {"value": 1, "code": "TAB"}}], "asNeededBoolean": true, "maxDosePerPeriod": {"numerator": {"value": 3, "code": "TAB"}, "denominator": {"value": 24, "code": "h"}}}"#
        ),
        (
            "15 mg every Friday evening",
            "X: 15 mg at 19:00 on Friday every week, from 2026-12-04",
            #"{"timing": {"repeat": {"frequency": 1, "period": 1, "periodUnit": "wk", "dayOfWeek": ["fri"], "when": ["EVE"]}}, "doseAndRate": [{"doseQuantity": {"value": 15, "code": "mg"}}]}"#
        ),
        (
            "half a tablet at bedtime",
            "X tablets: half a tablet at 22:00 every day, from 2026-12-04",
            #"{"timing": {"repeat": {"when": ["HS"]}}, "doseAndRate": [{"doseQuantity": {"value": 0.5, "code": "TAB"}}]}"#
        ),
        (
            "1 tablet qhs",
            "X tablets: 1 tablet at 22:00 every day, from 2026-12-04",
            #"{"timing": {"code": {"text": "QHS"}}, "doseAndRate": [{"doseQuantity": {"value": 1, "code": "TAB"}}]}"#
        ),
        (
            "1-0-1",
            "X: 1 at 08:00 and 19:00 every day, from 2026-12-04",
            #"{"timing": {"repeat": {"when": ["MORN", "EVE"]}}, "doseAndRate": [{"doseQuantity": {"value": 1}}]}"#
        ),
        (
            "1-1-1",
            "X: 1 at 08:00, 12:00 and 19:00 every day, from 2026-12-04",
            #"{"timing": {"repeat": {"when": ["MORN", "NOON", "EVE"]}}, "doseAndRate": [{"doseQuantity": {"value": 1}}]}"#
        ),
        (
            "0-0-1",
            "X: 1 at 19:00 every day, from 2026-12-04",
            #"{"timing": {"repeat": {"when": ["EVE"]}}, "doseAndRate": [{"doseQuantity": {"value": 1}}]}"#
        ),
        (
            "1-0-0-1",
            "X: 1 at 08:00 and 22:00 every day, from 2026-12-04",
            #"{"timing": {"repeat": {"when": ["MORN", "HS"]}}, "doseAndRate": [{"doseQuantity": {"value": 1}}]}"#
        ),
        (
            "1 tablet daily",
            "X tablets: 1 tablet at 08:00 every day, from 2026-12-04",
            #"{"timing": {"repeat": {"frequency": 1, "period": 1, "periodUnit": "d"}}, "doseAndRate": [{"doseQuantity": {"value": 1, "code": "TAB"}}]}"#
        ),
        (
            "1 tablet once a day in the morning",
            "X tablets: 1 tablet at 08:00 every day, from 2026-12-04",
            #"{"timing": {"repeat": {"frequency": 1, "period": 1, "periodUnit": "d", "when": ["MORN"]}}, "doseAndRate": [{"doseQuantity": {"value": 1, "code": "TAB"}}]}"#
        ),
        (
            "1 tablet every morning",
            "X tablets: 1 tablet at 08:00 every day, from 2026-12-04",
            #"{"timing": {"code": {"text": "QAM"}}, "doseAndRate": [{"doseQuantity": {"value": 1, "code": "TAB"}}]}"#
        ),
        (
            "1 tablet in the evening",
            "X tablets: 1 tablet at 19:00 every day, from 2026-12-04",
            #"{"timing": {"repeat": {"when": ["EVE"]}}, "doseAndRate": [{"doseQuantity": {"value": 1, "code": "TAB"}}]}"#
        ),
        (
            "1 capsule before breakfast",
            "X capsules: 1 capsule at 07:30 every day, from 2026-12-04",
            #"{"timing": {"repeat": {"frequency": 1, "period": 1, "periodUnit": "d", "when": ["ACM"]}}, "doseAndRate": [{"doseQuantity": {"value": 1, "code": "CAP"}}]}"#
        ),
        (
            "1 tablet with meals",
            "X tablets: 1 tablet at 08:00, 12:30 and 18:30 every day, from 2026-12-04",
            #"{"timing": {"repeat": {"frequency": 3, "period": 1, "periodUnit": "d", "when": ["C"]}}, "doseAndRate": [{"doseQuantity": {"value": 1, "code": "TAB"}}]}"#
        ),
        (
            "1 tablet ac",
            "X tablets: 1 tablet at 07:30, 12:00 and 18:00 every day, from 2026-12-04",
            #"{"timing": {"repeat": {"when": ["AC"]}}, "doseAndRate": [{"doseQuantity": {"value": 1, "code": "TAB"}}]}"#
        ),
        (
            "1 tablet pc",
            "X tablets: 1 tablet at 08:30, 13:00 and 19:00 every day, from 2026-12-04",
            #"{"timing": {"repeat": {"when": ["PC"]}}, "doseAndRate": [{"doseQuantity": {"value": 1, "code": "TAB"}}]}"#
        ),
        (
            "1 tablet after dinner",
            "X tablets: 1 tablet at 19:00 every day, from 2026-12-04",
            #"{"timing": {"repeat": {"when": ["PCV"]}}, "doseAndRate": [{"doseQuantity": {"value": 1, "code": "TAB"}}]}"#
        ),
        (
            "1 tablet at 07:00 and 19:00",
            "X tablets: 1 tablet at 07:00 and 19:00 every day, from 2026-12-04",
            #"{"timing": {"repeat": {"frequency": 2, "period": 1, "periodUnit": "d", "timeOfDay": ["07:00:00", "19:00:00"]}}, "doseAndRate": [{"doseQuantity": {"value": 1, "code": "TAB"}}]}"#
        ),
        (
            "1 tablet at 8 am",
            "X tablets: 1 tablet at 08:00 every day, from 2026-12-04",
            #"{"timing": {"repeat": {"timeOfDay": ["08:00:00"]}}, "doseAndRate": [{"doseQuantity": {"value": 1, "code": "TAB"}}]}"#
        ),
        (
            "2 tablets at 9pm",
            "X tablets: 2 tablets at 21:00 every day, from 2026-12-04",
            #"{"timing": {"repeat": {"frequency": 1, "period": 1, "periodUnit": "d", "timeOfDay": ["21:00:00"]}}, "doseAndRate": [{"doseQuantity": {"value": 2, "code": "TAB"}}]}"#
        ),
        (
            "1 tablet every other day",
            "X tablets: 1 tablet at 08:00 every 2 days, from 2026-12-04",
            #"{"timing": {"repeat": {"frequency": 1, "period": 2, "periodUnit": "d"}}, "doseAndRate": [{"doseQuantity": {"value": 1, "code": "TAB"}}]}"#
        ),
        (
            "1 tablet qod",
            "X tablets: 1 tablet at 08:00 every 2 days, from 2026-12-04",
            #"{"timing": {"code": {"coding": [{"system": "http://terminology.hl7.org/CodeSystem/v3-GTSAbbreviation", "code": "QOD"}]}}, "doseAndRate": [{"doseQuantity": {"value": 1, "code": "TAB"}}]}"#
        ),
        (
            "1 tablet every 3 days",
            "X tablets: 1 tablet at 08:00 every 3 days, from 2026-12-04",
            #"{"timing": {"repeat": {"frequency": 1, "period": 3, "periodUnit": "d"}}, "doseAndRate": [{"doseQuantity": {"value": 1, "code": "TAB"}}]}"#
        ),
        (
            "1 tablet once a week",
            "X tablets: 1 tablet at 08:00 on the start's weekday every week, from 2026-12-04",
            #"{"timing": {"repeat": {"frequency": 1, "period": 1, "periodUnit": "wk"}}, "doseAndRate": [{"doseQuantity": {"value": 1, "code": "TAB"}}]}"#
        ),
        (
            "1 tablet every monday and thursday",
            "X tablets: 1 tablet at 08:00 on Monday and Thursday every week, from 2026-12-04",
            #"{"timing": {"repeat": {"frequency": 2, "period": 1, "periodUnit": "wk", "dayOfWeek": ["mon", "thu"]}}, "doseAndRate": [{"doseQuantity": {"value": 1, "code": "TAB"}}]}"#
        ),
        (
            "1 patch every monday",
            "X patches: 1 patch at 08:00 on Monday every week, from 2026-12-04",
            #"{"timing": {"repeat": {"frequency": 1, "period": 1, "periodUnit": "wk", "dayOfWeek": ["mon"]}}, "doseAndRate": [{"doseQuantity": {"value": 1, "code": "{patch}"}}]}"#
        ),
        (
            "2 drops 4 times a day",
            "X drops: 2 drops at 08:00, 12:00, 16:00 and 20:00 every day, from 2026-12-04",
            #"{"timing": {"repeat": {"frequency": 4, "period": 1, "periodUnit": "d"}}, "doseAndRate": [{"doseQuantity": {"value": 2, "code": "[drp]"}}]}"#
        ),
        (
            "1 spray twice daily for 2 weeks",
            "X spray: 1 spray at 08:00 and 20:00 every day, from 2026-12-04 to 2026-12-17",
            #"{"timing": {"repeat": {"boundsDuration": {"value": 2, "code": "wk"}, "frequency": 2, "period": 1, "periodUnit": "d"}}, "doseAndRate": [{"doseQuantity": {"value": 1, "code": "{spray}"}}]}"#
        ),
        (
            "one tablet twice a day",
            "X tablets: 1 tablet at 08:00 and 20:00 every day, from 2026-12-04",
            #"{"timing": {"code": {"coding": [{"system": "http://terminology.hl7.org/CodeSystem/v3-GTSAbbreviation", "code": "BID"}]}}, "doseAndRate": [{"doseQuantity": {"value": 1, "code": "TAB"}}]}"#
        ),
        (
            "10 units at bedtime",
            "X injection: 10 units at 22:00 every day, from 2026-12-04",
            #"{"timing": {"repeat": {"when": ["HS"]}}, "doseAndRate": [{"doseQuantity": {"value": 10, "code": "[iU]"}}]}"#
        ),
        (
            "a quarter of a tablet daily",
            "X tablets: a quarter of a tablet at 08:00 every day, from 2026-12-04",
            #"{"timing": {"repeat": {"frequency": 1, "period": 1, "periodUnit": "d"}}, "doseAndRate": [{"doseQuantity": {"value": 0.25, "code": "TAB"}}]}"#
        ),
        (
            "500 mg tid for 7 days",
            "X: 500 mg at 08:00, 14:00 and 20:00 every day, from 2026-12-04 to 2026-12-10",
            #"{"timing": {"repeat": {"boundsDuration": {"value": 7, "code": "d"}, "frequency": 3, "period": 1, "periodUnit": "d"}}, "doseAndRate": [{"doseQuantity": {"value": 500, "code": "mg"}}]}"#
        ),
        (
            "1-0-2",
            "X: 1 at 08:00 and 19:00 every day; 2 at 19:00, from 2026-12-04",
            #"{"timing": {"repeat": {"when": ["MORN"]}}, "doseAndRate": [{"doseQuantity": {"value": 1}}]}, {"timing": {"repeat": {"when": ["EVE"]}}, "doseAndRate": [{"doseQuantity": {"value": 2}}]}"#
        ),
        (
            "2-1-1",
            "X: 1 at 08:00, 12:00 and 19:00 every day; 2 at 08:00, from 2026-12-04",
            #"{"timing": {"repeat": {"when": ["MORN"]}}, "doseAndRate": [{"doseQuantity": {"value": 2}}]}, {"timing": {"repeat": {"when": ["NOON", "EVE"]}}, "doseAndRate": [{"doseQuantity": {"value": 1}}]}"#
        ),
    ]

    static func converted(_ sig: String) throws -> ConvertedMedication {
        let instruction = try Instruction(sig)
        let c = T.converter("Europe/Berlin", today: "2026-12-04")
        return try #require(try c.convert(MedicationFacts(id: "x", name: "X"), instruction.dosages).first)
    }

    @Test(arguments: table) func instruction(_ sig: String, _ expected: String, _ fhir: String) throws {
        #expect(EntryWords.describe(try Self.converted(sig).medication) == expected)
    }

    /// `dosecal add` of the instruction gives the medication `dosecal import` gives of a
    /// MedicationRequest whose Dosage says the same (same day, zone and clock).
    @Test(arguments: table) func addGivesWhatImportGives(_ sig: String, _ expected: String, _ fhir: String) throws {
        let today = T.day("2026-12-04")
        let schedule = ScheduleEntry.new(zone: T.zone("Europe/Berlin"))
        let added = try ScheduleEntry.adding(
            MedicationFacts(id: "x", name: "X"), try Instruction(sig).dosages, to: schedule, today: today
        ).schedule.medications
        let request =
            #"{"resourceType": "MedicationRequest", "id": "r", "status": "active", "intent": "order", "#
            + #""medicationCodeableConcept": {"text": "X"}, "subject": {"reference": "Patient/p"}, "#
            + #""dosageInstruction": [\#(fhir)]}"#
        let report = FHIRImporter(zone: T.zone("Europe/Berlin"), today: today)
            .run([try FHIRDocument(Data(request.utf8), file: "r.json")])
        #expect(report.notImported.isEmpty, "\(report.notImported.map(\.reason))")
        #expect(report.schedule.medications == added, "\(sig)")
        #expect(added.count == 1)
    }
}
