/// An amount in a unit as people say it: "5 ml", "1 tablet", "half a tablet", "2 puffs",
/// "1 and a half tablets", "2.5 mg".
public enum AmountWords {
    /// `amount` of `unit`: halves and quarters of tablets and doses in words, other amounts as
    /// numbers ("0.6 ml"), counted things singular for exactly one.
    public static func phrase(_ amount: Double, _ unit: DoseUnit) -> String {
        let quarters = (amount * 4).rounded()
        if unit.steps == .quarters, abs(amount * 4 - quarters) < 1e-9, quarters > 0,
            quarters.truncatingRemainder(dividingBy: 4) != 0,
            let q = Int(exactly: quarters)
        {
            let (whole, part) = (q / 4, q % 4)
            let single = unit.rawValue
            guard whole > 0 else {
                return ["a quarter of a \(single)", "half a \(single)", "three quarters of a \(single)"][part - 1]
            }
            return "\(whole) and \(["a quarter", "a half", "three quarters"][part - 1]) \(unit.plural)"
        }
        let count = number(amount)
        return "\(count) \(count == "1" ? unit.rawValue : unit.plural)"
    }

    /// "1", "2.5", "0.125": to at most three decimals, without trailing zeros.
    public static func number(_ value: Double) -> String {
        let thousandths = (value * 1000).rounded()
        guard abs(thousandths) < 1e15, let n = Int(exactly: thousandths) else { return String(value) }
        let sign = n < 0 ? "-" : ""
        let whole = abs(n) / 1000
        var fraction = abs(n) % 1000
        guard fraction != 0 else { return sign + String(whole) }
        var digits = 3
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        let text = String(fraction)
        return sign + "\(whole)." + String(repeating: "0", count: digits - text.count) + text
    }

    /// The amount and unit `phrase(_:_:)` wrote as `text`; nil for any other text (a phrase is
    /// read back only when it writes the same text again).
    public static func reading(_ text: String) -> (amount: Double, unit: DoseUnit)? {
        let fractions: [(String, Double)] = [("a quarter of a ", 0.25), ("half a ", 0.5), ("three quarters of a ", 0.75)]
        for (words, part) in fractions where text.hasPrefix(words) {
            guard let unit = DoseUnit(rawValue: String(text.dropFirst(words.count))) else { return nil }
            return checked(part, unit, text)
        }
        let words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard let whole = words.first.flatMap(Double.init), let last = words.last,
            let unit = DoseUnit.allCases.first(where: { $0.plural == last || $0.rawValue == last })
        else { return nil }
        switch words.count {
        case 2: return checked(whole, unit, text)
        case 5 where words[1] == "and" && words[2] == "a": return checked(whole + (words[3] == "half" ? 0.5 : 0.25), unit, text)
        case 5 where words[1] == "and" && words[2] == "three": return checked(whole + 0.75, unit, text)
        default: return nil
        }
    }

    /// (`amount`, `unit`) when `phrase` writes them as `text`.
    private static func checked(_ amount: Double, _ unit: DoseUnit, _ text: String) -> (amount: Double, unit: DoseUnit)? {
        phrase(amount, unit) == text ? (amount, unit) : nil
    }
}
