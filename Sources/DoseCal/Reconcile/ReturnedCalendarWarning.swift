public import ICal

/// Something in a returned calendar that was read with an assumption, or left out, with where.
/// None of these stop reading; each `description` says what was assumed.
public enum ReturnedCalendarWarning: Sendable, Equatable, CustomStringConvertible {
    /// From the parser (e.g. broken folding that was repaired).
    case input(ICalWarning)
    /// A property libical rejected; it is not in the result.
    case droppedProperty(ICalError)
    /// A VEVENT without UID: it cannot be matched to a series (it is in `eventsWithoutUID`).
    case missingUID(line: Int?)
    /// A second master (no RECURRENCE-ID) for a UID; the first one is used.
    case duplicateMaster(uid: String, line: Int?)
    /// UNTIL broke RFC 5545's "same form as DTSTART" rule and was read as `readAs`.
    case untilRead(uid: String, line: Int?, written: String, readAs: String)
    /// An RRULE with parts the schedule model has no words for (`RecurrenceRule.fitsScheduleModel`); the series is kept with its rule text only.
    case unreadableRule(uid: String, line: Int?, rule: String)
    /// A TZID that names no IANA zone: its times stay local until the file's VTIMEZONE
    /// (`hasDefinition`) is applied.
    case unknownZone(tzid: String, hasDefinition: Bool)

    public var description: String {
        switch self {
        case .input(let w): return w.description
        case .droppedProperty(let e): return e.description + " (left out)"
        case .missingUID(let line):
            return "\(at(line))a VEVENT without UID cannot be matched to a series; it is read on its own"
        case .duplicateMaster(let uid, let line):
            return "\(at(line))a second event with UID \(uid) and no RECURRENCE-ID was ignored; the first one is used"
        case .untilRead(let uid, let line, let written, let readAs):
            return "\(at(line))UID \(uid): UNTIL \(written) does not match DTSTART's form; read as \(readAs)"
        case .unreadableRule(let uid, let line, let rule):
            return "\(at(line))UID \(uid): RRULE \(rule) uses parts dosecal cannot read; the series is kept as written"
        case .unknownZone(let tzid, let hasDefinition):
            return hasDefinition
                ? "TZID \"\(tzid)\" is not an IANA or Windows zone name; the file's VTIMEZONE defines it"
                : "TZID \"\(tzid)\" is not an IANA or Windows zone name and the file has no VTIMEZONE for it; its times are left local"
        }
    }

    private func at(_ line: Int?) -> String { line.map { "line \($0): " } ?? "" }
}
