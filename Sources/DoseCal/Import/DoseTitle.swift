import Foundation

/// The parts of a dose title. The name keeps parentheses and slashes that belong to it
/// ("Ozempic (semaglutide) pen", "Amoxicillin/clavulanate"); a strength is split off only at the
/// end of the name ("875/125 mg", "250 mg/5 ml"), and a dose only from a last parenthesised group that begins
/// with a number ("(0.5 mg injection)", "(4 tablets (40 mg))"). "N tablets" there is the pill
/// count: "Prednisone 10 mg (4 tablets (40 mg))" -> pills 4, dose "40 mg".
///
/// A title dosecal wrote for a medication with a unit (format version 2, "Warfarin 5 mg tablets:
/// half a tablet (2.5 mg)") is read as `MedicationWords` writes it: name, strength, form, unit
/// and amount, kept only when those words give the title again.
struct DoseTitle: Sendable, Equatable {
    var name: String
    var strength: String?
    var dose: String?
    var pillsPerDose: Double = 1
    /// Version 2: what the medicine is and the unit of its amount (nil: a title of no unit).
    var form: DoseForm? = nil
    var unit: DoseUnit? = nil

    static let strengthPattern =
        #" \d[\d.,]*(/\d[\d.,]*)*\s?("# + DoseWords.units.joined(separator: "|") + #")(/(\d[\d.,]*\s?)?(ml|g|dose))?$"#

    init(_ summary: String) {
        if let (m, amount) = MedicationWords.medication(title: summary, strengths: Self.strengths) {
            (name, strength, form, unit, pillsPerDose) = (m.name, m.strength, m.form, m.unit, amount)
            return
        }
        var head = summary.trimmingCharacters(in: .whitespaces)
        if let (rest, inner) = Self.lastGroup(head), inner.first?.isNumber == true {
            head = rest
            (pillsPerDose, dose) = Self.amount(inner)
        }
        if let match = head.range(of: Self.strengthPattern, options: [.regularExpression, .caseInsensitive]),
            match.lowerBound > head.startIndex
        {
            strength = String(head[match].dropFirst())
            head = String(head[..<match.lowerBound])
        }
        name = head.isEmpty ? summary : head
    }

    /// Strengths at the end of `label`, with the name before each: the one `strengthPattern`
    /// finds, then the words from the first that begins with a digit after the first word on
    /// ("0.5%", "50 mcg/24 h").
    static func strengths(_ label: String) -> [(name: String, strength: String)] {
        var result: [(name: String, strength: String)] = []
        if let match = label.range(of: strengthPattern, options: [.regularExpression, .caseInsensitive]),
            match.lowerBound > label.startIndex
        {
            result.append((String(label[..<match.lowerBound]), String(label[match].dropFirst())))
        }
        let words = label.split(separator: " ", omittingEmptySubsequences: false)
        if let i = words.indices.dropFirst().first(where: { words[$0].first?.isNumber == true }) {
            result.append((words[..<i].joined(separator: " "), words[i...].joined(separator: " ")))
        }
        return result
    }

    /// The text before and inside a balanced parenthesised group that ends `text`.
    static func lastGroup(_ text: String) -> (String, String)? {
        guard text.hasSuffix(")") else { return nil }
        var depth = 0
        var index = text.endIndex
        while index > text.startIndex {
            index = text.index(before: index)
            if text[index] == ")" { depth += 1 }
            if text[index] == "(" { depth -= 1 }
            if depth == 0 { break }
        }
        guard depth == 0, text[index] == "(", index > text.startIndex else { return nil }
        let rest = text[..<index].trimmingCharacters(in: .whitespaces)
        let inner = String(text[text.index(after: index)..<text.index(before: text.endIndex)])
        return rest.isEmpty ? nil : (rest, inner)
    }

    /// "4 tablets (40 mg)" -> (4, "40 mg"); "2 doses" -> (2, nil); "1 tablet" -> (1, "1 tablet");
    /// "2 capsules" -> (2, "2 capsules") (the feed writes such a dose text as it is); anything else
    /// is dose text with one pill.
    static func amount(_ inner: String) -> (Double, String?) {
        var body = inner
        var extra: String? = nil
        if let (rest, group) = lastGroup(inner) {
            body = rest
            extra = group
        }
        let words = body.split(separator: " ")
        guard words.count == 2, let n = Double(words[0].replacingOccurrences(of: ",", with: ".")), n > 0,
            DoseWords.lookup(words[1].lowercased()) != nil
        else { return (1, inner) }
        if let extra { return (n, extra) }
        return ["dose", "doses"].contains(words[1].lowercased()) ? (n, nil) : (n, inner)
    }
}
