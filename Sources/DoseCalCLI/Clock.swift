import DoseCal
import Foundation

/// The process clock, read here and nowhere in the library. `SOURCE_DATE_EPOCH` (the reproducible
/// builds convention) or a typed time (`--at`, `--now`) fixes it.
struct Clock: Sendable {
    var environment: [String: String]

    /// The current instant: `SOURCE_DATE_EPOCH` when set, else the system clock.
    func current() -> Int {
        if let s = environment["SOURCE_DATE_EPOCH"], let t = Int(s) { return t }
        return Int(Date().timeIntervalSince1970)
    }

    /// `text`, the value of `option`, read as a typed time (`TypedTime`: RFC 3339, a local
    /// date-time, a date, a time of today, `now`, `today`) in the zone `timeline` puts the person
    /// in on that date; the current instant when `text` is nil. A text that is not a time, or a
    /// local time in a gap or overlap, is a usage error naming the option.
    func time(_ text: String?, option: Option, timeline: ZoneTimeline) throws -> TypedTime {
        let now = current()
        guard let text else { return TypedTime(instant: now, date: timeline.localDate(at: now), isDay: false) }
        do {
            return try TypedTime(text, now: now, timeline: timeline)
        } catch {
            throw UsageError("--\(option.name) \(error)")
        }
    }

    /// The instant of `time(_:option:timeline:)` when reading `text` needs no zone (nil: the
    /// current instant; seconds since 1970, RFC 3339 with its offset); nil otherwise.
    func instantAnywhere(_ text: String?) -> Int? {
        guard let text else { return current() }
        return TypedTime.absoluteInstant(text)
    }

    /// The instant of `time(_:option:timeline:)`.
    func instant(_ text: String?, option: Option, timeline: ZoneTimeline) throws -> Int {
        try time(text, option: option, timeline: timeline).instant
    }
}
