import DoseCal
import ICal

/// The text and JSON forms of `dosecal expand`.
enum ExpandOutput {
    /// `{"instances": [{"uid", "recurrenceId", "start", "end", "summary"}]}`, RFC 3339 UTC;
    /// first `"incomplete": "..."` when the budget left events out.
    static func json(_ instances: [EventInstance], incomplete: String? = nil) -> String {
        let items = instances.map { i in
            JSONValue(object: [
                "uid": JSONValue(i.uid), "recurrenceId": JSONValue(RFC3339.utc(i.recurrenceInstant)),
                "start": JSONValue(RFC3339.utc(i.start)), "end": JSONValue(RFC3339.utc(i.end)),
                "summary": JSONValue(i.summary),
            ])
        }
        guard let incomplete else { return JSONValue(object: ["instances": JSONValue(array: items)]).text }
        return JSONValue(object: ["incomplete": JSONValue(incomplete), "instances": JSONValue(array: items)]).text
    }

    /// One line per instance: start, end, UID, summary (tabs; control characters as spaces).
    /// Times are local in the zone of the event (its TZID, when that names a zone), else in
    /// `zone` (floating and UTC times), written as RFC 3339 with the offset and the zone's name
    /// in brackets (RFC 9557): `2026-03-08T03:30:00-04:00[America/New_York]`.
    static func text(_ instances: [EventInstance], zone: Zone) -> String {
        var zones: [String: Zone] = [:]
        var out = ""
        for i in instances {
            if zones[i.zoneID] == nil { zones[i.zoneID] = i.zoneID == "UTC" ? zone : Zone(tzid: i.zoneID) ?? zone }
            let own = zones[i.zoneID]!
            let summary = (i.summary ?? "").map { $0.isNewline || $0 == "\t" ? " " : String($0) }.joined()
            out += "\(time(i.start, allDay: i.isAllDay, zone: own))\t\(time(i.end, allDay: i.isAllDay, zone: own))\t"
            out += "\(i.uid)\t\(summary)\n"
        }
        return out
    }

    /// `2026-03-08T03:30:00-04:00[America/New_York]` in `zone`; `2026-03-08` for an all-day instance.
    static func time(_ instant: Int, allDay: Bool, zone: Zone) -> String {
        let t = ZonedTime(instant, in: zone)
        return allDay ? t.date.description : "\(t.rfc3339)[\(zone)]"
    }
}
