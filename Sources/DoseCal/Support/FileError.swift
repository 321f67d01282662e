/// Why a file named on the command line (a schedule, a calendar, an itinerary) could not be read,
/// or a schedule could not be held for writing. Each case names the file; the description says
/// what was wrong and what is accepted.
public enum FileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No file at `path`; `expected` says what should be there ("a schedule file (.json)").
    case missing(path: String, expected: String)
    /// `path` is a folder.
    case folder(path: String, expected: String)
    /// `path` is neither a regular file nor a folder (a FIFO, a device, a socket).
    case notRegular(path: String, expected: String)
    /// The file holds `size` bytes, more than `InputFile.maxBytes`; nothing was read. `size` is
    /// nil when the bytes come from a pipe (then it is only known to be more).
    case tooLarge(path: String, size: Int64?, limit: Int)
    /// The system refused: no permission, an I/O error.
    case unreadable(path: String, reason: String)
    /// More than 40 symbolic links, one after the other (or a loop of them).
    case linkLoop(path: String)
    /// The schedule's lock file cannot be used.
    case lock(path: String, reason: String)
    /// `path` exists and is not to be replaced (a new file is written only where there was none).
    case exists(path: String)

    public var description: String {
        switch self {
        case .missing(let path, let expected): return "\(path): no such file; expected \(expected)"
        case .folder(let path, let expected): return "\(path) is a folder; expected \(expected)"
        case .notRegular(let path, let expected):
            return "\(path) is not a regular file (a pipe, a device or a socket); expected \(expected)"
        case .tooLarge(let path, let size, let limit):
            let what = size.map { "holds \($0) bytes" } ?? "holds more"
            return "\(path) \(what); dosecal reads files of at most \(limit) bytes (\(limit >> 20) MiB), so nothing was read. "
                + "A schedule, calendar or item that large is not one to read whole: check that this is the right file"
        case .unreadable(let path, let reason): return "cannot read \(path): \(reason)"
        case .linkLoop(let path):
            return "\(path): more than 40 symbolic links one after the other (a loop?); link it to the file itself"
        case .lock(let path, let reason): return "cannot take the lock \(path): \(reason)"
        case .exists(let path): return "\(path) exists; not replacing it. Choose a new file name"
        }
    }
}
