import Foundation

/// A schedule file held for writing: the one way every command that writes a schedule (`log`,
/// `refill`, `reconcile --apply`, `sync`, `import -o`, `export --keep-base`) reads and replaces it
/// (decisions 0010, 0190, 0191).
///
/// Making one takes the schedule's lock (`ScheduleLock`, waiting while another writer holds it);
/// `read` then gives the bytes on disk, and `replace` writes the new schedule, both under the
/// lock, which is held until the value is gone. So a writer always changes the schedule as it is
/// on disk when it writes, never a copy another writer has replaced since.
///
/// A symbolic link is followed to the real file (`file`): the lock, the new bytes, their temporary
/// and the backup are in the real file's folder, the rename replaces the real file, and the link
/// stays as it is.
///
/// The new file is `ScheduleCodec.encode` of the new schedule, written atomically with mode 0600.
/// When the file on disk is not already in that canonical form (hand-edited, `x-` keys, other
/// formatting), its exact bytes are first saved next to it as `NAME.bak` (atomically, 0600), since
/// the rewrite drops what the encoder does not keep; a canonical file gets no backup, because the
/// rewrite keeps every byte of it up to the new log entry.
public final class ScheduleFile {
    /// The path as given.
    public let path: String
    /// The real file: `path` with its symbolic links followed.
    public let file: String
    /// dosecal's temporaries of killed writes of this schedule (or its backup), removed when the
    /// lock was taken.
    public let removedLeftovers: [String]
    private let lock: ScheduleLock

    /// Takes the lock of the schedule at `path` for `holder` (the command, "dosecal log");
    /// `waiting` hears, once, who holds it when the wait passes about a second. A path that is
    /// no file (missing, unless `creating`; a folder; a pipe) is an error before anything is
    /// locked or created.
    public init(
        _ path: String, holder: String, creating: Bool = false, waiting: (ScheduleLock.Holder) -> Void = { _ in }
    ) throws(FileError) {
        self.path = path
        file = try Self.target(of: path)
        let expected = "a schedule file (.json)"
        switch (try? Syscalls.statFollowingLinks(file))?.kind {
        case nil: if !creating { throw FileError.missing(path: path, expected: expected).renamed(file, to: path) }
        case .regular?: break
        case .directory?: throw .folder(path: path, expected: expected)
        default: throw .notRegular(path: path, expected: expected)
        }
        lock = try ScheduleLock(file: file, holder: holder, waiting: waiting)
        removedLeftovers = AtomicFile.removeLeftovers(of: [file, file + ".bak"])
    }

    /// The schedule's bytes on disk now (size-limited, `InputFile`); errors name the path as given.
    public func read() throws(FileError) -> Data {
        do { return try InputFile.read(file, expected: "a schedule file (.json)") } catch { throw error.renamed(file, to: path) }
    }

    /// Whether there is a file at the schedule's path (a link whose target is missing: no).
    public var exists: Bool { (try? Syscalls.statFollowingLinks(file)) != nil }

    /// Writes `schedule` over the file, which held `original` when it was read (`decoded`: its
    /// schedule, when the caller decoded it already; nil: decoded here; `encoded`: the new
    /// schedule's `ScheduleCodec.encode`, when made already). Returns the backup's path when one
    /// was written. `alwaysBackup` keeps the original even when it is canonical (reconcile
    /// changes decisions, not only the log). `originalIsEncoding`: whether `original` is
    /// `ScheduleCodec.encode` of what it holds, when the caller knows (a sync's merge,
    /// `VdirSync.Merge.readFileIsEncoding`); nil: found by encoding the decoded original.
    @discardableResult
    public func replace(
        _ original: Data, decoded: Schedule? = nil, with schedule: Schedule, encoded: Data? = nil, alwaysBackup: Bool = false,
        originalIsEncoding: Bool? = nil
    ) throws(AtomicFile.WriteError) -> String? {
        var backup: String? = nil
        // The original is kept unless it is dosecal's encoding of what it holds (nothing is lost).
        if alwaysBackup || !(originalIsEncoding ?? isEncoding(original, decoded: decoded)) {
            backup = file + ".bak"
            try AtomicFile.write(original, to: file + ".bak")
        }
        try AtomicFile.write(encoded ?? ScheduleCodec.encode(schedule), to: file)
        return backup
    }

    /// Whether `original` (decoded as `decoded`, when given) is `ScheduleCodec.encode` of what it holds.
    private func isEncoding(_ original: Data, decoded: Schedule?) -> Bool {
        (decoded ?? (try? ScheduleCodec.decode(original, file: path))).map(ScheduleCodec.encode) == original
    }

    /// Writes `data` as a new file where there is none (`import -o`): atomically, never over a
    /// file that appeared meanwhile.
    public func create(_ data: Data) throws(AtomicFile.WriteError) {
        try AtomicFile.write(data, to: file, replacing: false)
    }

    /// Reads, decodes and changes the schedule at `path` under its lock: `change` gets the bytes
    /// and the schedule as they are on disk and returns the new schedule (nil: write nothing) and
    /// a result. Returns that result and the backup's path when one was written.
    public static func update<T>(
        _ path: String, holder: String, waiting: (ScheduleLock.Holder) -> Void = { _ in }, alwaysBackup: Bool = false,
        _ change: (_ original: Data, _ schedule: Schedule) throws -> (Schedule?, T)
    ) throws -> (result: T, backup: String?) {
        let held = try ScheduleFile(path, holder: holder, waiting: waiting)
        let original = try held.read()
        let decoded = try ScheduleCodec.decode(original, file: path)
        let (new, result) = try change(original, decoded)
        guard let new else { return (result, nil) }
        return (result, try held.replace(original, decoded: decoded, with: new, alwaysBackup: alwaysBackup))
    }

    /// `path` with its symbolic links followed (at most 40), relative ones against the folder of
    /// the link; `path` itself when it is no link or its target is missing (a new file).
    public static func target(of path: String) throws(FileError) -> String {
        var current = path
        for _ in 0..<40 {
            guard PlainFile.status(current)?.kind == .symbolicLink else { return current }
            let link: String
            do { link = try Syscalls.readlink(current) } catch {
                throw .unreadable(path: current, reason: error.description)
            }
            let slash = current.lastIndex(of: "/")
            current = link.hasPrefix("/") ? link : (slash.map { String(current[...$0]) } ?? "") + link
        }
        throw .linkLoop(path: path)
    }
}

extension FileError {
    /// The same error naming `given` instead of `file` (the path the person gave for it).
    func renamed(_ file: String, to given: String) -> FileError {
        guard file != given else { return self }
        let shown = "\(given) (a link to \(file))"
        switch self {
        case .missing(_, let expected): return .missing(path: shown, expected: expected)
        case .folder(_, let expected): return .folder(path: shown, expected: expected)
        case .notRegular(_, let expected): return .notRegular(path: shown, expected: expected)
        case .tooLarge(_, let size, let limit): return .tooLarge(path: shown, size: size, limit: limit)
        case .unreadable(_, let reason): return .unreadable(path: shown, reason: reason)
        default: return self
        }
    }
}
