/// What one sync will do: the planner's answer, which the executor carries out.
public struct SyncPlan: Sendable, Equatable {
    /// One action per UID, sorted by UID.
    public var actions: [SyncAction] = []
    /// The status to write once every action is done; entries being written carry `pending`.
    public var status: SyncStatus
    public var changes = FolderChanges()
    /// Files that are not usable items (unreadable, several UIDs), with the reason; left alone.
    public var unusable: [(file: String, reason: String)] = []
    /// The folder does not exist and is to be created.
    public var createFolder = false

    public init(status: SyncStatus) { self.status = status }

    public var conflicts: [SyncConflict] {
        actions.compactMap { if case .reportConflict(let c) = $0 { return c } else { return nil } }
    }

    /// Whether the executor writes anything to the folder.
    public var touchesFolder: Bool { createFolder || actions.contains(where: \.touchesFolder) }

    public static func == (a: SyncPlan, b: SyncPlan) -> Bool {
        a.actions == b.actions && a.status == b.status && a.changes == b.changes && a.createFolder == b.createFolder
            && a.unusable.map(\.file) == b.unusable.map(\.file) && a.unusable.map(\.reason) == b.unusable.map(\.reason)
    }
}
