import Foundation

/// Values as clients write them mostly have no white space at either end: those are taken as
/// they are, without Foundation's character sets (which cost more than the reading itself).
enum PlainText {
    /// `text` without `.whitespaces` at either end.
    static func trimmed(_ text: some StringProtocol) -> String {
        // ASCII other than space and tab is never in `.whitespaces`.
        let plain = { (c: UInt8?) in c.map { $0 > 0x20 && $0 < 0x80 } ?? false }
        let s = String(text)
        if plain(s.utf8.first), plain(s.utf8.last) { return s }
        return s.trimmingCharacters(in: .whitespaces)
    }
}
