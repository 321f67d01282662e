import Foundation

/// A JSON value (RFC 8259) that remembers where it was in its source text.
///
/// Produced by `JSONValue.parse(_:)`. Objects keep their members in file order; numbers keep their
/// original text next to the `Double`, so a reader can tell `1` from `1.0`. Positions are 1-based;
/// columns count Unicode scalars (a tab is one column).
public struct JSONValue: Sendable, Equatable {
    /// What the value is.
    public enum Kind: Sendable, Equatable {
        case null
        case bool(Bool)
        /// A number: its value and its exact source text (`"1"`, `"0.25"`, `"1e3"`).
        case number(Double, text: String)
        case string(String)
        case array([JSONValue])
        /// Members in file order; keys are unique (the parser rejects duplicates).
        case object([Member])
    }

    /// One `"key": value` pair of an object.
    public struct Member: Sendable, Equatable {
        public var key: String
        /// Line of the key's opening quote.
        public var keyLine: Int
        /// Column of the key's opening quote.
        public var keyColumn: Int
        public var value: JSONValue

        public init(key: String, keyLine: Int = 0, keyColumn: Int = 0, value: JSONValue) {
            self.key = key
            self.keyLine = keyLine
            self.keyColumn = keyColumn
            self.value = value
        }
    }

    public var kind: Kind
    /// 1-based line of the value's first character (0 for values built in code).
    public var line: Int
    /// 1-based column of the value's first character (0 for values built in code).
    public var column: Int

    public init(_ kind: Kind, line: Int = 0, column: Int = 0) {
        self.kind = kind
        self.line = line
        self.column = column
    }

    /// Parses UTF-8 JSON text (a leading byte order mark is skipped).
    ///
    /// Strict RFC 8259: no comments, no trailing commas, no duplicate keys, nesting at most
    /// `maxDepth` arrays/objects deep. Never traps, whatever the input.
    public static func parse(_ data: Data, maxDepth: Int = 200) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: [UInt8](data), maxDepth: maxDepth)
        return JSONValue(tape: try parser.parseDocument(), at: 0)
    }

    /// Parses JSON text given as a string.
    public static func parse(_ text: String, maxDepth: Int = 200) throws(JSONSyntaxError) -> JSONValue {
        try parse(Data(text.utf8), maxDepth: maxDepth)
    }

    // MARK: Convenience accessors

    /// The string, when this is a string.
    public var stringValue: String? {
        if case .string(let s) = kind { return s }
        return nil
    }

    /// The number, when this is a number.
    public var doubleValue: Double? {
        if case .number(let d, _) = kind { return d }
        return nil
    }

    /// The integer, when this is a number written as an integer (no fraction, no exponent) that fits in `Int`.
    public var intValue: Int? {
        if case .number(_, let text) = kind { return Int(text) }
        return nil
    }

    /// The boolean, when this is `true` or `false`.
    public var boolValue: Bool? {
        if case .bool(let b) = kind { return b }
        return nil
    }

    /// The elements, when this is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let a) = kind { return a }
        return nil
    }

    /// The members, when this is an object.
    public var objectMembers: [Member]? {
        if case .object(let m) = kind { return m }
        return nil
    }

    /// Whether this is `null`.
    public var isNull: Bool { kind == .null }

    /// The member value for `key`, when this is an object that has it.
    public subscript(key: String) -> JSONValue? {
        objectMembers?.first { $0.key == key }?.value
    }

    /// A short phrase naming what the value is, for error messages: `the number 8`, `an array`.
    public var summary: String {
        switch kind {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(_, let text): return "the number \(text)"
        case .string(let s): return Self.summary(ofString: s)
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// `summary` of the string `s`: `the string "..."`, cut after 40 characters.
    static func summary(ofString s: String) -> String {
        "the string \(JSONWriter.quoted(s.count > 40 ? String(s.prefix(40)) + "…" : s))"
    }
}
