/// Why a sync stopped before touching anything (the CLI exits 2). Conflicts are not errors: they
/// are in `SyncPlan.conflicts`.
public enum SyncError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The folder held dosecal's items at the last sync and is now missing.
    case folderMissing(path: String, owned: Int)
    /// The folder held dosecal's items at the last sync and none of them is there now.
    case ownedItemsVanished(path: String, owned: Int)
    /// Another sync of the same schedule and folder holds the lock.
    case locked(path: String)
    case badStatus(path: String, line: Int, reason: String)
    case io(path: String, reason: String)

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
        }
    }
}
