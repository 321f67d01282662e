import DoseCalTestSupport
import Foundation
import ICal
import Testing

@testable import DoseCal

/// A sync after a clean one rebuilds only the medications whose entry changed (decision 0115):
/// the folder, the status (but for etags), the merge base and the report must be exactly what
/// building every item gives.
@Suite struct ChangedSyncTests {
    /// The stored status' entries, one line each in UID order, without the etags (they name
    /// inodes and times of each folder's own files) and the folder's path.
    func statusWithoutEtags(_ box: VdirSandbox) throws -> String {
        let status = try #require(try box.storedStatus())
        return status.entries.values.sorted { $0.uid < $1.uid }.map { e in
            var e = e
            e.etag = "-"
            return "\(e)"
        }.joined(separator: "\n")
    }

    @discardableResult
    func sync(_ box: VdirSandbox, _ schedule: Schedule, now: Int, inParts: Bool, fromFile: Bool = false) throws
        -> VdirSync.Report
    {
        var sync = VdirSync(folder: box.folder, statusPath: box.statusPath)
        sync.mergeEdits = true
        if inParts { sync.build = "test build" }
        // As the CLI does: each medication's fingerprint from its text in the schedule file.
        if fromFile { sync.medicationFingerprints = ScheduleCodec.medicationFingerprints(ScheduleCodec.encode(schedule)) }
        return try sync.run(schedule: schedule, now: now)
    }

    /// Syncs `first` then `second` into two folders, one in parts and one in full; returns
    /// whether the second run in parts skipped the unchanged medications.
    @discardableResult
    func compare(_ first: Schedule, _ second: Schedule, _ label: String, fromFile: Bool = false) throws -> Bool {
        let parts = VdirSandbox()
        let full = VdirSandbox()
        try sync(parts, first, now: Fixtures.now, inParts: true, fromFile: fromFile)
        try sync(full, first, now: Fixtures.now, inParts: false)
        let a = try sync(parts, second, now: Fixtures.now + 86_400, inParts: true, fromFile: fromFile)
        let b = try sync(full, second, now: Fixtures.now + 86_400, inParts: false)
        #expect(parts.files == full.files, "\(label)")
        for name in parts.files { #expect(parts.read(name) == full.read(name), "\(label): \(name)") }
        let (p, f) = (try statusWithoutEtags(parts).split(separator: "\n"), try statusWithoutEtags(full).split(separator: "\n"))
        #expect(p.count == f.count, "\(label): status lines")
        for (x, y) in zip(p, f) where x != y { Issue.record("\(label): status\n\(x)\n\(y)") }
        let base = { (box: VdirSandbox) in try SyncStore(path: box.storePath).baseText() }
        #expect(try base(parts) == base(full), "\(label): base")
        #expect(try base(parts) != nil, "\(label): base")
        #expect(a.plan.actions.map(summary) == b.plan.actions.map(summary), "\(label)")
        #expect(a.outcome == b.outcome, "\(label)")
        // Once more from the state the parts run left: the same again.
        let again = try sync(parts, second, now: Fixtures.now + 2 * 86_400, inParts: true, fromFile: fromFile)
        #expect(again.outcome?.statusWritten == false, "\(label)")
        return a.builtInPart
    }

    /// An action without the etag (each folder's files have their own inodes).
    func summary(_ action: SyncAction) -> String {
        switch action {
        case .create(let item, let file): return "create \(item.uid) \(file) \(item.hash) \(item.key) \(item.revision)"
        case .update(let item, let file, _): return "update \(item.uid) \(file) \(item.hash) \(item.key) \(item.revision)"
        case .delete(let uid, let file, _): return "delete \(uid) \(file)"
        case .leave(let uid): return "leave \(uid)"
        case .reportConflict(let c): return "conflict \(c.uid) \(c.kind) \(c.files)"
        }
    }

    func edited(_ schedule: Schedule, seed: UInt64) -> Schedule {
        var s = schedule
        guard !s.medications.isEmpty else { return s }
        let i = Int(seed) % s.medications.count
        if var slot = s.medications[i].times.first,
            let moved = LocalTime(hour: (slot.time.hour + 1) % 24, minute: slot.time.minute)
        {
            slot.time = moved
            s.medications[i].times[0] = slot
        }
        if seed % 3 == 0, s.medications.count > 2 { s.medications.remove(at: (i + 1) % s.medications.count) }
        if seed % 4 == 0, var copy = s.medications.first {
            copy.id += "-copy"
            s.medications.append(copy)
        }
        return s
    }

    @Test func generatedSchedulesGiveWhatAFullBuildGives() throws {
        var inParts = 0
        for seed in UInt64(1)...12 {
            var generator = ScheduleGenerator(seed: seed)
            let first = generator.schedule()
            if try compare(first, edited(first, seed: seed), "seed \(seed)", fromFile: seed % 2 == 0) { inParts += 1 }
        }
        #expect(inParts > 0)
    }

    @Test(arguments: Fixtures.scheduleNames) func everyFixtureWithAChangedTime(_ name: String) throws {
        let first = try Fixtures.schedule(name)
        let byEncoding = try compare(first, edited(first, seed: 1), name)
        let byText = try compare(first, edited(first, seed: 1), name + " (fingerprints from the file)", fromFile: true)
        #expect(byText == byEncoding, "\(name): in parts either way")
    }

    @Test func anUnchangedScheduleIsInStepAndWritesNothing() throws {
        let box = VdirSandbox()
        let schedule = try Fixtures.schedule("daily.json")
        try sync(box, schedule, now: Fixtures.now, inParts: true)
        let before = box.snapshot.mapValues(\.etag)
        let report = try sync(box, schedule, now: Fixtures.now + 60, inParts: true)
        #expect(report.builtInPart)
        #expect(report.outcome?.statusWritten == false)
        #expect(box.snapshot.mapValues(\.etag) == before)
    }

    @Test func aPhoneEditRunsInFullAndIsMerged() throws {
        let box = VdirSandbox()
        var schedule = try Fixtures.schedule("daily.json")
        try sync(box, schedule, now: Fixtures.now, inParts: true)
        let name = try #require(box.files.first)
        box.write(name, box.read(name).replacingOccurrences(of: "SUMMARY:", with: "SUMMARY:Edited "))
        schedule.medications[0].notes = "changed"
        let report = try sync(box, schedule, now: Fixtures.now + 60, inParts: true)
        #expect(!report.builtInPart)
        #expect(!report.folderChanges.owned.isEmpty)
    }

    @Test func aRecordOfAnotherBuildIsNotUsed() throws {
        let box = VdirSandbox()
        var schedule = try Fixtures.schedule("daily.json")
        try sync(box, schedule, now: Fixtures.now, inParts: true)
        #expect(box.storeHolds("feed_key"))
        schedule.feed.name = "Other"
        let report = try sync(box, schedule, now: Fixtures.now + 60, inParts: true)
        #expect(!report.builtInPart)
    }
}
