import Foundation
import ICal

/// The VTIMEZONEs of one feed, shared by its vdir items: each zone's canonical text
/// (`VdirContent`), its serialised text and the canonical text of that text read back are made
/// once per zone and run, not once per item (thousands of items use the same few zones).
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

    static let end = "END:VCALENDAR\r\n"

    /// By TZID.
    var components: [String: ICalComponent] = [:]
    private var canonicals: [String: String] = [:]
    private var texts: [String: String?] = [:]
    private var read: [String: String?] = [:]
    /// What reading the items back shares (libical's text of the RRULE, DURATION, TRIGGER...
    /// values met before): thousands of items repeat a few of them.
    private var reading = ICalReading()
    /// The last outline `head(of:)` wrote, its text and whether it reads back as built.
    private var lastHead: (outline: ICalComponent, text: String, asBuilt: Bool)? = nil

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

    /// How an item's file reads back: as the values it was built from (its events and
    /// VCALENDAR lines), with its zones' read-back canonical texts; or parsed back, with the
    /// hash of what was read (nil when it does not read back).
    enum ReadBack {
        /// The VCALENDAR as read from the events' written lines (`calendar`), without a parse.
        case read(calendar: ICalComponent, zones: [String])
        case parsed(hash: String?)
    }

    /// The bytes of the item whose VCALENDAR without zones is `events`, how they read back (the
    /// events read back, the zones' read-back text added; decision 0173), and each event's text.
    /// nil when it cannot be serialised.
    mutating func item(_ events: ICalComponent, zones ids: [String]) -> (bytes: Data, read: ReadBack, texts: [[UInt8]])? {
        var outline = events
        outline.components = []
        guard let (head, headAsBuilt) = head(of: outline) else { return nil }
        var texts: [[UInt8]] = []
        var read: ICalComponent? = headAsBuilt ? outline : nil
        for event in events.components {
            var part: [UInt8] = []
            let back = ICalSerializer.write(event, into: &part, readingBack: &reading)
            if let back { read?.components.append(back) } else { read = nil }
            texts.append(part)
        }
        let body = String(decoding: texts.joined(), as: UTF8.self)
        var zoneText = ""
        var zoneRead: [String]? = []
        for id in ids {
            guard let zone = text(id) else { return nil }
            zoneText += zone
            if let c = readCanonical(id) { zoneRead?.append(c) } else { zoneRead = nil }
        }
        let bytes = Data((head + zoneText + body + ItemZones.end).utf8)
        guard let zoneRead else { return (bytes, .parsed(hash: nil), texts) }
        if let read { return (bytes, .read(calendar: read, zones: zoneRead), texts) }
        guard let parsed = try? ICalParser.parse(Array((head + body + ItemZones.end).utf8), sharing: &reading),
            parsed.components.count == 1
        else { return (bytes, .parsed(hash: nil), texts) }
        return (bytes, .parsed(hash: VdirContent(calendar: parsed.components[0], adding: zoneRead).hash), texts)
    }

    /// The text of `outline` (a VCALENDAR without components) up to its END line, and whether
    /// it reads back as the same properties; made once per run for the outline every item has.
    private mutating func head(of outline: ICalComponent) -> (String, Bool)? {
        if let known = lastHead, known.outline == outline { return (known.text, known.asBuilt) }
        guard let empty = try? ICalSerializer.serialize(outline), empty.hasSuffix(ItemZones.end) else { return nil }
        let text = String(empty.dropLast(ItemZones.end.count))
        var asBuilt = false
        if let parsed = try? ICalParser.parse(Array(empty.utf8)), parsed.components.count == 1 {
            let read = parsed.components[0]
            asBuilt =
                read.name == outline.name && read.components.isEmpty
                && read.properties.map(\.name) == outline.properties.map(\.name)
                && read.properties.map(\.parameters) == outline.properties.map(\.parameters)
                && read.properties.map(\.value) == outline.properties.map(\.value)
        }
        lastHead = (outline, text, asBuilt)
        return (text, asBuilt)
    }

    private mutating func text(_ id: String) -> String? {
        if let known = texts[id] { return known }
        let text = components[id].flatMap { try? ICalSerializer.serialize($0) }
        texts[id] = text
        return text
    }

    /// The canonical text of the zone's serialised text read back.
    private mutating func readCanonical(_ id: String) -> String? {
        if let known = read[id] { return known }
        var result: String? = nil
        if let zone = text(id), let head = try? ICalSerializer.serialize(ItemZones.emptyCalendar) {
            let wrapped = String(head.dropLast(ItemZones.end.count)) + zone + ItemZones.end
            if let parsed = try? ICalParser.parse(Array(wrapped.utf8)), let c = parsed.components.first?.components.first {
                result = VdirContent.canonical(c)
            }
        }
        read[id] = result
        return result
    }
}
