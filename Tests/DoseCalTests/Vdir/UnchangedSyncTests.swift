import Foundation
import ICal
import Testing

@testable import DoseCal

#if canImport(Glibc)
    import Glibc
#endif

/// The no-op sync that ends without building the feed: it is taken only when the inputs
/// fingerprint and every file's etag are what the last clean sync left, and it reports what the
/// full run would.
@Suite struct UnchangedSyncTests {
    func daily() throws -> Schedule { try Fixtures.schedule("daily.json") }

    func movedMorning() throws -> Schedule {
        var s = try daily()
        s.medications[0].times[0].time = LocalTime(hour: 8, minute: 30)!
        return s
    }

    @discardableResult
    func sync(_ box: VdirSandbox, _ schedule: Schedule, inputs: String?, now: Int = Fixtures.now) throws -> VdirSync.Report {
        var sync = VdirSync(folder: box.folder, statusPath: box.statusPath)
        sync.mergeEdits = true
        sync.inputs = inputs
        return try sync.run(schedule: schedule, now: now)
    }

    @Test func theSameInputsEndInStepAsTheFullRunWould() throws {
        let box = VdirSandbox()
        try sync(box, daily(), inputs: "A")
        let full = try sync(box, daily(), inputs: nil, now: Fixtures.now + 86_400)
        let short = try sync(box, daily(), inputs: "A", now: Fixtures.now + 2 * 86_400)
        #expect(short.plan.actions == full.plan.actions)
        #expect(short.plan.status == full.plan.status)
        #expect(short.outcome == full.outcome)
        #expect(short.conflicts.isEmpty && short.folderChanges.isEmpty)
    }

    @Test func theShortWayTrustsTheFingerprint() throws {
        // Same fingerprint, another schedule: the run believes the fingerprint and writes
        // nothing (which is why the CLI's fingerprint covers every byte the feed comes from).
        let box = VdirSandbox()
        try sync(box, daily(), inputs: "A")
        let before = box.snapshot.mapValues(\.data)
        #expect(try sync(box, movedMorning(), inputs: "A").outcome?.updated == [])
        #expect(box.snapshot.mapValues(\.data) == before)
        // Another fingerprint: the full run writes the change.
        #expect(try sync(box, movedMorning(), inputs: "B").outcome?.updated.isEmpty == false)
    }

    @Test func aTouchedFileATemporaryOrAMissingBaseMeansAFullRun() throws {
        let box = VdirSandbox()
        try sync(box, daily(), inputs: "A")
        let name = box.files[0]
        // Same bytes, new etag: the full run reads the file, finds it ours, and records its etag.
        let bytes = try #require(FileManager.default.contents(atPath: box.folder + "/" + name))
        try FileManager.default.removeItem(atPath: box.folder + "/" + name)
        #expect(FileManager.default.createFile(atPath: box.folder + "/" + name, contents: bytes))
        #expect(try sync(box, movedMorning(), inputs: "A").outcome?.updated.isEmpty == false)
        try sync(box, movedMorning(), inputs: "A")
        // A temporary of an interrupted write: removed by the full run.
        let temp = AtomicFile.temporaryName(for: name, processID: 999_999)  // no such process
        #expect(FileManager.default.createFile(atPath: box.folder + "/" + temp, contents: Data()))
        #expect(try sync(box, movedMorning(), inputs: "A").removedLeftovers == [temp])
        // No base: the full run keeps one again.
        let db = try SQLiteDatabase(path: box.storePath)
        try db.exec("DELETE FROM base; DELETE FROM meta WHERE name IN ('base_head', 'base_tail')")
        #expect(!box.storeHolds("base_tail"))
        try self.sync(box, movedMorning(), inputs: "A")
        #expect(box.storeHolds("base_tail") && (box.stored("SELECT count(*) FROM base") ?? 0) > 0)
    }

    @Test func aRunWithAConflictLeavesNoFingerprint() throws {
        let box = VdirSandbox()
        try sync(box, daily(), inputs: "A")
        #expect(box.storeHolds("inputs"))
        // A second file with the same UID: a conflict, reported on every run.
        let name = box.files[0]
        try FileManager.default.copyItem(atPath: box.folder + "/" + name, toPath: box.folder + "/copy-" + name)
        #expect(try !self.sync(box, daily(), inputs: "A").conflicts.isEmpty)
        #expect(!box.storeHolds("inputs"))
        #expect(try !self.sync(box, daily(), inputs: "A").conflicts.isEmpty)
    }

    @Test func aStatusWrittenByAnotherRunDoesNotMatch() throws {
        // The fingerprint names the status file it belongs to: a run without one (an older
        // dosecal, say) that rewrote the status makes the next run a full one.
        let box = VdirSandbox()
        try sync(box, daily(), inputs: "A")
        try sync(box, movedMorning(), inputs: nil)
        #expect(try sync(box, daily(), inputs: "A").outcome?.updated.isEmpty == false)
    }
}
