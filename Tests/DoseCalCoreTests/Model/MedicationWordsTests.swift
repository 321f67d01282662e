import Testing

@testable import DoseCalCore

/// The words of version 2 medications, as people say them, for every form and unit: amounts
/// ("half a tablet", "2 puffs", "5 ml"), titles with the strength and what the dose comes to
/// ("Warfarin 5 mg tablets: half a tablet (2.5 mg)"), instructions, supply.
@Suite struct MedicationWordsTests {
    @Test func amounts() {
        let cases: [(Double, DoseUnit, String)] = [
            (5, .ml, "5 ml"), (2.5, .ml, "2.5 ml"), (0.6, .ml, "0.6 ml"), (1, .ml, "1 ml"),
            (1, .tablet, "1 tablet"), (2, .tablet, "2 tablets"), (0.5, .tablet, "half a tablet"),
            (0.25, .tablet, "a quarter of a tablet"), (0.75, .tablet, "three quarters of a tablet"),
            (1.5, .tablet, "1 and a half tablets"), (2.25, .tablet, "2 and a quarter tablets"),
            (3.75, .tablet, "3 and three quarters tablets"), (0.5, .dose, "half a dose"), (1, .dose, "1 dose"),
            (1, .capsule, "1 capsule"), (2, .capsule, "2 capsules"), (1, .puff, "1 puff"), (2, .puff, "2 puffs"),
            (1, .drop, "1 drop"), (3, .drop, "3 drops"), (2, .spray, "2 sprays"), (1, .patch, "1 patch"),
            (2, .patch, "2 patches"), (1, .application, "1 application"), (1, .suppository, "1 suppository"),
            (2, .suppository, "2 suppositories"), (1, .sachet, "1 sachet"), (1, .unit, "1 unit"), (10, .unit, "10 units"),
            (7.5, .unit, "7.5 units"), (2.5, .mg, "2.5 mg"), (40, .mg, "40 mg"), (100, .mcg, "100 mcg"), (1, .g, "1 g"),
            (0.125, .mg, "0.125 mg"),
        ]
        for (amount, unit, words) in cases {
            #expect(AmountWords.phrase(amount, unit) == words, "\(amount) \(unit)")
        }
    }

    @Test func numbers() {
        #expect(AmountWords.number(1) == "1")
        #expect(AmountWords.number(2.5) == "2.5")
        #expect(AmountWords.number(0.1 + 0.2) == "0.3")
        #expect(AmountWords.number(0.05) == "0.05")
        #expect(AmountWords.number(12.345) == "12.345")
        #expect(AmountWords.number(100_000) == "100000")
    }

    @Test func strengths() {
        #expect(DoseStrength(parsing: "5 mg") == DoseStrength(value: 5, unit: .mg))
        #expect(DoseStrength(parsing: "250 mg/5 ml") == DoseStrength(value: 250, unit: .mg, perML: 5))
        #expect(DoseStrength(parsing: "250mg/5mL") == DoseStrength(value: 250, unit: .mg, perML: 5))
        #expect(DoseStrength(parsing: "25 mg/ml") == DoseStrength(value: 25, unit: .mg, perML: 1))
        #expect(DoseStrength(parsing: "100 units/ml") == DoseStrength(value: 100, unit: .unit, perML: 1))
        #expect(DoseStrength(parsing: "100 mcg") == DoseStrength(value: 100, unit: .mcg))
        #expect(DoseStrength(parsing: "100 µg") == DoseStrength(value: 100, unit: .mcg))
        #expect(DoseStrength(parsing: "0.5 g") == DoseStrength(value: 0.5, unit: .g))
        for words in ["875/125 mg", "0.5%", "50 mcg/24 h", "5", "mg", "", "5 mg tablets", "1.2.3 mg", "0 mg"] {
            #expect(DoseStrength(parsing: words) == nil, "\(words)")
        }
    }

    static func words(
        _ name: String, _ strength: String?, _ form: DoseForm?, _ unit: DoseUnit? = nil
    ) -> MedicationWords {
        let m = Medication(
            id: "m", name: name, strength: strength, times: [], start: LocalDate(year: 2026, month: 12, day: 1)!, form: form,
            unit: unit ?? form?.defaultUnit ?? .dose)
        return MedicationWords(m)!
    }

    /// (medication, amount, title, instruction) for each form.
    static let titles: [(MedicationWords, Double, String, String)] = [
        (
            words("Warfarin", "5 mg", .tablet), 0.5, "Warfarin 5 mg tablets: half a tablet (2.5 mg)",
            "Take half a tablet (2.5 mg) of Warfarin 5 mg"
        ),
        (
            words("Warfarin", "5 mg", .tablet), 1, "Warfarin 5 mg tablets: 1 tablet (5 mg)",
            "Take 1 tablet (5 mg) of Warfarin 5 mg"
        ),
        (
            words("Prednisolone", "5 mg", .tablet, .mg), 40, "Prednisolone 5 mg tablets: 40 mg (8 tablets)",
            "Take 40 mg (8 tablets) of Prednisolone 5 mg"
        ),
        (
            words("Prednisolone", "5 mg", .tablet, .mg), 2.5, "Prednisolone 5 mg tablets: 2.5 mg (half a tablet)",
            "Take 2.5 mg (half a tablet) of Prednisolone 5 mg"
        ),
        (
            words("Amoxicillin", "250 mg/5 ml", .liquid), 5, "Amoxicillin 250 mg/5 ml: 5 ml (250 mg)",
            "Take 5 ml (250 mg) of Amoxicillin 250 mg/5 ml"
        ),
        (
            words("Amoxicillin suspension", "250 mg/5 ml", .liquid, .mg), 125,
            "Amoxicillin suspension 250 mg/5 ml: 125 mg (2.5 ml)", "Take 125 mg (2.5 ml) of Amoxicillin suspension 250 mg/5 ml"
        ),
        (
            words("Omeprazole", "20 mg", .capsule), 1, "Omeprazole 20 mg capsules: 1 capsule (20 mg)",
            "Take 1 capsule (20 mg) of Omeprazole 20 mg"
        ),
        (
            words("Salbutamol", "100 mcg", .inhaler), 2, "Salbutamol 100 mcg inhaler: 2 puffs (200 mcg)",
            "Use 2 puffs (200 mcg) of Salbutamol 100 mcg"
        ),
        (
            words("Salbutamol inhaler", "100 mcg", .inhaler), 2, "Salbutamol inhaler 100 mcg: 2 puffs (200 mcg)",
            "Use 2 puffs (200 mcg) of Salbutamol inhaler 100 mcg"
        ),
        (
            words("Chloramphenicol eye drops", "0.5%", .drops), 1, "Chloramphenicol eye drops 0.5%: 1 drop",
            "Use 1 drop of Chloramphenicol eye drops 0.5%"
        ),
        (
            words("Mometasone", "50 mcg", .spray), 2, "Mometasone 50 mcg spray: 2 sprays (100 mcg)",
            "Use 2 sprays (100 mcg) of Mometasone 50 mcg"
        ),
        (
            words("Insulin glargine", "100 units/ml", .injection, .unit), 10,
            "Insulin glargine 100 units/ml injection: 10 units (0.1 ml)",
            "Inject 10 units (0.1 ml) of Insulin glargine 100 units/ml"
        ),
        (
            words("Methotrexate", "25 mg/ml", .injection), 0.6, "Methotrexate 25 mg/ml injection: 0.6 ml (15 mg)",
            "Inject 0.6 ml (15 mg) of Methotrexate 25 mg/ml"
        ),
        (
            words("Estradiol", "50 mcg/24 h", .patch), 1, "Estradiol 50 mcg/24 h patches: 1 patch",
            "Apply 1 patch of Estradiol 50 mcg/24 h"
        ),
        (
            words("Hydrocortisone", "1%", .cream), 1, "Hydrocortisone 1% cream: 1 application",
            "Apply 1 application of Hydrocortisone 1%"
        ),
        (
            words("Paracetamol", "250 mg", .suppository), 1, "Paracetamol 250 mg suppositories: 1 suppository (250 mg)",
            "Use 1 suppository (250 mg) of Paracetamol 250 mg"
        ),
        (words("Macrogol", nil, .other, .sachet), 2, "Macrogol: 2 sachets", "Take 2 sachets of Macrogol"),
        (words("Vitamin D", "1000 IU", nil, .dose), 1, "Vitamin D 1000 IU: 1 dose", "Take 1 dose of Vitamin D 1000 IU"),
    ]

    @Test(arguments: titles)
    func titleAndInstruction(words: MedicationWords, amount: Double, title: String, instruction: String) {
        #expect(words.title(amount) == title)
        #expect(words.instruction(amount) == instruction)
    }

    @Test func supplyIsCountedInTabletsForAMassOfTablets() {
        let prednisolone = Self.words("Prednisolone", "5 mg", .tablet, .mg).medication
        #expect(prednisolone.supplyUnit == .tablet && prednisolone.supplyAmount(of: 40) == 8)
        #expect(prednisolone.supplyAmount(of: 2.5) == 0.5)
        #expect(MedicationWords(prednisolone)!.supply(56) == "56 tablets")
        let amoxicillin = Self.words("Amoxicillin", "250 mg/5 ml", .liquid).medication
        #expect(amoxicillin.supplyUnit == .ml && amoxicillin.supplyAmount(of: 5) == 5)
        #expect(MedicationWords(amoxicillin)!.supply(100) == "100 ml" && MedicationWords(amoxicillin)!.supplyUnits == "ml")
        // Units of insulin stay units (pens are labelled in units).
        let insulin = Self.words("Insulin", "100 units/ml", .injection, .unit).medication
        #expect(insulin.supplyUnit == .unit && MedicationWords(insulin)!.supply(300) == "300 units")
        // A mass the strength does not turn into tablets is counted as that mass.
        let combination = Self.words("Co-amoxiclav", "875/125 mg", .tablet, .mg).medication
        #expect(combination.supplyUnit == .mg)
        #expect(
            MedicationWords(Medication(id: "v1", name: "Old", times: [], start: LocalDate(year: 2026, month: 1, day: 1)!)) == nil)
    }
}
