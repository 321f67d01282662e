import DoseCal
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Set by SIGINT/SIGTERM while `--watch` runs; read between polls.
nonisolated(unsafe) private var stopRequested: sig_atomic_t = 0

/// `dosecal sync --watch`: runs the sync, then again whenever an item file in the folder or the
/// schedule file changes (inotify on both folders, 1 s without further events first). A sync's
/// own writes wake it once more; that run finds nothing to do and writes nothing, so it settles.
struct FolderWatch {
    /// The vdir folder and the schedule file.
    var paths: [String]
    var debounceMilliseconds: Int32 = 1000

    func run(console: Console, sync: () -> Int32) throws -> Int32 {
        let folder = paths[0]
        let schedule = URL(fileURLWithPath: paths[1])
        let fd = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard fd >= 0 else { throw InputError("--watch: cannot start inotify: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        signal(SIGINT) { _ in stopRequested = 1 }
        signal(SIGTERM) { _ in stopRequested = 1 }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF)
        guard inotify_add_watch(fd, schedule.deletingLastPathComponent().path, mask) >= 0 else {
            throw InputError(
                "--watch: cannot watch \(schedule.deletingLastPathComponent().path): \(String(cString: strerror(errno)))")
        }
        var folderWatch: Int32 = -1
        var last = sync()
        while stopRequested == 0 {
            if folderWatch < 0 { folderWatch = inotify_add_watch(fd, folder, mask) }
            guard
                wait(fd, timeout: -1, relevant: { relevant($0, folderWatch: folderWatch, schedule: schedule.lastPathComponent) })
            else { continue }
            // Debounce: wait until a second passes with no relevant event.
            while stopRequested == 0,
                wait(
                    fd, timeout: debounceMilliseconds,
                    relevant: { relevant($0, folderWatch: folderWatch, schedule: schedule.lastPathComponent) })
            {}
            if stopRequested != 0 { break }
            if !FileManager.default.fileExists(atPath: folder) { folderWatch = -1 }
            last = sync()
            if last == ExitCode.badInput && !FileManager.default.fileExists(atPath: paths[1]) { break }
        }
        console.error("dosecal sync: stopped watching")
        _ = last
        return stopRequested != 0 ? ExitCode.ok : last
    }

    private struct Event {
        var wd: Int32
        var mask: UInt32
        var name: String
    }

    private func relevant(_ e: Event, folderWatch: Int32, schedule: String) -> Bool {
        if e.wd == folderWatch { return e.name.isEmpty || VdirName.isItem(e.name) }
        return e.name == schedule
    }

    /// Polls `fd` in 250 ms slices (so a signal is noticed) up to `timeout` ms (-1: forever);
    /// true when a relevant event arrived.
    private func wait(_ fd: Int32, timeout: Int32, relevant: (Event) -> Bool) -> Bool {
        var waited: Int32 = 0
        while stopRequested == 0 && (timeout < 0 || waited < timeout) {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let slice: Int32 = timeout < 0 ? 250 : min(250, timeout - waited)
            let n = poll(&p, 1, slice)
            waited += slice
            if n > 0 && read(fd).contains(where: relevant) { return true }
        }
        return false
    }

    private func read(_ fd: Int32) -> [Event] {
        var events: [Event] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            var offset = 0
            while offset + 16 <= n {
                func u32(_ at: Int) -> UInt32 {
                    UInt32(buffer[at]) | UInt32(buffer[at + 1]) << 8 | UInt32(buffer[at + 2]) << 16 | UInt32(buffer[at + 3]) << 24
                }
                let length = Int(u32(offset + 12))
                let nameBytes = buffer[(offset + 16)..<(offset + 16 + length)].prefix { $0 != 0 }
                events.append(
                    Event(
                        wd: Int32(bitPattern: u32(offset)), mask: u32(offset + 4),
                        name: String(decoding: nameBytes, as: UTF8.self)))
                offset += 16 + length
            }
        }
        return events
    }
}
