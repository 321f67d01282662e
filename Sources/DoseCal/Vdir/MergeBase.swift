import Foundation
import ICal

/// The text of the merge base (kept in the sync store, `SyncStore+Base.swift`): the whole feed,
/// serialised, from the text of the events the run's items already wrote.
///
/// `ICalSerializer` writes a VCALENDAR as its properties, its VTIMEZONEs, then its other
/// components one after the other, each on its own lines; so the feed's text is the text of its
/// calendar with the VTIMEZONEs only, without its last line (the head), then each event's text
/// in feed order, then `END:VCALENDAR`. Items that were not written this run (unchanged ones)
/// have their events serialised here. `MergeBaseTests` pins the bytes against
/// `Feed.serialized()`.
enum MergeBase {
    static func text(of feed: Feed, items: [VdirItem]) -> Data {
        guard let base = base(of: feed, items: items) else { return Data(feed.serialized().utf8) }
        return Data(base.bytes)
    }

    /// The feed's base as its head, each item's events (master and overrides) and its tail, made
    /// as they are written (nothing written is split again); nil when its components are not its
    /// VTIMEZONEs and then its items' events (`head(of:)`), or it has no event (such a base is kept
    /// whole, never rewritten by parts).
    static func base(of feed: Feed, items: [VdirItem]) -> MergeBaseText? {
        guard !feed.items.isEmpty, let head = head(of: feed) else { return nil }
        var events = Events(items)
        var series: [(uid: String, events: [UInt8])] = []
        series.reserveCapacity(feed.items.count)
        for item in feed.items {
            var text: [UInt8] = []
            events.append(item, to: &text)
            series.append((item.uid, text))
        }
        return MergeBaseText(head: head, series: series, tail: ICalSerializer.calendarEnd)
    }

    /// The text before the feed's first event; nil when its components are not its VTIMEZONEs
    /// and then its items' events.
    static func head(of feed: Feed) -> [UInt8]? {
        var outline = feed.calendar
        outline.components.removeAll { $0.name != "VTIMEZONE" }
        let events = feed.calendar.components.count - outline.components.count
        guard events == feed.items.reduce(0, { $0 + 1 + $1.overrides.count }) else { return nil }
        var out: [UInt8] = []
        ICalSerializer.writeOpen(outline, into: &out)
        return out
    }

    /// The text of feed items' events: what the run's items wrote, else serialised.
    struct Events {
        private var written: [String: [[UInt8]]] = [:]
        private var next: [String: Int] = [:]  // per UID: its first event text not yet used

        init(_ items: [VdirItem]) {
            for item in items { if let texts = item.eventTexts { written[item.uid] = texts } }
        }

        mutating func append(_ item: FeedItem, to out: inout [UInt8]) {
            let events = [item.event] + item.overrides
            let at = next[item.uid, default: 0]
            if let texts = written[item.uid], at + events.count <= texts.count {
                for text in texts[at..<(at + events.count)] { out += text }
            } else {
                for event in events { ICalSerializer.write(event, into: &out) }
            }
            next[item.uid] = at + events.count
        }
    }
}

/// A merge base as written, split into its head, each UID's events (master and overrides, in
/// file order) and its tail (`END:VCALENDAR`), to rewrite some series without serialising the
/// others again; the sync store keeps it so, a row per UID.
struct MergeBaseText {
    var bytes: [UInt8]
    var head: [UInt8]
    var tail: [UInt8] = []
    /// Where each UID's events are in `bytes` (not copies of them).
    private var events: [String: [Range<Int>]]
    /// The UIDs in the order their first event comes.
    private var order: [String] = []

    /// The base of `head`, each series' events in order, and `tail`.
    init(head: [UInt8], series: [(uid: String, events: [UInt8])], tail: [UInt8]) {
        bytes = head
        bytes.reserveCapacity(head.count + tail.count + series.reduce(0) { $0 + $1.events.count })
        self.head = head
        self.tail = tail
        events = [:]
        for s in series {
            if events[s.uid] == nil { order.append(s.uid) }
            events[s.uid, default: []].append(bytes.count..<(bytes.count + s.events.count))
            bytes += s.events
        }
        bytes += tail
    }

    /// Each UID's events' text, in the order their first event comes.
    var series: [(uid: String, events: [UInt8])] { order.map { ($0, events(of: $0) ?? []) } }

    /// The UIDs in the order their first event comes (a series' position in the store).
    var uids: [String] { order }

    /// Whether `uid` has events in both `self` and `other`, the same text, compared in place.
    func hasSameEvents(of uid: String, as other: MergeBaseText) -> Bool {
        guard let mine = events[uid], let theirs = other.events[uid] else { return false }
        guard mine.count == 1, theirs.count == 1, let a = mine.first, let b = theirs.first else {
            return events(of: uid) == other.events(of: uid)
        }
        guard a.count == b.count else { return false }
        return bytes.withUnsafeBytes { x in
            other.bytes.withUnsafeBytes { y in
                guard let p = x.baseAddress, let q = y.baseAddress else { return a.isEmpty }
                return memcmp(p + a.lowerBound, q + b.lowerBound, a.count) == 0
            }
        }
    }

    /// nil when the text is not a base as `MergeBase` writes it.
    init?(_ bytes: [UInt8]) {
        self.bytes = bytes
        let lines = MergeBaseText.lines(bytes)
        guard let lines, let first = lines.firstIndex(where: { MergeBaseText.line(bytes, $0, is: MergeBaseText.begin) }),
            let last = lines.last, MergeBaseText.line(bytes, last, is: ICalSerializer.calendarEnd)
        else { return nil }
        head = Array(bytes[0..<lines[first].lowerBound])
        tail = Array(bytes[last])
        events = [:]
        var i = first
        while i < lines.count - 1 {
            guard MergeBaseText.line(bytes, lines[i], is: MergeBaseText.begin),
                let close = lines[i...].firstIndex(where: { MergeBaseText.line(bytes, $0, is: MergeBaseText.endEvent) }),
                let uid = MergeBaseText.uid(bytes, lines[(i + 1)..<close])
            else { return nil }
            if events[uid] == nil { order.append(uid) }
            events[uid, default: []].append(lines[i].lowerBound..<lines[close].upperBound)
            i = close + 1
        }
    }

    /// The text of `uid`'s events, nil when the base has none.
    func events(of uid: String) -> [UInt8]? {
        guard let ranges = events[uid] else { return nil }
        var text: [UInt8] = []
        for r in ranges { text += bytes[r] }
        return text
    }

    /// Appends the text of `uid`'s events to `out`; false when the base has none.
    func append(eventsOf uid: String, to out: inout [UInt8]) -> Bool {
        guard let ranges = events[uid] else { return false }
        for r in ranges { out += bytes[r] }
        return true
    }

    /// Each line's range, its LF included (LFs found with `memchr`); nil when the text does not
    /// end in LF.
    private static func lines(_ bytes: [UInt8]) -> [Range<Int>]? {
        bytes.withUnsafeBufferPointer { buffer -> [Range<Int>]? in
            guard let base = buffer.baseAddress else { return [] }
            var lines: [Range<Int>] = []
            lines.reserveCapacity(buffer.count / 40)
            var start = 0
            while start < buffer.count {
                guard let lf = memchr(base + start, 0x0A, buffer.count - start) else { return nil }
                let end = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(lf)) + 1
                lines.append(start..<end)
                start = end
            }
            return lines
        }
    }

    private static let begin = Array("BEGIN:VEVENT\r\n".utf8)
    private static let endEvent = Array("END:VEVENT\r\n".utf8)
    private static let uidPrefix = Array("UID:".utf8)
    private static let beginPrefix = Array("BEGIN:".utf8)

    /// Whether line `r` of `bytes` is `mark` (a line with its CRLF).
    private static func line(_ bytes: [UInt8], _ r: Range<Int>, is mark: [UInt8]) -> Bool {
        guard r.count == mark.count else { return false }
        return bytes.withUnsafeBytes { b in
            mark.withUnsafeBytes { m in memcmp(b.baseAddress! + r.lowerBound, m.baseAddress!, r.count) == 0 }
        }
    }

    /// The value of the event's first `UID:` line (unfolded), before any child component.
    private static func uid(_ bytes: [UInt8], _ lines: ArraySlice<Range<Int>>) -> String? {
        let prefix = uidPrefix
        for (n, r) in zip(lines.indices, lines) {
            guard r.count >= 3, bytes[r.upperBound - 2] == 0x0D else { return nil }
            if bytes[r].starts(with: beginPrefix) { return nil }
            guard bytes[r].starts(with: prefix) else { continue }
            var value = Array(bytes[(r.lowerBound + prefix.count)..<(r.upperBound - 2)])
            for c in lines[(n + 1)...] {
                guard c.count >= 3, bytes[c.lowerBound] == 0x20 || bytes[c.lowerBound] == 0x09 else { break }
                value += bytes[(c.lowerBound + 1)..<(c.upperBound - 2)]
            }
            return String(decoding: value, as: UTF8.self)
        }
        return nil
    }
}
