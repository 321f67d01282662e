import DoseCal
import Foundation

/// Schedules with people written as JSON, and instants written as RFC 3339 with their offset.
enum PeopleSupport {
    /// The schedule `json` says (file name "people-test.json" in errors).
    static func schedule(_ json: String) throws -> Schedule {
        try ScheduleCodec.decode(Data(json.utf8), file: "people-test.json")
    }

    /// `2026-12-05T07:00:00+09:00` as seconds since 1970 (nil: not such a text).
    static func epoch(_ text: String) -> Int? {
        guard text.count == 25, let local = LocalDateTime(rfc3339Local: text.prefix(19)) else { return nil }
        let sign = text[text.index(text.startIndex, offsetBy: 19)]
        let offsetText = text.suffix(5)
        guard sign == "+" || sign == "-", let h = Int(offsetText.prefix(2)), let m = Int(offsetText.suffix(2)) else {
            return nil
        }
        let offset = (h * 3600 + m * 60) * (sign == "-" ? -1 : 1)
        return local.secondsSinceEpoch - offset
    }

    /// "amoxicillin 2026-12-04T22:00:00Z Asia/Tokyo": a dose as the tests compare it (the
    /// medication, its instant in UTC, the zone it is read in).
    static func line(_ medication: String, _ instant: Int, _ zone: String?) -> String {
        "\(medication) \(LocalDateTime(secondsSinceEpoch: instant).description)Z \(zone ?? "UTC")"
    }

    /// `line` of an expected dose written with its offset.
    static func line(_ medication: String, _ rfc3339: String, _ zone: String) -> String {
        guard let instant = epoch(rfc3339) else { return "\(medication) unreadable \(rfc3339)" }
        return line(medication, instant, zone)
    }

    /// The doses the engine gives for `schedule` on the days `from` to `to`, as `line`s in order.
    static func doses(_ schedule: Schedule, _ from: String, _ to: String) -> [String] {
        WallClockEngine(schedule: schedule).occurrences(from: LocalDate(parsing: from)!, to: LocalDate(parsing: to)!)
            .map { line($0.medicationID, $0.instant, $0.zone?.identifier) }
    }
}

extension LocalDateTime {
    /// `2026-12-05T07:00:00`.
    fileprivate init?(rfc3339Local text: Substring) {
        let parts = text.split(separator: "T")
        guard parts.count == 2, parts[1].count == 8, let date = LocalDate(parsing: parts[0]),
            let hm = LocalTime(parsing: parts[1].prefix(5)), let second = Int(parts[1].suffix(2)),
            let time = LocalTime(hour: hm.hour, minute: hm.minute, second: second)
        else { return nil }
        self.init(date: date, time: time)
    }
}
