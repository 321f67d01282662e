/// What the publishes into one site wrote, kept in the state folder (`record`, 0600) so that the
/// next publish rewrites only what changed (decision 0221): per schedule, the status of its file
/// when it was last read, the hash of its bytes, the hash of the feed written from it, the feed's
/// last change, its name and generation; the names retired; and what every feed depends on
/// outside the schedules (the program's build and the zone data).
///
/// A schedule whose file is gone keeps its entry (no file status): its generation is what keeps
/// a rotated link retired should the file come back.
public struct PublishRecord: Sendable, Equatable {
    /// The status of a schedule file that tells a changed file from an unchanged one without
    /// reading it: size, inode, modification and status-change times.
    public struct FileKey: Sendable, Equatable {
        public var size: Int64
        public var inode: UInt64
        public var modified: Int
        public var modifiedNanoseconds: Int
        public var changed: Int
        public var changedNanoseconds: Int

        init(_ st: FileStatus) {
            size = st.size
            inode = st.inode
            modified = st.modifiedSeconds
            modifiedNanoseconds = st.modifiedNanoseconds
            changed = st.changedSeconds
            changedNanoseconds = st.changedNanoseconds
        }

        public init(
            size: Int64, inode: UInt64, modified: Int, modifiedNanoseconds: Int, changed: Int, changedNanoseconds: Int
        ) {
            self.size = size
            self.inode = inode
            self.modified = modified
            self.modifiedNanoseconds = modifiedNanoseconds
            self.changed = changed
            self.changedNanoseconds = changedNanoseconds
        }
    }

    /// One schedule's feed.
    public struct Entry: Sendable, Equatable {
        public var generation: Int
        /// The feed's file name in the site (`FeedName`).
        public var name: String
        /// The schedule file as last read; nil when it is gone.
        public var file: FileKey?
        /// SHA-256 of the schedule's bytes as last read; nil when never read.
        public var input: Digest? = nil
        /// SHA-256 of the feed's bytes in the site; nil when none is written.
        public var output: Digest? = nil
        /// The feed's last change (seconds since 1970): its DTSTAMP of changed events and its
        /// file's modification time; 0 when none is written.
        public var stamp = 0
        /// The name calendar apps show for the feed (the schedule's `feed.name`); empty in
        /// privacy mode or when unknown.
        public var calendar = ""
        /// Why the schedule could not be published as it is now; empty when it was.
        public var problem = ""

        public init(generation: Int, name: String) {
            self.generation = generation
            self.name = name
        }
    }

    /// A feed name taken out of use (its schedule rotated or gone).
    public struct Retired: Sendable, Equatable {
        public var name: String
        public var identity: String
        /// When it was retired (seconds since 1970).
        public var since: Int
        /// Its file is still to be removed from the site.
        public var pending: Bool

        public init(name: String, identity: String, since: Int, pending: Bool) {
            self.name = name
            self.identity = identity
            self.since = since
            self.pending = pending
        }
    }

    /// The site folder (absolute) this state publishes to.
    public var site = ""
    /// `Publisher.build` of the last publish.
    public var build = ""
    /// A fingerprint of the secret the names were made from (`PublishSecret.tag`).
    public var secretTag = ""
    /// The base URL the index's links were made with.
    public var baseURL = ""
    /// The site folder's status when the last publish was done with it: while it is the same,
    /// no name in it was added, removed or renamed, and it need not be listed.
    public var siteFolder: FileKey? = nil
    /// By identity (the schedule's path relative to the schedules folder).
    public var entries: [String: Entry] = [:]
    public var retired: [Retired] = []

    public init() {}
}
