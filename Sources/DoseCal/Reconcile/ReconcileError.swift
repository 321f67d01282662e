/// Why reconcile results cannot be applied to a schedule.
public enum ReconcileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A change names a medication or slot the schedule does not have.
    case unknownSlot(medicationID: String, slotID: String?)
    /// The calendar holds none of dosecal's doses, while the base did.
    case noDosecalEvents
    /// The merged schedule breaks a rule of the format (two slots at one time, ...).
    case invalidResult(String)
    /// The base calendar kept next to the schedule cannot be read.
    case unreadableBase(path: String, reason: String)
    /// The base calendar named on the command line is not there.
    case missingBase(path: String)

    public var description: String {
        switch self {
        case .unknownSlot(let m, let s):
            return
                "the change names \(s.map { "slot \"\($0)\" of " } ?? "")medication \"\(m)\", which the schedule does not have; "
                + "run reconcile again against the current schedule"
        case .noDosecalEvents:
            return "the calendar holds none of dosecal's doses; an empty or different calendar is not read as "
                + "\"every dose deleted\". Check that it is the calendar the schedule was exported to"
        case .invalidResult(let message):
            return "applying the calendar's changes would make an invalid schedule (\(message)); "
                + "apply them by hand or use --prefer schedule"
        case .unreadableBase(let path, let reason):
            return "\(path): the base calendar cannot be read (\(reason)); remove it to reconcile without a base"
        case .missingBase(let path):
            return "\(path): no such base calendar"
        }
    }
}
