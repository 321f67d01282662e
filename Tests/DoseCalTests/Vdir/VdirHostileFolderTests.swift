import Foundation
import Testing

@testable import DoseCal

/// Folders and files next to the schedule set up to make sync read or write outside its place:
/// symbolic links in the folder and in place of the status and the lock, and temporaries that
/// look like dosecal's. Each gives the safe result: nothing followed, nothing merged from
/// outside, other programs' files left. fixtures/schedules/daily.json, merging as the CLI does.
@Suite struct VdirHostileFolderTests {
    let morning = DoseIdentity.series(SlotKey(medicationID: "metformin", slotID: "morning"), .main).uid

    /// An event that, if it were read, would move the morning dose to 06:45.
    let outsideEvent =
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//elsewhere//EN\r\nBEGIN:VEVENT\r\n"
        + "UID:dose-bbc7306c05e0f4dde4e11953@dosecal.app\r\nDTSTAMP:20261201T000000Z\r\n"
        + "DTSTART;TZID=America/New_York:20260105T064500\r\nRRULE:FREQ=DAILY\r\nSUMMARY:Outside\r\n"
        + "END:VEVENT\r\nEND:VCALENDAR\r\n"

    func sync(_ box: VdirSandbox, prefer: ReconcilePreference = .schedule, force: Bool = false) throws -> (
        report: VdirSync.Report, saved: ChangeSet?
    ) {
        var sync = VdirSync(folder: box.folder, statusPath: box.statusPath)
        sync.mergeEdits = true
        sync.prefer = prefer
        sync.force = force
        var saved: ChangeSet? = nil
        let report = try sync.run(schedule: try Fixtures.schedule("daily.json"), now: Fixtures.now) { saved = $0.changes }
        return (report, saved)
    }

    func link(_ path: String, to target: String) {
        try? FileManager.default.removeItem(atPath: path)
        precondition((try? FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)) != nil)
    }

    func isLink(_ path: String) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeSymbolicLink
    }

    @Test func anOwnedItemReplacedByALinkIsNeitherReadNorWrittenThrough() throws {
        let box = VdirSandbox()
        _ = try sync(box)
        let name = VdirName.fileName(forUID: morning)
        #expect(name == "dose-bbc7306c05e0f4dde4e11953.ics")
        let outside = box.root + "/outside.ics"
        try Data(outsideEvent.utf8).write(to: URL(fileURLWithPath: outside))
        link(box.folder + "/" + name, to: outside)
        let (report, saved) = try sync(box)
        #expect(saved == nil, "nothing from outside the folder may reach the schedule")
        #expect(report.merge == nil)
        #expect(report.conflicts == [SyncConflict(uid: morning, kind: .symbolicLink, files: [name])])
        #expect(report.plan.unusable.map(\.file) == [name])
        #expect(report.plan.unusable.map(\.reason) == [VdirFolder.symbolicLink])
        // --force --prefer schedule does not write through it either.
        let (forced, _) = try sync(box, force: true)
        #expect(forced.conflicts.map(\.kind) == [.symbolicLink])
        #expect(isLink(box.folder + "/" + name))
        #expect(try String(contentsOfFile: outside, encoding: .utf8) == outsideEvent)
    }

    @Test func aForeignLinkIsReportedAndLeftAlone() throws {
        let box = VdirSandbox()
        _ = try sync(box)
        let outside = box.root + "/outside.ics"
        let lunch =
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VEVENT\r\nUID:lunch-1\r\nDTSTAMP:20261201T000000Z\r\n"
            + "DTSTART:20261201T170000Z\r\nSUMMARY:Lunch\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        try Data(lunch.utf8).write(to: URL(fileURLWithPath: outside))
        link(box.folder + "/lunch.ics", to: outside)
        let (report, saved) = try sync(box)
        #expect(saved == nil)
        #expect(report.conflicts.isEmpty)
        #expect(report.plan.changes.foreignAdded == [], "the link's target is not read")
        #expect(report.plan.status.entries["lunch-1"] == nil)
        #expect(report.plan.unusable.map(\.file) == ["lunch.ics"])
        #expect(isLink(box.folder + "/lunch.ics"))
    }

    @Test func aLockLinkedToAMissingPathStopsTheSyncAndCreatesNothing() throws {
        let box = VdirSandbox()
        _ = try sync(box)
        let target = box.root + "/elsewhere/created-by-sync"
        try FileManager.default.createDirectory(atPath: box.root + "/elsewhere", withIntermediateDirectories: true)
        try FileManager.default.removeItem(atPath: box.storePath)
        link(box.storePath, to: target)
        do {
            _ = try sync(box)
            Issue.record("a linked store was opened")
        } catch let error as SyncError {
            guard case .io(let path, let reason) = error else { throw error }
            #expect(path == box.storePath)
            #expect(reason.hasPrefix("the sync store is a symbolic link; dosecal does not follow links"))
        }
        #expect(!FileManager.default.fileExists(atPath: target))
        #expect(!FileManager.default.fileExists(atPath: box.storePath + "-journal"))
    }

    @Test func aStatusReplacedByALinkIsNotRead() throws {
        let box = VdirSandbox()
        _ = try sync(box)
        try FileManager.default.moveItem(atPath: box.storePath, toPath: box.root + "/moved-store")
        link(box.storePath, to: box.root + "/moved-store")
        let before = FileManager.default.contents(atPath: box.root + "/moved-store")
        #expect(
            throws: SyncError.io(
                path: box.storePath,
                reason: "the sync store is a symbolic link; dosecal does not follow links next to the schedule. "
                    + "Move it away and sync again")
        ) {
            try sync(box)
        }
        #expect(FileManager.default.contents(atPath: box.root + "/moved-store") == before)
    }

    @Test func onlyDosecalsOwnTemporariesOfDeadRunsAreRemoved() throws {
        let box = VdirSandbox()
        _ = try sync(box)
        // 99999999 is above every system's largest process id: a run that is gone. 1 runs.
        let names = [
            ".dose-bbc7306c05e0f4dde4e11953.ics.4242.tmp",  // another program's (dosecal's old shape)
            ".lunch.ics.dosecal-99999999.tmp",  // a killed dosecal run's
            ".lunch.ics.dosecal-1.tmp",  // a running process's
            ".lunch.ics.dosecal-0099.tmp",  // not a process id dosecal writes
            ".lunch.ics.dosecal-.tmp", ".notes.txt.dosecal-99999999.tmp", "lunch.ics.dosecal-99999999.tmp",
        ]
        for name in names { box.write(name, "partial") }
        let nextToSchedule = [
            "." + URL(fileURLWithPath: box.statusPath).lastPathComponent + ".dosecal-99999999.tmp",
            "." + URL(fileURLWithPath: box.statusPath).lastPathComponent + ".base.ics.dosecal-99999999.tmp",
            ".schedule.json.dosecal-99999999.tmp", ".other.json.dosecal-99999999.tmp",
        ]
        for name in nextToSchedule { #expect(FileManager.default.createFile(atPath: box.root + "/" + name, contents: Data())) }
        let (report, _) = try sync(box)
        #expect(report.removedLeftovers == nextToSchedule[..<2].sorted() + [".lunch.ics.dosecal-99999999.tmp"])
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: box.folder))
        #expect(left.isSuperset(of: names.filter { $0 != ".lunch.ics.dosecal-99999999.tmp" }))
        #expect(!left.contains(".lunch.ics.dosecal-99999999.tmp"))
        // The schedule's own temporaries go with its next writer (the CLI's next sync too), when
        // it takes the schedule's lock.
        #expect(FileManager.default.createFile(atPath: box.root + "/schedule.json", contents: Data("{}".utf8)))
        #expect(
            try ScheduleFile(box.root + "/schedule.json", holder: "test").removedLeftovers == [
                ".schedule.json.dosecal-99999999.tmp"
            ])
        #expect(FileManager.default.fileExists(atPath: box.root + "/.other.json.dosecal-99999999.tmp"))
    }

    /// A kill while the damaged item's copy or `<status>.inputs` was being written left their
    /// temporaries next to the schedule; the next sync removes them, also one that takes the
    /// short way (nothing changed since the last clean run).
    @Test func theTemporariesOfEveryRecordNextToTheScheduleGoWithTheNextSync() throws {
        let box = VdirSandbox()
        var sync = VdirSync(folder: box.folder, statusPath: box.statusPath)
        sync.mergeEdits = true
        sync.inputs = "the same inputs each run"
        sync.build = "this build"
        let schedule = try Fixtures.schedule("daily.json")
        _ = try sync.run(schedule: schedule, now: Fixtures.now)
        let status = URL(fileURLWithPath: box.statusPath).lastPathComponent
        let killed = [
            "." + status + ".damaged-0123456789abcdef-0123456789ab.ics.dosecal-99999999.tmp",
            "." + status + ".inputs.dosecal-99999999.tmp", "." + status + ".feed.dosecal-99999999.tmp",
        ]
        let kept = ["." + status + ".inputs.dosecal-1.tmp", ".other.json.sync-0123.inputs.dosecal-99999999.tmp"]
        for name in killed + kept {
            #expect(FileManager.default.createFile(atPath: box.root + "/" + name, contents: Data("x".utf8)))
        }
        let report = try sync.run(schedule: schedule, now: Fixtures.now + 3600)
        #expect(report.plan.actions.allSatisfy { if case .leave = $0 { true } else { false } }, "a run with nothing to do")
        #expect(report.removedLeftovers == killed.sorted())
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: box.root))
        #expect(left.isDisjoint(with: killed) && left.isSuperset(of: kept), "\(left.sorted())")
    }
}
