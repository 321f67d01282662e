import DoseCal

/// Running a log or refill request so that its errors keep privacy mode.
enum ReminderInput {
    /// `body`'s result; a `ReminderError` is told without medication ids or names when the
    /// schedule is in privacy mode (medications by position, as the rest of the output).
    static func privately<T>(_ schedule: Schedule, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as ReminderError where schedule.feed.privacy {
            throw InputError(error.privateDescription(in: schedule))
        }
    }
}
