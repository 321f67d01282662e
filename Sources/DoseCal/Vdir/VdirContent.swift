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
    /// The prefix of the volatile properties dropped by prefix.
    static let volatilePrefix = "X-MOZ-"

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
    /// Made as bytes when the component and `extra` are ASCII (`CanonicalBytes`: the same text,
    /// as ASCII strings sort as their bytes do), else as strings.
    static func canonical(_ component: ICalComponent, adding extra: [String] = []) -> String {
        if let bytes = CanonicalBytes.text(component, adding: extra) { return String(decoding: bytes, as: UTF8.self) }
        return canonicalByStrings(component, adding: extra)
    }

    /// `canonical` made of strings, whatever the characters (Swift's order of strings).
    static func canonicalByStrings(_ component: ICalComponent, adding extra: [String] = []) -> String {
        var children = component.components.map { canonicalByStrings($0) }
        children.append(contentsOf: extra)
        return assemble(component.name, lines(of: component), children)
    }

    /// A component's own lines (volatile properties dropped), not yet sorted.
    private static func lines(of component: ICalComponent) -> [String] {
        var lines: [String] = []
        lines.reserveCapacity(component.properties.count)
        for p in component.properties {
            let name = p.name.uppercased()
            guard !isVolatileUpper(name) else { continue }
            var line = name
            if !p.parameters.isEmpty {
                let parameters = p.parameters.map { parameter in
                    var text = parameter.name.uppercased()
                    text.append("=")
                    text.append(parameter.values.joined(separator: ","))
                    return text
                }
                for parameter in parameters.count > 1 ? parameters.sorted() : parameters {
                    line.append(";")
                    line.append(parameter)
                }
            }
            line.append(":")
            line.append(ReadValue.trimmed(p.value))
            lines.append(line)
        }
        return lines
    }

    /// The canonical text of a component named `name` with these lines and children's texts.
    /// Appended into one string of the right size (no interpolation, no piece per line).
    private static func assemble(_ name: String, _ lines: [String], _ children: [String]) -> String {
        var size = 2 * name.utf8.count + 12 + lines.count
        for line in lines { size += line.utf8.count }
        for child in children { size += child.utf8.count }
        var text = ""
        text.reserveCapacity(size)
        text.append("BEGIN:")
        text.append(name)
        text.append("\n")
        for line in lines.count > 1 ? lines.sorted() : lines {
            text.append(line)
            text.append("\n")
        }
        for child in children.count > 1 ? children.sorted() : children { text.append(child) }
        text.append("END:")
        text.append(name)
        text.append("\n")
        return text
    }

    static func isVolatile(_ name: String) -> Bool { isVolatileUpper(name.uppercased()) }

    private static func isVolatileUpper(_ upper: String) -> Bool {
        volatileProperties.contains(upper) || upper.hasPrefix(volatilePrefix)
    }
}

/// `VdirContent.canonical`'s text of an ASCII component, made as bytes: names upper-cased byte by
/// byte, lines and children sorted as bytes (the order of ASCII strings). nil at the first byte
/// that is not ASCII (the text is then made of strings). Every item a sync writes or reads is
/// hashed this way.
enum CanonicalBytes {
    private static let volatile = VdirContent.volatileProperties.map { Array($0.utf8) }
    private static let mozilla = Array(VdirContent.volatilePrefix.utf8)

    static func text(_ component: ICalComponent, adding extra: [String]) -> [UInt8]? {
        var children: [[UInt8]] = []
        children.reserveCapacity(component.components.count + extra.count)
        for child in component.components {
            guard let text = text(child, adding: []) else { return nil }
            children.append(text)
        }
        for text in extra {
            guard let bytes = ascii(text) else { return nil }
            children.append(bytes)
        }
        guard let name = ascii(component.name), var lines = lines(of: component) else { return nil }
        if lines.count > 1 { lines.sort { $0.lexicographicallyPrecedes($1) } }
        if children.count > 1 { children.sort { $0.lexicographicallyPrecedes($1) } }
        var out: [UInt8] = []
        out.reserveCapacity(2 * name.count + 12 + lines.reduce(0) { $0 + $1.count + 1 } + children.reduce(0) { $0 + $1.count })
        out += "BEGIN:".utf8
        out += name
        out.append(0x0A)
        for line in lines {
            out += line
            out.append(0x0A)
        }
        for child in children { out += child }
        out += "END:".utf8
        out += name
        out.append(0x0A)
        return out
    }

    /// The component's own lines (volatile properties dropped), not yet sorted.
    private static func lines(of component: ICalComponent) -> [[UInt8]]? {
        var lines: [[UInt8]] = []
        lines.reserveCapacity(component.properties.count)
        for p in component.properties {
            guard let name = upper(p.name) else { return nil }
            if volatile.contains(name) || name.starts(with: mozilla) { continue }
            var line = name
            if !p.parameters.isEmpty {
                var parameters: [[UInt8]] = []
                for parameter in p.parameters {
                    guard var text = upper(parameter.name) else { return nil }
                    text.append(UInt8(ascii: "="))
                    for (i, value) in parameter.values.enumerated() {
                        if i > 0 { text.append(UInt8(ascii: ",")) }
                        guard let bytes = ascii(value) else { return nil }
                        text += bytes
                    }
                    parameters.append(text)
                }
                if parameters.count > 1 { parameters.sort { $0.lexicographicallyPrecedes($1) } }
                for parameter in parameters {
                    line.append(UInt8(ascii: ";"))
                    line += parameter
                }
            }
            line.append(UInt8(ascii: ":"))
            guard let value = ascii(p.value) else { return nil }
            line += ReadValue.unpadded(value)
            lines.append(line)
        }
        return lines
    }

    /// The bytes of `text` when they are ASCII.
    private static func ascii(_ text: String) -> [UInt8]? {
        let bytes = Array(text.utf8)
        return bytes.allSatisfy { $0 < 0x80 } ? bytes : nil
    }

    /// `text.uppercased()`'s bytes when `text` is ASCII.
    private static func upper(_ text: String) -> [UInt8]? {
        guard var bytes = ascii(text) else { return nil }
        for i in bytes.indices where bytes[i] >= UInt8(ascii: "a") && bytes[i] <= UInt8(ascii: "z") { bytes[i] -= 32 }
        return bytes
    }
}
