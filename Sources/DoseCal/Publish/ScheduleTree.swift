#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The schedules of a folder and its subfolders: every regular file whose name ends in `.json`,
/// by its path relative to the folder, with its status (one `fstatat` each: what `find -type f`
/// costs). Names that start with a dot (dosecal's own files: sync status, temporaries, the
/// publish state) are left out; symbolic links are not followed, and a link where a schedule or
/// a folder would be is named, so that the operator sees why it is not published.
public struct ScheduleTree: Sendable {
    public struct File: Sendable {
        /// The path relative to the folder, `/`-separated.
        public var path: String
        var status: FileStatus
    }

    /// A name that looks like a schedule or a folder but is not read, and why.
    public struct Passed: Sendable, Equatable {
        public var path: String
        public var reason: String
    }

    /// One name found: a schedule with its status, or a name passed over.
    public enum Item: Sendable {
        case file(File)
        case passed(Passed)

        /// The path relative to the folder (a folder passed over ends in `/`).
        public var path: String {
            switch self {
            case .file(let f): return f.path
            case .passed(let p): return p.path
            }
        }
    }

    public var files: [File] = []
    public var passed: [Passed] = []

    /// Reads the folder `root` (absolute) whole; the files in path order.
    public static func scan(_ root: String) throws(PublishError) -> ScheduleTree {
        var tree = ScheduleTree()
        try walk(root) { item in
            switch item {
            case .file(let f): tree.files.append(f)
            case .passed(let p): tree.passed.append(p)
            }
        }
        return tree
    }

    /// Visits every schedule and every name passed over in the folder `root` (absolute) in the
    /// order of their paths (`<`: a folder's names follow the names that sort before `folder/`),
    /// holding one folder's listing at a time (and the names left in the folders above it), not
    /// the whole tree.
    public static func walk(_ root: String, _ visit: (Item) throws(PublishError) -> Void) throws(PublishError) {
        let fd: Int32
        do { fd = try Syscalls.open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC) } catch {
            throw .io(path: root, reason: "cannot read the schedules folder: \(error)")
        }
        defer { Syscalls.close(fd) }
        try walk(fd, prefix: "", root: root, visit)
    }

    /// The names of folder `fd` that are visited, by the key they sort by: a folder's name with a
    /// `/`, so that its paths come where they sort among the others.
    private static func listing(_ fd: Int32, prefix: String, root: String) throws(PublishError) -> [(
        key: String, name: String, type: Int32, status: FileStatus?
    )] {
        let entries: [(name: String, type: UInt8)]
        do { entries = try Syscalls.folderEntries(fd) } catch {
            throw .io(path: root + "/" + prefix, reason: "cannot list the folder: \(error)")
        }
        var result: [(key: String, name: String, type: Int32, status: FileStatus?)] = []
        for entry in entries where entry.name.utf8.first != UInt8(ascii: ".") {
            let isSchedule = entry.name.hasSuffix(".json")
            var type = Int32(entry.type)
            var status: FileStatus? = nil
            if type == Int32(DT_UNKNOWN) || (type == Int32(DT_REG) && isSchedule) {
                status = try? Syscalls.lstat(entry.name, in: fd)
                switch status?.kind {
                case .regular?: type = Int32(DT_REG)
                case .directory?: type = Int32(DT_DIR)
                case .symbolicLink?: type = Int32(DT_LNK)
                default: type = Int32(DT_UNKNOWN)
                }
            }
            guard type == Int32(DT_DIR) || type == Int32(DT_LNK) || (type == Int32(DT_REG) && isSchedule) else { continue }
            result.append((type == Int32(DT_DIR) ? entry.name + "/" : entry.name, entry.name, type, status))
        }
        result.sort { $0.key < $1.key }
        return result
    }

    private static func walk(
        _ fd: Int32, prefix: String, root: String, _ visit: (Item) throws(PublishError) -> Void
    ) throws(PublishError) {
        for entry in try listing(fd, prefix: prefix, root: root) {
            let path = prefix + entry.name
            let isSchedule = entry.name.hasSuffix(".json")
            switch entry.type {
            case Int32(DT_DIR):
                guard let sub = try? Syscalls.openFolder(entry.name, in: fd) else {
                    try visit(.passed(Passed(path: path + "/", reason: "the folder cannot be read")))
                    continue
                }
                defer { Syscalls.close(sub) }
                try walk(sub, prefix: path + "/", root: root, visit)
            case Int32(DT_REG):
                if let status = entry.status { try visit(.file(File(path: path, status: status))) }
            case Int32(DT_LNK) where isSchedule:
                try visit(.passed(Passed(path: path, reason: "is a symbolic link; dosecal does not follow links here")))
            default:
                let target = try? Syscalls.statFollowingLinks(root + "/" + path)
                if target?.kind == .directory {
                    try visit(.passed(Passed(path: path + "/", reason: "is a symbolic link to a folder; not followed")))
                }
            }
        }
    }
}
