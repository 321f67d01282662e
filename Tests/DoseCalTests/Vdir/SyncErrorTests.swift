import DoseCal
import Foundation
import ICal
import Testing

/// A sync stopped by another layer keeps that layer's error (decision 0080).
@Suite struct SyncErrorTests {
    struct Refused: Error, CustomStringConvertible {
        var description: String { "disk full" }
    }

    @Test func aScheduleThatCannotBeSavedStopsTheSyncWithTheCallersError() throws {
        let box = VdirSandbox()
        let schedule = try Fixtures.schedule("daily.json")
        var sync = VdirSync(folder: box.folder, statusPath: box.statusPath)
        sync.mergeEdits = true
        _ = try sync.run(schedule: schedule, now: Fixtures.now)
        let name = VdirName.fileName(
            forUID: DoseIdentity.series(SlotKey(medicationID: "metformin", slotID: "morning"), .main).uid)
        let edited = box.read(name).replacingOccurrences(of: "T080000\r\n", with: "T083000\r\n")
        box.write(name, edited)
        do {
            _ = try sync.run(schedule: schedule, now: Fixtures.now + 3600) { _ in throw Refused() }
            Issue.record("the sync went on without the schedule")
        } catch {
            guard case .scheduleNotSaved(let folder, let cause) = error else {
                Issue.record("expected scheduleNotSaved, got \(error)")
                return
            }
            #expect(folder == box.folder)
            #expect(cause.error is Refused)
            #expect(error.underlying is Refused)
            #expect(error.description == "\(box.folder): the merged schedule could not be written: disk full")
        }
        #expect(box.read(name) == edited)  // the folder is not written
    }

    @Test func onlyErrorsOfAnotherLayerHaveAnUnderlyingOne() {
        #expect(SyncError.locked(path: "/s.lock").underlying == nil)
        #expect(SyncError.io(path: "/f", reason: "x").underlying == nil)
        #expect(SyncError.merge(folder: "/f", .noDosecalEvents).underlying as? ReconcileError == .noDosecalEvents)
        #expect(SyncError.unreadableItems(folder: "/f", .empty).underlying as? ICalError == .empty)
    }
}
