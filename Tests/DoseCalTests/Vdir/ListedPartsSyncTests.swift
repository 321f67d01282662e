import DoseCalCore
import Foundation
import Testing

@testable import DoseCal

/// A schedule edit synced from the folder's listing reads only the entries of the medications
/// that changed, and leaves the folder, the status and the base as the run that reads the whole
/// status does.
@Suite struct ListedPartsSyncTests {
    static func family() throws -> Schedule { try Fixtures.schedule("family.json") }

    /// The edits: a time moved, one added, two changed at once (built by parts), a medication
    /// gone (its zone's years are the whole feed's: the run goes in full, reading the status).
    static let edits: [(String, Bool)] = [("moved", true), ("added", true), ("two", true), ("removed", false)]

    static func edited(_ kind: String) throws -> Schedule {
        var s = try family()
        switch kind {
        case "moved": s.medications[4].times[0].time = LocalTime(hour: 20, minute: 30)!
        case "removed": s.medications.remove(at: 2)
        case "added":
            var m = s.medications[5]
            m.id = "warfarin-evening"
            m.times[0].time = LocalTime(hour: 19, minute: 30)!
            s.medications.append(m)
        default:
            s.medications[0].times[1].time = LocalTime(hour: 16, minute: 0)!
            s.medications[4].times[0].time = LocalTime(hour: 21, minute: 0)!
        }
        return s
    }

    /// A sync as the CLI runs it; `listed`: with the inputs record (so runs may go by the listing),
    /// else without (every run reads the status).
    @discardableResult
    func sync(_ box: VdirSandbox, _ schedule: Schedule, inputs: String, listed: Bool, now: Int) throws -> VdirSync.Report {
        var sync = VdirSync(folder: box.folder, statusPath: box.statusPath)
        sync.mergeEdits = true
        sync.build = "test build"
        sync.inputs = listed ? inputs : nil
        sync.medicationFingerprints = ScheduleCodec.medicationFingerprints(ScheduleCodec.encode(schedule))
        return try sync.run(schedule: schedule, now: now)
    }

    @Test(arguments: edits) func aScheduleEditByTheListingWritesWhatTheFullRunWrites(edit: String, byParts: Bool) throws {
        let (listed, full) = (VdirSandbox(), VdirSandbox())
        for box in [listed, full] {
            let isListed = box === listed
            try sync(box, Self.family(), inputs: "A", listed: isListed, now: Fixtures.now)
            try sync(box, Self.family(), inputs: "A", listed: isListed, now: Fixtures.now + 60)  // the listing
        }
        #expect(listed.storedText("inputs_listing") != nil)
        // An entry of a medication that does not change (warfarin), unreadable: only a run that
        // never reads it succeeds.
        let schedule = try Self.edited(edit)
        let fullReport = try sync(full, schedule, inputs: "B", listed: false, now: Fixtures.now + 3_600)
        let record = try #require(try SyncStore(path: listed.storePath).feedRecord())
        let other = try #require(record.medications.first { $0.id == "warfarin" }?.uids.first)
        let database = try SQLiteDatabase(path: listed.storePath)
        if byParts { try database.exec("UPDATE items SET owner = 'nobody' WHERE uid = '\(other)'") }
        let report = try sync(listed, schedule, inputs: "B", listed: true, now: Fixtures.now + 3_600)
        #expect(report.builtInPart == byParts)
        try database.exec("UPDATE items SET owner = 'schedule' WHERE uid = '\(other)'")
        #expect(report.outcome?.created.count == fullReport.outcome?.created.count)
        #expect(report.outcome?.updated == fullReport.outcome?.updated)
        #expect(report.outcome?.deleted == fullReport.outcome?.deleted)
        #expect(report.inStep == fullReport.inStep && report.conflicts.isEmpty)
        #expect(
            listed.snapshot.filter { $0.key.hasSuffix(".ics") }.mapValues(\.data)
                == full.snapshot.filter { $0.key.hasSuffix(".ics") }.mapValues(\.data))
        let (a, b) = (try #require(try listed.storedStatus()), try #require(try full.storedStatus()))
        #expect(
            a.entries.mapValues { [$0.owner.rawValue, $0.file, $0.written?.hash ?? "", $0.written?.key ?? ""] }
                == b.entries.mapValues { [$0.owner.rawValue, $0.file, $0.written?.hash ?? "", $0.written?.key ?? ""] })
        #expect(a.entries.mapValues(\.written?.feed) == b.entries.mapValues(\.written?.feed))
        #expect(try SyncStore(path: listed.storePath).baseText() == SyncStore(path: full.storePath).baseText())
        // The run left its listing: the next one is a no-op by it, and a full run finds everything in step.
        let listing = try #require(listed.storedText("inputs_listing"))
        for name in listed.files { #expect(listing.contains(name + "\t" + (VdirFolder.etag(listed.folder + "/" + name) ?? "-"))) }
        let again = try sync(listed, schedule, inputs: "B", listed: true, now: Fixtures.now + 7_200)
        let check = try sync(listed, schedule, inputs: "B", listed: false, now: Fixtures.now + 7_200)
        #expect(again.outcome?.statusWritten == false && check.outcome?.statusWritten == false)
        #expect(check.outcome?.updated == [] && again.inStep == check.inStep)
    }

    @Test func aPhoneEditOfAListedFolderReadsOnlyTheMedicationItTouched() throws {
        let (listed, full) = (VdirSandbox(), VdirSandbox())
        let merging = MergedInPartsTests()
        var daily = try Fixtures.schedule("daily.json")
        daily.log = []  // a skipped dose on the day the series moves to would be an edit left
        var (a, b) = (daily, daily)
        (_, a) = try merging.sync(listed, a, now: Fixtures.now, inParts: true, listed: true)
        (_, b) = try merging.sync(full, b, now: Fixtures.now, inParts: true)
        let record = try #require(try SyncStore(path: listed.storePath).feedRecord())
        let status = try #require(try listed.storedStatus())
        let uid = try #require(record.medications.first { $0.id == "metformin" }?.uids.first)
        let name = try #require(status.entries[uid]?.file)
        for box in [listed, full] { box.write(name, MergedInPartsTests.moved(box.read(name))) }
        // Levothyroxine's entry and base row unreadable: only a run that reads neither succeeds.
        let other = try #require(record.medications.first { $0.id == "levothyroxine" }?.uids.first)
        let (p, newA) = try Self.unreadable(other, in: listed) {
            try merging.sync(listed, a, now: Fixtures.now + 3_600, inParts: true, listed: true)
        }
        let (f, newB) = try merging.sync(full, b, now: Fixtures.now + 3_600, inParts: true)
        #expect(p.merge?.accepted == f.merge?.accepted && p.merge?.accepted.isEmpty == false && newA == newB)
        #expect(p.merge?.changes.changes.map(\.description) == f.merge?.changes.changes.map(\.description))
        try Self.expectAlike(listed, full, merging)
        // The next run is a no-op by the listing the merge recorded.
        try Self.expectNoOpNext(listed, newA, full, newB, merging)
    }

    /// A phone edit that gives a medication new series (one week of a 21/7 cycle moved: the
    /// merge gives it a taper, its series new UIDs) replaces that medication's base rows in place,
    /// by the listing: no other row read, and the base the full run keeps.
    @Test func aPhoneEditThatGivesAMedicationNewSeriesReplacesOnlyItsBaseRows() throws {
        let (listed, full) = (VdirSandbox(), VdirSandbox())
        let merging = MergedInPartsTests()
        var schedule = try Fixtures.schedule("daily.json")
        schedule.log = []
        var cycle = try #require(try Fixtures.schedule("cycle-21-7.json").medications.first)
        cycle.start = LocalDate(year: 2026, month: 11, day: 2)!
        schedule.medications.insert(cycle, at: 0)  // its rows first: the block has no row before it
        var (a, b) = (schedule, schedule)
        (_, a) = try merging.sync(listed, a, now: Fixtures.now, inParts: true, listed: true)
        (_, b) = try merging.sync(full, b, now: Fixtures.now, inParts: true)
        let record = try #require(try SyncStore(path: listed.storePath).feedRecord())
        let status = try #require(try listed.storedStatus())
        let cycleUIDs = try #require(record.medications.first { $0.id == cycle.id }?.uids)
        // A series that is one week of each cycle (every fourth week).
        let name = try #require(
            cycleUIDs.compactMap { status.entries[$0]?.file }.sorted().first { listed.read($0).contains("INTERVAL=4") })
        for box in [listed, full] { box.write(name, MergedInPartsTests.moved(box.read(name))) }
        // The last medication's entry and base row unreadable (not a neighbour of the cycle's rows,
        // which are read for their places): only a run that reads neither succeeds.
        let other = try #require(record.medications.last?.uids.first)
        #expect(record.medications.firstIndex { $0.id == cycle.id }! + 2 < record.medications.count)
        let (p, newA) = try Self.unreadable(other, in: listed) {
            try merging.sync(listed, a, now: Fixtures.now + 3_600, inParts: true, listed: true)
        }
        let (f, newB) = try merging.sync(full, b, now: Fixtures.now + 3_600, inParts: true)
        #expect(p.builtInPart && p.merge?.accepted.isEmpty == false && newA == newB)
        #expect(p.merge?.changes.changes.map(\.description) == f.merge?.changes.changes.map(\.description))
        let after = try #require(try SyncStore(path: listed.storePath).feedRecord())
        #expect(after.medications.first { $0.id == cycle.id }?.uids != cycleUIDs)
        try Self.expectAlike(listed, full, merging)
        // The next edit of the same medication goes by the listing from the rows put in place.
        try Self.expectNoOpNext(listed, newA, full, newB, merging)
    }

    /// `body`, run with the entry and base row of `uid` unreadable in `box`'s store (an unknown
    /// owner, the row under another UID): only a run that reads neither succeeds.
    static func unreadable<T>(_ uid: String, in box: VdirSandbox, _ body: () throws -> T) throws -> T {
        let database = try SQLiteDatabase(path: box.storePath)
        try database.exec("UPDATE items SET owner = 'nobody' WHERE uid = '\(uid)'")
        try database.exec("UPDATE base SET uid = 'hidden' WHERE uid = '\(uid)'")
        defer {
            try? database.exec("UPDATE items SET owner = 'schedule' WHERE uid = '\(uid)'")
            try? database.exec("UPDATE base SET uid = '\(uid)' WHERE uid = 'hidden'")
        }
        return try body()
    }

    /// The folders, statuses and bases of the run by the listing and the full run are the same.
    static func expectAlike(_ listed: VdirSandbox, _ full: VdirSandbox, _ merging: MergedInPartsTests) throws {
        #expect(listed.files == full.files)
        for file in listed.files { #expect(listed.read(file) == full.read(file), "\(file)") }
        #expect(try merging.changed.statusWithoutEtags(listed) == merging.changed.statusWithoutEtags(full))
        #expect(try SyncStore(path: listed.storePath).baseText() == SyncStore(path: full.storePath).baseText())
    }

    /// The next run, the schedules unchanged, is a no-op by the listing the merge recorded.
    static func expectNoOpNext(
        _ listed: VdirSandbox, _ a: Schedule, _ full: VdirSandbox, _ b: Schedule, _ merging: MergedInPartsTests
    ) throws {
        let (again, _) = try merging.sync(listed, a, now: Fixtures.now + 7_200, inParts: true, listed: true)
        let (check, _) = try merging.sync(full, b, now: Fixtures.now + 7_200, inParts: true)
        #expect(again.plan.actions.isEmpty && again.outcome?.statusWritten == false && again.inStep == check.inStep)
    }
}
