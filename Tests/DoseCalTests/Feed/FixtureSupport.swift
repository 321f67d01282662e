import DoseCal
import Foundation
import ICal

/// Paths and loaders for the repository's fixtures.
enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fixtures")

    /// The valid example schedules, by file name.
    static var scheduleNames: [String] {
        let dir = root.appendingPathComponent("schedules")
        return ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted()
    }

    static func schedule(_ name: String) throws -> Schedule {
        let url = root.appendingPathComponent("schedules").appendingPathComponent(name)
        return try ScheduleCodec.decode(Data(contentsOf: url), file: name)
    }

    /// 2026-11-30T12:00:00Z, the fixed "now" of every golden export.
    static let now = 1_796_040_000

    static func export(_ name: String, privacy: Bool? = nil, previous: [String: FeedRevision] = [:], now: Int = now) throws
        -> String
    {
        try FeedBuilder(schedule: schedule(name), privacy: privacy, previous: previous, now: now).build().serialized()
    }
}
