/// The words of a medication whose amounts have a unit (format version 2), as people say them:
/// "Warfarin 5 mg tablets: half a tablet (2.5 mg)", "Take 5 ml (250 mg) of Amoxicillin
/// 250 mg/5 ml", "45 tablets". The feed's titles, the notifications and the command output
/// take them from here. (A medication without a unit keeps version 1's words.)
public struct MedicationWords: Sendable {
    public let medication: Medication
    let unit: DoseUnit
    /// Name and strength: "Warfarin 5 mg", "Amoxicillin 250 mg/5 ml".
    public let name: String
    /// Name, strength and what the medicine is, unless the name says it: "Warfarin 5 mg
    /// tablets", "Salbutamol 100 mcg inhaler", "Amoxicillin 250 mg/5 ml" (a liquid: its amounts
    /// say ml).
    public let label: String
    /// The strength read as an amount, once.
    let strength: DoseStrength?

    /// The words of `medication`; nil when it has no unit (version 1).
    public init?(_ medication: Medication) {
        guard let unit = medication.unit else { return nil }
        self.medication = medication
        self.unit = unit
        strength = medication.measuredStrength
        if let strength = medication.strength, !strength.isEmpty {
            name = "\(medication.name) \(strength)"
        } else {
            name = medication.name
        }
        label = Self.label(medication, name: name)
    }

    private static func label(_ medication: Medication, name: String) -> String {
        guard let form = medication.form, let noun = form.noun else { return name }
        let words = Set(medication.name.lowercased().split { !$0.isLetter }.map(String.init))
        let single = form == .drops ? "drop" : form.rawValue
        if words.contains(noun) || words.contains(single) { return name }
        return "\(name) \(noun)"
    }

    /// An amount in the medication's unit, with what it is in the other unit the strength gives:
    /// "half a tablet (2.5 mg)", "5 ml (250 mg)", "40 mg (8 tablets)", "2 puffs".
    public func amount(_ amount: Double) -> String {
        let said = AmountWords.phrase(amount, unit)
        guard let other = medication.equivalent(of: amount, strength: strength) else { return said }
        return "\(said) (\(AmountWords.phrase(other.amount, other.unit)))"
    }

    /// A dose's title: "Warfarin 5 mg tablets: half a tablet (2.5 mg)".
    public func title(_ amount: Double) -> String { title(said: self.amount(amount)) }

    /// The title of a dose whose amount `amount(_:)` says as `said`.
    public func title(said: String) -> String { "\(label): \(said)" }

    /// What to do, without its time: "Take half a tablet (2.5 mg) of Warfarin 5 mg", "Use 2
    /// puffs (200 mcg) of Salbutamol 100 mcg".
    public func instruction(_ amount: Double) -> String { instruction(said: self.amount(amount)) }

    /// The instruction for a dose whose amount `amount(_:)` says as `said`.
    public func instruction(said: String) -> String {
        "\(verb.prefix(1).uppercased())\(verb.dropFirst()) \(said) of \(name)"
    }

    /// The verb of a dose: take, use, apply or inject (take without a form).
    public var verb: String { medication.form?.verb ?? "take" }

    /// An amount of the supply in its unit, as a number: "45 tablets", "12.5 tablets", "85 ml".
    public func supply(_ amount: Double) -> String { "\(AmountWords.number(amount)) \(supplyUnit(amount))" }

    /// The supply's unit as `amount` of it says it: "tablet" for 1, "tablets", "ml".
    public func supplyUnit(_ amount: Double) -> String {
        let unit = medication.supplyUnit ?? unit
        return AmountWords.number(amount) == "1" ? unit.rawValue : unit.plural
    }

    /// The supply unit as a heading says it: "tablets", "ml".
    public var supplyUnits: String { (medication.supplyUnit ?? unit).plural }
}
