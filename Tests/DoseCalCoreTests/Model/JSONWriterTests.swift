import Testing

@testable import DoseCalCore

/// The JSON writer's text, byte for byte: indentation, one-line flat containers below the top
/// level, empty containers, every escape, numbers as their text.
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
}
