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
    public var repeatCount: Int
    public var repeatIntervalSeconds: Int

    /// Reads a VALARM; nil for placeholders and snoozes (see `isPlaceholder(_:)`).
    public init?(_ alarm: ICalComponent) {
        guard !ReturnedAlarm.isPlaceholder(alarm) else { return nil }
        action = alarm.property("ACTION")?.value.uppercased() ?? "DISPLAY"
        let trigger = alarm.property("TRIGGER")
        let value = trigger?.value ?? ""
        if trigger?.parameter("VALUE")?.uppercased() == "DATE-TIME" || value.hasSuffix("Z") {
            if case .utc(let t)? = DateTimeValue(parsing: value) {
                self.trigger = .absolute(t.secondsSinceEpoch)
            } else {
                self.trigger = .unreadable(value)
            }
        } else if let d = ICalDuration(parsing: value) {
            self.trigger = .relative(seconds: d.seconds, fromEnd: trigger?.parameter("RELATED")?.uppercased() == "END")
        } else {
            self.trigger = .unreadable(value)
        }
        repeatCount = alarm.property("REPEAT").flatMap { Int($0.value) } ?? 0
        repeatIntervalSeconds =
            repeatCount > 0 ? (alarm.property("DURATION").flatMap { ICalDuration(parsing: $0.value)?.seconds } ?? 0) : 0
    }

    /// Apple's placeholder alarms (`ACTION:NONE`, `X-APPLE-DEFAULT-ALARM:TRUE`, the
    /// `19760401T005545Z` trigger) and Apple's snooze alarms (a VALARM whose RELATED-TO names
    /// another alarm) carry no decision of the person.
    public static func isPlaceholder(_ alarm: ICalComponent) -> Bool {
        if alarm.property("ACTION")?.value.uppercased() == "NONE" { return true }
        if alarm.property("X-APPLE-DEFAULT-ALARM")?.value.uppercased() == "TRUE" { return true }
        if alarm.property("TRIGGER")?.value == "19760401T005545Z" { return true }
        return alarm.property("RELATED-TO") != nil
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
