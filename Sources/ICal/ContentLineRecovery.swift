/// Tells content lines whose folding was broken in transit: a continuation line that lost its
/// leading space (mail clients and copy-paste do this) is joined back to the line before by
/// `ContentLineReader`.
///
/// Only lines that cannot be content lines are joined: the text before the first `;` or `:`
/// must be a name (letters, digits, `-`) and a `:` must follow. A lost fold that happens to look
/// like `word:rest` cannot be told from a property and is left alone.
enum ContentLineRecovery {
    /// `NAME:...` or `NAME;...:...` with NAME made of letters, digits and `-`.
    static func isContentLineShaped(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var sawName = false
        for c in bytes {
            switch c {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
                sawName = true
            case UInt8(ascii: ":"):
                return sawName
            case UInt8(ascii: ";"):
                return sawName && bytes.contains(UInt8(ascii: ":"))
            default:
                return false
            }
        }
        return false
    }

    /// BEGIN and END lines are never continued.
    static func isDelimiter(_ line: ContentLine) -> Bool {
        let name = line.nameKey
        return name == .begin || name == .end
    }
}
