public import DoseCalCore

/// What a medication is, apart from how it is taken: the rest of `DosageConverter`'s input.
public struct MedicationFacts: Sendable, Equatable {
    /// The id the medication gets (a later dosage that is not a taper step gets `id-2` ...).
    public var id: String
    public var name: String
    public var strength: String?
    /// What the medicine is; nil: taken from the dose's unit (puffs: an inhaler), else none.
    public var form: DoseForm?
    /// The person who takes it, by id (a schedule with people).
    public var person: String?
    public var notes: String?
    /// Units on hand and the day they were counted (a dispense, `--supply`), in `unit` (nil: the
    /// medication's supply unit).
    public var supply: (amount: Double, unit: DoseUnit?, asOf: LocalDate?)?

    public init(
        id: String, name: String, strength: String? = nil, form: DoseForm? = nil, person: String? = nil,
        notes: String? = nil, supply: (amount: Double, unit: DoseUnit?, asOf: LocalDate?)? = nil
    ) {
        self.id = id
        self.name = name
        self.strength = strength
        self.form = form
        self.person = person
        self.notes = notes
        self.supply = supply
    }

    public static func == (a: MedicationFacts, b: MedicationFacts) -> Bool {
        a.id == b.id && a.name == b.name && a.strength == b.strength && a.form == b.form && a.person == b.person
            && a.notes == b.notes && a.supply?.amount == b.supply?.amount && a.supply?.unit == b.supply?.unit
            && a.supply?.asOf == b.supply?.asOf
    }
}

/// A medication made from dosages, and what the person should check: every time that came from
/// the clock, a start that came from "today", a part of the data that was read loosely.
public struct ConvertedMedication: Sendable, Equatable {
    public var medication: Medication
    /// Plain sentences, in the order they arose ("08:00 and 20:00 from the clock (twice a day)").
    public var notes: [String]

    public init(medication: Medication, notes: [String]) {
        self.medication = medication
        self.notes = notes
    }
}
