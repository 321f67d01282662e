import Foundation

/// Many files replaced atomically with one flush to disk instead of one per file (decision 0067,
/// docs/sync.md "Durability"): every file's bytes go to its temporary (`AtomicFile`'s name, so an
/// interrupted run's leftovers are recognised), then one `syncfs` makes all of them durable, and
/// only then are they renamed over their targets, and the folder is fsynced once. A crash at any
/// moment leaves each target either as it was or complete, exactly as with a fsync per file:
/// no rename happens before the bytes it exposes are on disk.
///
/// Where `syncfs` is missing, each temporary is fsynced instead (the same guarantee, slower).
public struct StagedWrites {
    /// A temporary waiting for `makeDurable` and `commit`.
    public struct Staged: Sendable {
        public var temporary: String
        public var target: String
    }

    public private(set) var staged: [Staged] = []
    /// The folder the targets are in (one file system).
    public let folder: String

    private let processID = Syscalls.processID

    public init(folder: String) { self.folder = folder }

    /// Temporaries staged elsewhere (by several writers at once, say), in `folder`, to be made
    /// durable together.
    public init(folder: String, staged: [Staged]) {
        self.folder = folder
        self.staged = staged
    }

    /// Writes `data` to `path`'s temporary (mode `mode`), not yet flushed nor renamed.
    public mutating func stage(_ data: Data, for path: String, mode: mode_t = 0o600) throws(AtomicFile.WriteError) -> Staged {
        try stage(data, to: AtomicFile.temporary(for: path), target: path, mode: mode)
    }

    /// Writes `data` to the temporary of the file `name` in `folder`: the same file as
    /// `stage(_:for:)` of that path, its name made without splitting a path (thousands a run).
    /// `modified`: the file's modification time (seconds since 1970), when it is to be set.
    public mutating func stage(
        _ data: some ContiguousBytes, named name: String, mode: mode_t = 0o600, modified: Int? = nil
    ) throws(AtomicFile.WriteError) -> Staged {
        let temp = folder + "/" + AtomicFile.temporaryName(for: name, processID: processID)
        return try stage(data, to: temp, target: folder + "/" + name, mode: mode, modified: modified)
    }

    private mutating func stage(
        _ data: some ContiguousBytes, to temp: String, target path: String, mode: mode_t, modified: Int? = nil
    ) throws(AtomicFile.WriteError) -> Staged {
        try AtomicFile.writeTemporary(data, to: temp, target: path, mode: mode, sync: false, modified: modified)
        let s = Staged(temporary: temp, target: path)
        staged.append(s)
        return s
    }

    /// Makes every staged temporary durable: one `syncfs` of the folder's file system.
    public func makeDurable() throws(AtomicFile.WriteError) {
        guard !staged.isEmpty else { return }
        do throws(Errno) {
            let fd = try Syscalls.open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            defer { Syscalls.close(fd) }
            if try Syscalls.syncfs(fd) { return }
        } catch {
            throw AtomicFile.WriteError(path: folder, reason: error.description)
        }
        for s in staged {
            do throws(Errno) {
                let fd = try Syscalls.open(s.temporary, O_RDONLY | O_CLOEXEC)
                defer { Syscalls.close(fd) }
                try Syscalls.fsync(fd)
            } catch {
                throw AtomicFile.WriteError(path: s.target, reason: error.description)
            }
        }
    }

    /// Renames a durable temporary over its target.
    public static func commit(_ s: Staged) throws(AtomicFile.WriteError) {
        do throws(Errno) { try Syscalls.rename(s.temporary, s.target) } catch {
            discard(s)
            throw AtomicFile.WriteError(path: s.target, reason: error.description)
        }
    }

    /// Removes a temporary that is not to be committed.
    public static func discard(_ s: Staged) { try? Syscalls.unlink(s.temporary) }

    /// Removes every temporary not committed (after an error; a missing one is no error).
    public func discardAll() {
        for s in staged { StagedWrites.discard(s) }
    }
}
