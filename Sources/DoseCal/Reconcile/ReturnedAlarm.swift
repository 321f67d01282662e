public import ICal

/// One reminder of a returned event, reduced to what a person decides: when it fires and how.
///
/// Dismissal and snooze records (`ACKNOWLEDGED`, Apple's snooze VALARM with RELATED-TO,
/// Thunderbird's X-MOZ-*), alarm UIDs and the alarm's text are not part of it (`SeenHints` reads
/// the acknowledgements as hints).
public struct ReturnedAlarm: Sendable, Hashable, Comparable, CustomStringConvertible {
    public enum Trigger: Sendable, Hashable {
        /// Seconds relative to the start (negative: before) or, with `fromEnd`, to the end.
        case relative(seconds: Int, fromEnd: Bool)
        /// An absolute instant.
        case absolute(Int)
        /// A TRIGGER value that could not be read, kept as written.
        case unreadable(String)
    }

    /// `DISPLAY`, `AUDIO`, `EMAIL` (upper-cased).
    public var action: String
    public var trigger: Trigger
    /// REPEAT as written; -1 when it is not a whole number.
    public var repeatCount: Int
    public var repeatIntervalSeconds: Int

    /// Reads a VALARM; nil for placeholders and snoozes (see `isPlaceholder(_:)`).
    public init?(_ alarm: ICalComponent) {
        var memo = ReadingMemo()
        self.init(alarm, memo: &memo)
    }

    /// `init(_:)`, the properties found in one pass and each TRIGGER and DURATION text read
    /// through `memo` (a calendar repeats a few of them on thousands of alarms).
    init?(_ alarm: ICalComponent, memo: inout ReadingMemo) {
        let fields = AlarmFields(alarm)
        guard !fields.isPlaceholder else { return nil }
        action = fields.action?.value.uppercased() ?? "DISPLAY"
        let trigger = fields.trigger
        let value = trigger?.value ?? ""
        if trigger?.parameter("VALUE")?.uppercased() == "DATE-TIME" || value.hasSuffix("Z") {
            if case .utc(let t)? = DateTimeValue(parsing: value) {
                self.trigger = .absolute(t.secondsSinceEpoch)
            } else {
                self.trigger = .unreadable(value)
            }
        } else if let seconds = memo.seconds(value) {
            self.trigger = .relative(seconds: seconds, fromEnd: trigger?.parameter("RELATED")?.uppercased() == "END")
        } else {
            self.trigger = .unreadable(value)
        }
        // A REPEAT that is not a whole number is -1: outside every count a reminder holds.
        repeatCount = fields.repeatCount.map { Int($0.value) ?? -1 } ?? 0
        repeatIntervalSeconds = repeatCount != 0 ? (fields.duration.flatMap { memo.seconds($0.value) } ?? 0) : 0
    }

    /// Apple's placeholder alarms (`ACTION:NONE`, `X-APPLE-DEFAULT-ALARM:TRUE`, the
    /// `19760401T005545Z` trigger) and Apple's snooze alarms (a VALARM whose RELATED-TO names
    /// another alarm) carry no decision of the person.
    public static func isPlaceholder(_ alarm: ICalComponent) -> Bool { AlarmFields(alarm).isPlaceholder }

    /// `alarms` in order (`<`), each one's `description` made once.
    static func sorted(_ alarms: [ReturnedAlarm]) -> [ReturnedAlarm] {
        guard alarms.count > 1 else { return alarms }
        return alarms.map { ($0.description, $0) }.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// Canonical one-line form, used for ordering and hashing.
    public var description: String {
        let when: String
        switch trigger {
        case .relative(let s, let fromEnd): when = "\(fromEnd ? "END" : "START")\(s >= 0 ? "+" : "")\(s)s"
        case .absolute(let s): when = "AT \(LocalDateTime(secondsSinceEpoch: s))Z"
        case .unreadable(let text): when = "? \(text)"
        }
        return repeatCount > 0 ? "\(action) \(when) x\(repeatCount)/\(repeatIntervalSeconds)s" : "\(action) \(when)"
    }

    public static func < (a: ReturnedAlarm, b: ReturnedAlarm) -> Bool { a.description < b.description }
}

/// The properties of a VALARM that `ReturnedAlarm` reads, found in one pass: the first of each
/// (as `ICalComponent.property(_:)` finds it).
struct AlarmFields {
    var action: ICalProperty?
    var trigger: ICalProperty?
    var repeatCount: ICalProperty?
    var duration: ICalProperty?
    var appleDefault: ICalProperty?
    var hasRelation = false

    init(_ alarm: ICalComponent) {
        for p in alarm.properties {
            switch p.name {
            case "ACTION" where action == nil: action = p
            case "TRIGGER" where trigger == nil: trigger = p
            case "REPEAT" where repeatCount == nil: repeatCount = p
            case "DURATION" where duration == nil: duration = p
            case "X-APPLE-DEFAULT-ALARM" where appleDefault == nil: appleDefault = p
            case "RELATED-TO": hasRelation = true
            default: break
            }
        }
    }

    /// `ReturnedAlarm.isPlaceholder(_:)` of the alarm.
    var isPlaceholder: Bool {
        if action?.value.uppercased() == "NONE" { return true }
        if appleDefault?.value.uppercased() == "TRUE" { return true }
        if trigger?.value == "19760401T005545Z" { return true }
        return hasRelation
    }
}
