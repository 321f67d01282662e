#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one place dosecal's library calls the C library for files: each wrapper calls one function,
/// repeats it when a signal interrupted it (`EINTR`), and throws the `Errno` it failed with.
/// Builds on Linux (Glibc) and Darwin.
enum Syscalls {
    /// `open(2)`.
    static func open(_ path: String, _ flags: Int32, mode: mode_t = 0) throws(Errno) -> Int32 {
        while true {
            let fd = path.withCString { system_open($0, flags, mode) }
            if fd >= 0 { return fd }
            if Errno.current != .interrupted { throw .current }
        }
    }

    /// `close(2)`; its error is of no use once the descriptor is given up.
    static func close(_ fd: Int32) { _ = system_close(fd) }

    /// `read(2)` into `buffer`; 0 at the end of the file.
    static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        while true {
            let n = system_read(fd, buffer.baseAddress, buffer.count)
            if n >= 0 { return n }
            if Errno.current != .interrupted { throw .current }
        }
    }

    /// `write(2)` of all of `buffer` (repeated until every byte is written).
    static func writeAll(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) throws(Errno) {
        var offset = 0
        while offset < buffer.count {
            let n = system_write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            if n < 0 {
                if Errno.current == .interrupted { continue }
                throw .current
            }
            offset += n
        }
    }

    /// `fsync(2)`.
    static func fsync(_ fd: Int32) throws(Errno) {
        while system_fsync(fd) != 0 {
            if Errno.current != .interrupted { throw .current }
        }
    }

    /// `fchmod(2)`.
    static func fchmod(_ fd: Int32, _ mode: mode_t) throws(Errno) {
        guard system_fchmod(fd, mode) == 0 else { throw .current }
    }

    /// `rename(2)`: replaces `to` (a symbolic link at `to` is replaced, never followed).
    static func rename(_ from: String, _ to: String) throws(Errno) {
        guard system_rename(from, to) == 0 else { throw .current }
    }

    /// `unlink(2)`: removes the name (a symbolic link itself, never its target).
    static func unlink(_ path: String) throws(Errno) {
        guard system_unlink(path) == 0 else { throw .current }
    }

    /// `flock(2)`.
    static func flock(_ fd: Int32, _ operation: Int32) throws(Errno) {
        while system_flock(fd, operation) != 0 {
            if Errno.current != .interrupted { throw .current }
        }
    }

    /// `lstat(2)`: a symbolic link is described, not followed.
    static func lstat(_ path: String) throws(Errno) -> FileStatus {
        var st = stat()
        guard system_lstat(path, &st) == 0 else { throw .current }
        return FileStatus(st)
    }

    /// `stat(2)`: a symbolic link is followed.
    static func statFollowingLinks(_ path: String) throws(Errno) -> FileStatus {
        var st = stat()
        guard system_stat(path, &st) == 0 else { throw .current }
        return FileStatus(st)
    }

    /// `fstat(2)`.
    static func fstat(_ fd: Int32) throws(Errno) -> FileStatus {
        var st = stat()
        guard system_fstat(fd, &st) == 0 else { throw .current }
        return FileStatus(st)
    }

    /// Linux's `syncfs(2)` (every dirty file of `fd`'s file system to disk); false where the
    /// call does not exist, for the caller to fsync file by file. Looked up at run time: the Swift
    /// C library module does not declare it.
    static func syncfs(_ fd: Int32) throws(Errno) -> Bool {
        guard let call = syncfsCall else { return false }
        while call(fd) != 0 {
            if Errno.current != .interrupted { throw .current }
        }
        return true
    }

    private static let syncfsCall: (@convention(c) (Int32) -> Int32)? = {
        #if os(Linux)
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "syncfs") else { return nil }
            return unsafeBitCast(symbol, to: (@convention(c) (Int32) -> Int32).self)
        #else
            return nil
        #endif
    }()

    /// `openat(2)` of the folder `name` in the folder `dirfd` (never through a symbolic link).
    static func openFolder(_ name: String, in dirfd: Int32) throws(Errno) -> Int32 {
        while true {
            let fd = name.withCString { system_openat(dirfd, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
            if fd >= 0 { return fd }
            if Errno.current != .interrupted { throw .current }
        }
    }

    /// The names in the open folder `fd` with their `d_type` (`DT_REG`, `DT_DIR`, `DT_LNK`, or
    /// `DT_UNKNOWN` where the file system does not say), `.` and `..` left out; `fd` stays open.
    static func folderEntries(_ fd: Int32) throws(Errno) -> [(name: String, type: UInt8)] {
        let copy = system_dup(fd)
        guard copy >= 0 else { throw .current }
        guard let dir = system_fdopendir(copy) else {
            let error = Errno.current
            close(copy)
            throw error
        }
        defer { _ = system_closedir(dir) }
        system_rewinddir(dir)
        var result: [(name: String, type: UInt8)] = []
        while let entry = system_readdir(dir) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name == "." || name == ".." { continue }
            result.append((name, entry.pointee.d_type))
        }
        return result
    }

    /// `fstatat(2)` of `name` in the folder `dirfd`; a symbolic link is described, not followed.
    static func lstat(_ name: String, in dirfd: Int32) throws(Errno) -> FileStatus {
        var st = stat()
        guard system_fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 else { throw .current }
        return FileStatus(st)
    }

    /// `futimens(2)`: the file's access and modification times set to `seconds` since 1970.
    static func setModified(_ fd: Int32, seconds: Int) throws(Errno) {
        var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
        guard system_futimens(fd, &times) == 0 else { throw .current }
    }

    /// `mkdir(2)` with `mode` (less the umask).
    static func mkdir(_ path: String, mode: mode_t) throws(Errno) {
        guard system_mkdir(path, mode) == 0 else { throw .current }
    }

    /// `chmod(2)`.
    static func chmod(_ path: String, _ mode: mode_t) throws(Errno) {
        guard system_chmod(path, mode) == 0 else { throw .current }
    }

    /// `getpid(2)`.
    static var processID: Int32 { system_getpid() }

    /// Whether a process `pid` runs (`kill(pid, 0)`; one of another user counts as running).
    static func processExists(_ pid: Int32) -> Bool {
        pid > 0 && (system_kill(pid, 0) == 0 || Errno.current != .noSuchProcess)
    }
}

// The C functions under names of their own (at file scope, where `open` is the C function), so
// that the wrappers above can share their names.
private func system_open(_ path: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
private func system_close(_ fd: Int32) -> Int32 { close(fd) }
private func system_read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(fd, buffer, count) }
private func system_write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(fd, buffer, count) }
private func system_fsync(_ fd: Int32) -> Int32 { fsync(fd) }
private func system_fchmod(_ fd: Int32, _ mode: mode_t) -> Int32 { fchmod(fd, mode) }
private func system_rename(_ from: String, _ to: String) -> Int32 { rename(from, to) }
private func system_unlink(_ path: String) -> Int32 { unlink(path) }
private func system_flock(_ fd: Int32, _ operation: Int32) -> Int32 { flock(fd, operation) }
private func system_lstat(_ path: String, _ st: UnsafeMutablePointer<stat>) -> Int32 { lstat(path, st) }
private func system_stat(_ path: String, _ st: UnsafeMutablePointer<stat>) -> Int32 { stat(path, st) }
private func system_fstat(_ fd: Int32, _ st: UnsafeMutablePointer<stat>) -> Int32 { fstat(fd, st) }
private func system_getpid() -> Int32 { getpid() }
private func system_openat(_ dirfd: Int32, _ path: UnsafePointer<CChar>, _ flags: Int32) -> Int32 { openat(dirfd, path, flags) }
private func system_dup(_ fd: Int32) -> Int32 { dup(fd) }
private func system_fdopendir(_ fd: Int32) -> OpaquePointer? { fdopendir(fd) }
private func system_closedir(_ dir: OpaquePointer) -> Int32 { closedir(dir) }
private func system_rewinddir(_ dir: OpaquePointer) { rewinddir(dir) }
private func system_readdir(_ dir: OpaquePointer) -> UnsafeMutablePointer<dirent>? { readdir(dir) }
private func system_fstatat(_ dirfd: Int32, _ name: String, _ st: UnsafeMutablePointer<stat>, _ flags: Int32) -> Int32 {
    fstatat(dirfd, name, st, flags)
}
private func system_futimens(_ fd: Int32, _ times: UnsafePointer<timespec>) -> Int32 { futimens(fd, times) }
private func system_mkdir(_ path: String, _ mode: mode_t) -> Int32 { mkdir(path, mode) }
private func system_chmod(_ path: String, _ mode: mode_t) -> Int32 { chmod(path, mode) }
private func system_kill(_ pid: Int32, _ signal: Int32) -> Int32 { kill(pid, signal) }
