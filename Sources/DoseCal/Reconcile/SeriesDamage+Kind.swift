import ICal

extension SeriesDamage {
    /// What is wrong with a damaged series. Code that acts on damage asks the case; `description`
    /// is the reason a person reads (no medicine names: the property, its value, what is valid).
    public enum Kind: Sendable, Hashable, CustomStringConvertible {
        /// The item's file is in the folder but could not be read: it is left alone, not repaired.
        case unreadableFile
        /// The item's file is no usable item (a folder, a link, not iCalendar, no UID ...), in the
        /// words of the folder's reader.
        case unusableItem(String)
        /// The series' main event is in the calendar without its UID line.
        case lostUID
        /// Only overrides are left: the main event (without RECURRENCE-ID) is gone from its item.
        case onlyOverrides
        /// The event has no DTSTART.
        case missingStart
        /// DTSTART's value (given) is not a date or date-time.
        case startNotADate(String)
        /// A date property names a zone neither the IANA database nor the file defines.
        case unknownZone(property: String, tzid: String)
        /// A value of EXDATE, RDATE or RECURRENCE-ID (given) is not a date or date-time.
        case notADate(property: String, text: String)
        /// The RRULE (given) is invalid; `problem` says why, in the rule reader's words.
        case invalidRule(String, problem: String)
        /// The RRULE's UNTIL is before the event's DTSTART (given).
        case ruleEndsBeforeStart(rule: String, start: String)
        /// The parser left out a property with this value.
        case unreadableValue(property: String, value: String)
        /// The parser left out a property, with its message.
        case unreadableProperty(property: String, message: String)
        /// The parser's error, in its words.
        case unparsed(String)
        /// The expander could not expand the series (its error, in its words).
        case notExpandable(String)

        public var description: String {
            switch self {
            case .unreadableFile: return "cannot be read"
            case .unusableItem(let why): return why
            case .lostUID:
                return "the series' event has lost its UID (this VEVENT has its start and rule but no UID line); "
                    + "a VEVENT needs its UID"
            case .onlyOverrides: return "only overrides are left; the main event (without RECURRENCE-ID) is missing"
            case .missingStart: return "DTSTART is missing; every dose event needs a start"
            case .startNotADate(let value):
                return "DTSTART \(value) is not a date (YYYYMMDD) or date-time (YYYYMMDDTHHMMSS)"
            case .unknownZone(let property, let tzid):
                return "\(property) is in the unknown time zone \(tzid), which the file does not define either"
            case .notADate(let property, let text): return "\(property) \(text) is not a date or date-time"
            case .invalidRule(let rule, let problem): return "RRULE \(rule): \(problem)"
            case .ruleEndsBeforeStart(let rule, let start):
                return "RRULE \(rule): UNTIL is before DTSTART \(start); a rule cannot end before its first dose, "
                    + "so this is not read as the series ending"
            case .unreadableValue(let property, let value): return "\(property) \(value) cannot be read"
            case .unreadableProperty(let property, let message): return "\(property) cannot be read (\(message))"
            case .unparsed(let text): return text
            case .notExpandable(let error): return "cannot be expanded: \(error)"
            }
        }
    }
}
