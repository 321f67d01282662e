/// A problem with iCalendar input or output, with the line it was found on.
///
/// `description` is a sentence a person can act on.
public enum ICalError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bytes are not UTF-8 text (or contain NUL bytes).
    case invalidEncoding(line: Int)
    /// The input holds no iCalendar component at all.
    case empty
    /// BEGIN/END do not nest: an END without BEGIN, a mismatched END, or a BEGIN never closed.
    case structure(line: Int, message: String)
    /// A content line that is not `NAME[;PARAM=VALUE...]:VALUE`.
    case malformedLine(line: Int, text: String)
    /// libical rejected a property (reported by it as X-LIC-ERROR).
    case invalidProperty(line: Int, name: String, message: String)
    /// A value we were asked to write that libical does not accept (a bug in the caller).
    case unserializable(property: String, value: String)
    /// A TZID that names neither a VTIMEZONE of the calendar nor an IANA zone.
    case unknownZone(tzid: String, line: Int?)
    /// A DATE/DATE-TIME, RRULE or UTC-offset value that cannot be read; `expected` says what is valid.
    case invalidValue(property: String, value: String, line: Int?, expected: String)
    /// A recurrence set with more instances in the window than the expander's limit.
    case tooManyInstances(uid: String, line: Int?, limit: Int)
    /// A BEGIN opening more components at once than `ICalLimits.maxNesting`.
    case tooDeep(line: Int, component: String, limit: Int)
    /// A content line longer (after unfolding) than `ICalLimits.maxContentLineBytes`.
    case lineTooLong(line: Int, limit: Int)
    /// The calendar as a whole needs more instances than the command's `ExpansionBudget`; `uids`
    /// are the events that were cut off (`more` others not named).
    case budgetExceeded(uids: [String], more: Int, limit: Int)
    /// An expansion window longer than the budget's span (`ExpansionBudget.maxSpan`): it was cut.
    case windowTooLong(years: Int)
    /// An error in the named file (an item of a folder, or one of several calendars).
    indirect case inFile(String, ICalError)

    /// The 1-based input line the error refers to, when there is one.
    public var line: Int? {
        switch self {
        case .invalidEncoding(let line), .structure(let line, _), .malformedLine(let line, _),
            .invalidProperty(let line, _, _), .tooDeep(let line, _, _), .lineTooLong(let line, _):
            return line
        case .unknownZone(_, let line), .invalidValue(_, _, let line, _), .tooManyInstances(_, let line, _):
            return line
        case .inFile(_, let inner):
            return inner.line
        case .empty, .unserializable, .budgetExceeded, .windowTooLong:
            return nil
        }
    }

    public var description: String {
        switch self {
        case .invalidEncoding(let line):
            return "line \(line): the text is not valid UTF-8 (or contains a NUL byte); iCalendar files must be UTF-8 text"
        case .empty:
            return "no iCalendar data found; expected BEGIN:VCALENDAR ... END:VCALENDAR"
        case .structure(let line, let message):
            return "line \(line): \(message)"
        case .malformedLine(let line, let text):
            let shown = text.count > 60 ? String(text.prefix(60)) + "..." : text
            return "line \(line): \"\(shown)\" is not an iCalendar content line; expected NAME:VALUE or NAME;PARAM=VALUE:VALUE"
        case .invalidProperty(let line, let name, let message):
            return "line \(line): \(name): \(message)"
        case .unserializable(let property, let value):
            return "cannot write \(property) with value \"\(value)\": libical rejects it"
        case .unknownZone(let tzid, let line):
            return "\(ICalError.at(line))TZID \"\(tzid)\" is neither a VTIMEZONE in this calendar nor an IANA zone; "
                + "add its VTIMEZONE or use an IANA name such as America/New_York"
        case .invalidValue(let property, let value, let line, let expected):
            return "\(ICalError.at(line))\(property) value \"\(value)\" cannot be read; expected \(expected)"
        case .tooManyInstances(let uid, let line, let limit):
            return "\(ICalError.at(line))event \"\(uid)\" has more than \(limit) instances in the window; use a shorter window"
        case .tooDeep(let line, let component, let limit):
            return "line \(line): BEGIN:\(component) opens more than \(limit) nested components; "
                + "dosecal reads at most \(limit) levels (iCalendar needs 3: VCALENDAR > VEVENT > VALARM)"
        case .lineTooLong(let line, let limit):
            return "line \(line): the content line is longer than \(limit / 1_048_576) MiB after unfolding; "
                + "dosecal reads content lines (name, parameters and value) of up to \(limit / 1_048_576) MiB"
        case .budgetExceeded(let uids, let more, let limit):
            let named = uids.map { "\"\($0)\"" }.joined(separator: ", ") + (more > 0 ? " and \(more) more" : "")
            return "the calendar has more than \(limit) instances in the window in all; not expanded: \(named); "
                + "use a shorter window"
        case .windowTooLong(let years):
            return "the window is longer than \(years) years; only its first \(years) years were expanded"
        case .inFile(let file, let inner):
            return "\(file): \(inner)"
        }
    }

    private static func at(_ line: Int?) -> String { line.map { "line \($0): " } ?? "" }
}
