/// One value of a `JSONTape`, read the way `JSONValue` is read (the same accessors and the same
/// results), but made only when asked for: a string's `String` when its text is wanted, a
/// number's value from its digits.
struct JSONNode {
    let tape: JSONTape
    let index: Int

    private var entry: JSONTape.Entry { tape.entries[index] }

    /// 1-based line of the value's first character.
    var line: Int { tape.entries[index].line }
    /// 1-based column of the value's first character (columns count Unicode scalars).
    var column: Int { tape.entries[index].column }

    var isNull: Bool { entry.kind == .null }
    var isString: Bool { entry.kind == .string }
    var isObject: Bool { entry.kind == .object }

    /// The bytes of `tape.bytes` that are the string, when this is a string of ASCII without escapes.
    var asciiRange: Range<Int>? {
        let entry = self.entry
        return entry.kind == .string && entry.simple ? entry.start..<entry.end : nil
    }

    /// The string, when this is a string.
    var stringValue: String? { entry.kind == .string ? tape.text(at: index) : nil }

    /// The source text, when this is a number (`"1"`, `"0.25"`, `"1e3"`).
    var numberText: String? { entry.kind == .number ? tape.text(at: index) : nil }

    /// The number, when this is a number.
    var doubleValue: Double? { entry.kind == .number ? tape.double(at: index) : nil }

    /// `Int(text)` of a number's text (nil for a fraction, an exponent, or out of range), when this is a number.
    var intValue: Int? { entry.kind == .number ? tape.integer(at: index) : nil }

    /// The boolean, when this is `true` or `false`.
    var boolValue: Bool? { entry.kind == .bool ? entry.simple : nil }

    /// The elements, when this is an array.
    var arrayValue: [JSONNode]? {
        let entry = self.entry
        guard entry.kind == .array else { return nil }
        var elements: [JSONNode] = []
        elements.reserveCapacity(entry.count)
        var i = index + 1
        while i < entry.after {
            elements.append(JSONNode(tape: tape, index: i))
            i = tape.entries[i].after
        }
        return elements
    }

    /// The member value for `key` (even `null`), when this is an object that has it.
    subscript(key: String) -> JSONNode? {
        guard entry.kind == .object, let i = tape.member(key, of: index) else { return nil }
        return JSONNode(tape: tape, index: i)
    }

    /// A short phrase naming what the value is, for error messages: `the number 8`, `an array`.
    var summary: String {
        let entry = self.entry
        switch entry.kind {
        case .null: return "null"
        case .bool: return entry.simple ? "true" : "false"
        case .number: return "the number \(tape.text(at: index))"
        case .string: return JSONValue.summary(ofString: tape.text(at: index))
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
