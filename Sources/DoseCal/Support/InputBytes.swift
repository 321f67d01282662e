/// The bytes of a file named on the command line, as a reader that streams them takes them
/// (`dosecal expand`): a regular file mapped read-only into memory (`InputFile.map`), its pages
/// read from the page cache as they are touched and never copied into the heap; standard input
/// read whole. A mapped file must not be truncated while it is read (the system would stop
/// dosecal with SIGBUS); one replaced by a rename is read as it was.
public final class InputBytes {
    private enum Storage {
        case mapped(UnsafeRawPointer)
        case read([UInt8])
        case empty
    }

    private let storage: Storage
    /// How many bytes.
    public let count: Int
    /// The mapped bytes before this offset have left resident memory (`release(before:)`).
    private var released = 0

    /// The first `count` bytes of the regular file open as `fd`, mapped (nothing is read yet).
    init(mapping fd: Int32, count: Int) throws(Errno) {
        self.count = count
        storage = count == 0 ? .empty : .mapped(try Syscalls.mapReadOnly(fd, count: count))
    }

    /// Bytes read already (standard input).
    init(_ bytes: [UInt8]) {
        count = bytes.count
        storage = .read(bytes)
    }

    deinit {
        if case .mapped(let base) = storage { Syscalls.unmap(base, count: count) }
    }

    /// Calls `body` with the bytes (valid during the call).
    public func withBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        switch storage {
        case .mapped(let base): return try body(UnsafeRawBufferPointer(start: base, count: count))
        case .read(let bytes):
            let result = bytes.withUnsafeBytes { b in Result { () throws(E) in try body(b) } }
            return try result.get()
        case .empty: return try body(UnsafeRawBufferPointer(start: nil, count: 0))
        }
    }

    /// Lets the mapped pages wholly before `offset` leave the process's resident memory (they are
    /// read again if touched again): a reader that went past them says so, and memory follows
    /// what it holds, not the file. Nothing for bytes read into memory.
    public func release(before offset: Int) {
        guard case .mapped(let base) = storage else { return }
        if offset < released { released = 0 }  // read again from the start: its pages come back
        let end = min(offset, count) / Syscalls.pageSize * Syscalls.pageSize
        // A call for every 4 MiB read, not for every unit.
        guard end >= released + (4 << 20) || (offset >= count && end > released) else { return }
        Syscalls.release(base + released, count: end - released)
        released = end
    }
}
