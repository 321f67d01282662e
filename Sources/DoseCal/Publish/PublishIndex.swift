import CalendarTime

/// The operator's index of a site (docs/publish.md): per schedule its feed's name and link, the
/// name calendar apps show, its last change and its problem; then the retired names. In JSON
/// (`index.json`) and as text (`index.txt`, one tab-separated line per feed), both 0600 in the
/// state folder: the links are the secret. Written as the publish goes, an entry at a time in
/// path order, and put in place by `finish`: only a buffer is held, whatever the number of
/// schedules.
///
/// A feed is one schedule's today (`person` is null). When a schedule names several people, each
/// person's feed gets an entry of its own, with the person's ID in `person` and its name made
/// from the schedule's path and that ID: the format has room for it now.
final class PublishIndex {
    /// What the links start with (none: the names only).
    let baseURL: String
    private let json: StreamedFile
    private let text: StreamedFile
    private var feeds = 0
    private var bytes: [UInt8] = []

    /// Starts `jsonPath` and `textPath` for a site published from `schedules` to `site`.
    init(jsonPath: String, textPath: String, schedules: String, site: String, baseURL: String) throws(PublishError) {
        self.baseURL = baseURL
        do {
            json = try StreamedFile(jsonPath)
            text = try StreamedFile(textPath)
        } catch {
            throw .io(path: error.path, reason: "cannot write the index: \(error.reason)")
        }
        bytes = Array("{\n  \"version\": 1,\n  \"schedules\": ".utf8)
        JSONValue.appendQuoted(schedules, to: &bytes)
        bytes += ",\n  \"site\": ".utf8
        JSONValue.appendQuoted(site, to: &bytes)
        bytes += ",\n  \"baseURL\": ".utf8
        Self.append(.string(baseURL.isEmpty ? nil : baseURL), to: &bytes)
        bytes += ",\n  \"feeds\": ".utf8
        try write(bytes, to: json)
        try write(Array("schedule\tcalendar\tfeed\tlast change\tproblem\n".utf8), to: text)
    }

    /// The link of feed `name`, nil without a base URL.
    func url(_ name: String) -> String? {
        guard !baseURL.isEmpty else { return nil }
        return baseURL + (baseURL.hasSuffix("/") ? "" : "/") + name
    }

    /// Adds the feed of `identity` (after the one before it in path order).
    func add(_ identity: String, _ e: PublishRecord.Entry) throws(PublishError) {
        bytes.removeAll(keepingCapacity: true)
        bytes += (feeds == 0 ? "[\n    " : ",\n    ").utf8
        feeds += 1
        Self.object(
            [
                ("schedule", .string(identity)), ("person", .string(nil)),
                ("calendar", .string(e.calendar.isEmpty ? nil : e.calendar)),
                ("feed", .string(e.name)), ("url", .string(url(e.name))), ("generation", .int(e.generation)),
                ("served", .bool(e.output != nil)), ("lastChange", .string(e.stamp > 0 ? RFC3339.utc(e.stamp) : nil)),
                ("problem", .string(e.problem.isEmpty ? nil : e.problem)),
            ], to: &bytes)
        try write(bytes, to: json)
        // `schedule  calendar  link (or name)  last change  problem`, tab-separated.
        let fields = [
            identity, e.calendar.isEmpty ? "-" : e.calendar, e.output == nil ? "(none)" : url(e.name) ?? e.name,
            e.stamp > 0 ? RFC3339.utc(e.stamp) : "-", e.problem.isEmpty ? "ok" : e.problem,
        ]
        try write(Array((fields.map(PublishRecord.escaped).joined(separator: "\t") + "\n").utf8), to: text)
    }

    /// Ends both files with the retired names and puts them in place.
    func finish(retired: [PublishRecord.Retired]) throws(PublishError) {
        bytes = Array((feeds == 0 ? "[],\n  \"retired\": " : "\n  ],\n  \"retired\": ").utf8)
        for (i, r) in retired.enumerated() {
            bytes += (i == 0 ? "[\n    " : ",\n    ").utf8
            Self.object(
                [("schedule", .string(r.identity)), ("feed", .string(r.name)), ("since", .string(RFC3339.utc(r.since)))],
                to: &bytes)
        }
        bytes += (retired.isEmpty ? "[]\n}\n" : "\n  ]\n}\n").utf8
        try write(bytes, to: json)
        var lines = ""
        for r in retired {
            lines += "\(PublishRecord.escaped(r.identity))\t-\tretired: \(r.name)\t\(RFC3339.utc(r.since))\tok\n"
        }
        try write(Array(lines.utf8), to: text)
        for file in [json, text] {
            do { try file.commit() } catch { throw .io(path: file.path, reason: "cannot write the index: \(error.reason)") }
        }
    }

    private func write(_ bytes: [UInt8], to file: StreamedFile) throws(PublishError) {
        do { try file.append(bytes) } catch { throw .io(path: file.path, reason: "cannot write the index: \(error.reason)") }
    }

    /// A value of a one-line JSON object.
    enum Scalar {
        case string(String?)
        case int(Int)
        case bool(Bool)
    }

    /// `{"key": value, ...}` on one line, as `JSONValue.text` writes an object of scalars.
    static func object(_ members: [(String, Scalar)], to out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        for (i, (key, value)) in members.enumerated() {
            if i > 0 { out += ", ".utf8 }
            JSONValue.appendQuoted(key, to: &out)
            out += ": ".utf8
            append(value, to: &out)
        }
        out.append(UInt8(ascii: "}"))
    }

    static func append(_ value: Scalar, to out: inout [UInt8]) {
        switch value {
        case .string(let s?): JSONValue.appendQuoted(s, to: &out)
        case .string(nil): out += "null".utf8
        case .int(let n): out += String(n).utf8
        case .bool(let b): out += (b ? "true" : "false").utf8
        }
    }
}
