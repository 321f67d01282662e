/// The longest texts a schedule may hold, in UTF-8 bytes (decision 0192). Each text goes into
/// every event of its medication (title, description, alarm; a moved dose is an event of its
/// own), escaped and folded, so these keep one event within about 8 KB even when every text is
/// at its longest and made of characters iCalendar escapes: far below what dosecal reads back
/// (`InputFile.maxBytes`, 64 MiB). Real texts are shorter still: a medication's name, strength
/// or dose is a few words, its notes a few sentences.
public enum TextLimits {
    /// A one-line text: a medication's `name`, `strength` or `dose`, a taper step's `dose`, the
    /// feed's `name`.
    public static let line = 200
    /// A medication's `notes` (line breaks allowed).
    public static let notes = 2_000
}
