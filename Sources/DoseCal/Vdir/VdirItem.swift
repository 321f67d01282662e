public import Foundation
public import ICal

/// One item dosecal wants in the folder: a VCALENDAR holding one series' VEVENT(s) and the
/// VTIMEZONEs they use.
public struct VdirItem: Sendable, Equatable {
    public var uid: String
    /// The VCALENDAR written to the file.
    public var calendar: ICalComponent
    /// `VdirContent` hash of the file dosecal writes for it: the hash of `calendar` as built,
    /// which is the hash of the file as a reader sees it (the builder puts every value in the form
    /// the writer gives it and libical reads back, decision 0328; `VdirItemTests` holds it to
    /// the parse of each item's bytes over every fixture and generated schedules).
    public var hash: String
    /// The same hash, named for what the sync status records as the item's key (an item the
    /// status recorded before is kept with the key and hash recorded then).
    public var key: String
    /// SEQUENCE, LAST-MODIFIED and the event hash, kept in the sync status so that the next
    /// build keeps them while the series is unchanged (decision 0002).
    public var revision: FeedRevision
    /// An instant no occurrence of the series starts after (its UNTIL, or its only start, plus
    /// the largest UTC offset); nil while it repeats without an end. Worked out when asked (only
    /// a tombstoned series needs it): reading every item's RRULE was a fifth of a sync's work.
    public var endsBy: Int? { VdirItem.end(of: calendar) }
    /// The file's bytes, written in `init` for an item the status did not record as it is now
    /// (one that will be written): kept, not serialised a second time.
    private var bytes: Data? = nil
    /// Each event's text (in `calendar` order, zones left out), when `init` wrote the bytes: the
    /// merge base takes them instead of writing the events again.
    private(set) var eventTexts: [[UInt8]]? = nil

    /// `revision`: the series' revision as the feed builder made it (its content hash is the one
    /// `FeedRevision.revisions(in:)` computes from `calendar`); nil: computed here. `known`: the
    /// status's entry for `uid`; an item it does not record as it is now has its bytes written here.
    public init(uid: String, calendar: ICalComponent, known: SyncStatus.Entry? = nil, revision: FeedRevision? = nil) {
        var zones = ItemZones(calendar.components(named: "VTIMEZONE"))
        var events = calendar
        events.components.removeAll { $0.name == "VTIMEZONE" }
        let ids = calendar.components(named: "VTIMEZONE").compactMap { $0.property("TZID")?.value }
        self.init(uid: uid, events: events, zones: ids, shared: &zones, known: known, revision: revision)
    }

    /// `events`: the VCALENDAR without its VTIMEZONEs, which are `zones` (TZIDs, in file order)
    /// from `shared`, whose canonical text and serialised text are made once for all the items
    /// of a run.
    init(
        uid: String, events: ICalComponent, zones ids: [String], shared: inout ItemZones, known: SyncStatus.Entry?,
        revision: FeedRevision?
    ) {
        var calendar = events
        calendar.components.insert(contentsOf: ids.compactMap { shared.components[$0] }, at: 0)
        self.uid = uid
        self.calendar = calendar
        let key = VdirContent(calendar: events, adding: ids.map { shared.canonical($0) }).hash
        self.key = key
        self.hash = key
        let recorded = [known?.written, known?.pending].compactMap { $0 }
        if !recorded.contains(where: { $0.hash == key }), let made = shared.item(events, zones: ids) {
            (bytes, eventTexts) = (made.bytes, made.texts)
        }
        self.revision =
            revision ?? FeedRevision.revisions(in: events)[uid]
            ?? FeedRevision(sequence: 0, lastModified: 0, contentHash: "")
    }

    /// An item of a series not built this run because its medication is unchanged since the
    /// last clean sync (`VdirSync+Changed.swift`): what the status recorded for it. It is only
    /// ever left in step, never written (its `calendar` is empty).
    init(recorded uid: String, _ written: SyncStatus.Revision) {
        self.uid = uid
        self.calendar = ItemZones.emptyCalendar
        self.hash = written.hash
        self.key = written.key
        self.revision = written.feed
    }

    /// The file's bytes: RFC 5545 text, CRLF, folded, deterministic.
    public func serialized() -> Data {
        if let bytes { return bytes }
        return Data(ICalSerializer.serialize(calendar).utf8)
    }

    /// Equal items: the same UID, calendar, hashes and revision (the kept bytes follow from them).
    public static func == (a: VdirItem, b: VdirItem) -> Bool {
        a.uid == b.uid && a.calendar == b.calendar && a.hash == b.hash && a.key == b.key && a.revision == b.revision
    }

    /// One item per UID of `feed`, in feed order. No METHOD: RFC 4791 §4.1 forbids it in a
    /// calendar object resource. `known`: the status, whose recorded items are not written here.
    public static func items(of feed: Feed, known: SyncStatus = SyncStatus(folder: "")) -> [VdirItem] {
        var zones = ItemZones(feed.calendar.components(named: "VTIMEZONE"))
        var order: [String] = []
        var events: [String: [ICalComponent]] = [:]
        var revisions: [String: FeedRevision?] = [:]  // only for a UID of one feed item
        for item in feed.items {
            revisions[item.uid] = events[item.uid] == nil ? item.revision : .some(nil)
            if events[item.uid] == nil { order.append(item.uid) }
            events[item.uid, default: []] += [item.event] + item.overrides  // rescheduled doses: RECURRENCE-ID events
        }
        return order.map { uid in
            var calendar = ItemZones.emptyCalendar
            calendar.components = events[uid, default: []]
            let used = Set(calendar.components.flatMap(tzids)).sorted().filter { zones.components[$0] != nil }
            return VdirItem(
                uid: uid, events: calendar, zones: used, shared: &zones, known: known.entries[uid],
                revision: revisions[uid] ?? nil)
        }
    }

    /// The latest instant an occurrence of the series in `calendar` can start at, nil when it
    /// repeats without UNTIL (or with COUNT: not worked out here).
    static func end(of calendar: ICalComponent) -> Int? {
        let margin = 15 * 3600
        var latest = Int.min
        for event in calendar.components(named: "VEVENT") {
            guard let start = event.property("DTSTART").flatMap(DateTimeValue.init(property:)) else { return nil }
            var last = start
            if let text = event.property("RRULE")?.value {
                guard let until = RecurrenceRule(parsing: text)?.until else { return nil }
                last = until.value
            }
            switch last {
            case .utc(let t): latest = max(latest, t.secondsSinceEpoch)
            case .floating(let t), .zoned(let t, _): latest = max(latest, t.secondsSinceEpoch + margin)
            case .date(let d): latest = max(latest, d.adding(days: 1).daysSinceEpoch * 86_400 + margin)
            }
        }
        return latest == Int.min ? nil : latest
    }

    static func tzids(_ component: ICalComponent) -> [String] {
        component.properties.compactMap { $0.parameter("TZID") } + component.components.flatMap(tzids)
    }
}
