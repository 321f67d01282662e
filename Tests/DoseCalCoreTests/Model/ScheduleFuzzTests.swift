import DoseCalTestSupport
import Foundation
import Testing

@testable import DoseCalCore

@Suite struct ScheduleFuzzTests {
    /// Randomly damaged schedule files never crash the decoder; whatever still decodes round-trips;
    /// `validate` finds what `decode` finds.
    @Test func damagedFilesFailCleanly() throws {
        let original = Array(try Data(contentsOf: scheduleFixtures.appendingPathComponent("demo.json")))
        let pieces = [
            "0", "-1", "1.5", "1e9", "\"\"", "\"x-a\"", "null", "true", "[]", "{}", ",", ":", "\"", "\\", "25:00", "2026-02-30",
            "\"UTC\"", "\"weekly\"", "\"everyNHours\"", "\"pinned\"", "é", "\u{0}",
        ].map { Array($0.utf8) }
        var rng = SplitMix64(seed: 0x5EED_F11E)
        var decodedCount = 0
        for round in 0..<1500 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                let i = Int.random(in: 0..<bytes.count, using: &rng)
                let length = min(Int.random(in: 1...12, using: &rng), bytes.count - i)
                switch Int.random(in: 0...2, using: &rng) {
                case 0: bytes.replaceSubrange(i..<i + length, with: pieces.randomElement(using: &rng)!)
                case 1: bytes.removeSubrange(i..<i + length)
                default: bytes.insert(contentsOf: pieces.randomElement(using: &rng)!, at: i)
                }
            }
            // validate agrees with decode: the same schedule, or a list holding decode's error.
            let all = ScheduleCodec.validate(Data(bytes), file: "fuzz.json")
            do {
                let schedule = try ScheduleCodec.decode(Data(bytes), file: "fuzz.json")
                decodedCount += 1
                #expect(try ScheduleCodec.decode(ScheduleCodec.encode(schedule), file: "fuzz.json") == schedule, "round \(round)")
                #expect(all.errors.isEmpty && all.schedule == schedule, "round \(round): \(all.errors)")
            } catch {
                #expect(error.line >= 1 && error.line <= bytes.count(where: { $0 == 0x0A }) + 1, "round \(round): \(error)")
                #expect(!error.message.isEmpty && error.description.hasPrefix("fuzz.json:"))
                #expect(all.schedule == nil && all.errors.contains(error), "round \(round): \(error) not in \(all.errors)")
            }
        }
        #expect(decodedCount > 0)
    }
}
