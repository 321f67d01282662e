import CalendarTime

/// The operator's index of a site (docs/publish.md): per schedule its feed's name and link, the
/// name calendar apps show, its last change and its problem; then the retired names. In JSON
/// (`index.json`) and as text (`index.txt`, one tab-separated line per feed), both 0600 in the
/// state folder: the links are the secret.
///
/// A feed is one schedule's today (`person` is null). When a schedule names several people, each
/// person's feed gets an entry of its own, with the person's ID in `person` and its name made
/// from the schedule's path and that ID: the format has room for it now.
struct PublishIndex {
    var record: PublishRecord
    var schedules: String

    /// The entries in schedule-path order.
    private var identities: [String] { record.entries.keys.sorted() }

    /// The link of feed `name`, nil without a base URL.
    func url(_ name: String) -> String? {
        guard !record.baseURL.isEmpty else { return nil }
        return record.baseURL + (record.baseURL.hasSuffix("/") ? "" : "/") + name
    }

    func json() -> [UInt8] {
        let feeds = identities.map { identity -> JSONValue in
            let e = record.entries[identity]!
            return JSONValue(object: [
                "schedule": JSONValue(identity), "person": JSONValue(.null),
                "calendar": JSONValue(e.calendar.isEmpty ? nil : e.calendar), "feed": JSONValue(e.name),
                "url": JSONValue(url(e.name)), "generation": JSONValue(e.generation),
                "served": JSONValue(e.output != nil),
                "lastChange": JSONValue(e.stamp > 0 ? RFC3339.utc(e.stamp) : nil),
                "problem": JSONValue(e.problem.isEmpty ? nil : e.problem),
            ])
        }
        let retired = record.retired.map { r in
            JSONValue(object: [
                "schedule": JSONValue(r.identity), "feed": JSONValue(r.name), "since": JSONValue(RFC3339.utc(r.since)),
            ])
        }
        let value = JSONValue(object: [
            "version": JSONValue(1), "schedules": JSONValue(schedules), "site": JSONValue(record.site),
            "baseURL": JSONValue(record.baseURL.isEmpty ? nil : record.baseURL), "feeds": JSONValue(array: feeds),
            "retired": JSONValue(array: retired),
        ])
        return Array(value.text.utf8)
    }

    /// `schedule  calendar  link (or name)  last change  problem`, tab-separated, with a header.
    func text() -> [UInt8] {
        var out = Array("schedule\tcalendar\tfeed\tlast change\tproblem\n".utf8)
        for identity in identities {
            let e = record.entries[identity]!
            let fields = [
                identity, e.calendar.isEmpty ? "-" : e.calendar, e.output == nil ? "(none)" : url(e.name) ?? e.name,
                e.stamp > 0 ? RFC3339.utc(e.stamp) : "-", e.problem.isEmpty ? "ok" : e.problem,
            ]
            out += Array(fields.map(PublishRecord.escaped).joined(separator: "\t").utf8)
            out.append(0x0A)
        }
        for r in record.retired {
            out += Array("\(PublishRecord.escaped(r.identity))\t-\tretired: \(r.name)\t\(RFC3339.utc(r.since))\tok\n".utf8)
        }
        return out
    }
}
