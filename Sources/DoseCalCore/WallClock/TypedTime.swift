public import CalendarTime

/// A time as a person types it on the command line (`--at`, `--now`, `--from`, `--to`), read
/// in the zone the person is in on the date it names (docs/time-zones.md, decision 0198).
///
/// Forms: an RFC 3339 time with its offset (`2026-12-04T08:00:00-06:00`, `…Z`) or seconds since
/// 1970, as the log writes them; a local date-time (`2026-12-04T08:00`, `2026-12-04 08:00`,
/// seconds allowed); a date (`2026-12-04`: the start of that day); a time of today (`08:00`);
/// `now`; `today` (the start of today). A local time that does not exist (a daylight-saving gap)
/// or that happens twice (an overlap) is refused, naming the two instants or the gap; the start
/// of a day is its first instant, so a date is never refused.
public struct TypedTime: Sendable, Equatable {
    /// Seconds since 1970-01-01T00:00:00Z.
    public var instant: Int
    /// The local date the text names: the date typed, the date of a time of today, or the
    /// person's local date at an instant given with its offset.
    public var date: LocalDate
    /// Whether the text named a whole day (a date or `today`): `instant` is its start.
    public var isDay: Bool

    public init(instant: Int, date: LocalDate, isDay: Bool) {
        self.instant = instant
        self.date = date
        self.isDay = isDay
    }

    /// Reads `text`, with `now` the current instant and `timeline` where the person is.
    public init(_ text: String, now: Int, timeline: ZoneTimeline) throws(TypedTimeError) {
        let t = text.trimmingSpaces
        if t == "now" {
            self.init(instant: now, date: timeline.localDate(at: now), isDay: false)
        } else if t == "today" {
            let today = timeline.localDate(at: now)
            self.init(instant: TypedTime.start(of: today, in: timeline.zone(on: today)), date: today, isDay: true)
        } else if let seconds = TypedTime.absoluteInstant(t) {
            self.init(instant: seconds, date: timeline.localDate(at: seconds), isDay: false)
        } else if let date = LocalDate(parsing: t), t.utf8.count == 10 {
            self.init(instant: TypedTime.start(of: date, in: timeline.zone(on: date)), date: date, isDay: true)
        } else if let local = TypedTime.localDateTime(t, today: timeline.localDate(at: now)) {
            let zone = timeline.zone(on: local.date)
            self.init(instant: try TypedTime.instant(of: local, in: zone, text: t), date: local.date, isDay: false)
        } else {
            throw .notATime(text)
        }
    }

    /// The instant of a text that names one wherever the person is: seconds since 1970, or an
    /// RFC 3339 time with its offset; nil for any other form (read in the person's zone).
    public static func absoluteInstant(_ text: String) -> Int? {
        let t = text.trimmingSpaces
        return Int(t) ?? RFC3339.instant(t)
    }

    /// The first instant of `date` in `zone` (after a gap at midnight: the gap's end).
    public static func start(of date: LocalDate, in zone: Zone) -> Int {
        let midnight = LocalDateTime(date: date, time: LocalTime(hour: 0, minute: 0)!)
        let r = ZoneResolver.resolve(midnight, in: zone)
        if case .gap = r.kind, let change = gapChange(near: r.instant, in: zone) { return change.instant }
        return r.instant
    }

    /// The change that makes the gap a resolution near `instant` fell in (the clocks go forward).
    static func gapChange(near instant: Int, in zone: Zone) -> Zone.Transition? {
        zone.transitions(from: instant - 86_400, to: instant + 86_400).last {
            $0.offsetTo > $0.offsetFrom && $0.instant <= instant
        }
    }

    /// The one instant of `local` in `zone`; a gap or an overlap is an error.
    static func instant(of local: LocalDateTime, in zone: Zone, text: String) throws(TypedTimeError) -> Int {
        let r = ZoneResolver.resolve(local, in: zone)
        switch r.kind {
        case .normal:
            return r.instant
        case .gap:
            // The wall clock jumps from the change's old reading to its new one.
            let change = gapChange(near: r.instant, in: zone)
            let at = change?.instant ?? r.instant
            let from = ZonedTime(at, in: zone).clock(offset: change?.offsetFrom ?? zone.offset(at: at - 86_400))
            let to = ZonedTime(at, in: zone).clock(offset: change?.offsetTo ?? zone.offset(at: at))
            throw .inGap(text, zone: zone.identifier, from: from, to: to)
        case .overlap(let second):
            throw .happensTwice(
                text, zone: zone.identifier, first: ZonedTime(r.instant, in: zone).rfc3339,
                second: ZonedTime(second, in: zone).rfc3339)
        }
    }

    /// `2026-12-04T08:00`, `2026-12-04 08:00` (seconds allowed), or `08:00` on `today`.
    static func localDateTime(_ t: String, today: LocalDate) -> LocalDateTime? {
        let c = Array(t.utf8)
        if c.count >= 16, c[10] == UInt8(ascii: "T") || c[10] == UInt8(ascii: "t") || c[10] == UInt8(ascii: " "),
            let date = LocalDate(parsing: String(decoding: c[0..<10], as: UTF8.self)),
            let time = clock(String(decoding: c[11...], as: UTF8.self))
        {
            return LocalDateTime(date: date, time: time)
        }
        return clock(t).map { LocalDateTime(date: today, time: $0) }
    }

    /// `HH:MM` or `HH:MM:SS`.
    static func clock(_ t: String) -> LocalTime? {
        let parts = t.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3,
            parts.allSatisfy({ $0.utf8.count == 2 && $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } })
        else { return nil }
        let n = parts.map { Int($0)! }
        guard n.count == 2 || n[2] < 60 else { return nil }
        return LocalTime(hour: n[0], minute: n[1], second: n.count == 3 ? n[2] : 0)
    }
}

extension ZonedTime {
    /// `HH:MM` of the instant read with `offset` (either side of a change: `02:00` and `03:00`).
    fileprivate func clock(offset: Int) -> String {
        let l = LocalDateTime(secondsSinceEpoch: instant + offset)
        return "\(pad(l.time.hour, 2)):\(pad(l.time.minute, 2))"
    }
}

extension String {
    /// The text without leading and trailing spaces.
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
