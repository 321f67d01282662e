public import Foundation

/// The items of a vdir folder as one scan found them.
public struct FolderState: Sendable, Equatable {
    /// One `.ics` file.
    public struct File: Sendable, Equatable {
        public var name: String
        /// `VdirFolder.etag`: modification time, inode and size.
        public var etag: String
        /// The UIDs inside (empty when unreadable).
        public var uids: [String]
        /// `VdirContent` hash, nil when the file could not be read as iCalendar.
        public var hash: String?
        /// The bytes, when the scan read the file (new or changed since the status' etag).
        public var data: Data?
        /// Why the file is not a usable item (unreadable, several UIDs), if so.
        public var problem: String?

        public init(name: String, etag: String, uids: [String], hash: String?, data: Data? = nil, problem: String? = nil) {
            self.name = name
            self.etag = etag
            self.uids = uids
            self.hash = hash
            self.data = data
            self.problem = problem
        }
    }

    /// Whether the folder exists.
    public var exists: Bool
    /// Item files, sorted by name.
    public var files: [File]

    public init(exists: Bool, files: [File]) {
        self.exists = exists
        self.files = files.sorted { $0.name < $1.name }
    }
}
