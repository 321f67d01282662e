/// The problems found so far when a schedule is decoded to report every error at once
/// (`ScheduleCodec.validate`); see `ScheduleReader.report` and `ScheduleReader.attempt`.
final class ScheduleErrorLog {
    private(set) var errors: [ScheduleError] = []

    /// Adds `error` unless the same error (same place, same message) is already listed: a problem
    /// that makes its object unusable is passed up as itself and must be listed once.
    func record(_ error: ScheduleError) {
        if !errors.contains(error) { errors.append(error) }
    }
}
