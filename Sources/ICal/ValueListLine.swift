/// A date list line (EXDATE, RDATE) cut into parts libical reads whole.
///
/// libical's line parser keeps the first 500 values of one property's comma list and drops the
/// rest without an error, so 800 EXDATEs on one line read as 500 while the same 800 one per line
/// read as 800. Before such a line reaches libical it is cut into lines of at most `partSize`
/// values with the same name and parameters: libical splits a comma list into one property per
/// value anyway, so the properties are the same, each value kept.
enum ValueListLine {
    /// Values per part: well under libical's 500.
    static let partSize = 250

    /// The parts of `line` (an unfolded content line), or nil when it needs none (another name,
    /// or at most `partSize` values).
    static func parts(_ line: some Collection<UInt8>) -> [[UInt8]]? {
        let bytes = Array(line)
        let name = ContentLine.upper(bytes.prefix { $0 != UInt8(ascii: ";") && $0 != UInt8(ascii: ":") })
        guard name == "EXDATE" || name == "RDATE", let colon = valueStart(bytes) else { return nil }
        let comma = UInt8(ascii: ",")
        guard bytes[(colon + 1)...].count(where: { $0 == comma }) >= partSize else { return nil }
        let head = bytes[...colon]
        let values = bytes[(colon + 1)...].split(separator: comma, omittingEmptySubsequences: false)
        return stride(from: 0, to: values.count, by: partSize).map { start in
            var part = Array(head)
            for (k, value) in values[start..<min(start + partSize, values.count)].enumerated() {
                if k > 0 { part.append(comma) }
                part.append(contentsOf: value)
            }
            return part
        }
    }

    /// Where the value starts: the first ':' outside a quoted parameter value.
    private static func valueStart(_ bytes: [UInt8]) -> Int? {
        var inQuotes = false
        for (i, b) in bytes.enumerated() {
            if b == UInt8(ascii: "\"") { inQuotes.toggle() }
            if b == UInt8(ascii: ":") && !inQuotes { return i }
        }
        return nil
    }
}
