/// Byte classification for `JSONParser`: UTF-8 validation, digits, escapes.
extension JSONParser {
    /// The length of the valid UTF-8 sequence starting at `bytes[i]` (Unicode Table 3-7), or nil
    /// when there is none (overlong forms, surrogates and values above U+10FFFF are not UTF-8).
    static func utf8SequenceLength(in bytes: [UInt8], at i: Int) -> Int? {
        guard i >= 0, i < bytes.count else { return nil }
        let ranges: [ClosedRange<UInt8>]
        switch bytes[i] {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: ranges = [0x80...0xBF]
        case 0xE0: ranges = [0xA0...0xBF, 0x80...0xBF]
        case 0xE1...0xEC, 0xEE...0xEF: ranges = [0x80...0xBF, 0x80...0xBF]
        case 0xED: ranges = [0x80...0x9F, 0x80...0xBF]
        case 0xF0: ranges = [0x90...0xBF, 0x80...0xBF, 0x80...0xBF]
        case 0xF1...0xF3: ranges = [0x80...0xBF, 0x80...0xBF, 0x80...0xBF]
        case 0xF4: ranges = [0x80...0x8F, 0x80...0xBF, 0x80...0xBF]
        default: return nil
        }
        for (offset, range) in ranges.enumerated() {
            let j = i + 1 + offset
            guard j < bytes.count, range.contains(bytes[j]) else { return nil }
        }
        return ranges.count + 1
    }

    /// The bytes that the one-character escapes `\" \\ \/ \b \f \n \r \t` stand for, by escape letter.
    static let simpleEscapes: [UInt8: UInt8] = [
        UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F, UInt8(ascii: "b"): 0x08,
        UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
    ]

    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    /// ASCII letters and `_`: the start of a bare word such as `true` or an unquoted key.
    static func isWordStart(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == UInt8(ascii: "_")
    }

    static func hexDigit(_ b: UInt8) -> Int? {
        switch b {
        case 0x30...0x39: return Int(b - 0x30)
        case 0x41...0x46: return Int(b - 0x41 + 10)
        case 0x61...0x66: return Int(b - 0x61 + 10)
        default: return nil
        }
    }
}
