import Foundation
import Testing

@testable import DoseCalCore

/// The longest texts a schedule may hold (decision 0192): literal lengths at the limits, the
/// error names the key, its line, the length and the limit.
@Suite struct TextLimitTests {
    static func schedule(_ medicationKeys: String, feed: String = "") -> Data {
        Data(
            """
            {"version": 1, "homeZone": "Europe/Berlin",\(feed)
              "medications": [
                {"id": "m", \(medicationKeys), "times": ["08:00"], "start": "2026-01-05"}
              ]
            }
            """.utf8)
    }

    @Test func textsUpToTheirLimitAreRead() throws {
        let line = String(repeating: "é", count: TextLimits.line / 2)  // 200 bytes, 100 characters
        let notes = String(repeating: "a\n", count: TextLimits.notes / 2)  // 2,000 bytes
        let s = try ScheduleCodec.decode(
            Self.schedule(
                #""name": "\#(line)", "strength": "\#(line)", "dose": "\#(line)", "notes": "\#(notes.replacingOccurrences(of: "\n", with: "\\n"))""#
            ),
            file: "t.json")
        #expect(s.medications[0].name.utf8.count == 200 && s.medications[0].notes?.utf8.count == 2_000)
    }

    @Test func longerTextsAreErrorsNamingTheKeyTheLengthAndTheLimit() {
        let cases: [(String, String, String)] = [
            (
                #""name": "\#(String(repeating: "x", count: 201))""#, "",
                "t.json:3: medications[0].name: is 201 bytes long; at most 200 bytes"
            ),
            (
                #""name": "M", "dose": "\#(String(repeating: "ü", count: 101))""#, "",
                "t.json:3: medications[0].dose: is 202 bytes long; at most 200 bytes"
            ),
            (
                #""name": "M", "notes": "\#(String(repeating: "x", count: 2_001))""#, "",
                "t.json:3: medications[0].notes: is 2001 bytes long; at most 2000 bytes"
            ),
            (
                #""name": "M""#, #" "feed": {"name": "\#(String(repeating: "x", count: 201))"},"#,
                "t.json:1: feed.name: is 201 bytes long; at most 200 bytes"
            ),
        ]
        for (keys, feed, expected) in cases {
            #expect {
                try ScheduleCodec.decode(Self.schedule(keys, feed: feed), file: "t.json")
            } throws: { error in
                let text = "\(error)"
                return text.hasPrefix(expected)
                    && text.hasSuffix(
                        "so that every calendar item dosecal writes from it stays small enough to read back; shorten it")
            }
        }
    }

    /// The issue's case: notes of 50 MB are refused at once, with their place.
    @Test func notesOfFiftyMegabytesAreRefused() {
        let notes = String(repeating: "Take with food. ", count: 50 * 1024 * 1024 / 16)
        #expect {
            try ScheduleCodec.decode(Self.schedule(#""name": "M", "notes": "\#(notes)""#), file: "t.json")
        } throws: { error in
            "\(error)".hasPrefix("t.json:3: medications[0].notes: is 52428800 bytes long; at most 2000 bytes")
        }
    }
}
