/// Something in iCalendar input that was wrong but could be read anyway, with its line.
///
/// `description` says what was assumed, so a person can check it.
public enum ICalWarning: Sendable, Equatable, CustomStringConvertible {
    /// A physical line that is not `NAME[;PARAM=...]:VALUE` shaped was read as the continuation
    /// of the content line that began on `continuing` (its folding space was lost).
    case brokenFolding(line: Int, continuing: Int)
    /// A VTIMEZONE whose TZID an earlier VTIMEZONE of the calendar (on line `first`) defines: the
    /// first definition is read, this one is ignored.
    case duplicateTimezone(tzid: String, line: Int, first: Int)

    /// The 1-based input line the warning refers to.
    public var line: Int {
        switch self {
        case .brokenFolding(let line, _), .duplicateTimezone(_, let line, _): return line
        }
    }

    public var description: String {
        switch self {
        case .brokenFolding(let line, let continuing):
            return "line \(line): not a content line (NAME:VALUE); read as the continuation of line \(continuing), "
                + "whose folding space was lost; continuation lines must start with a space or a tab"
        case .duplicateTimezone(let tzid, let line, let first):
            return "line \(line): a second VTIMEZONE for TZID \"\(tzid)\" (the first is on line \(first)); "
                + "the first one is read and this one is ignored; a calendar must define each TZID once"
        }
    }
}
