/// Text output that names files and UIDs from a folder other programs write: a name holding a
/// line break, a tab or a terminal control sequence must not break the report into lines that
/// look like dosecal's, or drive the terminal.
enum OutputText {
    /// `line` with every control character written as an escape: `\n`, `\r`, `\t`, or `\u{1B}`
    /// for the others (C0, DEL, C1), and the bidirectional overrides (U+202A-U+202E,
    /// U+2066-U+2069), which reorder what a terminal shows, likewise. JSON output needs none of
    /// this: its strings are escaped already.
    static func escaped(_ line: String) -> String {
        guard line.unicodeScalars.contains(where: needsEscape) else { return line }
        var out = ""
        for scalar in line.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where needsEscape(scalar): out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }
}
