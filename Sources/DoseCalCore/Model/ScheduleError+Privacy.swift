/// Validation errors of a schedule in privacy mode: no medication or person id or name is printed.
extension ScheduleError {
    /// When `root` (the parsed file) has `"feed": {"privacy": true}`, this error with every
    /// medication id and name the file holds replaced by the medication's position ("Medication 2",
    /// as `Schedule.positionalName` numbers them), every person's id and name by theirs ("Person
    /// 2"), and any other id a log entry or a medication's `person` gives left out.
    /// Otherwise the error as it is.
    func masked(by root: JSONNode) -> ScheduleError {
        guard root["feed"]?["privacy"]?.boolValue == true else { return self }
        var names: [(text: String, replacement: String)] = []
        for (i, m) in (root["medications"]?.arrayValue ?? []).enumerated() {
            for key in ["id", "name"] {
                if let s = m[key]?.stringValue, !s.isEmpty { names.append((s, "Medication \(i + 1)")) }
            }
        }
        // People by position too ("Person 2", `Schedule.positionalName(ofPerson:)`).
        for (i, p) in (root["people"]?.arrayValue ?? []).enumerated() {
            for key in ["id", "name"] {
                if let s = p[key]?.stringValue, !s.isEmpty { names.append((s, "Person \(i + 1)")) }
            }
        }
        let named =
            (root["log"]?.arrayValue ?? []).map { $0["medication"] }
            + (root["medications"]?.arrayValue ?? []).map { $0["person"] }
        for node in named {
            if let id = node?.stringValue, !id.isEmpty, !names.contains(where: { $0.text == id }) {
                names.append((id, "(not shown in privacy mode)"))
            }
        }
        var masked = self
        masked.message = Self.mask(message, names.sorted { $0.text.count > $1.text.count })
        return masked
    }

    private static func mask(_ message: String, _ names: [(text: String, replacement: String)]) -> String {
        var text = message
        for (name, replacement) in names {
            let quoted = JSONWriter.quoted(name)
            let truncated = JSONWriter.quoted(String(name.prefix(40)) + "…")  // as `JSONNode.summary` cuts
            text = text.replacingOccurrences(of: "medication " + quoted, with: replacement)
            text = text.replacingOccurrences(of: quoted, with: replacement).replacingOccurrences(of: truncated, with: replacement)
        }
        // Unquoted lists: "known ids: a, b, c".
        guard let range = text.range(of: "known ids: ") else { return text }
        let list = text[range.upperBound...].components(separatedBy: ", ").map { item in
            names.first { $0.text == item }?.replacement ?? item
        }
        return String(text[..<range.upperBound]) + list.joined(separator: ", ")
    }
}
