import Foundation

@testable import DoseCal

/// A schedules folder, a site folder and a state folder for publish tests, removed on deinit.
/// Schedules are copied from `fixtures/schedules` with a fixed modification time, so every
/// stamp is a literal.
final class PublishSandbox {
    let root: String
    var schedules: String { root + "/schedules" }
    var site: String { root + "/site" }
    var state: String { schedules + "/.dosecal-publish" }
    /// The secret of every publish here: 32 bytes 0x00, 0x01, ... 0x1f.
    static let secret = (0..<32).map { UInt8($0) }
    /// 2026-11-26T10:00:00Z: the modification time given to every schedule copied in.
    static let modified = 1_795_687_200

    init() {
        root = FileManager.default.temporaryDirectory.path + "/dosecal-publish-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: root + "/schedules", withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// Copies fixture `fixture` to `path` (relative to the schedules folder), modified at `modified`.
    func add(_ fixture: String, as path: String, modified: Int = PublishSandbox.modified) throws {
        let data = try Data(contentsOf: Fixtures.root.appendingPathComponent("schedules").appendingPathComponent(fixture))
        try write(data, as: path, modified: modified)
    }

    func write(_ data: Data, as path: String, modified: Int = PublishSandbox.modified) throws {
        let full = schedules + "/" + path
        try FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: full))
        try setModified(full, modified)
    }

    func setModified(_ path: String, _ seconds: Int) throws {
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: TimeInterval(seconds))], ofItemAtPath: path)
    }

    func publisher(jobs: Int = 2) -> Publisher {
        var p = Publisher(schedules: schedules, site: site, state: state)
        p.jobs = jobs
        p.build = "test build"
        p.now = 1_796_000_000
        return p
    }

    @discardableResult
    func publish(_ configure: (inout Publisher) -> Void = { _ in }) throws -> PublishReport {
        var p = publisher()
        configure(&p)
        return try p.run { PublishSandbox.secret }
    }

    /// The file names in the site (the feeds and anything else but the retired names' folder), sorted.
    var feeds: [String] { names(in: site).filter { $0 != Publisher.retiredFolder } }

    /// The retired names marked in the site (`retired/`), sorted.
    var retiredMarks: [String] { names(in: site + "/" + Publisher.retiredFolder) }

    /// Every name in `folder`, sorted (none when it is missing).
    func names(in folder: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() }

    /// The bytes of `name` in the site (read with dosecal's reader: Foundation's `contents(atPath:)`
    /// loses its buffer on an empty file, which the retired marks are).
    func bytes(_ name: String) -> Data? { (try? PlainFile.read(site + "/" + name)) ?? nil }

    /// Permission bits, modification time (seconds) and inode of `path`.
    func status(_ path: String) -> (mode: Int, modified: Int, inode: UInt64) {
        var st = stat()
        precondition(lstat(path, &st) == 0, "no \(path)")
        return (Int(st.st_mode & 0o7777), Int(st.st_mtim.tv_sec), UInt64(st.st_ino))
    }
}
