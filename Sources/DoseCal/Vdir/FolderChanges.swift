public import Foundation

/// What changed in the folder since the last sync, for the reconcile engine: items dosecal owns
/// that were edited or deleted there (on the phone), and items someone else added.
public struct FolderChanges: Sendable, Equatable {
    public enum Change: Sendable, Equatable {
        /// The file's content differs from what dosecal wrote: its bytes now.
        case edited(Data)
        /// The file is gone (and dosecal did not delete it).
        case deleted
    }

    /// Per UID of an item dosecal owns.
    public var owned: [String: Change] = [:]
    /// UIDs found in more than one file (conflict copies of file-sync tools), with the files.
    public var duplicates: [String: [String]] = [:]
    /// UIDs of items dosecal does not own, first seen at this sync (left alone).
    public var foreignAdded: [String] = []

    public init() {}

    public var isEmpty: Bool { owned.isEmpty && duplicates.isEmpty && foreignAdded.isEmpty }
}
