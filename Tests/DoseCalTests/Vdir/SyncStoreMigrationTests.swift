import Foundation
import Testing

@testable import DoseCal

/// The files of the sync before the store (fixtures/sync-migration, made by that dosecal) move
/// into the store without losing anything, and the next sync gives what that dosecal gave.
@Suite struct SyncStoreMigrationTests {
    static let fixture = Fixtures.root.appendingPathComponent("sync-migration").path
    /// 2026-12-01T12:00:00Z, the fixture's second sync.
    static let now = 1_796_126_400

    /// The fixture's `before` copied into `box`'s root: the old files renamed to the stem of the
    /// box's folder, and the status' folder line naming it (both name the folder's path).
    static func copyBefore(into box: VdirSandbox) throws -> String {
        let fm = FileManager.default
        let source = fixture + "/before"
        for name in try fm.contentsOfDirectory(atPath: source) {
            var target = name == "cal" ? URL(fileURLWithPath: box.folder).lastPathComponent : name
            if name.hasPrefix(".schedule.json.sync-") {
                let suffix = name.dropFirst(".schedule.json.sync-".count + 12)
                target = URL(fileURLWithPath: box.statusPath).lastPathComponent + suffix
            }
            try fm.copyItem(atPath: source + "/" + name, toPath: box.root + "/" + target)
        }
        let text = try String(contentsOfFile: box.statusPath, encoding: .utf8)
        let moved = text.replacingOccurrences(of: "folder\t/tmp/dosecal-sync-migration/cal", with: "folder\t" + box.folder)
        #expect(moved != text)
        try Data(moved.utf8).write(to: URL(fileURLWithPath: box.statusPath))
        return box.statusPath
    }

    /// Everything the old files hold is in the store after one open; then they are gone.
    @Test func theOldFilesMoveIntoTheStore() throws {
        let box = VdirSandbox()
        let stem = try Self.copyBefore(into: box)
        let old = try SyncStatus(decoding: Data(contentsOf: URL(fileURLWithPath: stem)), source: stem)
        let oldBase = try Data(contentsOf: URL(fileURLWithPath: stem + ".base.ics"))
        do {
            let store = try SyncStore.open(stem: stem)
            #expect(try store.readStatus() == old)
            #expect(try store.baseText() == oldBase)
            #expect(try store.readBase()?.series.count == 5)
        }
        for suffix in ["", ".lock", ".base.ics", ".feed", ".inputs"] {
            #expect(!FileManager.default.fileExists(atPath: stem + suffix), "\(suffix)")
        }
        let ours = try FileManager.default.contentsOfDirectory(atPath: box.root).filter { $0.hasPrefix(".") }.sorted()
        #expect(ours == [".schedule.json.lock", URL(fileURLWithPath: box.storePath).lastPathComponent])
    }

    /// The sync after the move: the folder, the schedule and the report are those the dosecal
    /// before the store gave (fixtures/sync-migration/expected).
    @Test func theNextSyncGivesWhatTheOldDosecalGave() throws {
        let box = VdirSandbox()
        _ = try Self.copyBefore(into: box)
        var schedule = try ScheduleCodec.decode(
            Data(contentsOf: URL(fileURLWithPath: box.root + "/schedule.json")), file: "schedule.json")
        var sync = VdirSync(folder: box.folder, statusPath: box.statusPath)
        sync.mergeEdits = true
        var saved: Data? = nil
        let report = try sync.run(schedule: schedule, now: Self.now) { saved = $0.bytes() }
        let expected = Self.fixture + "/expected"
        #expect(saved == FileManager.default.contents(atPath: expected + "/schedule.json"))
        let names = try FileManager.default.contentsOfDirectory(atPath: expected + "/cal").sorted()
        #expect(box.files == names)
        for name in names {
            #expect(
                FileManager.default.contents(atPath: box.folder + "/" + name)
                    == FileManager.default.contents(atPath: expected + "/cal/" + name), "\(name)")
        }
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: expected + "/report.json")))
                as? [String: Any])
        #expect(report.outcome?.updated == json["updated"] as? [String])
        #expect(report.outcome?.created == json["created"] as? [String])
        #expect(report.inStep == json["inStep"] as? Int)
        let changes = (json["merged"] as? [String: Any])?["changes"] as? [[String: Any]]
        #expect(report.merge?.changes.changes.map(\.description) == changes?.compactMap { $0["description"] as? String })
        #expect(report.conflicts.isEmpty && (json["conflicts"] as? [Any])?.isEmpty == true)
        // And the run after it is in step, from the store alone.
        if let saved { schedule = try ScheduleCodec.decode(saved, file: "schedule.json") }
        let again = try sync.run(schedule: schedule, now: Self.now + 60)
        #expect(again.outcome?.statusWritten == false && again.conflicts.isEmpty)
    }

    /// A dry run over the old files reads them (it plans what the sync after the move does) and
    /// writes nothing: the old files stay as they were, no store is made.
    @Test func aDryRunReadsTheOldFilesAndMovesNothing() throws {
        let box = VdirSandbox()
        let stem = try Self.copyBefore(into: box)
        let before = try Self.files(box.root)
        var schedule = try ScheduleCodec.decode(
            Data(contentsOf: URL(fileURLWithPath: box.root + "/schedule.json")), file: "schedule.json")
        var dry = VdirSync(folder: box.folder, statusPath: stem)
        dry.mergeEdits = true
        dry.dryRun = true
        let planned = try dry.run(schedule: schedule, now: Self.now)
        #expect(try Self.files(box.root) == before)
        #expect(!FileManager.default.fileExists(atPath: box.storePath))
        // What it planned is what the sync after the move merges and writes.
        var real = dry
        real.dryRun = false
        let report = try real.run(schedule: schedule, now: Self.now) { schedule = $0.schedule }
        #expect(planned.merge?.changes.changes.map(\.description) == report.merge?.changes.changes.map(\.description))
        #expect(planned.merge?.changes.changes.isEmpty == false)
        let written = planned.plan.actions.compactMap { action -> String? in
            switch action {
            case .create(_, let file), .update(_, let file, _): return file
            default: return nil
            }
        }
        #expect(!written.isEmpty)
        #expect(written.sorted() == ((report.outcome?.updated ?? []) + (report.outcome?.created ?? [])).sorted())
    }

    /// Every file under `root` (names relative to it) with its bytes.
    static func files(_ root: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let walker = FileManager.default.enumerator(atPath: root)
        while let name = walker?.nextObject() as? String {
            // dosecal's reader: Foundation's `contents(atPath:)` loses its buffer on an empty file.
            if let data = (try? PlainFile.read(root + "/" + name)) ?? nil { files[name] = data }
        }
        return files
    }

    /// An old status that cannot be read stops the sync as it always did, and the old files stay.
    @Test func aDamagedOldStatusStopsTheSyncAsBefore() throws {
        let box = VdirSandbox()
        let stem = try Self.copyBefore(into: box)
        try Data("not a status\n".utf8).write(to: URL(fileURLWithPath: stem))
        let schedule = try Fixtures.schedule("daily.json")
        #expect(throws: SyncError.badStatus(path: stem, line: 1, reason: "it does not start with \"dosecal-sync-status\\t1\"")) {
            try box.sync(schedule, now: Self.now)
        }
        for suffix in ["", ".base.ics", ".feed", ".inputs"] {
            #expect(FileManager.default.fileExists(atPath: stem + suffix), "\(suffix)")
        }
        #expect(try box.storedStatus() == nil)
        // Moved away as the message says: the next sync starts afresh and adopts the items.
        try FileManager.default.removeItem(atPath: stem)
        #expect(try box.sync(schedule, now: Self.now).outcome?.finished == true)
    }
}
