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
        // (A run without inputs removes the record: the short one comes first.)
        let short = try sync(box, daily(), inputs: "A", now: Fixtures.now + 86_400)
        let full = try sync(box, daily(), inputs: nil, now: Fixtures.now + 2 * 86_400)
        // The short run plans nothing; it counts what the full one leaves in step.
        #expect(short.plan.actions.isEmpty && short.inStep == full.inStep && full.inStep == 5)
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

    /// A run by `run(loading:)`, counting the loads of the schedule.
    @discardableResult
    func loadingSync(_ box: VdirSandbox, _ schedule: Schedule, inputs: String?, loads: inout Int) throws -> VdirSync.Report {
        var sync = VdirSync(folder: box.folder, statusPath: box.statusPath)
        sync.mergeEdits = true
        sync.inputs = inputs
        sync.build = "test build"
        var count = 0
        let report = try sync.run(
            loading: { () throws(SyncError) -> Schedule in
                count += 1
                return schedule
            }, now: Fixtures.now)
        loads += count
        return report
    }

    /// With `listed`, a no-op run that records the folder's listing, so that the next run's
    /// first look is the listing's (`FolderListing`); else nothing (the status' look).
    func settle(_ box: VdirSandbox, listed: Bool, loads: inout Int) throws {
        guard listed else { return }
        let before = loads
        try loadingSync(box, daily(), inputs: "A", loads: &loads)
        let record = try #require(box.storedText("inputs_listing"))
        #expect(record.hasPrefix("in-step 5\n"))
        #expect(loads == before)
    }

    @Test func aNoOpRecordsTheFolderAndTheNextOneReadsOnlyThat() throws {
        let box = VdirSandbox()
        var loads = 0
        try loadingSync(box, daily(), inputs: "A", loads: &loads)
        try settle(box, listed: true, loads: &loads)
        let record = try #require(box.storedText("inputs_listing"))
        // Each item file, in the folder's order, with the etag the status gives it.
        let lines = record.split(separator: "\n").dropFirst(1)
        #expect(Set(lines.map { String($0.split(separator: "\t")[0]) }) == Set(box.files))
        for line in lines {
            let fields = line.split(separator: "\t").map(String.init)
            #expect(VdirFolder.etag(box.folder + "/" + fields[0]) == fields[1])
        }
        // The store is not written: its bytes and its etag (its modification time) stay.
        let store = (FileManager.default.contents(atPath: box.storePath), VdirFolder.etag(box.storePath))
        let report = try loadingSync(box, daily(), inputs: "A", loads: &loads)
        #expect(loads == 1 && report.inStep == 5 && report.outcome?.finished == true)
        #expect(box.storedText("inputs_listing") == record)
        #expect(FileManager.default.contents(atPath: box.storePath) == store.0 && VdirFolder.etag(box.storePath) == store.1)
        // Another status (a run without inputs rewrote it): the listing is not trusted.
        try sync(box, movedMorning(), inputs: nil)
        #expect(try loadingSync(box, daily(), inputs: "A", loads: &loads).outcome?.updated.isEmpty == false)
        #expect(loads == 2)
    }

    @Test func aListedFolderWithAnItemRemovedAndAddedAgainIsLookedAtAgain() throws {
        // The same names and etags in another order, or an item back under its name: never a
        // no-op by the listing unless every line matches.
        let box = VdirSandbox()
        var loads = 0
        try loadingSync(box, daily(), inputs: "A", loads: &loads)
        try settle(box, listed: true, loads: &loads)
        let name = box.files[2]
        let bytes = box.read(name)
        box.remove(name)
        // Gone: the full run reads it as deleted on the phone.
        #expect(try !loadingSync(box, daily(), inputs: "A", loads: &loads).folderChanges.isEmpty)
        #expect(loads == 2)
        try loadingSync(box, daily(), inputs: "A", loads: &loads)  // settled again
        try loadingSync(box, daily(), inputs: "A", loads: &loads)  // and listed
        let record = try #require(box.storedText("inputs_listing"))
        #expect(record.hasPrefix("in-step 4\n"))
        let settled = loads
        box.write(name, bytes)  // back, under its name
        try loadingSync(box, daily(), inputs: "A", loads: &loads)
        #expect(loads == settled + 1)
    }

    @Test func theScheduleIsLoadedOnlyWhenTheRunCannotEndInStepWithoutIt() throws {
        let box = VdirSandbox()
        var loads = 0
        try loadingSync(box, daily(), inputs: "A", loads: &loads)
        #expect(loads == 1)
        let short = try loadingSync(box, daily(), inputs: "A", loads: &loads)
        #expect(loads == 1)
        let full = try sync(box, daily(), inputs: nil)
        #expect(short.inStep == full.inStep && short.outcome == full.outcome)
        // A run without inputs leaves no record: the next one loads the schedule.
        try loadingSync(box, daily(), inputs: "A", loads: &loads)
        #expect(loads == 2)
        // Other inputs (another schedule's bytes): loaded, and its change written.
        #expect(try loadingSync(box, movedMorning(), inputs: "B", loads: &loads).outcome?.updated.isEmpty == false)
        #expect(loads == 3)
    }

    @Test(arguments: [false, true]) func anItemReplacedWithTheSameSizeAndTimesIsAFullRun(listed: Bool) throws {
        // Another file (another inode) with the old one's size and modification time: the
        // no-op's stat sees it, the full run reads it and finds it edited.
        let box = VdirSandbox()
        var loads = 0
        try loadingSync(box, daily(), inputs: "A", loads: &loads)
        try settle(box, listed: listed, loads: &loads)
        let name = box.files[0]
        let path = box.folder + "/" + name
        let old = try #require(FileManager.default.contents(atPath: path))
        let st = try #require(try? FileManager.default.attributesOfItem(atPath: path))
        var edited = Array(old)
        let at = try #require(edited.firstIndex(of: UInt8(ascii: "0")))
        edited[at] = UInt8(ascii: "1")  // one digit of the item changed, the size kept
        #expect(FileManager.default.createFile(atPath: box.folder + "/.replace.tmp", contents: Data(edited)))
        try FileManager.default.setAttributes(
            [.modificationDate: try #require(st[.modificationDate] as? Date)], ofItemAtPath: box.folder + "/.replace.tmp")
        #expect(rename(box.folder + "/.replace.tmp", path) == 0)
        let report = try loadingSync(box, daily(), inputs: "A", loads: &loads)
        #expect(loads == 2)
        #expect(!report.folderChanges.isEmpty || !report.conflicts.isEmpty || report.outcome?.updated == [name])
    }

    @Test(arguments: [false, true]) func aFolderThatGainedAnItemOrLostOneIsAFullRun(listed: Bool) throws {
        let box = VdirSandbox()
        var loads = 0
        try loadingSync(box, daily(), inputs: "A", loads: &loads)
        try settle(box, listed: listed, loads: &loads)
        let name = box.files[0]
        let bytes = try #require(FileManager.default.contents(atPath: box.folder + "/" + name))
        box.remove(name)
        try loadingSync(box, daily(), inputs: "A", loads: &loads)
        #expect(loads == 2)
        try loadingSync(box, daily(), inputs: "A", loads: &loads)
        #expect(FileManager.default.createFile(atPath: box.folder + "/foreign.ics", contents: bytes))
        let before = loads
        try loadingSync(box, daily(), inputs: "A", loads: &loads)
        #expect(loads == before + 1)
    }

    /// The file's bytes with the first line starting with `prefix` replaced by `line`.
    func replacingLine(_ box: VdirSandbox, _ name: String, _ prefix: String, with line: (String) -> String) -> String {
        box.read(name).components(separatedBy: "\r\n").map { $0.hasPrefix(prefix) ? line($0) : $0 }.joined(separator: "\r\n")
    }

    @Test(arguments: [false, true]) func touchedItemsAreReadAndRecordedWithoutTheSchedule(listed: Bool) throws {
        let box = VdirSandbox()
        var loads = 0
        try loadingSync(box, daily(), inputs: "A", loads: &loads)
        try settle(box, listed: listed, loads: &loads)
        let names = Array(box.files.prefix(2))
        let later = Date(timeIntervalSince1970: TimeInterval(Fixtures.now + 3_600))
        for name in names {
            try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: box.folder + "/" + name)
        }
        let before = box.snapshot
        let touched = try loadingSync(box, daily(), inputs: "A", loads: &loads)
        #expect(loads == 1)
        #expect(touched.outcome?.statusWritten == true && touched.outcome?.updated == [])
        #expect(touched.conflicts.isEmpty && touched.folderChanges.isEmpty)
        #expect(box.snapshot.mapValues(\.data) == before.mapValues(\.data))
        // The next run is a no-op again, and a full run finds the status as it would write it.
        let status = try #require(try box.storedStatus())
        #expect(try loadingSync(box, daily(), inputs: "A", loads: &loads).outcome?.statusWritten == false)
        #expect(loads == 1)
        let full = try loadingSync(box, daily(), inputs: nil, loads: &loads)
        #expect(full.outcome?.statusWritten == false && full.outcome?.updated == [])
        #expect(try box.storedStatus() == status)
        #expect(box.snapshot.mapValues(\.data) == before.mapValues(\.data))
    }

    @Test func touchedItemsOfAListedFolderAreRecordedReadingOnlyTheirEntries() throws {
        // Another entry's row made unreadable: a run that read the whole status would stop on it.
        let box = VdirSandbox()
        var loads = 0
        try loadingSync(box, daily(), inputs: "A", loads: &loads)
        try settle(box, listed: true, loads: &loads)
        let names = Array(box.files.prefix(2))
        let status = try #require(try box.storedStatus())
        let other = try #require(status.entries.values.first { $0.file == box.files[3] })
        let database = try SQLiteDatabase(path: box.storePath)
        try database.exec("UPDATE items SET owner = 'nobody' WHERE uid = '\(other.uid)'")
        let later = Date(timeIntervalSince1970: TimeInterval(Fixtures.now + 3_600))
        for name in names {
            try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: box.folder + "/" + name)
        }
        let report = try loadingSync(box, daily(), inputs: "A", loads: &loads)
        #expect(loads == 1 && report.inStep == 5)
        #expect(report.outcome?.statusWritten == true && report.outcome?.updated == [])
        // Each touched entry and the listing hold the etags now; the next run is a no-op by the listing.
        let listing = try #require(box.storedText("inputs_listing"))
        for name in names {
            let etag = try #require(VdirFolder.etag(box.folder + "/" + name))
            let uid = try #require(status.entries.values.first { $0.file == name }?.uid)
            let select = try database.prepare("SELECT etag FROM items WHERE uid = ?")
            try select.bind(uid, at: 1)
            #expect(try select.step() && select.text(0) == etag)
            #expect(listing.contains("\(name)\t\(etag)\n"))
        }
        let store = FileManager.default.contents(atPath: box.storePath)
        #expect(try loadingSync(box, daily(), inputs: "A", loads: &loads).outcome?.statusWritten == false)
        #expect(loads == 1 && FileManager.default.contents(atPath: box.storePath) == store)
        // With the row readable again, a full run finds nothing to write.
        try database.exec("UPDATE items SET owner = 'schedule' WHERE uid = '\(other.uid)'")
        let full = try loadingSync(box, daily(), inputs: nil, loads: &loads)
        #expect(full.outcome?.updated == [] && full.conflicts.isEmpty && full.folderChanges.isEmpty)
    }

    @Test func aListingRecordsTheEtagsOfTheChangedFilesOnly() {
        let listing = FolderListing(lines: Array("a.ics\t1.0-1-10\nb.ics\t2.0-2-20\nc.ics\t3.0-3-30\n".utf8), inStep: 3)
        let changed = [FolderListing.ChangedEtag(name: "b.ics", listed: "2.0-2-20", now: "9.5-2-21", bytes: 21..<29)]
        let recorded = listing.recording(changed)
        let text = String(decoding: recorded.record, as: UTF8.self)
        #expect(text == "in-step 3\na.ics\t1.0-1-10\nb.ics\t9.5-2-21\nc.ics\t3.0-3-30\n")
        #expect(listing.recording([]) == listing)
        // After a run: written files with their etags (where the folder lists them now), gone ones
        // left out, the others' lines as they were; nil when the folder holds another item.
        let named = FolderListing(lines: Array("a.ics\t1\nba.ics\t2\nb.ics\t3\n".utf8), inStep: 3)
        let names: [(name: String, type: UInt8)] = [("a.ics", 8), ("d.ics", 8), (".hidden", 8), ("b.ics", 8)]
        let updated = named.updating(names: names, written: ["a.ics": "10", "d.ics": "40"], gone: ["ba.ics"], inStep: 3)
        #expect(updated.map { String(decoding: $0.lines, as: UTF8.self) } == "a.ics\t10\nd.ics\t40\nb.ics\t3\n")
        #expect(named.updating(names: names, written: ["a.ics": "10"], gone: ["ba.ics"], inStep: 3) == nil)
        #expect(named.updating(names: names, written: ["a.ics": "10", "d.ics": "4"], gone: [], inStep: 3) == nil)
    }

    @Test(arguments: [false, true]) func aRaisedSequenceIsRecordedWithoutTheScheduleAndKept(listed: Bool) throws {
        // The phone raised SEQUENCE and restamped the item (the content hash leaves both out):
        // nothing to write, as the full run finds; the phone's bytes stay.
        let box = VdirSandbox()
        var loads = 0
        try loadingSync(box, daily(), inputs: "A", loads: &loads)
        try settle(box, listed: listed, loads: &loads)
        let name = box.files[0]
        let raised = replacingLine(box, name, "SEQUENCE:") { line in
            "SEQUENCE:\(Int(line.dropFirst("SEQUENCE:".count))! + 1)"
        }
        let stamped = raised.replacingOccurrences(of: "DTSTAMP:20", with: "DTSTAMP:21")
        #expect(stamped != box.read(name))
        box.write(name, stamped)
        let report = try loadingSync(box, daily(), inputs: "A", loads: &loads)
        #expect(loads == 1)
        #expect(report.outcome?.statusWritten == true && report.outcome?.updated == [])
        #expect(box.read(name) == stamped)
        let status = try #require(try box.storedStatus())
        let full = try loadingSync(box, daily(), inputs: nil, loads: &loads)
        #expect(full.outcome?.statusWritten == false && full.outcome?.updated == [])
        #expect(try box.storedStatus() == status)
    }

    @Test(arguments: [false, true]) func aTouchedItemWhoseContentChangedIsAFullRun(listed: Bool) throws {
        // Rewritten in place, same size: a start moved by an hour. The full run reads it as
        // the phone's edit and merges it.
        let box = VdirSandbox()
        var loads = 0
        try loadingSync(box, daily(), inputs: "A", loads: &loads)
        try settle(box, listed: listed, loads: &loads)
        let name = box.files[0]
        let old = box.read(name)
        let moved = replacingLine(box, name, "DTSTART") { line in
            let digit = line.index(line.endIndex, offsetBy: -5)  // the hour's last digit
            return line.replacingCharacters(in: digit...digit, with: line[digit] == "9" ? "8" : "9")
        }
        #expect(moved != old && moved.utf8.count == old.utf8.count)
        let handle = try #require(FileHandle(forWritingAtPath: box.folder + "/" + name))
        handle.write(Data(moved.utf8))
        try handle.close()
        // (Its time a tick later than dosecal's write, whatever the clock's resolution.)
        let later = Date(timeIntervalSince1970: TimeInterval(Fixtures.now + 3_600))
        try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: box.folder + "/" + name)
        let report = try loadingSync(box, daily(), inputs: "A", loads: &loads)
        #expect(loads == 2)
        #expect(!report.folderChanges.isEmpty)
    }

    @Test(arguments: [false, true]) func aTouchedItemHoldingAnotherItemsEventIsAFullRun(listed: Bool) throws {
        let box = VdirSandbox()
        var loads = 0
        try loadingSync(box, daily(), inputs: "A", loads: &loads)
        try settle(box, listed: listed, loads: &loads)
        let (first, second) = (box.files[0], box.files[1])
        box.write(first, box.read(second))
        try loadingSync(box, daily(), inputs: "A", loads: &loads)
        #expect(loads == 2)
    }
}
