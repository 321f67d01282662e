/// The items of a list written with an ASCII separator (`,` in an RRULE part, `;` between its
/// parts): split byte by byte when the text is ASCII (then bytes are characters: the same
/// items), else character by character. Every RRULE a calendar holds is split this way.
public enum TextItems {
    /// The items of `text` between `separator`s (an ASCII byte); empty ones left out when
    /// `omittingEmpty`.
    public static func split(_ text: String, separator: UInt8, omittingEmpty: Bool) -> [Substring] {
        precondition(separator < 0x80, "the separator is an ASCII byte")
        guard !text.utf8.contains(where: { $0 >= 0x80 }) else {
            return text.split(separator: Character(Unicode.Scalar(separator)), omittingEmptySubsequences: omittingEmpty)
        }
        return text.utf8.split(separator: separator, omittingEmptySubsequences: omittingEmpty).map { Substring($0) }
    }
}
