import DoseCal
import Foundation
import ICal
import Testing

/// Phone edits in the folder merged back into the schedule by the reconcile engine
/// (`VdirSync.mergeEdits`, on in `dosecal sync`), with fixtures/schedules/daily.json.
@Suite struct VdirMergeTests {
    let morning = DoseIdentity.series(SlotKey(medicationID: "metformin", slotID: "morning"), .main).uid
    let evening = DoseIdentity.series(SlotKey(medicationID: "metformin", slotID: "evening"), .main).uid

    /// A merging sync; `saved` receives the change set the CLI would write into the schedule file.
    func sync(_ box: VdirSandbox, _ schedule: Schedule, now: Int = Fixtures.now, prefer: ReconcilePreference? = nil)
        throws -> (report: VdirSync.Report, saved: ChangeSet?)
    {
        var sync = VdirSync(folder: box.folder, statusPath: box.statusPath)
        sync.mergeEdits = true
        sync.reconcilePreference = prefer
        var saved: ChangeSet? = nil
        let report = try sync.run(schedule: schedule, now: now) { saved = $0.changes }
        return (report, saved)
    }

    @Test func aSeriesTimeChangedOnThePhoneComesBackAndTheFolderSettles() throws {
        let box = VdirSandbox()
        let schedule = try Fixtures.schedule("daily.json")
        _ = try sync(box, schedule)
        let name = VdirName.fileName(forUID: morning)
        // The phone moves every morning dose to 08:30; vdirsyncer writes LF line endings.
        let edited = box.read(name).replacingOccurrences(of: "T080000\r\n", with: "T083000\r\n")
            .replacingOccurrences(of: "\r\n", with: "\n")
        box.write(name, edited)
        let (report, saved) = try sync(box, schedule, now: Fixtures.now + 3600)
        let changes = try #require(saved).changes
        #expect(changes.count == 1)
        guard case .slotTime(let slot, _, _, let old, let new)? = changes.first?.kind else {
            Issue.record("expected a slot time change, got \(changes)")
            return
        }
        #expect(slot == "morning" && old == LocalTime(hour: 8, minute: 0)! && new == LocalTime(hour: 8, minute: 30)!)
        #expect(report.conflicts.isEmpty)
        #expect(report.merge?.accepted == [morning])
        // The folder now holds the merged schedule's series (CRLF again), and a further sync with
        // the saved schedule writes nothing.
        #expect(box.read(name).contains("DTSTART;TZID=America/New_York:20260105T083000\r\n"))
        let merged = try schedule.applying(changes, now: Fixtures.now + 3600)
        let before = box.snapshot
        let (again, none) = try sync(box, merged, now: Fixtures.now + 7200)
        #expect(none == nil)
        #expect(again.outcome?.created == [] && again.outcome?.updated == [] && again.outcome?.deleted == [])
        #expect(box.snapshot.mapValues(\.etag) == before.mapValues(\.etag))
    }

    @Test func aSeriesDeletedOnThePhoneStopsTheSlotFromToday() throws {
        let box = VdirSandbox()
        let schedule = try Fixtures.schedule("daily.json")
        _ = try sync(box, schedule)
        box.remove(VdirName.fileName(forUID: evening))
        let (report, saved) = try sync(box, schedule)
        let changes = try #require(saved).changes
        #expect(changes.count == 1)
        guard case .slotStopped(let slot, let from)? = changes.first?.kind else {
            Issue.record("expected the evening slot to stop, got \(changes)")
            return
        }
        #expect(slot == "evening" && from == LocalDate(year: 2026, month: 11, day: 30)!)
        #expect(report.conflicts.isEmpty)
    }

    @Test func anEditOnBothSidesIsAConflictAndNeitherSideChanges() throws {
        let box = VdirSandbox()
        let schedule = try Fixtures.schedule("daily.json")
        _ = try sync(box, schedule)
        let name = VdirName.fileName(forUID: morning)
        let phone = box.read(name).replacingOccurrences(of: "T080000\r\n", with: "T083000\r\n")
        box.write(name, phone)
        var ours = schedule
        ours.medications[0].times[0].time = LocalTime(hour: 9, minute: 0)!
        let (report, saved) = try sync(box, ours)
        #expect(saved == nil)
        #expect(report.merge?.changes.conflicts.isEmpty == false)
        #expect(report.conflicts.contains { $0.uid == morning })
        #expect(box.read(name) == phone)
        // With a preference, the calendar's value wins and the folder settles.
        let (preferred, taken) = try sync(box, ours, prefer: .calendar)
        #expect(taken?.changes.isEmpty == false)
        #expect(preferred.conflicts.isEmpty)
    }

    @Test func anEditTheScheduleCannotHoldIsKeptAndReported() throws {
        let box = VdirSandbox()
        let schedule = try Fixtures.schedule("daily.json")
        _ = try sync(box, schedule)
        let name = VdirName.fileName(forUID: morning)
        let phone = box.read(name).replacingOccurrences(of: "DURATION:PT15M", with: "DURATION:PT45M")
        #expect(phone != box.read(name))
        box.write(name, phone)
        let (report, saved) = try sync(box, schedule)
        #expect(saved == nil)
        #expect(report.merge?.accepted == [])
        #expect(report.conflicts.map(\.uid) == [morning])
        #expect(box.read(name) == phone)
    }
}
