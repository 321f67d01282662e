import Foundation

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
        guard let base = bytes.baseAddress else { return false }
        var i = 0
        while i < bytes.count {
            let c = base[i]
            if (c | 0x20) &- UInt8(ascii: "a") < 26 || c &- UInt8(ascii: "0") < 10 || c == UInt8(ascii: "-") {
                i += 1
            } else if c == UInt8(ascii: ":") {
                return i > 0
            } else if c == UInt8(ascii: ";") {
                return i > 0 && memchr(base + i, Int32(UInt8(ascii: ":")), bytes.count - i) != nil
            } else {
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
