/// Every problem of a schedule file, not only the first: what `dosecal validate` lists.
///
///     let result = ScheduleCodec.validate(data, file: "meds.json")
///     for error in result.errors { print(error.compilerStyle) }
///
/// The errors are the ones `ScheduleCodec.decode` would throw one at a time, with the same
/// messages, in file order (line, then column). A value that cannot be read at all (a medication
/// without `times`) is left out of the checks that depend on it, so that one mistake is reported
/// once, not again as the cause of others. JSON syntax errors and a file from a newer dosecal
/// stop the reading: those come alone.
public struct ScheduleValidation: Sendable {
    /// The schedule, when the file has no problem.
    public var schedule: Schedule?
    /// Every problem found, in file order; empty when the file is valid.
    public var errors: [ScheduleError]
}
