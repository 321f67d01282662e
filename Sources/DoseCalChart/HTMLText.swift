/// Text written into a chart's HTML or SVG: every character that could start markup escaped, so
/// that a name in the schedule is always text, never markup.
enum HTMLText {
    /// `text` with `&`, `<`, `>` and both quotes escaped (safe in element content and in quoted
    /// attribute values of HTML and SVG).
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for c in text.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
