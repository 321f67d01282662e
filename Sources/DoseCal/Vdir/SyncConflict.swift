/// An item the sync left alone because writing it could lose something: the phone's edit, a
/// copy, an item dosecal does not know it wrote. Each makes `dosecal sync` exit 1.
public struct SyncConflict: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// Edited in the folder since dosecal wrote it.
        case editedInFolder = "edited-in-folder"
        /// Deleted from the folder, still in the schedule.
        case deletedInFolder = "deleted-in-folder"
        /// Edited in the folder and removed from the schedule.
        case editedAndRemoved = "edited-and-removed"
        /// The UID is in several files.
        case duplicateUID = "duplicate-uid"
        /// A file holds one of dosecal's UIDs with other content, but the status does not record
        /// it (a lost status, or a folder restored from elsewhere).
        case unrecorded
        /// The file changed between the scan and the write (another program is syncing).
        case changedDuringSync = "changed-during-sync"
        /// dosecal's item was replaced by a symbolic link, which is never followed.
        case symbolicLink = "symbolic-link"
    }

    public var uid: String
    public var kind: Kind
    public var files: [String]

    public init(uid: String, kind: Kind, files: [String]) {
        self.uid = uid
        self.kind = kind
        self.files = files
    }

    /// One sentence for the person (names no medicine: dosecal's UIDs are hashes).
    public var message: String {
        let place = files.joined(separator: ", ")
        switch kind {
        case .editedInFolder:
            return "\(place): changed on the phone in a way that conflicts with the schedule or that it cannot hold "
                + "(a duration, a note); left as it is. Use --prefer to settle a conflict, --force --prefer schedule to replace it"
        case .deletedInFolder:
            return "\(uid): deleted on the phone, in conflict with the schedule (or with no effect on it); not written again"
        case .editedAndRemoved:
            return "\(place): changed on the phone but removed from the schedule; left as it is"
        case .duplicateUID:
            return "\(uid) is in \(files.count) files (\(place)): a conflict copy? Keep one; all are left as they are"
        case .unrecorded:
            return "\(place) holds dosecal's \(uid) with other content and the sync status has no record of it; left as it is"
        case .changedDuringSync:
            return "\(place) changed while dosecal was syncing; left as it is, the next sync looks again"
        case .symbolicLink:
            return "\(place) held dosecal's \(uid) and is now a symbolic link; not followed and left as it is, and edits "
                + "made on the phone are not merged while it is there. Replace the link with the item's file"
        }
    }
}
