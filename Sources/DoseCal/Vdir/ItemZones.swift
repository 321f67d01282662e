import Foundation
import ICal

/// The VTIMEZONEs of one feed, shared by its vdir items: each zone's canonical text
/// (`VdirContent`) and serialised text are made once per zone and run, not once per item
/// (thousands of items use the same few zones).
///
/// An item's bytes are its VCALENDAR's own lines, then its zones' text, then its events' text:
/// exactly `ICalSerializer.serialize` of the whole item, which writes each component after the
/// other and folds line by line (pinned by `VdirItemTests`).
struct ItemZones {
    /// An item's VCALENDAR without components: VERSION and PRODID.
    static let emptyCalendar: ICalComponent = {
        var calendar = ICalComponent("VCALENDAR")
        calendar.add(ICalProperty("VERSION", "2.0"))
        calendar.add(ICalProperty("PRODID", FeedBuilder.productID))
        return calendar
    }()

    /// By TZID.
    var components: [String: ICalComponent] = [:]
    private var canonicals: [String: String] = [:]
    private var texts: [String: [UInt8]?] = [:]
    /// The last outline `head(of:)` wrote and its text.
    private var lastHead: (outline: ICalComponent, text: [UInt8])? = nil

    init(_ zones: [ICalComponent]) {
        for z in zones {
            if let id = z.property("TZID")?.value { components[id] = z }
        }
    }

    /// `VdirContent.canonical` of the zone `id` as built.
    mutating func canonical(_ id: String) -> String {
        if let known = canonicals[id] { return known }
        let text = components[id].map { VdirContent.canonical($0) } ?? ""
        canonicals[id] = text
        return text
    }

    /// The bytes of the item whose VCALENDAR without zones is `events` and whose zones are `ids`,
    /// and each event's text; nil when a zone is not known.
    mutating func item(_ events: ICalComponent, zones ids: [String]) -> (bytes: Data, texts: [[UInt8]])? {
        var outline = events
        outline.components = []
        var out = head(of: outline)
        for id in ids {
            guard let zone = text(id) else { return nil }
            out += zone
        }
        var texts: [[UInt8]] = []
        texts.reserveCapacity(events.components.count)
        for event in events.components {
            var text: [UInt8] = []
            ICalSerializer.write(event, into: &text)
            out += text
            texts.append(text)
        }
        out += ICalSerializer.calendarEnd
        return (Data(out), texts)
    }

    /// The text of `outline` (a VCALENDAR without components) up to its END line; made once per
    /// run for the outline every item has.
    private mutating func head(of outline: ICalComponent) -> [UInt8] {
        if let known = lastHead, known.outline == outline { return known.text }
        var text: [UInt8] = []
        ICalSerializer.writeOpen(outline, into: &text)
        lastHead = (outline, text)
        return text
    }

    private mutating func text(_ id: String) -> [UInt8]? {
        if let known = texts[id] { return known }
        var text: [UInt8]? = nil
        if let zone = components[id] {
            var bytes: [UInt8] = []
            ICalSerializer.write(zone, into: &bytes)
            text = bytes
        }
        texts[id] = text
        return text
    }
}
