import DoseCal

/// `--person ID`: the person a command is narrowed to (export, status, plan, check; log and refill
/// look for MEDICATION among the person's medications). An id no person has is an error listing
/// the ids, with a suggestion when one is close (in privacy mode neither: ids are often names).
enum PersonOption {
    /// The help text's line for the option.
    static let help = """
          --person ID        Only the medications of the person with this id (or name)
                             in the schedule's "people"; times typed are read where
                             that person is.
        """

    /// The person `--person` names; nil without the option.
    static func read(_ args: Arguments, schedule: Schedule) throws -> Person? {
        guard let query = args[.person] else { return nil }
        return try ReminderInput.privately(schedule) { try schedule.person(matching: query) }
    }
}
