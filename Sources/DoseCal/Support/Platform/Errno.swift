#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A C library error number, as a platform call left it in `errno`, with the system's text for it.
///
/// Every failed platform call (`Syscalls`) throws one, so the text is formatted in one place.
public struct Errno: Error, Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The `errno` value.
    public var rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// `errno` now.
    public static var current: Errno { Errno(rawValue: errno) }

    /// The system's text, from `strerror(3)`: "No such file or directory".
    public var description: String { String(cString: strerror(rawValue)) }

    /// `EINTR`: interrupted by a signal; the call is repeated.
    public static let interrupted = Errno(rawValue: EINTR)
    /// `ENOENT`: no such file or directory.
    public static let noSuchFile = Errno(rawValue: ENOENT)
    /// `EEXIST`: the file exists (an exclusive create).
    public static let fileExists = Errno(rawValue: EEXIST)
    /// `ELOOP`: `O_NOFOLLOW` met a symbolic link (or a loop of them).
    public static let symbolicLink = Errno(rawValue: ELOOP)
    /// `EWOULDBLOCK`: a lock held by another process, taken without waiting.
    public static let wouldBlock = Errno(rawValue: EWOULDBLOCK)
    /// `ESRCH`: no such process.
    public static let noSuchProcess = Errno(rawValue: ESRCH)
}
