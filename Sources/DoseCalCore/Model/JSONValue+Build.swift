/// Building JSON output in code (command results), written with `JSONValue.text`.
extension JSONValue {
    public init(_ s: String) { self.init(.string(s)) }
    public init(_ i: Int) { self.init(.number(Double(i), text: String(i))) }
    public init(_ d: Double) { self.init(.number(d, text: JSONWriter.number(d))) }
    public init(_ b: Bool) { self.init(.bool(b)) }
    /// A string, or null when nil.
    public init(_ s: String?) { self.init(s.map { .string($0) } ?? .null) }
    public init(array elements: [JSONValue]) { self.init(.array(elements)) }
    /// An object with members in the given order.
    public init(object members: KeyValuePairs<String, JSONValue>) {
        self.init(.object(members.map { Member(key: $0.key, value: $0.value) }))
    }
    /// An object from members built at run time, in order.
    public init(members: [(String, JSONValue)]) { self.init(.object(members.map { Member(key: $0.0, value: $0.1) })) }

    /// Deterministic JSON text (two-space indentation, ends with a newline).
    public var text: String { JSONWriter.document(self) }
}

/// Writing JSON text straight into UTF-8 bytes, for reports too large to build as a tree first.
extension JSONValue {
    /// Appends `s` quoted exactly as `text` quotes a string member.
    public static func appendQuoted(_ s: String, to out: inout [UInt8]) { JSONWriter.appendQuoted(s, to: &out) }
}
