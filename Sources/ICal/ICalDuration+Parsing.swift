extension ICalDuration {
    /// Reads a DURATION value (RFC 5545 §3.3.6): `PT15M`, `-PT15M`, `P1D`, `P2W`, and the long
    /// forms clients write (`-P0DT0H10M0S` from Google, `P1DT`, weeks mixed with days). nil when
    /// the text is not a duration or overflows.
    public init?(parsing text: some StringProtocol) {
        // Printable ASCII (every duration a calendar writes) is read from its bytes; anything
        // else (a space to trim, a letter upper-casing changes into ASCII) by its characters.
        switch text.utf8.withContiguousStorageIfAvailable(ICalDuration.seconds(ascii:)) {
        case .seconds(let seconds)?: self.init(seconds: seconds)
        case .invalid?: return nil
        case .notPlain?, nil: self.init(characters: text)
        }
    }

    /// What the bytes of a value read as (`seconds(ascii:)`).
    private enum ASCIIReading {
        case seconds(Int)
        case invalid, notPlain
    }

    /// As `init(characters:)`, for a text of printable ASCII, with a-z as A-Z.
    private static func seconds(ascii b: UnsafeBufferPointer<UInt8>) -> ASCIIReading {
        guard b.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return .notPlain }
        var i = 0
        var sign = 1
        if i < b.count && (b[i] == UInt8(ascii: "-") || b[i] == UInt8(ascii: "+")) {
            if b[i] == UInt8(ascii: "-") { sign = -1 }
            i += 1
        }
        guard i < b.count, b[i] & 0xDF == UInt8(ascii: "P") else { return .invalid }
        i += 1
        var total = 0
        var number: Int? = nil
        var inTime = false
        var sawPart = false
        while i < b.count {
            let c = b[i] >= 0x61 && b[i] <= 0x7A ? b[i] - 0x20 : b[i]
            i += 1
            if c >= 0x30 && c <= 0x39 {
                let (times, o1) = (number ?? 0).multipliedReportingOverflow(by: 10)
                let (sum, o2) = times.addingReportingOverflow(Int(c - 0x30))
                guard !o1, !o2 else { return .invalid }
                number = sum
                continue
            }
            if c == UInt8(ascii: "T") {
                guard number == nil, !inTime else { return .invalid }
                inTime = true
                continue
            }
            guard let unit = unit(c, inTime: inTime), let n = number else { return .invalid }
            let (part, o1) = n.multipliedReportingOverflow(by: unit)
            let (sum, o2) = total.addingReportingOverflow(part)
            guard !o1, !o2 else { return .invalid }
            total = sum
            number = nil
            sawPart = true
        }
        guard number == nil, sawPart else { return .invalid }
        return .seconds(sign * total)
    }

    /// The seconds of a part's letter (W and D before T, H, M and S after); nil for another.
    private static func unit(_ c: UInt8, inTime: Bool) -> Int? {
        switch (c, inTime) {
        case (UInt8(ascii: "W"), false): 7 * 86_400
        case (UInt8(ascii: "D"), false): 86_400
        case (UInt8(ascii: "H"), true): 3600
        case (UInt8(ascii: "M"), true): 60
        case (UInt8(ascii: "S"), true): 1
        default: nil
        }
    }

    /// Reads the value by its characters: trimmed of white space, upper-cased.
    init?(characters text: some StringProtocol) {
        var chars = Substring(PlainText.trimmed(text).uppercased())
        var sign = 1
        if chars.first == "-" || chars.first == "+" {
            if chars.first == "-" { sign = -1 }
            chars = chars.dropFirst()
        }
        guard chars.first == "P" else { return nil }
        chars = chars.dropFirst()
        var total = 0
        var number: Int? = nil
        var inTime = false
        var sawPart = false
        for c in chars {
            if let digit = c.wholeNumberValue, c.isASCII {
                let (times, o1) = (number ?? 0).multipliedReportingOverflow(by: 10)
                let (sum, o2) = times.addingReportingOverflow(digit)
                guard !o1, !o2 else { return nil }
                number = sum
                continue
            }
            if c == "T" {
                guard number == nil, !inTime else { return nil }
                inTime = true
                continue
            }
            let unit: Int
            switch (c, inTime) {
            case ("W", false): unit = 7 * 86_400
            case ("D", false): unit = 86_400
            case ("H", true): unit = 3600
            case ("M", true): unit = 60
            case ("S", true): unit = 1
            default: return nil
            }
            guard let n = number else { return nil }
            let (part, o1) = n.multipliedReportingOverflow(by: unit)
            let (sum, o2) = total.addingReportingOverflow(part)
            guard !o1, !o2 else { return nil }
            total = sum
            number = nil
            sawPart = true
        }
        guard number == nil, sawPart else { return nil }
        self.init(seconds: sign * total)
    }
}
