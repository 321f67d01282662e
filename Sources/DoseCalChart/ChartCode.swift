public import DoseCalCore

/// The codes of an administration record's cells, as care homes key their charts: a letter per
/// outcome, so that a black-and-white copy says everything (decision 0261).
public enum ChartCode: String, Sendable, CaseIterable, Equatable {
    /// Taken (log: taken), with the time it was taken.
    case administered = "A"
    /// Not taken on purpose (log: skipped).
    case omitted = "O"
    /// Not taken (log: missed).
    case missed = "M"
    /// A dose taken that is about no scheduled dose (log: taken without slot and date), with
    /// its time. (A dose of an as-needed medicine given is administered.)
    case extra = "E"
    /// A day off in a cycle: no dose is due.
    case notRequired = "N"
    /// No dose that day (another weekday, before the start, after the end, another step's
    /// dose): the cell is shaded.
    case noDose = "–"

    /// The code of a dose whose deciding log entry says `status`.
    public init(_ status: DoseLogEntry.Status) {
        switch status {
        case .taken: self = .administered
        case .skipped: self = .omitted
        case .missed: self = .missed
        }
    }

    /// What the key says of the code.
    public var meaning: String {
        switch self {
        case .administered: "administered: taken (the time it was taken below)"
        case .omitted: "omitted: skipped on purpose"
        case .missed: "missed: not taken"
        case .extra: "extra dose: taken besides the scheduled ones (its time below)"
        case .notRequired: "not required: a day off in the cycle"
        case .noDose: "no dose that day (shaded)"
        }
    }

    /// The word a screen reader says for the code.
    public var word: String {
        switch self {
        case .administered: "administered"
        case .omitted: "omitted"
        case .missed: "missed"
        case .extra: "extra dose"
        case .notRequired: "not required"
        case .noDose: "no dose"
        }
    }
}
