import DoseCal
import Foundation
import ICal
import Testing

/// Each example schedule's export is pinned byte for byte in fixtures/golden/. After an
/// intended change, regenerate with `DOSECAL_UPDATE_GOLDEN=1 swift test --filter GoldenFeedTests`
/// and review the diff.
@Suite struct GoldenFeedTests {
    @Test(arguments: Fixtures.scheduleNames)
    func exportMatchesGolden(_ name: String) throws {
        let text = try Fixtures.export(name)
        let golden = Fixtures.root.appendingPathComponent("golden").appendingPathComponent(
            name.replacingOccurrences(of: ".json", with: ".ics"))
        if ProcessInfo.processInfo.environment["DOSECAL_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: golden)
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        #expect(text == expected, "export of \(name) differs from \(golden.lastPathComponent)")
    }

    @Test func fixturesCoverEveryRecurrenceKindAndPolicy() throws {
        var kinds = Set<String>()
        var policies = Set<String>()
        for name in Fixtures.scheduleNames {
            for m in try Fixtures.schedule(name).medications {
                switch m.recurrence {
                case .daily: kinds.insert("daily")
                case .weekly(_, let n): kinds.insert(n > 1 ? "everyNWeeks" : "weekly")
                case .everyNDays: kinds.insert("everyNDays")
                case .cycle: kinds.insert("cycle")
                case .everyNHours: kinds.insert("everyNHours")
                case .asNeeded: kinds.insert("asNeeded")
                }
                if !m.taper.isEmpty { kinds.insert("taper") }
                policies.insert(String(describing: m.timePolicy).components(separatedBy: "(").first!)
            }
        }
        #expect(kinds == ["daily", "weekly", "everyNWeeks", "everyNDays", "cycle", "everyNHours", "asNeeded", "taper"])
        #expect(policies == ["wallClock", "pinned", "fixedInterval", "floating", "gradual"])
    }
}
