import DoseCal
import Foundation
import ICal

/// Loads the hand-made client fixtures under fixtures/clients (copies of real client forms,
/// started from `dosecal export fixtures/schedules/demo.json --now 2026-11-20T00:00:00Z`).
enum ClientFixtures {
    static let directory = Fixtures.root.appendingPathComponent("clients")

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    /// Every fixture's file name, sorted.
    static func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".ics") }.sorted()
    }

    static func read(_ name: String) throws -> ReturnedCalendar {
        try ReturnedCalendar(parsing: bytes(name))
    }

    /// UIDs of the demo schedule's series (decision 0001).
    static let metformin0800 = "dose-bbc7306c05e0f4dde4e11953@dosecal.app"
    static let metformin1900 = "dose-2104fe0d82263d7add254334@dosecal.app"

    /// 2026-12-03T08:00:00-05:00, the occurrence most fixtures edit.
    static let dec3At0800 = 1_796_302_800
}
