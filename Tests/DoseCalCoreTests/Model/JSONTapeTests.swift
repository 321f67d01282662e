import DoseCalTestSupport
import Foundation
import Testing

@testable import DoseCalCore

/// The schedule decoder's byte-level reads of a parsed file (`JSONTape`, `JSONNode`, `JSONKeys`)
/// against the `String` reads they replace.
@Suite struct JSONTapeTests {
    private func tape(_ text: String) throws -> JSONTape {
        var parser = JSONParser(bytes: Array(text.utf8), maxDepth: 200)
        return try parser.parseDocument()
    }

    /// Every value of `node`, depth first.
    private func values(_ node: JSONNode) -> [JSONNode] {
        var i = node.index
        var out: [JSONNode] = []
        while i < node.tape.entries[node.index].after {
            out.append(JSONNode(tape: node.tape, index: i))
            i += 1
        }
        return out
    }

    @Test func entriesInDocumentOrder() throws {
        let t = try tape(#"{"a": [1, "x"], "b\u0021": {}, "c": null}"#)
        #expect(t.entries.map(\.kind) == [.object, .string, .array, .number, .string, .string, .object, .string, .null])
        #expect(t.entries.map(\.after) == [9, 2, 5, 4, 5, 6, 7, 8, 9])
        #expect(t.entries[0].count == 3 && t.entries[2].count == 2)
        #expect(t.text(at: 5) == "b!" && t.entries[5].escaped && !t.entries[5].simple)
        #expect(t.root["c"]?.isNull == true && t.root["a"]?.arrayValue?.count == 2 && t.root["z"] == nil)
        #expect(t.root["b!"]?.isObject == true)
    }

    @Test func numbersReadAsTheirTextReads() throws {
        let texts = [
            "0", "-0", "7", "-7", "100", "123456789012345", "-123456789012345", "1234567890123456", "9007199254740993",
            "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809", "1.0", "1.5",
            "-0.0", "1e2", "1E-2", "2.5e+3", "0.1", "12345678901234567890",
        ]
        for text in texts {
            let t = try tape(text)
            #expect(t.integer(at: 0) == Int(text), "\(text)")
            #expect(t.double(at: 0)?.bitPattern == Double(text)?.bitPattern, "\(text)")
            #expect(t.text(at: 0) == text)
        }
        var rng = SplitMix64(seed: 0x7A9E)
        for _ in 0..<2000 {
            let digits = Int.random(in: 1...17, using: &rng)
            var text = Bool.random(using: &rng) ? "-" : ""
            text += String(Int.random(in: 1...9, using: &rng))
            for _ in 1..<digits { text += String(Int.random(in: 0...9, using: &rng)) }
            let t = try tape(text)
            #expect(t.integer(at: 0) == Int(text) && t.double(at: 0)?.bitPattern == Double(text)?.bitPattern, "\(text)")
        }
    }

    @Test func keysCompareAsStringsCompare() throws {
        let t = try tape(
            #"{"id": 1, "\u0069d2": 2, "\u212Aind": 3, "medications": 4, "medicationsX": 5, "nämé": 6, "x-\u0301a": 7}"#)
        let keys: JSONKeys = ["id", "id2", "Kind", "kind", "medications", "medicationsX"]
        let found = [1, 3, 5, 7, 9, 11, 13].map { keys.index(ofKey: $0, in: t) }
        // U+212A KELVIN SIGN is canonically "K": as a String, "\u{212A}ind" == "Kind".
        #expect(found == [0, 1, 2, 4, 5, nil, nil])
        for k in [1, 3, 5, 7, 9, 11, 13] {
            for name in ["id", "id2", "Kind", "kind", "medications", "medicationsX", "nämé", "\u{212A}ind"] {
                #expect(t.string(at: k, is: name) == (t.text(at: k) == name), "\(t.text(at: k)) \(name)")
            }
            #expect(ScheduleReader.isIgnored(key: k, in: t) == t.text(at: k).hasPrefix("x-"))
        }
        #expect(keys.index(of: "kind") == 3 && keys.index(of: "kinds") == nil)
    }

    @Test func nodesReadAsTheTreeReads() throws {
        let texts = try FileManager.default.contentsOfDirectory(at: scheduleFixtures, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }.map { try String(decoding: Data(contentsOf: $0), as: UTF8.self) }
        let extra =
            #"["é\u00e9", "\ud83d\ude00", 1.0, -0, 1e3, true, false, null, "a long string, longer than forty characters"]"#
        for text in texts + [extra] {
            let tree = try JSONValue.parse(text)
            var flat: [JSONValue] = []
            func walk(_ v: JSONValue) {
                flat.append(v)
                for m in v.objectMembers ?? [] {
                    flat.append(JSONValue(.string(m.key), line: m.keyLine, column: m.keyColumn))
                    walk(m.value)
                }
                for e in v.arrayValue ?? [] { walk(e) }
            }
            walk(tree)
            let nodes = values(try tape(text).root)
            #expect(nodes.count == flat.count)
            for (n, v) in zip(nodes, flat) {
                #expect(n.line == v.line && n.column == v.column && n.summary == v.summary && n.isNull == v.isNull)
                #expect(n.stringValue == v.stringValue && n.boolValue == v.boolValue && n.intValue == v.intValue)
                #expect(n.doubleValue?.bitPattern == v.doubleValue?.bitPattern && n.isObject == (v.objectMembers != nil))
            }
        }
    }

    @Test func datesAndTimesReadAsTheirParsersRead() {
        var rng = SplitMix64(seed: 0xDA7E)
        let alphabet = Array("0123456789-:T ".utf8)
        for _ in 0..<20000 {
            let n = Bool.random(using: &rng) ? 5 : 10
            var bytes = (0..<n).map { _ in alphabet.randomElement(using: &rng)! }
            if n == 5, Bool.random(using: &rng) { bytes[2] = UInt8(ascii: ":") }
            if n == 10, Bool.random(using: &rng) { (bytes[4], bytes[7]) = (UInt8(ascii: "-"), UInt8(ascii: "-")) }
            let s = String(decoding: bytes, as: UTF8.self)
            if n == 5 { #expect(ScheduleReader.time(bytes, 0) == LocalTime(parsing: s), "\(s)") }
            if n == 10 { #expect(ScheduleReader.date(bytes, 0) == LocalDate(parsing: s), "\(s)") }
        }
        #expect(ScheduleReader.time(Array("23:59".utf8), 0) == LocalTime(hour: 23, minute: 59))
        #expect(ScheduleReader.time(Array("24:00".utf8), 0) == nil)
        #expect(ScheduleReader.date(Array("2028-02-29".utf8), 0) == LocalDate(year: 2028, month: 2, day: 29))
        #expect(ScheduleReader.date(Array("2027-02-29".utf8), 0) == nil)
    }
}
