#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive `flock(2)` on a lock file (or a folder), held until the value is released or the process ends
/// (the kernel drops the lock of a killed process, so a stale lock file never blocks). The file
/// is opened without following a symbolic link: a link in its place stops the sync and nothing
/// is created at its target.
public final class SyncLock: Sendable {
    private let fd: Int32
    public let path: String

    /// Takes the lock at `path` (created 0600 when missing), or throws `.locked` when another
    /// process holds it.
    public init(path: String) throws(SyncError) {
        let fd: Int32
        do { fd = try LockFile.open(path) } catch {
            switch error {
            case .symbolicLink:
                throw .io(
                    path: path,
                    reason: "the sync lock is a symbolic link; dosecal does not follow links next to the schedule. "
                        + "Remove it (a lock file holds nothing) and sync again")
            case .notRegular: throw .io(path: path, reason: "the sync lock is not a regular file; remove it and sync again")
            case .system(let errno): throw .io(path: path, reason: "cannot open the lock file: \(errno)")
            }
        }
        do {
            try Syscalls.flock(fd, LOCK_EX | LOCK_NB)
        } catch {
            Syscalls.close(fd)
            if error == .wouldBlock { throw .locked(path: path) }
            throw .io(path: path, reason: "cannot lock: \(error)")
        }
        self.fd = fd
        self.path = path
    }

    /// Takes the lock of the folder at `path` itself (`flock` of the open folder: no lock file in
    /// it), or throws `Errno.wouldBlock` when another process holds it.
    public init(folder path: String) throws(Errno) {
        let fd = try Syscalls.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        do {
            try Syscalls.flock(fd, LOCK_EX | LOCK_NB)
        } catch {
            Syscalls.close(fd)
            throw error
        }
        self.fd = fd
        self.path = path
    }

    deinit { Syscalls.close(fd) }
}
