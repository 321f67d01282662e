import ICal

/// What the sync works out from an event's serialised text instead of serialising it again.
///
/// `ICalSerializer` writes a component's properties one content line each (folded on its own,
/// with its own continuation lines), before its child components. So the text of an event
/// without some of its properties is its text with those properties' lines left out, and the
/// revision's content hash (`FeedRevision.contentHash(of:)`: the serialisation without DTSTAMP,
/// SEQUENCE and LAST-MODIFIED) is the hash of the written text with those lines skipped.
/// `VdirItemTests` pins it against `FeedRevision.revisions(in:)` for every fixture.
enum EventText {
    /// `FeedRevision.contentHash(of:)` of the event whose serialisation is `text`.
    static func contentHash(_ text: [UInt8]) -> String {
        var kept: [UInt8] = []
        kept.reserveCapacity(text.count)
        var start = 0
        var index = 0  // lines seen
        var skipping = false
        var inChildren = false
        while start < text.count {
            var end = start
            while end < text.count && text[end] != 0x0A { end += 1 }
            end = min(end + 1, text.count)  // past the LF
            let continuation = text[start] == 0x20 || text[start] == 0x09
            if !continuation {
                if index > 0 && hasPrefix(text, start, "BEGIN:") { inChildren = true }
                skipping = index > 0 && !inChildren && isVolatile(text, from: start)
                index += 1
            }
            if !skipping { kept.append(contentsOf: text[start..<end]) }
            start = end
        }
        return SHA256.hex(of: kept)
    }

    /// The revision `FeedRevision.revisions(in:)` gives `uid` in a VCALENDAR holding `events`,
    /// whose serialisations are `texts` (one each, in order); nil when no master has that UID.
    static func revision(of uid: String, events: [ICalComponent], texts: [[UInt8]]) -> FeedRevision? {
        var masters: [(ICalComponent, String)] = []
        var overrides: [String] = []
        for (event, text) in zip(events, texts) where event.name == "VEVENT" && event.property("UID")?.value == uid {
            if event.property("RECURRENCE-ID") != nil {
                overrides.append(contentHash(text))
            } else {
                masters.append((event, contentHash(text)))
            }
        }
        guard let (event, master) = masters.last else { return nil }
        let sequence = event.property("SEQUENCE").flatMap { Int($0.value) } ?? 0
        var modified = 0
        if let lm = event.property("LAST-MODIFIED"), case .utc(let t)? = DateTimeValue(property: lm) {
            modified = t.secondsSinceEpoch
        }
        let hash = overrides.isEmpty ? master : SHA256.hex(([master] + overrides).joined(separator: "\n"))
        return FeedRevision(sequence: sequence, lastModified: modified, contentHash: hash)
    }

    private static func hasPrefix(_ text: [UInt8], _ at: Int, _ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard at + count <= text.count else { return false }
        let p = UnsafeBufferPointer(start: prefix.utf8Start, count: count)
        for i in 0..<count where text[at + i] != p[i] { return false }
        return true
    }

    /// Whether the content line at `at` is one of `FeedRevision.volatile` (its name, as written,
    /// ends at the first `;` or `:`).
    private static func isVolatile(_ text: [UInt8], from at: Int) -> Bool {
        var end = at
        while end < text.count && text[end] != 0x3A && text[end] != 0x3B && text[end] != 0x0D && text[end] != 0x0A { end += 1 }
        guard end - at <= 13 else { return false }
        return FeedRevision.volatile.contains(String(decoding: text[at..<end], as: UTF8.self))
    }
}
