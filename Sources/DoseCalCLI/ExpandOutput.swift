import DoseCal
import ICal

/// The text and JSON forms of `dosecal expand`.
enum ExpandOutput {
    /// `{"instances": [{"uid", "recurrenceId", "start", "end", "summary"}]}`, RFC 3339 UTC;
    /// first `"incomplete": "..."` when the budget left events out.
    static func json(_ instances: [EventInstance], incomplete: String? = nil) -> String {
        let items = instances.map { i in
            JSONValue(object: [
                "uid": JSONValue(i.uid), "recurrenceId": JSONValue(EventInstance.rfc3339(i.recurrenceInstant)),
                "start": JSONValue(EventInstance.rfc3339(i.start)), "end": JSONValue(EventInstance.rfc3339(i.end)),
                "summary": JSONValue(i.summary),
            ])
        }
        guard let incomplete else { return JSONValue(object: ["instances": JSONValue(array: items)]).text }
        return JSONValue(object: ["incomplete": JSONValue(incomplete), "instances": JSONValue(array: items)]).text
    }

    /// One line per instance: start, end, UID, summary (tabs; control characters as spaces).
    static func text(_ instances: [EventInstance], zone: Zone) -> String {
        var out = ""
        for i in instances {
            let summary = (i.summary ?? "").map { $0.isNewline || $0 == "\t" ? " " : String($0) }.joined()
            out += "\(time(i.start, allDay: i.isAllDay, zone: zone))\t\(time(i.end, allDay: i.isAllDay, zone: zone))\t"
            out += "\(i.uid)\t\(summary)\n"
        }
        return out
    }

    /// `2026-03-08T03:30:00-04:00` in `zone`; `2026-03-08` for an all-day instance.
    static func time(_ instant: Int, allDay: Bool, zone: Zone) -> String {
        let local = zone.local(at: instant)
        if allDay { return local.date.description }
        let offset = zone.offset(at: instant)
        let sign = offset < 0 ? "-" : "+"
        let minutes = abs(offset) / 60
        let suffix = offset == 0 ? "Z" : "\(sign)\(pad(minutes / 60, 2)):\(pad(minutes % 60, 2))"
        return local.description + suffix
    }
}
