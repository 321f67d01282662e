import Foundation

/// The files a person names on the command line (a schedule, a calendar for `check`, `reconcile`,
/// `import` or `expand`, the items of a folder given to `reconcile`, an itinerary, an earlier
/// export), read through one reader with one size limit (decision 0192): the size is checked with
/// `fstat` before a byte is read, so a 2 GB file costs nothing. Symbolic links are followed (the
/// person chose the path); the files dosecal keeps itself and the items of a sync folder are read
/// without following links (`PlainFile`), under the same limit.
///
/// dosecal never writes a file larger than it reads: `AtomicFile` and `StagedWrites` refuse more
/// than `maxBytes` (`checkWritable`), so whatever dosecal wrote it can read again.
public enum InputFile {
    /// The most bytes of one file dosecal reads or writes: 64 MiB. The largest files of the
    /// benchmarks fit several times (a feed of 10,000 medications, 37 MB; a calendar of 80,000
    /// events, 11.8 MB); reading one costs a few times its size in memory.
    public static let maxBytes = 64 * 1024 * 1024

    /// The most bytes of a calendar that a command streams (`expand`, decision 0241): 1 GiB. Its
    /// memory follows its largest UID group, not its size; the file is mapped, not read.
    public static let maxStreamedBytes = 1 << 30

    /// The regular file at `path` (links followed) mapped read-only, nothing copied (`InputBytes`),
    /// at most `limit` bytes; `-`: standard input, read whole (at most `maxBytes`).
    public static func map(_ path: String, expected: String, limit: Int = maxBytes) throws(FileError) -> InputBytes {
        if path == "-" { return InputBytes([UInt8](try read(descriptor: 0, name: "<stdin>", expected: expected))) }
        let bytes: InputBytes?
        do { bytes = try PlainFile.map(path, followingLinks: true, limit: limit) } catch {
            throw fileError(error, path: path, expected: expected, limit: limit)
        }
        guard let bytes else { throw .missing(path: path, expected: expected) }
        return bytes
    }

    /// The bytes of the file at `path` (links followed); `expected` names what should be there in
    /// an error ("a schedule file (.json)").
    public static func read(_ path: String, expected: String) throws(FileError) -> Data {
        let data: Data?
        do { data = try PlainFile.read(path, followingLinks: true) } catch {
            throw fileError(error, path: path, expected: expected)
        }
        guard let data else { throw .missing(path: path, expected: expected) }
        return data
    }

    /// `read`, or nil when there is no file at `path`.
    public static func readIfExists(_ path: String, expected: String) throws(FileError) -> Data? {
        do { return try read(path, expected: expected) } catch {
            if case .missing = error { return nil }
            throw error
        }
    }

    /// The bytes of an open descriptor to its end (the command line's standard input), named
    /// `name` in errors.
    public static func read(descriptor fd: Int32, name: String, expected: String) throws(FileError) -> Data {
        do { return try PlainFile.read(descriptor: fd) } catch { throw fileError(error, path: name, expected: expected) }
    }

    /// Throws when `count` bytes written to `path` would make a file dosecal cannot read back.
    public static func checkWritable(count: Int, path: String) throws(AtomicFile.WriteError) {
        guard count > maxBytes else { return }
        throw AtomicFile.WriteError(
            path: path,
            reason: "it would hold \(count) bytes, more than dosecal reads back (\(maxBytes) bytes, \(maxBytes >> 20) MiB); "
                + "nothing was written. Shorten the schedule's longest texts or split it")
    }

    private static func fileError(
        _ problem: PlainFile.Problem, path: String, expected: String, limit: Int = maxBytes
    ) -> FileError {
        switch problem {
        case .tooLarge(let size): return .tooLarge(path: path, size: size, limit: limit)
        case .notRegular:
            let folder = (try? Syscalls.statFollowingLinks(path))?.kind == .directory
            return folder ? .folder(path: path, expected: expected) : .notRegular(path: path, expected: expected)
        case .symbolicLink: return .unreadable(path: path, reason: problem.description)
        case .system(let errno):
            if errno == .symbolicLink { return .linkLoop(path: path) }
            return .unreadable(path: path, reason: errno.description)
        }
    }
}
