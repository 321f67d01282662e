/// Why a typed time (`TypedTime`) could not be read. `description` is one actionable sentence,
/// without the option's name (the command line puts it in front).
public enum TypedTimeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not one of the forms.
    case notATime(String)
    /// A local time in a daylight-saving gap: the clock jumps from `from` to `to` in `zone`.
    case inGap(String, zone: String, from: String, to: String)
    /// A local time that happens twice in `zone`: `first` and `second` in RFC 3339 with offsets.
    case happensTwice(String, zone: String, first: String, second: String)

    /// The forms a time may take, for error messages and help texts.
    public static let forms =
        "2026-12-04T08:00, 2026-12-04 08:00, 2026-12-04 (the start of the day), 08:00 (today), now, today, "
        + "or an RFC 3339 time with its offset like 2026-12-04T08:00:00-06:00 (or seconds since 1970)"

    public var description: String {
        switch self {
        case .notATime(let text):
            return "\(text) is not a time; use \(TypedTimeError.forms)"
        case .inGap(let text, let zone, let from, let to):
            return "\(text) does not exist in \(zone): the clocks go from \(from) to \(to) that night; "
                + "give a time before \(from) or from \(to) on, or an RFC 3339 time with its offset"
        case .happensTwice(let text, let zone, let first, let second):
            return "\(text) happens twice in \(zone) (the clocks go back that night); "
                + "give \(first) for the first or \(second) for the second"
        }
    }
}
