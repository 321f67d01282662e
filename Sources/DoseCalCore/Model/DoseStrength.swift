/// A strength read from its text, when it is one amount per one thing or per a volume:
/// "5 mg" (a tablet), "100 mcg" (a puff), "250 mg/5 ml", "100 units/ml". Other strengths
/// ("875/125 mg", "0.5%", "50 mcg/24 h") are words only.
public struct DoseStrength: Sendable, Equatable {
    /// The amount: 5 in "5 mg", 250 in "250 mg/5 ml".
    public var value: Double
    /// mg, mcg, g or unit.
    public var unit: DoseUnit
    /// The volume the amount is in (5 in "250 mg/5 ml", 1 in "50 mg/ml"); nil: per one thing.
    public var perML: Double?

    public init(value: Double, unit: DoseUnit, perML: Double? = nil) {
        self.value = value
        self.unit = unit
        self.perML = perML
    }

    /// The strength `text` says, or nil: a number, a unit (mg, mcg, µg, g, unit, units, IU),
    /// and optionally "/" with a volume in ml (the number may be left out: "mg/ml").
    public init?(parsing text: String) {
        var scanner = Scanner(Array(text.utf8))
        guard let value = scanner.number(), value > 0, let unit = scanner.unit() else { return nil }
        self.value = value
        self.unit = unit
        scanner.skipSpaces()
        if scanner.take(UInt8(ascii: "/")) {
            scanner.skipSpaces()
            let volume = scanner.number() ?? 1
            guard volume > 0, scanner.word()?.lowercased() == "ml" else { return nil }
            perML = volume
        }
        scanner.skipSpaces()
        guard scanner.atEnd else { return nil }
    }

    /// Reads the parts of a strength from its UTF-8 bytes.
    private struct Scanner {
        let bytes: [UInt8]
        var i = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { i == bytes.count }

        mutating func skipSpaces() { while i < bytes.count, bytes[i] == UInt8(ascii: " ") { i += 1 } }

        mutating func take(_ byte: UInt8) -> Bool {
            guard i < bytes.count, bytes[i] == byte else { return false }
            i += 1
            return true
        }

        /// Digits with at most one decimal point ("2.5", "0.5").
        mutating func number() -> Double? {
            skipSpaces()
            let start = i
            var point = false
            while i < bytes.count {
                if bytes[i] >= 0x30 && bytes[i] <= 0x39 {
                    i += 1
                } else if bytes[i] == UInt8(ascii: "."), !point {
                    point = true
                    i += 1
                } else {
                    break
                }
            }
            guard i > start, i - start <= 12 else {
                i = start
                return nil
            }
            return Double(String(decoding: bytes[start..<i], as: UTF8.self))
        }

        /// Letters (and µ) up to a space, "/" or the end.
        mutating func word() -> String? {
            skipSpaces()
            let start = i
            while i < bytes.count, bytes[i] != UInt8(ascii: " "), bytes[i] != UInt8(ascii: "/") { i += 1 }
            return i > start ? String(decoding: bytes[start..<i], as: UTF8.self) : nil
        }

        mutating func unit() -> DoseUnit? {
            switch word()?.lowercased() {
            case "mg": .mg
            case "mcg", "µg", "μg", "ug": .mcg
            case "g": .g
            case "unit", "units", "iu": .unit
            default: nil
            }
        }
    }
}
