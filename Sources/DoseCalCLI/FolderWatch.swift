import DoseCal
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Set by SIGINT/SIGTERM while `--watch` runs; read between polls.
nonisolated(unsafe) private var stopRequested: sig_atomic_t = 0

/// `dosecal sync --watch`: runs the sync, then again whenever an item file in the folder or the
/// schedule file changes (inotify on both folders, 1 s without further events first). A sync's
/// own writes wake it once more; that run finds nothing to do and writes nothing, so it settles.
/// inotify is Linux's: elsewhere `--watch` stops with a usage error.
struct FolderWatch {
    /// The vdir folder and the schedule file.
    var paths: [String]
    var debounceMilliseconds: Int32 = 1000

    #if os(Linux)
        func run(console: Console, sync: () -> Int32) throws -> Int32 {
            let folder = paths[0]
            let schedule = URL(fileURLWithPath: paths[1])
            let scheduleFolder = schedule.deletingLastPathComponent().path
            let inotify: Inotify
            do { inotify = try Inotify() } catch { throw InputError("--watch: cannot start inotify: \(error)") }
            signal(SIGINT) { _ in stopRequested = 1 }
            signal(SIGTERM) { _ in stopRequested = 1 }
            do { _ = try inotify.watch(scheduleFolder) } catch {
                throw InputError("--watch: cannot watch \(scheduleFolder): \(error)")
            }
            var folderWatch: Int32 = -1
            var last = sync()
            let relevant = { (e: Inotify.Event) in
                self.relevant(e, folderWatch: folderWatch, schedule: schedule.lastPathComponent)
            }
            while stopRequested == 0 {
                if folderWatch < 0 { folderWatch = (try? inotify.watch(folder)) ?? -1 }
                guard wait(inotify, timeout: -1, relevant: relevant) else { continue }
                // Debounce: wait until a second passes with no relevant event.
                while stopRequested == 0, wait(inotify, timeout: debounceMilliseconds, relevant: relevant) {}
                if stopRequested != 0 { break }
                if !FileManager.default.fileExists(atPath: folder) { folderWatch = -1 }
                last = sync()
                if last == ExitCode.badInput && !FileManager.default.fileExists(atPath: paths[1]) { break }
            }
            console.error("dosecal sync: stopped watching")
            return stopRequested != 0 ? ExitCode.ok : last
        }

        private func relevant(_ e: Inotify.Event, folderWatch: Int32, schedule: String) -> Bool {
            if e.watch == folderWatch { return e.name.isEmpty || VdirName.isItem(e.name) }
            return e.name == schedule
        }

        /// Polls in 250 ms slices (so a signal is noticed) up to `timeout` ms (-1: forever);
        /// true when a relevant event arrived.
        private func wait(_ inotify: Inotify, timeout: Int32, relevant: (Inotify.Event) -> Bool) -> Bool {
            var waited: Int32 = 0
            while stopRequested == 0 && (timeout < 0 || waited < timeout) {
                let slice: Int32 = timeout < 0 ? 250 : min(250, timeout - waited)
                if inotify.events(within: slice).contains(where: relevant) { return true }
                waited += slice
            }
            return false
        }
    #else
        func run(console: Console, sync: () -> Int32) throws -> Int32 {
            throw UsageError("--watch needs inotify, which this system does not have (Linux only); run dosecal sync from a timer")
        }
    #endif
}
