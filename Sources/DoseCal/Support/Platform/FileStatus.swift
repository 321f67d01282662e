#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `lstat(2)` or `fstat(2)` says about a file, the same on Linux and Darwin (the C field
/// names differ: `st_mtim` on Linux, `st_mtimespec` on Darwin).
struct FileStatus: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case regular, directory, symbolicLink, other
    }

    var kind: Kind
    var modifiedSeconds: Int
    var modifiedNanoseconds: Int
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
            let modified = st.st_mtimespec
        #else
            let modified = st.st_mtim
        #endif
        modifiedSeconds = Int(modified.tv_sec)
        modifiedNanoseconds = Int(modified.tv_nsec)
        inode = UInt64(st.st_ino)
        size = Int64(st.st_size)
    }
}
