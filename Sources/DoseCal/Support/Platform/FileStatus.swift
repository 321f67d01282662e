#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `lstat(2)` or `fstat(2)` says about a file, the same on Linux and Darwin (the C field
/// names differ: `st_mtim` on Linux, `st_mtimespec` on Darwin).
public struct FileStatus: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case regular, directory, symbolicLink, other
    }

    var kind: Kind
    var modifiedSeconds: Int
    var modifiedNanoseconds: Int
    /// The status change time (`st_ctim`, Darwin `st_ctimespec`).
    var changedSeconds: Int
    var changedNanoseconds: Int
    var inode: UInt64
    var size: Int64

    init(_ st: stat) {
        switch st.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symbolicLink
        default: kind = .other
        }
        #if canImport(Darwin)
            let (modified, changed) = (st.st_mtimespec, st.st_ctimespec)
        #else
            let (modified, changed) = (st.st_mtim, st.st_ctim)
        #endif
        changedSeconds = Int(changed.tv_sec)
        changedNanoseconds = Int(changed.tv_nsec)
        modifiedSeconds = Int(modified.tv_sec)
        modifiedNanoseconds = Int(modified.tv_nsec)
        inode = UInt64(st.st_ino)
        size = Int64(st.st_size)
    }
}

extension FileStatus {
    /// Size, inode, modification time and change time of the file `path` points to
    /// (`SIZE-INODE-MSEC.MNSEC-CSEC.CNSEC`); "-" when there is none. A cheap identity of a
    /// file's content for fingerprints.
    public static func identity(of path: String) -> String {
        guard let st = try? Syscalls.statFollowingLinks(path) else { return "-" }
        return
            "\(st.size)-\(st.inode)-\(st.modifiedSeconds).\(st.modifiedNanoseconds)-\(st.changedSeconds).\(st.changedNanoseconds)"
    }
}
