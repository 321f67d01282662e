import Foundation
import ICal
import Testing

@testable import DoseCal

/// The sync rules on a real temporary folder, with fixtures/schedules/daily.json (Metformin 08:00
/// and 19:00, Levothyroxine 06:30, New York, both with a supply: 3 dose series + 2 refill warnings).
@Suite struct VdirSyncTests {
    let morning = DoseIdentity.series(SlotKey(medicationID: "metformin", slotID: "morning"), .main).uid
    let evening = DoseIdentity.series(SlotKey(medicationID: "metformin", slotID: "evening"), .main).uid

    func daily() throws -> Schedule { try Fixtures.schedule("daily.json") }

    func movedMorning() throws -> Schedule {
        var s = try daily()
        s.medications[0].times[0].time = LocalTime(hour: 8, minute: 30)!
        return s
    }

    @Test func firstSyncFillsANewFolder() throws {
        let box = VdirSandbox()
        let report = try box.sync(daily())
        #expect(report.outcome?.created.count == 5)
        #expect(report.conflicts.isEmpty)
        #expect(box.files.contains(VdirName.fileName(forUID: morning)))
        for name in box.files {
            let text = box.read(name)
            #expect(box.mode(name) == 0o600)
            #expect(text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//dosecal//"))
            #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "LF without CR in \(name)")
            #expect(text.contains("BEGIN:VTIMEZONE\r\nTZID:America/New_York\r\n"))
            #expect(!text.contains("METHOD:"))
            #expect(try VdirContent(bytes: Data(text.utf8)).uids.count == 1)
        }
        #expect(box.read(VdirName.fileName(forUID: morning)).contains("DTSTART;TZID=America/New_York:20260105T080000\r\n"))
    }

    @Test func aSecondSyncWritesNothing() throws {
        let box = VdirSandbox()
        try box.sync(daily())
        let before = box.snapshot
        // The store is not written at all: its bytes and its etag (modification time) stay.
        let store = (FileManager.default.contents(atPath: box.storePath), VdirFolder.etag(box.storePath))
        #expect(store.0 != nil)
        let report = try box.sync(daily(), now: Fixtures.now + 86_400)
        #expect(report.outcome?.created == [] && report.outcome?.updated == [] && report.outcome?.deleted == [])
        #expect(report.outcome?.statusWritten == false)
        #expect(box.snapshot.mapValues(\.etag) == before.mapValues(\.etag))
        #expect(FileManager.default.contents(atPath: box.storePath) == store.0)
        #expect(VdirFolder.etag(box.storePath) == store.1)
    }

    @Test func aScheduleChangeUpdatesTheFileInPlace() throws {
        let box = VdirSandbox()
        try box.sync(daily())
        let name = VdirName.fileName(forUID: morning)
        box.rename(name, "3f2c0a6e-1b1e-4a55-9b52-0f8d0f3b9c11.ics")  // vdirsyncer's kind of name
        let report = try box.sync(movedMorning(), now: Fixtures.now + 86_400)
        // The refill warning names the dose times, so it changes too.
        let refill = VdirName.fileName(forUID: DoseIdentity.supplyWarning(medicationID: "metformin").uid)
        #expect(report.outcome?.updated == [refill, "3f2c0a6e-1b1e-4a55-9b52-0f8d0f3b9c11.ics"])
        let text = box.read("3f2c0a6e-1b1e-4a55-9b52-0f8d0f3b9c11.ics")
        #expect(text.contains("DTSTART;TZID=America/New_York:20260105T083000\r\n"))
        #expect(text.contains("SEQUENCE:1\r\n"))
        #expect(text.contains("LAST-MODIFIED:20261201T120000Z\r\n"))
        #expect(!box.files.contains(name))
    }

    @Test func anEditOnThePhoneIsReportedAndKept() throws {
        let box = VdirSandbox()
        try box.sync(daily())
        let name = VdirName.fileName(forUID: morning)
        let edited = box.read(name).replacingOccurrences(of: "\r\n", with: "\n")
            .replacingOccurrences(of: "20260105T080000", with: "20260105T074500")
        box.remove(name)
        box.write("1d0e5f52-phone.ics", edited)
        let report = try box.sync(movedMorning())
        #expect(report.conflicts == [SyncConflict(uid: morning, kind: .editedInFolder, files: ["1d0e5f52-phone.ics"])])
        #expect(report.plan.changes.owned[morning] == .edited(Data(edited.utf8)))
        let returned = try ReturnedCalendar(parsing: Array(edited.utf8)).series(uid: morning)
        #expect(
            returned?.master?.start
                == .zoned(
                    LocalDateTime(date: LocalDate(year: 2026, month: 1, day: 5)!, time: LocalTime(hour: 7, minute: 45)!),
                    tzid: "America/New_York"))
        #expect(box.read("1d0e5f52-phone.ics") == edited)
        // Reported again at the next run, still kept.
        #expect(try box.sync(movedMorning()).conflicts.map(\.kind) == [.editedInFolder])
        #expect(box.read("1d0e5f52-phone.ics") == edited)
    }

    @Test func forcePreferScheduleOverwritesThePhoneEdit() throws {
        let box = VdirSandbox()
        try box.sync(daily())
        let name = VdirName.fileName(forUID: morning)
        box.write(name, box.read(name).replacingOccurrences(of: "T080000", with: "T074500"))
        let report = try box.sync(daily(), prefer: .schedule, force: true)
        #expect(report.outcome?.updated == [name])
        #expect(box.read(name).contains("T080000"))
        #expect(try box.sync(daily()).conflicts.isEmpty)
    }

    @Test func aDeletionOnThePhoneIsReportedNotUndone() throws {
        let box = VdirSandbox()
        try box.sync(daily())
        let name = VdirName.fileName(forUID: evening)
        box.remove(name)
        let report = try box.sync(daily())
        #expect(report.conflicts == [SyncConflict(uid: evening, kind: .deletedInFolder, files: [name])])
        #expect(report.plan.changes.owned[evening] == .deleted)
        #expect(!box.files.contains(name))
        try box.sync(daily(), force: true)
        #expect(box.files.contains(name))
    }

    @Test func foreignItemsAreNeverTouched() throws {
        let box = VdirSandbox()
        try box.sync(daily())
        let foreign =
            "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:phone\nBEGIN:VEVENT\nUID:lunch-1\nDTSTART:20261201T170000Z\nSUMMARY:Lunch\nEND:VEVENT\nEND:VCALENDAR\n"
        box.write("lunch.ics", foreign)
        box.write("broken.ics", "not a calendar")
        box.write("color", "#FF0000")
        let etags = box.snapshot.filter { ["lunch.ics", "broken.ics", "color"].contains($0.key) }.mapValues(\.etag)
        let first = try box.sync(try movedMorning(), force: true, dryRun: false)
        #expect(first.plan.changes.foreignAdded == ["lunch-1"])
        #expect(first.plan.unusable.map(\.file) == ["broken.ics"])
        #expect(try box.sync(daily()).plan.changes.foreignAdded == [])
        #expect(box.snapshot.filter { etags.keys.contains($0.key) }.mapValues(\.etag) == etags)
        #expect(box.read("lunch.ics") == foreign)
    }

    @Test func aDuplicateUIDIsReportedAndBothCopiesKept() throws {
        let box = VdirSandbox()
        try box.sync(daily())
        let name = VdirName.fileName(forUID: morning)
        box.write("dose-copy.sync-conflict.ics", box.read(name))
        let report = try box.sync(movedMorning())
        #expect(
            report.conflicts == [SyncConflict(uid: morning, kind: .duplicateUID, files: [name, "dose-copy.sync-conflict.ics"])])
        #expect(report.plan.changes.duplicates[morning] == [name, "dose-copy.sync-conflict.ics"])
        #expect(box.read(name).contains("T080000"))
    }

    @Test func anEmptiedOrMissingFolderStopsTheSync() throws {
        let box = VdirSandbox()
        try box.sync(daily())
        for name in box.files { box.remove(name) }
        #expect(throws: SyncError.ownedItemsVanished(path: box.folder, owned: 5)) { try box.sync(daily()) }
        try FileManager.default.removeItem(atPath: box.folder)
        #expect(throws: SyncError.folderMissing(path: box.folder, owned: 5)) { try box.sync(daily()) }
        #expect(try box.sync(daily(), force: true).outcome?.created.count == 5)
    }

    @Test func aSecondSyncCannotRunAtTheSameTime() throws {
        let box = VdirSandbox()
        let lock = try SyncStore(path: box.storePath)
        #expect(throws: SyncError.locked(path: box.storePath)) { try box.sync(daily()) }
        withExtendedLifetime(lock) {}
    }

    @Test func aDryRunWritesNothing() throws {
        let box = VdirSandbox()
        let report = try box.sync(daily(), dryRun: true)
        #expect(report.plan.actions.filter(\.touchesFolder).count == 5)
        #expect(!FileManager.default.fileExists(atPath: box.folder))
        // The store exists (it is the lock) and records nothing.
        #expect(try box.storedStatus() == nil)
        #expect(!FileManager.default.fileExists(atPath: box.statusPath))
    }

    @Test func aLostStatusAdoptsMatchingFiles() throws {
        let box = VdirSandbox()
        try box.sync(daily())
        try FileManager.default.removeItem(atPath: box.storePath)
        let before = box.snapshot.mapValues(\.etag)
        let report = try box.sync(daily())
        #expect(report.conflicts.isEmpty)
        #expect(report.outcome?.created == [])
        #expect(box.snapshot.mapValues(\.etag) == before)
    }

    @Test func anInterruptedSyncConvergesAtTheNextRun() throws {
        let reference = VdirSandbox()
        try reference.sync(daily())
        try reference.sync(movedMorning(), now: Fixtures.now + 86_400)
        for limit in 0..<8 {
            let box = VdirSandbox()
            try box.sync(daily())
            try box.sync(movedMorning(), now: Fixtures.now + 86_400, stepLimit: limit)
            let report = try box.sync(movedMorning(), now: Fixtures.now + 86_400)
            #expect(report.conflicts.isEmpty, "limit \(limit)")
            #expect(
                box.snapshot.filter { $0.key.hasSuffix(".ics") }.mapValues(\.data)
                    == reference.snapshot.filter { $0.key.hasSuffix(".ics") }.mapValues(\.data), "limit \(limit)")
            let after = box.snapshot.mapValues(\.etag)
            #expect(
                try box.sync(movedMorning(), now: Fixtures.now + 2 * 86_400).outcome?.statusWritten == false, "limit \(limit)")
            #expect(box.snapshot.mapValues(\.etag) == after, "limit \(limit)")
        }
    }

    @Test func twoInterruptedRunsWithDifferentSchedulesConverge() throws {
        var later = try daily()
        later.medications[0].times[0].time = LocalTime(hour: 9, minute: 0)!
        for first in 0..<5 {
            for second in 0..<5 {
                let box = VdirSandbox()
                try box.sync(daily())
                try box.sync(movedMorning(), now: Fixtures.now + 86_400, stepLimit: first)
                try box.sync(later, now: Fixtures.now + 2 * 86_400, stepLimit: second)
                let report = try box.sync(later, now: Fixtures.now + 3 * 86_400)
                #expect(report.conflicts.isEmpty, "kills after \(first) and \(second) steps: \(report.conflicts.map(\.message))")
                #expect(
                    box.read(VdirName.fileName(forUID: morning)).contains("T090000"), "kills after \(first) and \(second) steps")
            }
        }
    }
}
