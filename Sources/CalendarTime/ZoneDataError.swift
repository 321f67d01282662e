/// Why zone data could not be read: a TZif file or a POSIX TZ string that is not well formed.
public enum ZoneDataError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The TZif file is not valid RFC 8536 version 2+ data; the text says what was wrong.
    case malformed(String)
    /// The POSIX TZ string (a TZif footer) cannot be read at `position` (a character offset).
    case badRule(String, position: Int, expected: String)

    public var description: String {
        switch self {
        case .malformed(let what):
            return "The zone file is not TZif version 2 or later data (RFC 8536): \(what)."
        case .badRule(let text, let position, let expected):
            return "The POSIX TZ string \"\(text)\" cannot be read at character \(position + 1): expected \(expected)."
        }
    }
}
