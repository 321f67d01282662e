import Foundation
import Testing

@testable import DoseCalCore

/// The examples in docs/schedule-format.md must stay valid.
@Suite struct ScheduleDocTests {
    static let doc = scheduleFixtures.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/schedule-format.md")

    /// The ```json blocks of the document, each with the format version of its section (2 in
    /// the section on version 2, else 1).
    static func jsonBlocks() throws -> [(text: String, version: Int)] {
        let text = try String(contentsOf: doc, encoding: .utf8)
        var blocks: [(text: String, version: Int)] = []
        var current: [Substring]?
        var version = 1
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line.hasPrefix("## ") {
                version = line.hasPrefix("## Version 2") ? 2 : 1
            } else if current == nil, line == "```json" {
                current = []
            } else if let lines = current, line == "```" {
                blocks.append((lines.joined(separator: "\n"), version))
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
        #expect(blocks.filter { $0.version == 2 }.count >= 7)
        for (block, version) in blocks {
            // Whole files have a version; the others are single medications.
            let text =
                block.contains("\"version\"")
                ? block
                : "{\"version\": \(version), \"homeZone\": \"UTC\", \"medications\": [\(block)]}"
            do {
                let schedule = try ScheduleCodec.decode(Data(text.utf8), file: "doc.json")
                #expect(try ScheduleCodec.decode(ScheduleCodec.encode(schedule), file: "doc.json") == schedule)
            } catch {
                Issue.record("docs example does not decode: \(error)\n\(block)")
            }
        }
    }
}
