import DoseCalCore
import Foundation
import Testing

@testable import DoseCalEntry

/// Plain instructions: refused when a part is not read (saying what was), and the same
/// medication as the FHIR Dosage that says the same.
@Suite struct InstructionTests {
    @Test func whatIsNotReadIsRefused() {
        let cases: [(String, EntryError)] = [
            (
                "1 tablet twice a day with a glass of water",
                .unreadInstruction(
                    text: "1 tablet twice a day with a glass of water", understood: "1 tablet, twice a day",
                    unread: "with a glass of water")
            ),
            ("take as directed", .unreadInstruction(text: "take as directed", understood: "", unread: "as directed")),
            ("1 tablet sometimes", .unreadInstruction(text: "1 tablet sometimes", understood: "1 tablet", unread: "sometimes")),
            ("0-0-0", .notExact("no dose at any time of day (all amounts 0)")),
        ]
        for (text, error) in cases {
            #expect(throws: error) { try Instruction(text) }
        }
        #expect(
            EntryError.unreadInstruction(text: "1 tablet sometimes", understood: "1 tablet", unread: "sometimes").description
                == "cannot read \"sometimes\" in \"1 tablet sometimes\" (understood: 1 tablet); nothing was guessed: write the instruction in the forms of docs/entry.md, or use the options (--times, --every, --as-needed ...)"
        )
    }

    /// Read but not exact: the converter says why.
    @Test func readButNotExact() throws {
        let c = T.converter("Europe/Berlin", today: "2026-12-04")
        let facts = MedicationFacts(id: "x", name: "X")
        #expect(throws: EntryError.notExact("3 times every week with no days named: say on which weekdays")) {
            try c.convert(facts, try Instruction("1 tablet 3 times a week").dosages)
        }
        #expect(throws: EntryError.notExact("a dose from 1 to 2 tablets: dosecal plans one amount a dose")) {
            try c.convert(facts, try Instruction("1-2 tablets every 4 hours as needed").dosages)
        }
    }

    /// `dosecal add` of an instruction gives what `import` of the FHIR Dosage saying it gives.
    @Test(arguments: [
        (
            "1 tablet twice a day",
            #"{"timing": {"repeat": {"frequency": 2, "period": 1, "periodUnit": "d"}}, "doseAndRate": [{"doseQuantity": {"value": 1, "unit": "tablet", "code": "TAB"}}]}"#
        ),
        (
            "5 ml every 8 hours for 10 days",
            #"{"timing": {"repeat": {"boundsDuration": {"value": 10, "code": "d"}, "frequency": 1, "period": 8, "periodUnit": "h"}}, "doseAndRate": [{"doseQuantity": {"value": 5, "unit": "mL", "code": "mL"}}]}"#
        ),
        (
            "2 puffs as needed, at most 8 a day",
            #"{"asNeededBoolean": true, "doseAndRate": [{"doseQuantity": {"value": 2, "code": "{puff}"}}], "maxDosePerPeriod": {"numerator": {"value": 8, "code": "{puff}"}, "denominator": {"value": 24, "code": "h"}}}"#
        ),
        (
            "15 mg every Friday evening",
            #"{"timing": {"repeat": {"frequency": 1, "period": 1, "periodUnit": "wk", "dayOfWeek": ["fri"], "when": ["EVE"]}}, "doseAndRate": [{"doseQuantity": {"value": 15, "code": "mg"}}]}"#
        ),
        (
            "half a tablet at bedtime",
            #"{"timing": {"repeat": {"when": ["HS"]}}, "doseAndRate": [{"doseQuantity": {"value": 0.5, "code": "TAB"}}]}"#
        ),
        (
            "1 tablet bid",
            #"{"timing": {"code": {"coding": [{"code": "BID"}]}}, "doseAndRate": [{"doseQuantity": {"value": 1, "code": "TAB"}}]}"#
        ),
        (
            "1 capsule before breakfast",
            #"{"timing": {"repeat": {"frequency": 1, "period": 1, "periodUnit": "d", "when": ["ACM"]}}, "doseAndRate": [{"doseQuantity": {"value": 1, "code": "{capsule}"}}]}"#
        ),
        (
            "1 tablet every 6 hours as needed",
            #"{"asNeededBoolean": true, "timing": {"repeat": {"frequency": 1, "period": 6, "periodUnit": "h"}}, "doseAndRate": [{"doseQuantity": {"value": 1, "code": "TAB"}}]}"#
        ),
    ])
    func sameAsFHIR(_ sig: String, _ fhir: String) throws {
        let c = T.converter("America/New_York", today: "2026-10-31")
        let facts = MedicationFacts(id: "x", name: "X")
        let fromSig = try c.convert(facts, try Instruction(sig).dosages).map(\.medication)
        let json = try JSONValue.parse(fhir)
        let fromFHIR = try c.convert(facts, [try FHIRDosageReader(zone: T.zone("America/New_York")).dosage(json)]).map(
            \.medication)
        #expect(fromSig == fromFHIR)
        #expect(!fromSig.isEmpty)
    }
}
