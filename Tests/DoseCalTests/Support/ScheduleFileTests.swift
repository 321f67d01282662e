import DoseCal
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// One writer at a time per schedule, and writes through a symbolic link (decisions 0190, 0191):
/// literal files in a temporary folder, real locks, real threads.
@Suite struct ScheduleFileTests {
    static let text = """
        {"version": 1, "homeZone": "Europe/Berlin", "medications": [
          {"id": "m0", "name": "Med zero", "times": [{"id": "a", "time": "08:00"}], "start": "2026-01-05"}]}
        """

    final class Folder {
        let path = FileManager.default.temporaryDirectory.path + "/dosecal-schedule-file-\(UUID().uuidString)"
        init() { try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(atPath: path) }
        func names(_ sub: String = "") -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: path + sub)) ?? []).sorted()
        }
    }

    static func entry(_ n: Int) -> DoseLogEntry {
        DoseLogEntry(
            medication: "m0", slot: "a", date: LocalDate(year: 2026, month: 11, day: 1), status: .taken,
            at: Date(timeIntervalSince1970: Double(1_796_000_000 + n)))
    }

    @Test func aWriteThroughASymbolicLinkChangesTheTargetAndTheLinkStays() throws {
        let dir = Folder()
        try FileManager.default.createDirectory(atPath: dir.path + "/real", withIntermediateDirectories: true)
        try Data(Self.text.utf8).write(to: URL(fileURLWithPath: dir.path + "/real/meds.json"))
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/meds.json", withDestinationPath: "real/meds.json")
        let (_, backup) = try ScheduleFile.update(dir.path + "/meds.json", holder: "test") { _, schedule in
            var s = schedule
            s.log.append(Self.entry(1))
            return (s, ())
        }
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: dir.path + "/meds.json") == "real/meds.json",
            "the link stays a link to the same file")
        let written = try ScheduleCodec.decode(Data(contentsOf: URL(fileURLWithPath: dir.path + "/real/meds.json")), file: "t")
        #expect(written.log == [Self.entry(1)])
        // The backup (the file was not in dosecal's form), the lock: next to the real file; the
        // link's folder holds nothing new.
        #expect(backup == dir.path + "/real/meds.json.bak")
        #expect(try String(contentsOfFile: dir.path + "/real/meds.json.bak", encoding: .utf8) == Self.text)
        #expect(dir.names("/real") == [".meds.json.lock", "meds.json", "meds.json.bak"])
        #expect(dir.names() == ["meds.json", "real"])
    }

    @Test func chainsOfLinksAreFollowedAndALoopIsAnError() throws {
        let dir = Folder()
        try Data(Self.text.utf8).write(to: URL(fileURLWithPath: dir.path + "/meds.json"))
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/one", withDestinationPath: dir.path + "/meds.json")
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/two", withDestinationPath: "one")
        #expect(try ScheduleFile.target(of: dir.path + "/two") == dir.path + "/meds.json")
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/loop-a", withDestinationPath: "loop-b")
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/loop-b", withDestinationPath: "loop-a")
        #expect(throws: FileError.linkLoop(path: dir.path + "/loop-a")) { try ScheduleFile(dir.path + "/loop-a", holder: "test") }
    }

    @Test func aSecondWriterWaitsAndNamesTheFirst() throws {
        let dir = Folder()
        let path = dir.path + "/meds.json"
        try Data(Self.text.utf8).write(to: URL(fileURLWithPath: path))
        var first: ScheduleFile? = try ScheduleFile(path, holder: "dosecal log")
        let heard = Box<ScheduleLock.Holder?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let second = try? ScheduleFile(path, holder: "dosecal refill") { heard.value = $0 }
            #expect(second != nil)
            done.signal()
        }
        // The second writer says whom it waits for once it has waited about a second.
        while heard.value == nil { usleep(10_000) }
        #expect(heard.value?.processID == getpid() && heard.value?.command == "dosecal log")
        #expect(heard.value?.description == "dosecal log (process \(getpid()))")
        #expect(done.wait(timeout: .now()) == .timedOut, "still waiting while the first holds the lock")
        withExtendedLifetime(first) {}
        first = nil
        done.wait()
        #expect(try String(contentsOfFile: dir.path + "/.meds.json.lock", encoding: .utf8) == "\(getpid()) dosecal refill\n")
    }

    @Test func aLockFileLeftByADeadProcessIsTakenWithoutWaiting() throws {
        let dir = Folder()
        let path = dir.path + "/meds.json"
        try Data(Self.text.utf8).write(to: URL(fileURLWithPath: path))
        // 99999999 is above every system's largest process id: its holder is gone, and with it
        // its flock (the kernel drops the lock of a process that ends, kill -9 included).
        try Data("99999999 dosecal sync\n".utf8).write(to: URL(fileURLWithPath: dir.path + "/.meds.json.lock"))
        var waited = false
        let held = try ScheduleFile(path, holder: "dosecal log") { _ in waited = true }
        #expect(!waited)
        #expect(try String(contentsOfFile: dir.path + "/.meds.json.lock", encoding: .utf8) == "\(getpid()) dosecal log\n")
        withExtendedLifetime(held) {}
    }

    @Test func aLinkInPlaceOfTheLockIsRefusedAndNothingIsCreatedAtItsTarget() throws {
        let dir = Folder()
        let path = dir.path + "/meds.json"
        try Data(Self.text.utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.createSymbolicLink(
            atPath: dir.path + "/.meds.json.lock", withDestinationPath: dir.path + "/victim")
        #expect {
            try ScheduleFile(path, holder: "test")
        } throws: { error in
            guard case .lock(let lock, let reason) = error as? FileError else { return false }
            return lock == dir.path + "/.meds.json.lock" && reason.hasPrefix("it is a symbolic link")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/victim"))
    }

    /// Four threads, 25 log entries each, every one read, changed and written under the lock:
    /// none lost (without the lock, two writers that read the same file lose one's entry).
    @Test func concurrentUpdatesLoseNothing() throws {
        let dir = Folder()
        let path = dir.path + "/meds.json"
        try Data(Self.text.utf8).write(to: URL(fileURLWithPath: path))
        let group = DispatchGroup()
        let failures = Box<[String]>([])
        for t in 0..<4 {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                for i in 0..<25 {
                    do {
                        _ = try ScheduleFile.update(path, holder: "thread \(t)") { _, schedule in
                            var s = schedule
                            s.log.append(Self.entry(t * 100 + i))
                            return (s, ())
                        }
                    } catch {
                        failures.withLock { $0.append("\(error)") }
                    }
                }
            }
        }
        group.wait()
        #expect(failures.value == [])
        let log = try ScheduleCodec.decode(Data(contentsOf: URL(fileURLWithPath: path)), file: "t").log
        #expect(Set(log.map(\.at)) == Set((0..<4).flatMap { t in (0..<25).map { Self.entry(t * 100 + $0).at } }))
    }
}

/// A value shared between threads in a test.
final class Box<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: T
    init(_ value: T) { stored = value }
    var value: T {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
    func withLock(_ body: (inout T) -> Void) { lock.withLock { body(&stored) } }
}
