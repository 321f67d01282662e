import DoseCalTestSupport
import Foundation
import Testing

@testable import DoseCalCore

@Suite struct JSONParserTests {
    @Test func parsesValuesWithPositions() throws {
        let text = """
            {
              "a": [1, -2.5e3, true, false, null],
              "b": {"c": "d\\n\\u00e9\\ud83d\\ude00"},
              "é": "x"
            }
            """
        let root = try JSONValue.parse(text)
        #expect(root.line == 1 && root.column == 1)
        let members = try #require(root.objectMembers)
        #expect(members.map(\.key) == ["a", "b", "é"])
        #expect(members[0].keyLine == 2 && members[0].keyColumn == 3)
        let a = try #require(members[0].value.arrayValue)
        #expect(members[0].value.line == 2 && members[0].value.column == 8)
        #expect(a[0].kind == .number(1, text: "1"))
        #expect(a[1].kind == .number(-2500, text: "-2.5e3"))
        #expect(a[1].line == 2 && a[1].column == 12)
        #expect(a[2].boolValue == true && a[3].boolValue == false && a[4].isNull)
        #expect(root["b"]?["c"]?.stringValue == "d\né😀")
        #expect(root["b"]?["c"]?.column == 14)
        // Columns count Unicode scalars, not bytes: "é" is one column.
        #expect(members[2].keyColumn == 3 && members[2].value.column == 8)
    }

    @Test func keepsNumberText() throws {
        #expect(try JSONValue.parse("1").intValue == 1)
        #expect(try JSONValue.parse("1.0").intValue == nil)
        #expect(try JSONValue.parse("1.0").doubleValue == 1)
        #expect(try JSONValue.parse("1E2").kind == .number(100, text: "1E2"))
        #expect(try JSONValue.parse("-0").kind == .number(-0.0, text: "-0"))
        #expect(try JSONValue.parse(" \t\r\n\"x\" \n").stringValue == "x")
    }

    @Test func skipsByteOrderMark() throws {
        let value = try JSONValue.parse(Data([0xEF, 0xBB, 0xBF]) + Data("[1]".utf8))
        #expect(value.arrayValue?.count == 1)
        #expect(value.column == 1)
    }

    @Test(arguments: [
        ("", 1, 1, "the text is empty; expected a JSON value such as an object {...}"),
        ("{\n  \"a\": 1\n  \"b\": 2\n}", 3, 3, "expected ',' or '}' after an object member, found '\"'"),
        ("[1 2]", 1, 4, "expected ',' or ']' after an array element, found '2'"),
        ("[1,]", 1, 4, "trailing comma before ']' is not allowed"),
        ("{\"a\": 1,}", 1, 9, "trailing comma before '}' is not allowed"),
        ("{a: 1}", 1, 2, "object keys need double quotes; found 'a'"),
        ("{\"a\" 1}", 1, 6, "expected ':' after the key \"a\", found '1'"),
        (
            "{\"a\": 1, \"a\": 2}", 1, 10,
            "duplicate key \"a\" (first at line 1, column 2); a key may appear only once in an object"
        ),
        // A large object (keys searched through a table): the first position still named.
        (
            "{" + (1...20).map { "\"k\($0)\": 0, " }.joined() + "\"k3\": 1}", 1, 193,
            "duplicate key \"k3\" (first at line 1, column 20); a key may appear only once in an object"
        ),
        (
            "{\"a\": \"x\", \"b\": \"yz\", \"a\": 1}", 1, 23,
            "duplicate key \"a\" (first at line 1, column 2); a key may appear only once in an object"
        ),
        ("[01]", 1, 2, "numbers must not have leading zeros"),
        ("[1.]", 1, 4, "expected a digit after the decimal point, found ']'"),
        ("[1e]", 1, 4, "expected a digit in the exponent, found ']'"),
        ("[-]", 1, 3, "expected a digit after '-', found ']'"),
        ("[+1]", 1, 2, "numbers must not start with '+'"),
        ("[.5]", 1, 2, "numbers need a digit before the decimal point (0.5, not .5)"),
        ("[1e999]", 1, 2, "the number 1e999 is too large"),
        (
            "[True]", 1, 2,
            "unexpected word 'True'; the JSON literals are true, false and null (lowercase), and text needs double quotes"
        ),
        ("['a']", 1, 2, "strings need double quotes (\"), not single quotes (')"),
        ("// c\n1", 1, 1, "comments are not allowed in JSON"),
        ("\"abc", 1, 1, "this string is not closed: no '\"' before the end of the text"),
        ("\"a\nb\"", 1, 3, "line break inside a string; write it as \\n, or close the string with '\"'"),
        ("\"a\tb\"", 1, 3, "control character U+0009 inside a string must be escaped (as \\u0009)"),
        ("\"\\x\"", 1, 3, "invalid escape in a string; the escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX, found 'x'"),
        ("\"\\u12G4\"", 1, 6, "expected 4 hexadecimal digits after \\u, found 'G'"),
        ("\"\\ud800\"", 1, 8, "unpaired high surrogate \\uD800; it must be followed by a \\uDC00-\\uDFFF escape"),
        ("\"\\udc00\"", 1, 8, "unpaired low surrogate \\uDC00; a \\uDC00-\\uDFFF escape must follow a \\uD800-\\uDBFF one"),
        ("1 2", 1, 3, "expected the end of the text after the JSON value (a file holds exactly one value), found '2'"),
        ("{\"a\": ", 1, 7, "expected a value (object, array, string, number, true, false or null), found the end of the text"),
        ("[é]", 1, 2, "expected a value (object, array, string, number, true, false or null), found 'é'"),
    ])
    func reportsSyntaxErrors(text: String, line: Int, column: Int, message: String) {
        #expect(throws: JSONSyntaxError(line: line, column: column, message: message)) { try JSONValue.parse(text) }
    }

    @Test func describesErrorsWithPosition() {
        let error = JSONSyntaxError(line: 12, column: 5, message: "expected ',' or '}' after an object member")
        #expect(error.description == "line 12, column 5: expected ',' or '}' after an object member")
    }

    @Test func rejectsInvalidUTF8() {
        let inString = Data("[\"ab".utf8) + Data([0xFF]) + Data("\"]".utf8)
        #expect(
            throws: JSONSyntaxError(line: 1, column: 5, message: "invalid UTF-8 (byte 0xFF); the text must be encoded as UTF-8")
        ) {
            try JSONValue.parse(inString)
        }
        // Overlong encoding of "/" and a UTF-16 surrogate encoded in UTF-8 are not UTF-8 either.
        for bad: [UInt8] in [[0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]] {
            #expect(throws: JSONSyntaxError.self) { try JSONValue.parse(Data([0x22] + bad + [0x22])) }
        }
        #expect(
            throws: JSONSyntaxError(line: 2, column: 1, message: "invalid UTF-8 (byte 0x80); the text must be encoded as UTF-8")
        ) {
            try JSONValue.parse(Data("[1,\n".utf8) + Data([0x80]))
        }
    }

    @Test func limitsNestingDepth() throws {
        let ok = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect(try JSONValue.parse(ok).arrayValue != nil)
        let deep = String(repeating: "[", count: 201) + String(repeating: "]", count: 201)
        #expect(throws: JSONSyntaxError(line: 1, column: 201, message: "nesting is deeper than 200 levels of arrays and objects"))
        {
            try JSONValue.parse(deep)
        }
        let veryDeep = String(repeating: "{\"a\":", count: 100_000)
        #expect(throws: JSONSyntaxError.self) { try JSONValue.parse(veryDeep) }
    }

    @Test func neverCrashesOnGarbage() {
        var rng = SplitMix64(seed: 0x6A5B_A6E0)
        let seeds = [
            "{\"a\": [1, 2.5, -3e2, true, null, \"x\\u00e9\\n\"], \"b\": {\"c\": {}}}",
            "[\"é😀\", {\"k\": \"\\ud83d\\ude00\"}, 0, -0.0, 1E+2]",
        ].map { Array($0.utf8) }
        let alphabet = Array("{}[]:,\"\\ -+.0123456789eEtrufalsn/u".utf8) + [0x00, 0x0A, 0x80, 0xBF, 0xC3, 0xED, 0xF0, 0xFF]
        for round in 0..<3000 {
            var bytes: [UInt8]
            if round % 3 == 0 {
                bytes = (0..<Int.random(in: 0...64, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            } else {
                bytes = seeds[round % seeds.count]
                for _ in 0..<Int.random(in: 1...4, using: &rng) {
                    let i = Int.random(in: 0...bytes.count, using: &rng)
                    switch Int.random(in: 0...2, using: &rng) {
                    case 0: bytes.insert(alphabet.randomElement(using: &rng)!, at: i)
                    case 1: if i < bytes.count { bytes.remove(at: i) }
                    default: if i < bytes.count { bytes[i] = alphabet.randomElement(using: &rng)! }
                    }
                }
            }
            do {
                _ = try JSONValue.parse(Data(bytes))
            } catch {
                #expect(error.line >= 1 && error.column >= 1 && !error.message.isEmpty, "round \(round)")
            }
        }
    }
}
