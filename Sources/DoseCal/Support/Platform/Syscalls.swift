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
            let fd = path.withCString { cOpen($0, flags, mode) }
            if fd >= 0 { return fd }
            if Errno.current != .interrupted { throw .current }
        }
    }

    /// `close(2)`; its error is of no use once the descriptor is given up.
    static func close(_ fd: Int32) { _ = cClose(fd) }

    /// `read(2)` into `buffer`; 0 at the end of the file.
    static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        while true {
            let n = cRead(fd, buffer.baseAddress, buffer.count)
            if n >= 0 { return n }
            if Errno.current != .interrupted { throw .current }
        }
    }

    /// `write(2)` of all of `buffer` (repeated until every byte is written).
    static func writeAll(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) throws(Errno) {
        var offset = 0
        while offset < buffer.count {
            let n = cWrite(fd, buffer.baseAddress! + offset, buffer.count - offset)
            if n < 0 {
                if Errno.current == .interrupted { continue }
                throw .current
            }
            offset += n
        }
    }

    /// `fsync(2)`.
    static func fsync(_ fd: Int32) throws(Errno) {
        while cFsync(fd) != 0 {
            if Errno.current != .interrupted { throw .current }
        }
    }

    /// `fchmod(2)`.
    static func fchmod(_ fd: Int32, _ mode: mode_t) throws(Errno) {
        guard cFchmod(fd, mode) == 0 else { throw .current }
    }

    /// `rename(2)`: replaces `to` (a symbolic link at `to` is replaced, never followed).
    static func rename(_ from: String, _ to: String) throws(Errno) {
        guard cRename(from, to) == 0 else { throw .current }
    }

    /// `unlink(2)`: removes the name (a symbolic link itself, never its target).
    static func unlink(_ path: String) throws(Errno) {
        guard cUnlink(path) == 0 else { throw .current }
    }

    /// `flock(2)`.
    static func flock(_ fd: Int32, _ operation: Int32) throws(Errno) {
        while cFlock(fd, operation) != 0 {
            if Errno.current != .interrupted { throw .current }
        }
    }

    /// `readlink(2)`: the text of the symbolic link at `path` (a path, relative to the link's folder
    /// unless it starts with `/`).
    static func readlink(_ path: String) throws(Errno) -> String {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBytes { cReadlink(path, $0.baseAddress!, $0.count) }
        guard n >= 0 else { throw .current }
        return String(decoding: buffer[..<n], as: UTF8.self)
    }

    /// `link(2)`: a second name `to` for the file `from`; fails with `EEXIST` when `to` exists (an
    /// atomic create that never replaces anything).
    static func link(_ from: String, _ to: String) throws(Errno) {
        guard cLink(from, to) == 0 else { throw .current }
    }

    /// `ftruncate(2)`.
    static func ftruncate(_ fd: Int32, _ length: Int) throws(Errno) {
        guard cFtruncate(fd, off_t(length)) == 0 else { throw .current }
    }

    /// `pread(2)` from the start of the file: at most `count` bytes.
    static func readStart(_ fd: Int32, count: Int) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        let n = buffer.withUnsafeMutableBytes { cPread(fd, $0.baseAddress!, $0.count, 0) }
        return n > 0 ? Array(buffer[..<n]) : []
    }

    /// `nanosleep(2)` for `milliseconds` (a signal ends it early; the caller polls again).
    static func sleep(milliseconds: Int) {
        var request = timespec(tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
        _ = cNanosleep(&request)
    }

    /// `lstat(2)`: a symbolic link is described, not followed.
    static func lstat(_ path: String) throws(Errno) -> FileStatus {
        var st = stat()
        guard cLstat(path, &st) == 0 else { throw .current }
        return FileStatus(st)
    }

    /// `stat(2)`: a symbolic link is followed.
    static func statFollowingLinks(_ path: String) throws(Errno) -> FileStatus {
        var st = stat()
        guard cStat(path, &st) == 0 else { throw .current }
        return FileStatus(st)
    }

    /// `fstat(2)`.
    static func fstat(_ fd: Int32) throws(Errno) -> FileStatus {
        var st = stat()
        guard cFstat(fd, &st) == 0 else { throw .current }
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
            let fd = name.withCString { cOpenat(dirfd, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
            if fd >= 0 { return fd }
            if Errno.current != .interrupted { throw .current }
        }
    }

    /// The names in the open folder `fd` with their `d_type` (`DT_REG`, `DT_DIR`, `DT_LNK`, or
    /// `DT_UNKNOWN` where the file system does not say), `.` and `..` left out; `fd` stays open.
    static func folderEntries(_ fd: Int32) throws(Errno) -> [(name: String, type: UInt8)] {
        let copy = cDup(fd)
        guard copy >= 0 else { throw .current }
        guard let dir = cFdopendir(copy) else {
            let error = Errno.current
            close(copy)
            throw error
        }
        defer { _ = cClosedir(dir) }
        cRewinddir(dir)
        var result: [(name: String, type: UInt8)] = []
        while let entry = cReaddir(dir) {
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
        guard cFstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 else { throw .current }
        return FileStatus(st)
    }

    /// `futimens(2)`: the file's access and modification times set to `seconds` since 1970.
    static func setModified(_ fd: Int32, seconds: Int) throws(Errno) {
        var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
        guard cFutimens(fd, &times) == 0 else { throw .current }
    }

    /// `mkdir(2)` with `mode` (less the umask).
    static func mkdir(_ path: String, mode: mode_t) throws(Errno) {
        guard cMkdir(path, mode) == 0 else { throw .current }
    }

    /// `chmod(2)`.
    static func chmod(_ path: String, _ mode: mode_t) throws(Errno) {
        guard cChmod(path, mode) == 0 else { throw .current }
    }

    /// `getpid(2)`.
    static var processID: Int32 { cGetpid() }

    /// `mmap(2)` of the first `count` bytes of `fd`, read-only and private; `count` > 0.
    static func mapReadOnly(_ fd: Int32, count: Int) throws(Errno) -> UnsafeRawPointer {
        guard let base = cMmap(count, fd), base != MAP_FAILED else { throw .current }
        return UnsafeRawPointer(base)
    }

    /// `munmap(2)` of a mapping `mapReadOnly` made; its error is of no use once it is given up.
    static func unmap(_ base: UnsafeRawPointer, count: Int) { _ = cMunmap(UnsafeMutableRawPointer(mutating: base), count) }

    /// `madvise(2)` with `MADV_DONTNEED` on whole pages of a read-only mapping: they leave the
    /// process's resident memory (read again from the page cache if touched again).
    static func release(_ base: UnsafeRawPointer, count: Int) {
        _ = cMadvise(UnsafeMutableRawPointer(mutating: base), count, MADV_DONTNEED)
    }

    /// The size of a memory page.
    static let pageSize = Int(cSysconf(Int32(_SC_PAGESIZE)))

    /// Whether a process `pid` runs (`kill(pid, 0)`; one of another user counts as running).
    static func processExists(_ pid: Int32) -> Bool {
        pid > 0 && (cKill(pid, 0) == 0 || Errno.current != .noSuchProcess)
    }
}

// The C functions under names of their own (at file scope, where `open` is the C function), so
// that the wrappers above can share their names.
private func cOpen(_ path: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
private func cClose(_ fd: Int32) -> Int32 { close(fd) }
private func cRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(fd, buffer, count) }
private func cWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(fd, buffer, count) }
private func cFsync(_ fd: Int32) -> Int32 { fsync(fd) }
private func cFchmod(_ fd: Int32, _ mode: mode_t) -> Int32 { fchmod(fd, mode) }
private func cRename(_ from: String, _ to: String) -> Int32 { rename(from, to) }
private func cUnlink(_ path: String) -> Int32 { unlink(path) }
private func cFlock(_ fd: Int32, _ operation: Int32) -> Int32 { flock(fd, operation) }
private func cReadlink(_ path: String, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    readlink(path, buffer.assumingMemoryBound(to: CChar.self), count)
}
private func cLink(_ from: String, _ to: String) -> Int32 { link(from, to) }
private func cFtruncate(_ fd: Int32, _ length: off_t) -> Int32 { ftruncate(fd, length) }
private func cPread(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int, _ offset: off_t) -> Int {
    pread(fd, buffer, count, offset)
}
private func cNanosleep(_ request: UnsafePointer<timespec>) -> Int32 { nanosleep(request, nil) }
private func cLstat(_ path: String, _ st: UnsafeMutablePointer<stat>) -> Int32 { lstat(path, st) }
private func cStat(_ path: String, _ st: UnsafeMutablePointer<stat>) -> Int32 { stat(path, st) }
private func cFstat(_ fd: Int32, _ st: UnsafeMutablePointer<stat>) -> Int32 { fstat(fd, st) }
private func cGetpid() -> Int32 { getpid() }
private func cKill(_ pid: Int32, _ signal: Int32) -> Int32 { kill(pid, signal) }
private func cMmap(_ count: Int, _ fd: Int32) -> UnsafeMutableRawPointer? { mmap(nil, count, PROT_READ, MAP_PRIVATE, fd, 0) }
private func cMunmap(_ base: UnsafeMutableRawPointer, _ count: Int) -> Int32 { munmap(base, count) }
private func cMadvise(_ base: UnsafeMutableRawPointer, _ count: Int, _ advice: Int32) -> Int32 { madvise(base, count, advice) }
private func cSysconf(_ name: Int32) -> Int { sysconf(name) }
private func cOpenat(_ dirfd: Int32, _ path: UnsafePointer<CChar>, _ flags: Int32) -> Int32 { openat(dirfd, path, flags) }
private func cDup(_ fd: Int32) -> Int32 { dup(fd) }
private func cFdopendir(_ fd: Int32) -> OpaquePointer? { fdopendir(fd) }
private func cClosedir(_ dir: OpaquePointer) -> Int32 { closedir(dir) }
private func cRewinddir(_ dir: OpaquePointer) { rewinddir(dir) }
private func cReaddir(_ dir: OpaquePointer) -> UnsafeMutablePointer<dirent>? { readdir(dir) }
private func cFstatat(_ dirfd: Int32, _ name: String, _ st: UnsafeMutablePointer<stat>, _ flags: Int32) -> Int32 {
    fstatat(dirfd, name, st, flags)
}
private func cFutimens(_ fd: Int32, _ times: UnsafePointer<timespec>) -> Int32 { futimens(fd, times) }
private func cMkdir(_ path: String, _ mode: mode_t) -> Int32 { mkdir(path, mode) }
private func cChmod(_ path: String, _ mode: mode_t) -> Int32 { chmod(path, mode) }
