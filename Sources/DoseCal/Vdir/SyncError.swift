public import ICal

/// Why a sync stopped before touching anything (the CLI exits 2). Conflicts are not errors: they
/// are in `SyncPlan.conflicts`. An error of another layer that stopped the sync is kept as it
/// is (`underlying`), so the caller can tell a bad phone item from a bad schedule.
public enum SyncError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The folder held dosecal's items at the last sync and is now missing.
    case folderMissing(path: String, owned: Int)
    /// The folder held dosecal's items at the last sync and none of them is there now.
    case ownedItemsVanished(path: String, owned: Int)
    /// Another sync of the same schedule and folder holds the lock.
    case locked(path: String)
    case badStatus(path: String, line: Int, reason: String)
    case io(path: String, reason: String)
    /// The folder's items could not be read as one calendar (the merge's "theirs").
    case unreadableItems(folder: String, ICalError)
    /// The reconcile engine could not merge the phone's edits, or its changes do not apply to
    /// the schedule.
    case merge(folder: String, ReconcileError)
    /// The caller's `save` could not write the merged schedule; `cause` is its error.
    case scheduleNotSaved(folder: String, cause: Cause)
    /// The caller's loader of the schedule (`VdirSync.run(loading:now:stepLimit:save:)`) failed;
    /// `cause` is its error, which the caller reports as it would without the sync.
    case scheduleNotRead(cause: Cause)

    /// An error of the caller's, kept as it was thrown.
    public struct Cause: Sendable, Equatable, CustomStringConvertible {
        public var error: any Error
        public init(_ error: any Error) { self.error = error }
        public var description: String { "\(error)" }
        /// Equal when they read the same (any `Error` is not `Equatable`).
        public static func == (a: Cause, b: Cause) -> Bool { a.description == b.description }
    }

    /// The error of another layer this one wraps, if any.
    public var underlying: (any Error)? {
        switch self {
        case .unreadableItems(_, let e): return e
        case .merge(_, let e): return e
        case .scheduleNotSaved(_, let cause): return cause.error
        case .scheduleNotRead(let cause): return cause.error
        default: return nil
        }
    }

    public var description: String {
        switch self {
        case .folderMissing(let path, let owned):
            return "\(path) is missing, but it held \(owned) dosecal item(s) at the last sync; not syncing, "
                + "in case the folder is unmounted or was replaced. Restore it, or use --force to create it and fill it again."
        case .ownedItemsVanished(let path, let owned):
            return "none of the \(owned) dosecal item(s) written to \(path) at the last sync is there now; not syncing, "
                + "in case the folder was emptied by mistake. Restore them, or use --force to write them again."
        case .locked(let path):
            return "another dosecal sync of this schedule and folder is running (lock \(path) is held); try again when it ends"
        case .badStatus(let path, let line, let reason):
            return "\(path), line \(line): not a dosecal sync status: \(reason). Move it away to start a fresh status "
                + "(the next sync then adopts items that match the schedule and reports the rest)."
        case .io(let path, let reason):
            return "\(path): \(reason)"
        case .unreadableItems(let folder, let error):
            return "\(folder): the folder's items could not be read as one calendar: \(error)"
        case .merge(let folder, let error):
            return "\(folder): the phone's edits could not be merged: \(error)"
        case .scheduleNotSaved(let folder, let cause):
            return "\(folder): the merged schedule could not be written: \(cause)"
        case .scheduleNotRead(let cause):
            return cause.description
        }
    }
}
