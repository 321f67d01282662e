import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Files in the sync folder and next to the schedule, opened without following a symbolic link
/// (`O_NOFOLLOW`, `lstat`): a link put in place of one of them is never read or written through,
/// so nothing outside the folder is read into the schedule or created by dosecal.
enum PlainFile {
    /// Why a file could not be read.
    enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
        case symbolicLink
        case notRegular
        case system(Errno)

        var description: String {
            switch self {
            case .symbolicLink: return "is a symbolic link; dosecal does not follow links here"
            case .notRegular: return "is not a regular file"
            case .system(let errno): return errno.description
            }
        }
    }

    /// The status of the name itself (a link is described, not followed); nil when it is missing.
    static func status(_ path: String) -> FileStatus? { try? Syscalls.lstat(path) }

    /// The bytes of the regular file at `path`; nil when there is none.
    static func read(_ path: String) throws(Problem) -> Data? {
        let fd: Int32
        do {
            fd = try Syscalls.open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        } catch {
            if error == .noSuchFile { return nil }
            if status(path)?.kind == .symbolicLink { throw .symbolicLink }
            throw .system(error)
        }
        defer { Syscalls.close(fd) }
        do {
            let st = try Syscalls.fstat(fd)
            guard st.kind == .regular else { throw Problem.notRegular }
            return try readAll(fd, sizeHint: Int(clamping: st.size))
        } catch let problem as Problem {
            throw problem
        } catch {
            throw .system(error as? Errno ?? Errno(rawValue: EIO))
        }
    }

    /// Creates a new file at `path` for writing (`O_EXCL`: never an existing file or a link).
    static func create(_ path: String, mode: mode_t) throws(Errno) -> Int32 {
        try Syscalls.open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode: mode)
    }

    /// Writes all of `data` to `fd`.
    static func write(_ data: some ContiguousBytes, to fd: Int32) throws(Errno) {
        let result = data.withUnsafeBytes { buffer in Result { () throws(Errno) in try Syscalls.writeAll(fd, buffer) } }
        try result.get()
    }

    private static func readAll(_ fd: Int32, sizeHint: Int) throws(Errno) -> Data {
        var bytes = [UInt8](repeating: 0, count: max(sizeHint, 0) + 1)
        var count = 0
        while true {
            if count == bytes.count { bytes += [UInt8](repeating: 0, count: bytes.count) }
            let n = try bytes.withUnsafeMutableBytes { buffer in
                Result { () throws(Errno) in
                    try Syscalls.read(fd, into: UnsafeMutableRawBufferPointer(rebasing: buffer[count...]))
                }
            }.get()
            if n == 0 { break }
            count += n
        }
        return Data(bytes[..<count])
    }
}
