import Foundation

@testable import DoseCal

#if canImport(Glibc)
    import Glibc
#endif

/// A temporary vdir folder and schedule location for sync tests, removed on deinit.
final class VdirSandbox {
    let root: String
    let folder: String
    let statusPath: String

    init() {
        let base = FileManager.default.temporaryDirectory.path + "/dosecal-vdir-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        root = base
        folder = base + "/calendar"
        statusPath = SyncStatus.path(schedule: base + "/schedule.json", folder: folder)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// The pairing's store file.
    var storePath: String { SyncStore.path(stem: statusPath) }

    /// The first column of the first row `sql` gives in the store, as an integer (nil: no row, or
    /// no store). Read without the sync's lock.
    func stored(_ sql: String) -> Int? {
        guard FileManager.default.fileExists(atPath: storePath) else { return nil }
        return try! SQLiteDatabase(path: storePath).integer(sql)
    }

    /// Whether the store's meta table holds `name` (a record of the last clean run, the base).
    func storeHolds(_ name: String) -> Bool { stored("SELECT count(*) FROM meta WHERE name = '\(name)'") == 1 }

    /// The text of `name` in the store's meta table (nil: none, or no store).
    func storedText(_ name: String) -> String? {
        guard FileManager.default.fileExists(atPath: storePath) else { return nil }
        let select = try! SQLiteDatabase(path: storePath).prepare("SELECT value FROM meta WHERE name = ?")
        try! select.bind(name, at: 1)
        return try! select.step() ? select.optionalText(0) : nil
    }

    /// The status in the store (nil: none).
    func storedStatus() throws -> SyncStatus? { try SyncStore(path: storePath).readStatus() }

    @discardableResult
    func sync(
        _ schedule: Schedule, now: Int = Fixtures.now, prefer: ReconcilePreference = .schedule, force: Bool = false,
        dryRun: Bool = false, stepLimit: Int? = nil
    ) throws -> VdirSync.Report {
        var sync = VdirSync(folder: folder, statusPath: statusPath)
        sync.prefer = prefer
        sync.force = force
        sync.dryRun = dryRun
        return try sync.run(schedule: schedule, now: now, stepLimit: stepLimit)
    }

    /// A sync with the merge on, as the CLI runs it (with a build fingerprint and each
    /// medication's from the schedule file's text, so that runs by parts are taken); `schedule`
    /// becomes what it would write into the schedule file.
    func mergingSync(_ schedule: inout Schedule, now: Int, stepLimit: Int? = nil) throws -> VdirSync.Report {
        var sync = VdirSync(folder: folder, statusPath: statusPath)
        sync.mergeEdits = true
        sync.build = "test build"
        sync.medicationFingerprints = ScheduleCodec.medicationFingerprints(ScheduleCodec.encode(schedule))
        var saved: Schedule? = nil
        let report = try sync.run(schedule: schedule, now: now, stepLimit: stepLimit) { saved = $0.schedule }
        if let saved { schedule = saved }
        return report
    }

    /// Item file names, sorted.
    var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".ics") }.sorted()
    }

    /// Every file in the folder with its bytes and etag.
    var snapshot: [String: (data: Data, etag: String)] {
        var result: [String: (Data, String)] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            let path = folder + "/" + name
            result[name] = (FileManager.default.contents(atPath: path) ?? Data(), VdirFolder.etag(path) ?? "")
        }
        return result
    }

    func read(_ name: String) -> String {
        String(decoding: FileManager.default.contents(atPath: folder + "/" + name)!, as: UTF8.self)
    }

    func write(_ name: String, _ text: String) {
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let written = FileManager.default.createFile(atPath: folder + "/" + name, contents: Data(text.utf8))
        precondition(written, "cannot write \(name) in the test folder")
    }

    func remove(_ name: String) { try? FileManager.default.removeItem(atPath: folder + "/" + name) }

    func rename(_ from: String, _ to: String) {
        try? FileManager.default.moveItem(atPath: folder + "/" + from, toPath: folder + "/" + to)
    }

    /// The file holding `uid`, if exactly one does.
    func file(holding uid: String) -> String? {
        let names = files.filter { read($0).contains("UID:\(uid)") }
        return names.count == 1 ? names[0] : nil
    }

    func mode(_ name: String) -> mode_t {
        var st = stat()
        stat(folder + "/" + name, &st)
        return st.st_mode & 0o777
    }
}
