import DoseCalCore

/// What a medication resource names as its medicine: `medicationCodeableConcept`, or the
/// Medication a `medicationReference` points to (contained or in the same file).
struct FHIRMedication {
    var name: String?
    var form: DoseForm?

    init(_ resource: JSONValue, in document: FHIRDocument) {
        if let concept = resource["medicationCodeableConcept"] {
            name = Self.text(of: concept)
        } else if let ref = resource["medicationReference"] {
            let target = ref["reference"]?.stringValue.flatMap { document.resolve($0, in: resource) }
            name = target?["code"].flatMap(Self.text) ?? ref["display"]?.stringValue
            form = target?["form"].flatMap(Self.form)
        }
        if form == nil, let name { form = Self.form(words: name) }
    }

    /// A CodeableConcept's text, else its first coding's display.
    static func text(of concept: JSONValue) -> String? {
        concept["text"]?.stringValue ?? concept["coding"]?.arrayValue?.compactMap { $0["display"]?.stringValue }.first
    }

    /// A Medication.form: an orderable drug form code (TAB, CAP ...) or its words.
    static func form(_ concept: JSONValue) -> DoseForm? {
        let codes: [String: DoseForm] = [
            "TAB": .tablet, "CAP": .capsule, "ORSUSP": .liquid, "SOL": .liquid, "SYRUP": .liquid, "ORALSOL": .liquid,
            "INHL": .inhaler, "DROP": .drops, "PATCH": .patch, "SUPP": .suppository, "CRM": .cream, "INJ": .injection,
        ]
        for c in concept["coding"]?.arrayValue ?? [] {
            if let code = c["code"]?.stringValue, let form = codes[code.uppercased()] { return form }
        }
        return text(of: concept).flatMap(form(words:))
    }

    /// The form the last form word of a name says ("Prednisone 5mg tablet" a tablet).
    static func form(words: String) -> DoseForm? {
        let lower = words.lowercased()
        let table: [(String, DoseForm)] = [
            ("tablet", .tablet), ("capsule", .capsule), ("suspension", .liquid), ("syrup", .liquid), ("solution", .liquid),
            ("inhaler", .inhaler), ("drops", .drops), ("patch", .patch), ("suppositor", .suppository), ("cream", .cream),
            ("injection", .injection),
        ]
        return table.filter { lower.contains($0.0) }.max { a, b in
            lower.range(of: a.0)!.lowerBound < lower.range(of: b.0)!.lowerBound
        }?.1
    }
}
