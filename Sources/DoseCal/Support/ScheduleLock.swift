#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one lock of a schedule (decision 0190): an exclusive `flock(2)` on `.NAME.lock` next to the
/// schedule's real file, held by every command that writes the schedule from before it reads it
/// until after it wrote it. The kernel drops the lock when its process ends, however it ends
/// (kill -9 included), so a lock file left by a dead process never blocks: the next writer takes
/// it at once. The lock file itself is never removed (removing it would let two processes lock
/// two different files of one name); it holds the process id and command of its last holder, so
/// a writer that waits can say for whom.
///
/// It is opened without following a symbolic link and must be a regular file: a link planted in
/// its place stops the writer and creates nothing at the link's target.
public final class ScheduleLock: Sendable {
    /// Who holds a lock, as its lock file says.
    public struct Holder: Sendable, Equatable, CustomStringConvertible {
        /// The holder's process id; nil when the file does not say (yet).
        public var processID: Int32?
        /// What the holder is ("dosecal sync"); nil when the file does not say.
        public var command: String?

        /// "dosecal sync (process 4242)", or "another dosecal process".
        public var description: String {
            switch (command, processID) {
            case (let c?, let p?): return "\(c) (process \(p))"
            case (nil, let p?): return "process \(p)"
            case (let c?, nil): return c
            case (nil, nil): return "another dosecal process"
            }
        }

        /// Reads `12345 dosecal sync` (the first line of a lock file).
        init(text: [UInt8]) {
            let line = String(decoding: text.prefix { $0 != 0x0A }, as: UTF8.self)
            let parts = line.split(separator: " ", maxSplits: 1)
            processID = parts.first.flatMap { Int32($0) }
            command = processID == nil || parts.count < 2 ? nil : String(parts[1])
        }
    }

    /// The lock file.
    public let path: String
    private let fd: Int32

    /// The lock file of the schedule whose real file is `file`: `.NAME.lock` in its folder.
    public static func path(for file: String) -> String {
        let slash = file.lastIndex(of: "/")
        let dir = slash.map { String(file[...$0]) } ?? ""
        let name = slash.map { String(file[file.index(after: $0)...]) } ?? file
        return dir + "." + name + ".lock"
    }

    /// Takes the lock of the schedule whose real file is `file`, waiting while another process
    /// holds it. `holder` (the command, "dosecal log") is written into the lock file for others'
    /// messages. After about a second of waiting, `waiting` is called once with the holder; the
    /// wait itself has no end (a holder ends or is killed, and the kernel releases its lock).
    public init(file: String, holder: String, waiting: (Holder) -> Void = { _ in }) throws(FileError) {
        let path = Self.path(for: file)
        let fd = try Self.open(path)
        do {
            try Self.wait(fd, waiting: waiting)
            try Syscalls.ftruncate(fd, 0)
            try PlainFile.write(Array("\(Syscalls.processID) \(holder)\n".utf8), to: fd)
        } catch {
            Syscalls.close(fd)
            throw .lock(path: path, reason: error.description)
        }
        self.path = path
        self.fd = fd
    }

    deinit { Syscalls.close(fd) }

    private static func open(_ path: String) throws(FileError) -> Int32 {
        do { return try LockFile.open(path) } catch {
            switch error {
            case .symbolicLink:
                throw .lock(
                    path: path,
                    reason: "it is a symbolic link, and dosecal does not follow links for its lock. "
                        + "Remove it (a lock file holds only the process id of its last holder) and run again")
            case .notRegular: throw .lock(path: path, reason: "it is not a regular file; remove it and run again")
            case .system(let errno): throw .lock(path: path, reason: errno.description)
            }
        }
    }

    /// Polls `flock(LOCK_EX | LOCK_NB)`: every 1 ms at first, then less often, at most every 10 ms
    /// in the first second (most writes take a few milliseconds) and every 50 ms after it. The
    /// time waited is the sum of the sleeps: the library reads no clock.
    private static func wait(_ fd: Int32, waiting: (Holder) -> Void) throws(Errno) {
        var slept = 0
        var pause = 1
        var told = false
        while true {
            do {
                try Syscalls.flock(fd, LOCK_EX | LOCK_NB)
                return
            } catch  where error == .wouldBlock {
                if slept >= 1000 && !told {
                    told = true
                    waiting(Holder(text: Syscalls.readStart(fd, count: 200)))
                }
                Syscalls.sleep(milliseconds: pause)
                slept += pause
                pause = min(pause * 2, slept < 1000 ? 10 : 50)
            }
        }
    }
}
