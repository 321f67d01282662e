import ICal

/// Literal calendars for the expander tests: VEVENT lines wrapped in a VCALENDAR.
enum ExpansionSupport {
    /// A VCALENDAR holding `body` (VEVENTs, VTIMEZONEs) as CRLF text.
    static func calendar(_ body: String) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//dosecal//tests//EN\r\n"
            + body.split(separator: "\n", omittingEmptySubsequences: true).joined(separator: "\r\n")
            + "\r\nEND:VCALENDAR\r\n"
    }

    /// `from`..`to` as instants: dates (YYYY-MM-DD) at midnight UTC.
    static func window(_ from: String, _ to: String) -> (Int, Int) {
        (LocalDate(parsing: from)!.daysSinceEpoch * 86_400, LocalDate(parsing: to)!.daysSinceEpoch * 86_400)
    }

    /// Instances of `body` starting in the window, strict (a problem throws).
    static func instances(
        _ body: String, from: String = "2026-01-01", to: String = "2027-01-01", viewer: Zone = .utc
    ) throws -> [EventInstance] {
        let (f, t) = window(from, to)
        return try CalendarExpander(calendar: ICalParser.parse(calendar(body), strict: true), viewerZone: viewer)
            .instances(from: f, to: t)
    }

    /// The start instants of `body`'s instances, RFC 3339 UTC.
    static func starts(_ body: String, from: String = "2026-01-01", to: String = "2027-01-01", viewer: Zone = .utc) throws
        -> [String]
    {
        try instances(body, from: from, to: to, viewer: viewer).map { RFC3339.utc($0.start) }
    }

    /// What libical's own expansion gives for the first VEVENT of `body`, RFC 3339 UTC.
    static func libicalStarts(_ body: String, from: String = "2026-01-01", to: String = "2027-01-01") throws -> [String] {
        let (f, t) = window(from, to)
        let event = try ICalParser.parse(calendar(body), strict: true).calendar!.components(named: "VEVENT")[0]
        return LibicalReference.instances(of: event, from: f, to: t).map(RFC3339.utc)
    }

    /// A series VEVENT: `lines` after UID and DTSTAMP.
    static func event(_ uid: String = "e1", _ lines: String...) -> String {
        (["BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20260101T000000Z"] + lines + ["END:VEVENT"]).joined(separator: "\n")
    }
}
