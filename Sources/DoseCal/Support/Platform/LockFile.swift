#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A lock file opened for `flock(2)` (`ScheduleLock`, `SyncLock`): created with mode 0600 when
/// missing, never through a symbolic link (`O_NOFOLLOW`: a link planted in its place is refused
/// and nothing is created at its target), and only when it is a regular file.
enum LockFile {
    /// Why a lock file could not be opened.
    enum Problem: Error, Sendable, Equatable {
        case symbolicLink
        case notRegular
        case system(Errno)
    }

    /// An open descriptor of the lock file at `path`, for reading and writing.
    static func open(_ path: String) throws(Problem) -> Int32 {
        let fd: Int32
        do {
            fd = try Syscalls.open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, mode: 0o600)
        } catch {
            if PlainFile.status(path)?.kind == .symbolicLink { throw .symbolicLink }
            throw .system(error)
        }
        guard (try? Syscalls.fstat(fd))?.kind == .regular else {
            Syscalls.close(fd)
            throw .notRegular
        }
        return fd
    }
}
