import Foundation

/// Decides whether a calendar event looks like a medication dose.
///
/// Default: CATEGORIES holds MEDICATION, or the summary or description has a dose word of
/// `DoseWords` ("tablet", "Tablette", "comprimé", "pastilla", "gotas", "Spritze", ...) or an
/// amount with a unit ("500 mg", "75 mcg", "10 ml", "50,000 IU", "20 IE"). With `pattern` or `category` given,
/// only those decide: the summary or description matches the regular expression (case
/// insensitive), or CATEGORIES holds the category.
public struct DoseMatcher: Sendable {
    public var pattern: String?
    public var category: String?

    public init(pattern: String? = nil, category: String? = nil) {
        self.pattern = pattern
        self.category = category
    }

    static let amount = #"\b\d+([.,]\d+)*\s?("# + DoseWords.units.joined(separator: "|") + #")\b"#
    static let amountRegex = try? NSRegularExpression(pattern: amount, options: [.caseInsensitive])

    /// Throws when `pattern` is not a valid regular expression.
    public func validate() throws(ImportError) {
        if let pattern, (try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive])) == nil {
            throw .badPattern(pattern)
        }
    }

    public func matches(summary: String?, description: String?, categories: [String]) -> Bool {
        let cats = categories.map { $0.uppercased() }
        let texts = [summary, description].compactMap { $0 }
        if pattern != nil || category != nil {
            if let category, cats.contains(category.uppercased()) { return true }
            guard let pattern, let regex = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive]) else {
                return false
            }
            return texts.contains { regex.firstMatch(in: $0, range: NSRange($0.startIndex..., in: $0)) != nil }
        }
        if cats.contains("MEDICATION") || cats.contains("MEDICATIONS") { return true }
        for text in texts {
            if Self.amountRegex?.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil { return true }
            if DoseWords.hasDoseWord(text) { return true }
        }
        return false
    }
}
