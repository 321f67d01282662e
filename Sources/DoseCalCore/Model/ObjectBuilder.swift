/// Collects object members in order.
struct ObjectBuilder {
    private var members: [JSONValue.Member] = []
    var isEmpty: Bool { members.isEmpty }
    var value: JSONValue { JSONValue(.object(members)) }

    mutating func add(_ key: String, _ value: JSONValue) { members.append(JSONValue.Member(key: key, value: value)) }
    mutating func add(_ key: String, _ kind: JSONValue.Kind) { add(key, JSONValue(kind)) }
}

extension JSONValue.Kind {
    static func int(_ i: Int) -> JSONValue.Kind { .number(Double(i), text: String(i)) }
    static func number(_ d: Double) -> JSONValue.Kind { .number(d, text: JSONWriter.number(d)) }
}
