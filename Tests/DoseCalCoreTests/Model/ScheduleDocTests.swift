import Foundation
import Testing

@testable import DoseCalCore

/// The examples in docs/schedule-format.md must stay valid.
@Suite struct ScheduleDocTests {
    static let doc = scheduleFixtures.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/schedule-format.md")

    /// The ```json blocks of the document.
    static func jsonBlocks() throws -> [String] {
        let text = try String(contentsOf: doc, encoding: .utf8)
        var blocks: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```json" {
                current = []
            } else if let lines = current, line == "```" {
                blocks.append(lines.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    @Test func examplesDecode() throws {
        let blocks = try Self.jsonBlocks()
        #expect(blocks.count >= 10)
        for block in blocks {
            // Whole files have a version; the others are single medications (read as version 2,
            // which takes every key of version 1 as well).
            let text =
                block.contains("\"version\"")
                ? block
                : "{\"version\": 2, \"homeZone\": \"UTC\", \"medications\": [\(block)]}"
            do {
                let schedule = try ScheduleCodec.decode(Data(text.utf8), file: "doc.json")
                #expect(try ScheduleCodec.decode(ScheduleCodec.encode(schedule), file: "doc.json") == schedule)
            } catch {
                Issue.record("docs example does not decode: \(error)\n\(block)")
            }
        }
    }
}
