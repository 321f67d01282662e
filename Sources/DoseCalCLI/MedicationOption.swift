import DoseCal

/// MEDICATION on the command line (`log`, `refill`, `status`): an id or any part of a name that
/// only one medication has, among the `--person`'s medications when the option is given.
enum MedicationOption {
    static func find(_ query: String, _ args: Arguments, in schedule: Schedule) throws -> Medication {
        let person = try PersonOption.read(args, schedule: schedule)
        return try ReminderInput.privately(schedule) { try schedule.medication(matching: query, person: person) }
    }
}
