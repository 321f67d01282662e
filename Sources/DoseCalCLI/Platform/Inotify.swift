#if os(Linux)
    import DoseCal
    import Glibc

    /// An inotify(7) instance: the one place the CLI calls inotify (Linux only; `--watch` is not
    /// available elsewhere). The descriptor is closed when the value goes.
    final class Inotify {
        /// One event: the watch it came from, what happened, and the name in the watched folder
        /// (empty for the folder itself).
        struct Event {
            var watch: Int32
            var mask: UInt32
            var name: String
        }

        /// Writes, moves in and out, deletions, and the folder itself deleted or moved.
        static let changes = UInt32(
            IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF)

        private let fd: Int32

        /// `inotify_init1(IN_CLOEXEC | IN_NONBLOCK)`.
        init() throws(Errno) {
            let fd = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
            guard fd >= 0 else { throw .current }
            self.fd = fd
        }

        deinit { close(fd) }

        /// `inotify_add_watch`: the watch descriptor.
        func watch(_ path: String, mask: UInt32 = Inotify.changes) throws(Errno) -> Int32 {
            let wd = inotify_add_watch(fd, path, mask)
            guard wd >= 0 else { throw .current }
            return wd
        }

        /// The events that arrive within `milliseconds` (`poll`), read until none is left; empty
        /// when none came.
        func events(within milliseconds: Int32) -> [Event] {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, milliseconds) > 0 else { return [] }
            var events: [Event] = []
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                guard n > 0 else { break }
                events += Self.decode(buffer[..<n])
            }
            return events
        }

        /// `struct inotify_event` records: wd, mask, cookie, len (4 bytes each, little-endian
        /// on every Linux Swift runs on), then `len` bytes of NUL-padded name.
        private static func decode(_ bytes: ArraySlice<UInt8>) -> [Event] {
            var events: [Event] = []
            var offset = bytes.startIndex
            func u32(_ at: Int) -> UInt32 {
                UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
            }
            while offset + 16 <= bytes.endIndex {
                let length = Int(u32(offset + 12))
                guard offset + 16 + length <= bytes.endIndex else { break }
                let name = bytes[(offset + 16)..<(offset + 16 + length)].prefix { $0 != 0 }
                events.append(
                    Event(
                        watch: Int32(bitPattern: u32(offset)), mask: u32(offset + 4), name: String(decoding: name, as: UTF8.self))
                )
                offset += 16 + length
            }
            return events
        }
    }
#endif
