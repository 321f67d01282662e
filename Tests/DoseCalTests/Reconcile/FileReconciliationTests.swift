import DoseCal
import Foundation
import Testing

/// The reconcile workflow over files (`FileReconciliation`): the base read next to the schedule,
/// the merge and the new base written under the schedule's lock, nothing written without it.
@Suite struct FileReconciliationTests {
    final class Folder {
        let path = FileManager.default.temporaryDirectory.path + "/dosecal-file-reconcile-\(UUID().uuidString)"
        init() { try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(atPath: path) }
        func names() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }
    }

    /// The demo schedule written to `meds.json` and its export as the base next to it.
    static func folder() throws -> (Folder, String) {
        let dir = Folder()
        let schedulePath = dir.path + "/meds.json"
        try ScheduleCodec.encode(ReconcileSupport.demo()).write(to: URL(fileURLWithPath: schedulePath))
        try Data(ReconcileSupport.baseText().utf8).write(to: URL(fileURLWithPath: BaseFile.path(forSchedule: schedulePath)))
        return (dir, schedulePath)
    }

    static func files(_ schedulePath: String, held: ScheduleFile?, base: String? = nil) throws -> FileReconciliation {
        let original = try Data(contentsOf: URL(fileURLWithPath: schedulePath))
        return FileReconciliation(
            schedule: try ScheduleCodec.decode(original, file: schedulePath), original: original, held: held,
            basePath: base ?? BaseFile.path(forSchedule: schedulePath), baseRequired: base != nil)
    }

    static func theirs(_ fixture: String) throws -> ReturnedCalendar {
        try ReturnedCalendar(parsing: Array(ReconcileSupport.theirs(fixture).utf8))
    }

    @Test func applyingAMoveWritesTheScheduleWithABackupAndTheNewBase() throws {
        let (dir, schedulePath) = try Self.folder()
        let before = try Data(contentsOf: URL(fileURLWithPath: schedulePath))
        let held = try ScheduleFile(schedulePath, holder: "test")
        let outcome = try Self.files(schedulePath, held: held).run(
            theirs: Self.theirs("google-move-one.ics"), calendarName: "cal.ics", now: ReconcileSupport.now, prefer: nil)
        #expect(outcome.changes.changes.count == 1)
        #expect(outcome.wroteSchedule && outcome.wroteBase)
        #expect(outcome.backup == schedulePath + ".bak")
        #expect(try Data(contentsOf: URL(fileURLWithPath: schedulePath + ".bak")) == before)
        let after = try ScheduleCodec.decode(Data(contentsOf: URL(fileURLWithPath: schedulePath)), file: schedulePath)
        #expect(after.medications.first { $0.id == "metformin" }?.rescheduled.count == 1)
        // The base is the merged schedule's feed as export writes it.
        let base = try Data(contentsOf: URL(fileURLWithPath: BaseFile.path(forSchedule: schedulePath)))
        #expect(Array(base) == FeedBuilder(schedule: after, now: ReconcileSupport.now).write().bytes)
        #expect(dir.names() == [".meds.json.lock", "meds.dosecal-base.ics", "meds.json", "meds.json.bak"])
    }

    @Test func withoutTheLockNothingIsWritten() throws {
        let (dir, schedulePath) = try Self.folder()
        let before = dir.names()
        let baseBefore = try Data(contentsOf: URL(fileURLWithPath: BaseFile.path(forSchedule: schedulePath)))
        let outcome = try Self.files(schedulePath, held: nil).run(
            theirs: Self.theirs("google-move-one.ics"), calendarName: "cal.ics", now: ReconcileSupport.now, prefer: nil)
        #expect(outcome.changes.changes.count == 1)
        #expect(!outcome.wroteSchedule && !outcome.wroteBase && outcome.backup == nil)
        #expect(dir.names() == before)
        #expect(try Data(contentsOf: URL(fileURLWithPath: BaseFile.path(forSchedule: schedulePath))) == baseBefore)
    }

    @Test func aNamedBaseThatIsMissingIsAnError() throws {
        let (dir, schedulePath) = try Self.folder()
        let missing = dir.path + "/other-base.ics"
        #expect(throws: ReconcileError.missingBase(path: missing)) {
            try Self.files(schedulePath, held: nil, base: missing).run(
                theirs: Self.theirs("google-move-one.ics"), calendarName: "cal.ics", now: ReconcileSupport.now, prefer: nil)
        }
    }

    @Test func anUnreadableBaseIsAnErrorThatSaysHowToGoOn() throws {
        let (dir, schedulePath) = try Self.folder()
        defer { withExtendedLifetime(dir) {} }
        let basePath = BaseFile.path(forSchedule: schedulePath)
        try Data("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\n".utf8).write(to: URL(fileURLWithPath: basePath))
        let held = try ScheduleFile(schedulePath, holder: "test")
        let before = try Data(contentsOf: URL(fileURLWithPath: schedulePath))
        #expect {
            try Self.files(schedulePath, held: held).run(
                theirs: Self.theirs("google-move-one.ics"), calendarName: "cal.ics", now: ReconcileSupport.now, prefer: nil)
        } throws: { error in
            guard case .unreadableBase(let path, _)? = error as? ReconcileError else { return false }
            return path == basePath && "\(error)".hasSuffix("remove it to reconcile without a base")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: schedulePath)) == before)
    }
}
