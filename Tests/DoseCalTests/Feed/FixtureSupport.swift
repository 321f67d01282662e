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

    /// Examples import does not give back yet, and why: their round trips run as known issues,
    /// so a fix is noticed (the run then reports the issue missing).
    static let importLimits = [
        "travel-spacing.json":
            "a 21/7 cycle whose series are cut by travel inside its \"on\" block comes back unmapped; a taper step "
            + "on the last day of a stop (prednisolone, 2026-12-11) comes back with the step before's amount",
        "travel-spacing-gradual.json":
            "the same cycle; and import reads no gradual time policy: its moves to another day are not imported",
        // The family's people, their zones and words come back (people.json round-trips in full);
        // what does not is the cycle and the gradual policy, as in the travel fixtures.
        "family.json":
            "a 21/7 cycle whose series are cut by travel inside its \"on\" block comes back unmapped; import reads "
            + "no gradual time policy: its moves to another day are not imported",
        "family-wall-clock.json":
            "a 21/7 cycle whose series are cut by travel inside its \"on\" block comes back unmapped; a taper step "
            + "on the last day of a stop (prednisolone, 2026-12-11) comes back with the step before's amount",
    ]

    /// 2026-11-30T12:00:00Z, the fixed "now" of every golden export.
    static let now = 1_796_040_000

    static func export(_ name: String, privacy: Bool? = nil, previous: [String: FeedRevision] = [:], now: Int = now) throws
        -> String
    {
        try FeedBuilder(schedule: schedule(name), privacy: privacy, previous: previous, now: now).build().serialized()
    }
}
