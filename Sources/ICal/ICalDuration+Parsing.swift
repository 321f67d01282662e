extension ICalDuration {
    /// Reads a DURATION value (RFC 5545 §3.3.6): `PT15M`, `-PT15M`, `P1D`, `P2W`, and the long
    /// forms clients write (`-P0DT0H10M0S` from Google, `P1DT`, weeks mixed with days). nil when
    /// the text is not a duration or overflows.
    public init?(parsing text: some StringProtocol) {
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
