import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Files in the sync folder and next to the schedule, opened without following a symbolic link
/// (`O_NOFOLLOW`, `lstat`): a link put in place of one of them is never read or written through,
/// so nothing outside the folder is read into the schedule or created by dosecal.
///
/// Every file dosecal reads goes through `read` here (the files named on the command line through
/// `InputFile`, which follows their links): its size is checked with `fstat` before a byte is read,
/// and a file larger than `InputFile.maxBytes` is not read (decision 0192).
enum PlainFile {
    /// Why a file could not be read.
    enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
        case symbolicLink
        case notRegular
        /// More bytes than `InputFile.maxBytes` (nil: a pipe that gave more).
        case tooLarge(Int64?)
        case system(Errno)

        var description: String {
            switch self {
            case .symbolicLink: return "is a symbolic link; dosecal does not follow links here"
            case .notRegular: return "is not a regular file"
            case .tooLarge(let size):
                let bytes = size.map { "\($0) bytes" } ?? "more"
                return "holds \(bytes), more than dosecal reads (\(InputFile.maxBytes >> 20) MiB); not read"
            case .system(let errno): return errno.description
            }
        }
    }

    /// The status of the name itself (a link is described, not followed); nil when it is missing.
    static func status(_ path: String) -> FileStatus? { try? Syscalls.lstat(path) }

    /// The bytes of the regular file at `path`; nil when there is none. A symbolic link is refused
    /// unless `followingLinks`.
    static func read(_ path: String, followingLinks: Bool = false) throws(Problem) -> Data? {
        guard let (fd, st) = try openRegular(path, followingLinks: followingLinks, limit: InputFile.maxBytes) else {
            return nil
        }
        defer { Syscalls.close(fd) }
        let data: Data
        do { data = try readAll(fd, sizeHint: Int(st.size)) } catch { throw .system(error) }
        guard data.count <= InputFile.maxBytes else { throw .tooLarge(nil) }  // it grew while read
        return data
    }

    /// The regular file at `path` mapped read-only (`InputBytes`), if it holds at most `limit`
    /// bytes; nil when there is none. A symbolic link is refused unless `followingLinks`.
    static func map(_ path: String, followingLinks: Bool = false, limit: Int) throws(Problem) -> InputBytes? {
        guard let (fd, st) = try openRegular(path, followingLinks: followingLinks, limit: limit) else { return nil }
        defer { Syscalls.close(fd) }  // the mapping stays when the descriptor goes
        do { return try InputBytes(mapping: fd, count: Int(st.size)) } catch { throw .system(error) }
    }

    /// The regular file at `path` opened for reading, with its status, if it holds at most
    /// `limit` bytes; nil when there is none. The caller closes the descriptor.
    private static func openRegular(_ path: String, followingLinks: Bool, limit: Int) throws(Problem) -> (Int32, FileStatus)? {
        let fd: Int32
        do {
            fd = try Syscalls.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (followingLinks ? 0 : O_NOFOLLOW))
        } catch {
            if error == .noSuchFile { return nil }
            if !followingLinks, status(path)?.kind == .symbolicLink { throw .symbolicLink }
            throw .system(error)
        }
        let st: FileStatus
        do { st = try Syscalls.fstat(fd) } catch {
            Syscalls.close(fd)
            throw .system(error)
        }
        guard st.kind == .regular else {
            Syscalls.close(fd)
            throw .notRegular
        }
        guard st.size <= Int64(limit) else {
            Syscalls.close(fd)
            throw .tooLarge(st.size)
        }
        return (fd, st)
    }

    /// The bytes an open descriptor gives until its end (standard input: a file or a pipe), at
    /// most `InputFile.maxBytes`: a regular file is checked by its size first, a pipe is read until
    /// it gives one byte more than that.
    static func read(descriptor fd: Int32) throws(Problem) -> Data {
        let st: FileStatus
        do { st = try Syscalls.fstat(fd) } catch { throw .system(error) }
        if st.kind == .directory { throw .notRegular }
        if st.kind == .regular, st.size > Int64(InputFile.maxBytes) { throw .tooLarge(st.size) }
        let data: Data
        do { data = try readAll(fd, sizeHint: st.kind == .regular ? Int(st.size) : 65_536) } catch { throw .system(error) }
        guard data.count <= InputFile.maxBytes else { throw .tooLarge(nil) }
        return data
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

    /// All bytes to the end, or one more than `InputFile.maxBytes` (a file that grew while being
    /// read, a pipe): the caller refuses that many.
    private static func readAll(_ fd: Int32, sizeHint: Int) throws(Errno) -> Data {
        let most = InputFile.maxBytes + 1
        var bytes = [UInt8](repeating: 0, count: min(max(sizeHint, 0) + 1, most))
        var count = 0
        while count < most {
            if count == bytes.count { bytes += [UInt8](repeating: 0, count: min(bytes.count, most - bytes.count)) }
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
