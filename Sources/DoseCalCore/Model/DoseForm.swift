/// What a medicine is (format version 2): it gives the unit amounts are counted in when the file
/// names none, the units that make sense, and the words ("Warfarin 5 mg tablets", "Use 2 puffs").
public enum DoseForm: String, Sendable, Hashable, CaseIterable {
    case tablet, capsule, liquid, drops, inhaler, spray, injection, patch, cream, suppository, other

    /// The unit of an amount when the medication names none.
    public var defaultUnit: DoseUnit {
        switch self {
        case .tablet: .tablet
        case .capsule: .capsule
        case .liquid, .injection: .ml
        case .drops: .drop
        case .inhaler: .puff
        case .spray: .spray
        case .patch: .patch
        case .cream: .application
        case .suppository: .suppository
        case .other: .dose
        }
    }

    /// The units an amount of this form may be written in (the default first).
    public var units: [DoseUnit] {
        switch self {
        case .tablet: [.tablet, .mg, .mcg, .g]
        case .capsule: [.capsule, .mg, .mcg, .g]
        case .liquid: [.ml, .mg, .mcg, .g]
        case .drops: [.drop, .ml]
        case .inhaler: [.puff, .mcg, .mg]
        case .spray: [.spray, .mcg, .mg]
        case .injection: [.ml, .unit, .mg, .mcg, .dose]
        case .patch: [.patch]
        case .cream: [.application, .g]
        case .suppository: [.suppository, .mg]
        case .other: DoseUnit.allCases
        }
    }

    /// The unit a strength without "/ml" is per ("5 mg" a tablet, "100 mcg" a puff); nil when a
    /// strength of this form is not per one counted thing.
    var countedUnit: DoseUnit? {
        switch self {
        case .tablet: .tablet
        case .capsule: .capsule
        case .suppository: .suppository
        case .inhaler: .puff
        case .spray: .spray
        default: nil
        }
    }

    /// Whether a strength "per ml" ("250 mg/5 ml") measures this form.
    var isMeasuredByVolume: Bool { self == .liquid || self == .injection || self == .drops }

    /// The word after name and strength in a title ("Warfarin 5 mg tablets"); nil when the
    /// amount already says what it is ("5 ml").
    public var noun: String? {
        switch self {
        case .tablet: "tablets"
        case .capsule: "capsules"
        case .drops: "drops"
        case .inhaler: "inhaler"
        case .spray: "spray"
        case .injection: "injection"
        case .patch: "patches"
        case .cream: "cream"
        case .suppository: "suppositories"
        case .liquid, .other: nil
        }
    }

    /// The verb of a dose: "take" a tablet, "use" an inhaler, "apply" a cream, "inject".
    public var verb: String {
        switch self {
        case .tablet, .capsule, .liquid, .other: "take"
        case .drops, .inhaler, .spray, .suppository: "use"
        case .patch, .cream: "apply"
        case .injection: "inject"
        }
    }
}
