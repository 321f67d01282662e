import Foundation

/// Replacing a schedule file after `log` or `refill` (decision 0010).
///
/// The new file is `ScheduleCodec.encode` of the new schedule, written atomically with mode 0600.
/// When the file on disk is not already in that canonical form (hand-edited, `x-` keys, other
/// formatting), its exact bytes are first saved next to it as `NAME.bak` (atomically, 0600), since
/// the rewrite drops what the encoder does not keep; a canonical file gets no backup, because the
/// rewrite keeps every byte of it up to the new log entry.
public enum ScheduleFile {
    /// Writes `schedule` to `path`, which held `original` when it was read. Returns the backup's
    /// path when one was written. `alwaysBackup` keeps the original even when it is canonical
    /// (reconcile changes decisions, not only the log).
    @discardableResult
    public static func replace(
        _ path: String, original: Data, with schedule: Schedule, alwaysBackup: Bool = false
    ) throws(AtomicFile.WriteError) -> String? {
        removeLeftovers(path)
        var backup: String? = nil
        if alwaysBackup || (try? ScheduleCodec.decode(original, file: path)).map(ScheduleCodec.encode) != original {
            backup = path + ".bak"
            try AtomicFile.write(original, to: path + ".bak")
        }
        try AtomicFile.write(ScheduleCodec.encode(schedule), to: path)
        return backup
    }

    /// Removes the temporaries a killed write of the schedule at `path` (or of its backup) left
    /// next to it (`AtomicFile.leftover` names of a process that no longer runs); returns their
    /// names.
    @discardableResult
    public static func removeLeftovers(_ path: String) -> [String] {
        AtomicFile.removeLeftovers(of: [path, path + ".bak"])
    }
}
