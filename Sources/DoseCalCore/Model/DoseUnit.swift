/// The unit a medication's amounts are written in (format version 2): a count of things
/// (tablets, puffs, patches ...) or a measure (ml, mg, mcg, g, units of activity).
public enum DoseUnit: String, Sendable, Hashable, CaseIterable {
    case tablet, capsule, ml, drop, puff, spray, unit, mg, mcg, g, patch, application, suppository, sachet, dose

    /// What amounts in this unit may be.
    public enum Steps: Sendable, Equatable {
        /// Whole numbers (a capsule is not split).
        case whole
        /// Quarters (tablets and doses are halved and quartered).
        case quarters
        /// Any amount to a thousandth (a measure).
        case thousandths
    }

    public var steps: Steps {
        switch self {
        case .tablet, .dose: .quarters
        case .ml, .unit, .mg, .mcg, .g: .thousandths
        case .capsule, .drop, .puff, .spray, .patch, .application, .suppository, .sachet: .whole
        }
    }

    /// Whether the unit is a mass (mg, mcg, g): such a dose is what a strength measures.
    public var isMass: Bool { self == .mg || self == .mcg || self == .g }

    /// The unit as an amount of more than one says it: "tablets", "ml", "suppositories".
    public var plural: String {
        switch self {
        case .ml, .mg, .mcg, .g: rawValue
        case .patch: "patches"
        case .suppository: "suppositories"
        default: rawValue + "s"
        }
    }

    /// The most one dose may be: far above any real dose, low enough that every count and total
    /// stays exact.
    public var most: Double { steps == .thousandths ? 100_000 : 1000 }

    /// Micrograms in one of this mass unit (nil for the others).
    var micrograms: Double? {
        switch self {
        case .mcg: 1
        case .mg: 1000
        case .g: 1_000_000
        default: nil
        }
    }

    /// `amount` of this unit in `other`, when both are masses or they are the same unit; nil otherwise.
    public func convert(_ amount: Double, to other: DoseUnit) -> Double? {
        if self == other { return amount }
        guard let a = micrograms, let b = other.micrograms else { return nil }
        return amount * a / b
    }

    /// Whether `amount` is a valid amount of this unit: above 0, at most `most`, in its steps.
    public func allows(_ amount: Double) -> Bool {
        guard amount > 0, amount <= most else { return false }
        switch steps {
        case .whole: return amount == amount.rounded()
        case .quarters: return (amount * 4) == (amount * 4).rounded()
        case .thousandths: return abs(amount * 1000 - (amount * 1000).rounded()) < 1e-6
        }
    }

    /// What `allows` accepts, in words, for an error message.
    public var valid: String {
        switch steps {
        case .whole: "use a whole number of \(plural) from 1 to 1000, like 1 or 2"
        case .quarters: "use a number of \(plural) above 0 and at most 1000 in steps of 0.25, like 1, 0.5 or 2.25"
        case .thousandths: "use an amount in \(plural) above 0 and at most 100000, to at most 3 decimals, like 5 or 2.5"
        }
    }
}
