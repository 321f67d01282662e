/// RFC 3339 instants, written and read the one way dosecal writes and reads them (decision 0285):
/// the schedule file's log and refill times, the JSON of `status`, `plan`, `log`, `check` and
/// `expand`, and the command line's typed times.
///
/// Written: `YYYY-MM-DDTHH:MM:SS` with `Z` (`utc`), or with the offset a zone has then, `Z` when
/// it is zero (`text(_:offset:)`); whole seconds, a four-digit year.
///
/// Read (`instant`): `YYYY-MM-DDTHH:MM:SS`, optionally `.` and one or more digits of a fraction
/// (dropped: the instant is the whole second it falls in), then `Z` or `+HH:MM`/`-HH:MM` (hours
/// 00-23, minutes 00-59; `-00:00` is UTC). `T` and `Z` may be lower case (RFC 3339 §5.6). A
/// leap second (`:60`) is refused: dosecal counts POSIX seconds, in which it has no instant. The
/// instant must fall in the years 0001-9999 in UTC too, so that it can be written back.
public enum RFC3339 {
    /// `2026-03-08T07:30:00Z`: the UTC date-time of `instant` (seconds since 1970).
    public static func utc(_ instant: Int) -> String { LocalDateTime(secondsSinceEpoch: instant).description + "Z" }

    /// `2026-12-04T08:00:00-06:00`: `instant` read with `offset` (seconds east of UTC), `Z` when
    /// the offset is zero. An offset that is not whole minutes (local mean time) is written
    /// without its seconds, as the local time keeps them.
    public static func text(_ instant: Int, offset: Int) -> String {
        let local = LocalDateTime(secondsSinceEpoch: instant + offset).description
        guard offset != 0 else { return local + "Z" }
        let minutes = abs(offset) / 60
        return local + (offset < 0 ? "-" : "+") + "\(pad(minutes / 60, 2)):\(pad(minutes % 60, 2))"
    }

    /// Seconds since 1970 of the RFC 3339 date-time `text`, or nil when it is not one (see the
    /// type's documentation for the forms read).
    public static func instant(_ text: some StringProtocol) -> Int? {
        let c = Array(text.utf8)
        func number(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= c.count, c[from..<from + count].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            return c[from..<from + count].reduce(0) { $0 * 10 + Int($1 - 0x30) }
        }
        func byte(_ i: Int, _ choices: StaticString) -> Bool {
            i < c.count && UnsafeBufferPointer(start: choices.utf8Start, count: choices.utf8CodeUnitCount).contains(c[i])
        }
        guard c.count >= 20, byte(4, "-"), byte(7, "-"), byte(10, "Tt"), byte(13, ":"), byte(16, ":"),
            let y = number(0, 4), let mo = number(5, 2), let d = number(8, 2), let date = LocalDate(year: y, month: mo, day: d),
            let h = number(11, 2), let mi = number(14, 2), let sec = number(17, 2), sec < 60,
            let time = LocalTime(hour: h, minute: mi, second: sec)
        else { return nil }
        var i = 19
        if byte(i, ".") {
            i += 1
            let digitsStart = i
            while i < c.count, c[i] >= 0x30, c[i] <= 0x39 { i += 1 }
            guard i > digitsStart else { return nil }
        }
        var offset = 0
        if byte(i, "Zz") {
            guard i + 1 == c.count else { return nil }
        } else {
            guard c.count - i == 6, byte(i, "+-"), byte(i + 3, ":"), let oh = number(i + 1, 2), oh <= 23,
                let om = number(i + 4, 2), om <= 59
            else { return nil }
            offset = (oh * 3600 + om * 60) * (byte(i, "-") ? -1 : 1)
        }
        let utc = LocalDateTime(date: date, time: time).secondsSinceEpoch - offset
        guard (1...9999).contains(LocalDateTime(secondsSinceEpoch: utc).date.year) else { return nil }
        return utc
    }
}
