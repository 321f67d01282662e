import Testing

@testable import DoseCalCore

/// The JSON writer's text, byte for byte: indentation, one-line flat containers below the top
/// level, empty containers, every escape, numbers as their text (negative, decimal, exponent,
/// as written).
@Suite struct JSONWriterTests {
    static let tree = JSONValue(object: [
        "name": JSONValue("quote \" backslash \\ newline \n return \r tab \t bs \u{08} ff \u{0C} one \u{01} us \u{1F} é 💊"),
        "plain": JSONValue("Metformin 500 mg"),
        "count": JSONValue(3),
        "ratio": JSONValue(0.25),
        "big": JSONValue(1e300),
        "yes": JSONValue(true),
        "no": JSONValue(false),
        "nothing": JSONValue(nil as String?),
        "empty": JSONValue(array: []),
        "none": JSONValue(members: []),
        "flat": JSONValue(array: [JSONValue("MO"), JSONValue(2), JSONValue(array: []), JSONValue(members: [])]),
        "slot": JSONValue(object: ["id": JSONValue("s0"), "time": JSONValue("08:00")]),
        "nested": JSONValue(array: [
            JSONValue(object: ["times": JSONValue(array: [JSONValue(object: ["id": JSONValue("a\"b")])])]),
            JSONValue(array: [JSONValue(array: [JSONValue(1)])]),
        ]),
    ])

    static let expected = """
        {
          "name": "quote \\" backslash \\\\ newline \\n return \\r tab \\t bs \\b ff \\f one \\u0001 us \\u001F é 💊",
          "plain": "Metformin 500 mg",
          "count": 3,
          "ratio": 0.25,
          "big": 1e+300,
          "yes": true,
          "no": false,
          "nothing": null,
          "empty": [],
          "none": {},
          "flat": ["MO", 2, [], {}],
          "slot": {"id": "s0", "time": "08:00"},
          "nested": [
            {
              "times": [
                {"id": "a\\"b"}
              ]
            },
            [
              [1]
            ]
          ]
        }

        """

    @Test func theTextIsByteForByte() {
        #expect(Self.tree.text == Self.expected)
        #expect(JSONWriter.document(JSONValue(array: [])) == "[\n]\n")  // the top level is never one line
        #expect(JSONWriter.document(JSONValue("top")) == "\"top\"\n")
        #expect(JSONWriter.document(JSONValue(array: [JSONValue(1), JSONValue("x")])) == "[\n  1,\n  \"x\"\n]\n")
    }

    private static func number(_ text: String) -> JSONValue { JSONValue(.number(Double(text)!, text: text)) }

    @Test func writesEveryKindOfValueByteForByte() {
        let nested = JSONValue(array: [
            JSONValue(object: [
                "deep": JSONValue(object: [
                    "deeper": JSONValue(array: [
                        JSONValue(array: [JSONValue(1), JSONValue(2)]),
                        JSONValue(object: ["k": JSONValue("v")]),
                    ])
                ])
            ]),
            JSONValue(array: []),
        ])
        let root = JSONValue(members: [
            ("text", JSONValue("q\"b\\s/\n\r\t\u{08}\u{0C}\u{00}\u{01}\u{1F}\u{7F} é 😀 日本")),
            ("key \"é\"\n", JSONValue(true)),
            ("int", JSONValue(2)),
            ("negative", JSONValue(-3)),
            ("doubleInteger", JSONValue(2.0)),
            ("negativeZero", JSONValue(-0.0)),
            ("decimal", JSONValue(0.25)),
            ("negativeDecimal", JSONValue(-1.5)),
            ("small", JSONValue(1e-05)),
            ("large", JSONValue(1e300)),
            ("asWritten", Self.number("1.50")),
            ("exponent", Self.number("-2E+3")),
            ("null", JSONValue(nil as String?)),
            ("false", JSONValue(false)),
            ("emptyArray", JSONValue(array: [])),
            ("emptyObject", JSONValue(members: [])),
            ("flatArray", JSONValue(array: [JSONValue(1), JSONValue("a\"b"), JSONValue(array: []), JSONValue(members: [])])),
            ("flatObject", JSONValue(object: ["a": JSONValue(0.5), "b\\": JSONValue("\t"), "c": JSONValue(nil as String?)])),
            ("nested", nested),
            ("", JSONValue("")),
        ])
        let expected = #"""
            {
              "text": "q\"b\\s/\n\r\t\b\f\u0000\u0001\u001F\#u{7F} é 😀 日本",
              "key \"é\"\n": true,
              "int": 2,
              "negative": -3,
              "doubleInteger": 2,
              "negativeZero": 0,
              "decimal": 0.25,
              "negativeDecimal": -1.5,
              "small": 1e-05,
              "large": 1e+300,
              "asWritten": 1.50,
              "exponent": -2E+3,
              "null": null,
              "false": false,
              "emptyArray": [],
              "emptyObject": {},
              "flatArray": [1, "a\"b", [], {}],
              "flatObject": {"a": 0.5, "b\\": "\t", "c": null},
              "nested": [
                {
                  "deep": {
                    "deeper": [
                      [1, 2],
                      {"k": "v"}
                    ]
                  }
                },
                []
              ],
              "": ""
            }

            """#
        #expect(Array(root.text.utf8) == Array(expected.utf8))
    }

    /// At the top level an object, too, takes one line per member, even when empty.
    @Test func writesTopLevelContainersAndScalars() {
        #expect(JSONValue(members: []).text == "{\n}\n")
        #expect(JSONValue("é\u{1B}").text == "\"é\\u001B\"\n")
        #expect(JSONValue(-7).text == "-7\n")
        #expect(JSONValue(nil as String?).text == "null\n")
    }

    /// Nesting deeper than one run of the writer's spaces (70 levels, 140 spaces).
    @Test func indentsEveryLevel() {
        let depth = 70
        var value = JSONValue(array: [JSONValue(1)])
        for _ in 0..<depth { value = JSONValue(array: [value]) }
        let pad = { (level: Int) in String(repeating: "  ", count: level) }
        let lines = (0..<depth).map { pad($0) + "[" } + [pad(depth) + "[1]"] + (0..<depth).reversed().map { pad($0) + "]" }
        #expect(value.text == lines.joined(separator: "\n") + "\n")
    }

    @Test func quotesForMessagesAsTheWriterDoes() {
        #expect(JSONWriter.quoted("plain") == "\"plain\"")
        #expect(JSONWriter.quoted("a\"b\\c\n\u{01}é😀") == "\"a\\\"b\\\\c\\n\\u0001é😀\"")
        var bytes: [UInt8] = []
        JSONValue.appendQuoted("x\u{1F}\"", to: &bytes)
        #expect(bytes == Array("\"x\\u001F\\\"\"".utf8))
        #expect(JSONWriter.hex(0x1F, 4) == "001F")
        #expect(JSONWriter.hex(0x12345, 4) == "12345")
    }
}
