/// The tree of a parsed text (`JSONValue.parse`), built from its tape.
extension JSONValue {
    /// The value at entry `index` of `tape`, with everything nested in it (at most the parser's
    /// `maxDepth` levels deep, so the recursion is bounded).
    init(tape: JSONTape, at index: Int) {
        let entry = tape.entries[index]
        let kind: Kind
        switch entry.kind {
        case .null: kind = .null
        case .bool: kind = .bool(entry.simple)
        case .number:
            let text = tape.text(at: index)
            kind = .number(Double(text) ?? 0, text: text)
        case .string: kind = .string(tape.text(at: index))
        case .array:
            let elements = JSONNode(tape: tape, index: index).arrayValue ?? []
            kind = .array(elements.map { JSONValue(tape: tape, at: $0.index) })
        case .object:
            var members: [Member] = []
            members.reserveCapacity(entry.count)
            var i = index + 1
            while i < entry.after {
                let key = tape.entries[i]
                members.append(
                    Member(
                        key: tape.text(at: i), keyLine: key.line, keyColumn: key.column, value: JSONValue(tape: tape, at: i + 1)))
                i = tape.entries[i + 1].after
            }
            kind = .object(members)
        }
        self.init(kind, line: entry.line, column: entry.column)
    }
}
