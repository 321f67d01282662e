import Foundation

/// A file written as it goes and put in place at once (`AtomicFile`'s way, for files too large to
/// build in memory first): the bytes go through a small buffer to the file's temporary
/// (`AtomicFile.temporaryName`, so an interrupted run's leftover is recognised), and `commit`
/// makes them durable (fsync), renames the temporary over the file and syncs the folder. Until
/// then the file is as it was; a temporary not committed is removed when this goes away.
final class StreamedFile {
    /// The file the bytes are for.
    let path: String
    /// Its temporary, where they are written.
    let temporary: String
    private let fd: Int32
    private var buffer: [UInt8] = []
    /// The descriptor is closed.
    private var closed = false
    /// The temporary is in place of the file.
    private var committed = false
    /// Bytes held before they are written.
    private static let bufferSize = 65_536

    /// Starts `path`'s temporary, mode `mode` (0600 unless said otherwise).
    init(_ path: String, mode: mode_t = 0o600) throws(AtomicFile.WriteError) {
        self.path = path
        temporary = AtomicFile.temporary(for: path)
        do { fd = try AtomicFile.createTemporary(temporary, mode: mode) } catch {
            throw AtomicFile.WriteError(path: path, reason: error.description)
        }
        buffer.reserveCapacity(Self.bufferSize)
    }

    deinit { discard() }

    /// Appends `bytes`.
    func append(_ bytes: some Sequence<UInt8>) throws(AtomicFile.WriteError) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.bufferSize { try flush() }
    }

    /// Appends the bytes of the file at `source` (a temporary written by this run).
    func append(contentsOf source: String) throws(AtomicFile.WriteError) {
        try flush()
        do throws(Errno) {
            let input = try Syscalls.open(source, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
            defer { Syscalls.close(input) }
            var chunk = [UInt8](repeating: 0, count: Self.bufferSize)
            while true {
                let n = try chunk.withUnsafeMutableBytes { b in Result { () throws(Errno) in try Syscalls.read(input, into: b) } }
                    .get()
                if n == 0 { break }
                try chunk.withUnsafeBytes { b in
                    Result { () throws(Errno) in try Syscalls.writeAll(fd, .init(rebasing: b[..<n])) }
                }
                .get()
            }
        } catch {
            throw AtomicFile.WriteError(path: path, reason: error.description)
        }
    }

    /// Writes what the buffer holds.
    func flush() throws(AtomicFile.WriteError) {
        guard !buffer.isEmpty else { return }
        do { try PlainFile.write(buffer, to: fd) } catch { throw AtomicFile.WriteError(path: path, reason: error.description) }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Makes the bytes durable and puts them in place of the file (`syncFolder`: then syncs the
    /// folder too).
    func commit(syncFolder: Bool = true) throws(AtomicFile.WriteError) {
        try flush()
        do throws(Errno) {
            try Syscalls.fsync(fd)
            Syscalls.close(fd)
            closed = true
            try Syscalls.rename(temporary, path)
            committed = true
        } catch {
            discard()
            throw AtomicFile.WriteError(path: path, reason: error.description)
        }
        if syncFolder { AtomicFile.syncFolder((path as NSString).deletingLastPathComponent) }
    }

    /// Removes the temporary (nothing when it was committed).
    func discard() {
        if !closed {
            Syscalls.close(fd)
            closed = true
        }
        if !committed { try? Syscalls.unlink(temporary) }
    }
}
