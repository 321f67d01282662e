#if canImport(Glibc)
    import Glibc
#endif

/// An exclusive `flock(2)` on a lock file, held until the value is released or the process ends
/// (the kernel drops the lock of a killed process, so a stale lock file never blocks).
public final class SyncLock: Sendable {
    private let fd: Int32
    public let path: String

    /// Takes the lock at `path` (created 0600 when missing), or throws `.locked` when another
    /// process holds it.
    public init(path: String) throws(SyncError) {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .io(path: path, reason: "cannot open the lock file: \(String(cString: strerror(errno)))") }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let busy = errno == EWOULDBLOCK
            let reason = String(cString: strerror(errno))
            close(fd)
            if busy { throw .locked(path: path) }
            throw .io(path: path, reason: "cannot lock: \(reason)")
        }
        self.fd = fd
        self.path = path
    }

    deinit { close(fd) }
}
