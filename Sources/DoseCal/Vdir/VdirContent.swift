public import Foundation
public import ICal

/// What the sync needs to know about one item's content: the UIDs inside and a hash of the
/// normalised content, so that a client's rewrite that changes nothing a person decided is not an
/// edit (see docs/sync.md).
public struct VdirContent: Sendable, Equatable {
    /// The distinct UIDs of the VEVENT/VTODO/VJOURNAL components, in file order.
    public var uids: [String]
    /// SHA-256 (hex) of the normalised content.
    public var hash: String

    /// Properties that change without a decision of the person, each for a reason:
    /// DTSTAMP, LAST-MODIFIED, CREATED (rewritten on every save or export), SEQUENCE (Apple never
    /// bumps it, Thunderbird always does), PRODID and METHOD (servers such as Radicale rewrite
    /// PRODID; METHOD is not allowed in a CalDAV resource and some clients add or drop it),
    /// CALSCALE (GREGORIAN is the only value), X-RADICALE-NAME (Radicale's own file name).
    /// `X-MOZ-*` (Thunderbird's alarm acknowledgements and snoozes) are dropped by prefix.
    public static let volatileProperties: Set<String> = [
        "DTSTAMP", "LAST-MODIFIED", "CREATED", "SEQUENCE", "PRODID", "METHOD", "CALSCALE", "X-RADICALE-NAME",
    ]

    /// Reads `bytes` (CRLF or LF, folded or not).
    public init(bytes: Data) throws(ICalError) {
        let parsed = try ICalParser.parse(Array(bytes))
        self.init(components: parsed.components)
    }

    /// The content of already parsed (or built) top-level components.
    public init(components: [ICalComponent]) {
        self.uids = VdirContent.uids(in: components)
        self.hash = SHA256.hex(components.map { VdirContent.canonical($0) }.sorted().joined())
    }

    /// The content of `calendar` with more child components given as their `canonical` text:
    /// the same hash as `init(components: [calendar])` with those children in it, for children
    /// shared by many items (a VTIMEZONE) whose text is made once.
    init(calendar: ICalComponent, adding children: [String]) {
        self.uids = VdirContent.uids(in: [calendar])
        self.hash = SHA256.hex(VdirContent.canonical(calendar, adding: children))
    }

    /// `init(calendar:adding:)`'s hash of each calendar with its more children; a calendar
    /// whose canonical text is the same as an earlier one's shares its hash (one SHA-256).
    static func hashes(_ calendars: [(calendar: ICalComponent, adding: [String])]) -> [String] {
        var done: [(text: String, hash: String)] = []
        return calendars.map { calendar, extra in
            let text = canonical(calendar, adding: extra)
            if let same = done.first(where: { $0.text == text }) { return same.hash }
            let hash = SHA256.hex(text)
            done.append((text, hash))
            return hash
        }
    }

    private static func uids(in components: [ICalComponent]) -> [String] {
        var uids: [String] = []
        func collect(_ c: ICalComponent) {
            if ["VEVENT", "VTODO", "VJOURNAL"].contains(c.name), let uid = c.property("UID")?.value, !uids.contains(uid) {
                uids.append(uid)
            }
            c.components.forEach(collect)
        }
        components.forEach(collect)
        return uids
    }

    /// One line per property (name, sorted parameters, value), properties and child components
    /// sorted, volatile properties dropped: the same text whatever the order a client wrote.
    /// `extra`: the canonical text of more children.
    static func canonical(_ component: ICalComponent, adding extra: [String] = []) -> String {
        assemble(component.name, lines(of: component), component.components.map { canonical($0) } + extra)
    }

    /// A component's own lines (volatile properties dropped), not yet sorted.
    private static func lines(of component: ICalComponent) -> [String] {
        var lines: [String] = []
        for p in component.properties where !isVolatile(p.name) {
            let parameters = p.parameters.map { "\($0.name.uppercased())=\($0.values.joined(separator: ","))" }.sorted()
            lines.append(([p.name.uppercased()] + parameters).joined(separator: ";") + ":" + p.value)
        }
        return lines
    }

    /// The canonical text of a component named `name` with these lines and children's texts.
    private static func assemble(_ name: String, _ lines: [String], _ children: [String]) -> String {
        "BEGIN:\(name)\n" + lines.sorted().map { $0 + "\n" }.joined() + children.sorted().joined() + "END:\(name)\n"
    }

    static func isVolatile(_ name: String) -> Bool {
        let upper = name.uppercased()
        return volatileProperties.contains(upper) || upper.hasPrefix("X-MOZ-")
    }
}
