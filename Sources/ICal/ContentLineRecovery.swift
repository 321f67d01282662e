/// Repairs content lines whose folding was broken in transit: a continuation line that lost its
/// leading space (mail clients and copy-paste do this) is joined back to the line before.
///
/// Only lines that cannot be content lines are joined: the text before the first `;` or `:`
/// must be a name (letters, digits, `-`) and a `:` must follow. A lost fold that happens to look
/// like `word:rest` cannot be told from a property and is left alone.
enum ContentLineRecovery {
    static func rejoinBrokenFolds(_ lines: [ContentLine]) -> ([ContentLine], [ICalWarning]) {
        var result: [ContentLine] = []
        result.reserveCapacity(lines.count)
        var warnings: [ICalWarning] = []
        for line in lines {
            if !isContentLineShaped(line.text), let previous = result.last, !isDelimiter(previous) {
                result[result.count - 1].text = Substring(String(previous.text) + String(line.text))
                warnings.append(.brokenFolding(line: line.line, continuing: previous.line))
            } else {
                result.append(line)
            }
        }
        return (result, warnings)
    }

    /// `NAME:...` or `NAME;...:...` with NAME made of letters, digits and `-`.
    static func isContentLineShaped(_ text: Substring) -> Bool {
        var sawName = false
        for c in text.utf8 {
            switch c {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
                sawName = true
            case UInt8(ascii: ":"):
                return sawName
            case UInt8(ascii: ";"):
                return sawName && text.contains(":")
            default:
                return false
            }
        }
        return false
    }

    /// BEGIN and END lines are never continued.
    static func isDelimiter(_ line: ContentLine) -> Bool {
        let name = line.name
        return name == "BEGIN" || name == "END"
    }
}
