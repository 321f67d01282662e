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

    public var files: [File] = []
    public var passed: [Passed] = []

    /// Reads the folder `root` (absolute); the files in the order the folders list them.
    public static func scan(_ root: String) throws(PublishError) -> ScheduleTree {
        let fd: Int32
        do { fd = try Syscalls.open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC) } catch {
            throw .io(path: root, reason: "cannot read the schedules folder: \(error)")
        }
        defer { Syscalls.close(fd) }
        var tree = ScheduleTree()
        try tree.scan(fd, prefix: "", root: root)
        return tree
    }

    private mutating func scan(_ fd: Int32, prefix: String, root: String) throws(PublishError) {
        let entries: [(name: String, type: UInt8)]
        do { entries = try Syscalls.folderEntries(fd) } catch {
            throw .io(path: root + "/" + prefix, reason: "cannot list the folder: \(error)")
        }
        for entry in entries {
            guard entry.name.utf8.first != UInt8(ascii: ".") else { continue }
            let path = prefix + entry.name
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
            switch type {
            case Int32(DT_DIR):
                guard let sub = try? Syscalls.openFolder(entry.name, in: fd) else {
                    passed.append(Passed(path: path + "/", reason: "the folder cannot be read"))
                    continue
                }
                defer { Syscalls.close(sub) }
                try scan(sub, prefix: path + "/", root: root)
            case Int32(DT_REG) where isSchedule:
                if let status { files.append(File(path: path, status: status)) }
            case Int32(DT_LNK) where isSchedule:
                passed.append(Passed(path: path, reason: "is a symbolic link; dosecal does not follow links here"))
            case Int32(DT_LNK):
                let target = try? Syscalls.statFollowingLinks(root + "/" + path)
                if target?.kind == .directory {
                    passed.append(Passed(path: path + "/", reason: "is a symbolic link to a folder; not followed"))
                }
            default:
                continue
            }
        }
    }
}
