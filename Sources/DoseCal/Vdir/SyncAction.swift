/// One step the planner decides for one UID.
public enum SyncAction: Sendable, Equatable {
    /// Write a new file.
    case create(VdirItem, file: String)
    /// Replace an owned file that still holds what dosecal wrote (`etag` as scanned).
    case update(VdirItem, file: String, etag: String)
    /// Delete an owned file that still holds what dosecal wrote.
    case delete(uid: String, file: String, etag: String)
    /// Nothing to do: in step, or someone else's item.
    case leave(uid: String)
    /// Left alone and reported.
    case reportConflict(SyncConflict)

    /// Whether the step writes to the folder.
    public var touchesFolder: Bool {
        switch self {
        case .create, .update, .delete: return true
        case .leave, .reportConflict: return false
        }
    }
}
