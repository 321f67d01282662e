/// Writes Swift values as RFC 5545 text, in pure Swift (decision 0075).
///
/// The bytes are the ones libical's serialiser (`icalcomponent_as_ical_string_r`, then folded
/// again) writes for the same values, so files written before and after are the same: each
/// property's value in the form libical gives it (`ValueForm`: TEXT escaping, RRULE part order),
/// its VALUE parameter first and only where libical writes one, parameter values quoted and
/// RFC 6868-encoded as libical does. Every line is folded at 75 octets without splitting a UTF-8
/// character, with CRLF line ends. The same value always gives the same bytes. Tests hold the
/// writer to libical's own serialisation (`Libical.serialized`) over every fixture.
public enum ICalSerializer {
    public static func serialize(_ component: ICalComponent) -> String {
        var out: [UInt8] = []
        write(component, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the text of `component` to `out`.
    public static func write(_ component: ICalComponent, into out: inout [UInt8]) {
        write(component, closing: true, into: &out)
    }

    /// A VCALENDAR's END line, as written (after the events a writer appended to `writeOpen`'s text).
    public static let calendarEnd = Array("END:VCALENDAR\r\n".utf8)

    /// Appends the text of `component` without its END line (its BEGIN line, properties and
    /// children): a writer appends more children's text after it, then the END line.
    public static func writeOpen(_ component: ICalComponent, into out: inout [UInt8]) {
        write(component, closing: false, into: &out)
    }

    private static func write(_ component: ICalComponent, closing: Bool, into out: inout [UInt8]) {
        var lines = ContentLines(continuing: &out)
        var writer = ContentLineWriter()
        writer.component(component, closing: closing, into: &lines)
        out = lines.takeBytes()
    }
}

/// Walks a component's tree and writes it through `ContentLines`, the one writer of content
/// lines (the feed's events are written through it property by property, decision 0142).
struct ContentLineWriter {
    /// The kinds of the property names met so far, in the order first met; `next` is where the
    /// name after the last one found usually is (events repeat one order of properties).
    private var kinds: [(name: String, kind: PropertyKind)] = []
    private var next = 0

    /// `PropertyKind(name)`, remembered for the names met before.
    private mutating func kind(of name: String) -> PropertyKind {
        if next < kinds.count, kinds[next].name == name {
            next += 1
            return kinds[next - 1].kind
        }
        if let i = kinds.firstIndex(where: { $0.name == name }) {
            next = i + 1
            return kinds[i].kind
        }
        let kind = PropertyKind(name)
        if kinds.count < 128 { kinds.append((name, kind)) }
        next = kinds.count
        return kind
    }

    /// The children in the order they are written (`writtenOrder`); a component libical does not
    /// know ends with `END:X`, as libical writes it. Without `closing`, the END line is left out.
    mutating func component(_ component: ICalComponent, closing: Bool = true, into lines: inout ContentLines) {
        lines.begin(component.name)
        for property in component.properties { lines.property(property, kind: kind(of: property.name)) }
        for child in ContentLineWriter.writtenOrder(component.components) { self.component(child, into: &lines) }
        if closing { lines.end(ContentLineWriter.knownComponents.contains(component.name) ? component.name : "X") }
    }

    /// libical's order of a component's children: the VTIMEZONEs first, last added first
    /// (`icalcomponent_add_component` puts each in front), then the others in order.
    static func writtenOrder(_ children: [ICalComponent]) -> [ICalComponent] {
        guard children.contains(where: { $0.name == "VTIMEZONE" }) else { return children }
        return children.reversed().filter { $0.name == "VTIMEZONE" } + children.filter { $0.name != "VTIMEZONE" }
    }

    static let knownComponents: Set<String> = [
        "VEVENT", "VTODO", "VJOURNAL", "VCALENDAR", "VAGENDA", "VFREEBUSY", "VALARM", "VTIMEZONE", "STANDARD", "DAYLIGHT",
        "SCHEDULE", "VQUERY", "VREPLY", "VCAR", "VCOMMAND", "VAVAILABILITY", "AVAILABLE", "VPOLL", "VVOTER", "VOTE",
        "VPATCH", "PATCH", "X",
    ]
}

/// RFC 5545 §3.1 line folding.
public enum Folding {
    /// Unfolds `text` and folds it again: CRLF line ends, no line longer than 75 octets, never
    /// splitting a UTF-8 sequence.
    public static func refold(_ text: String) -> String {
        var out: [UInt8] = []
        let bytes = Array(text.utf8)
        out.reserveCapacity(bytes.count + bytes.count / 60 * 3)
        var logical: [UInt8] = []
        func emit() {
            guard !logical.isEmpty else { return }
            fold(logical, into: &out)
            logical.removeAll(keepingCapacity: true)
        }
        var i = 0
        let n = bytes.count
        while i < n {
            var j = i
            while j < n && bytes[j] != 13 && bytes[j] != 10 { j += 1 }
            if j > i && (bytes[i] == 32 || bytes[i] == 9) && !logical.isEmpty {
                logical.append(contentsOf: bytes[(i + 1)..<j])
            } else {
                emit()
                logical.append(contentsOf: bytes[i..<j])
            }
            if j < n && bytes[j] == 13 { j += 1 }
            if j < n && bytes[j] == 10 { j += 1 }
            i = j
        }
        emit()
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends a property's `line` folded, and the line of one space libical writes after it
    /// where its folding splits the line end.
    static func finish(_ line: [UInt8], into out: inout [UInt8]) {
        fold(line, into: &out)
        if libicalSplitsLineEnd(line) { out.append(contentsOf: [32, 13, 10]) }
    }

    /// Whether libical's folding (`fold_property_line`, which folds a property's text with its
    /// CRLF) breaks between that CR and LF: read again, such a line is followed by a line of one
    /// space, which is what the files libical wrote hold.
    static func libicalSplitsLineEnd(_ line: [UInt8]) -> Bool {
        let total = line.count + 2
        guard total >= 75 else { return false }
        func byte(_ i: Int) -> UInt8 { i < line.count ? line[i] : (i == line.count ? 13 : 10) }
        var start = 0
        while total - start >= 75 {
            var next = start + 74
            if let pos = stride(from: start + 73, to: start, by: -1).first(where: {
                let b = byte($0)
                return b == UInt8(ascii: ";") || b == UInt8(ascii: ":") || b == UInt8(ascii: " ")
            }) {
                next = pos + 1
            } else if let pos = stride(from: start + 74, to: start, by: -1).first(where: { byte($0) & 0xC0 != 0x80 }) {
                next = pos
            }
            if next == total - 1 { return true }
            start = next
        }
        return false
    }

    /// Appends `line` folded at 75 octets (continuations start with one space) and CRLF.
    static func fold(_ line: [UInt8], into out: inout [UInt8]) {
        if line.count <= 75 {
            out.append(contentsOf: line)
            out.append(13)
            out.append(10)
            return
        }
        var start = 0
        var limit = 75
        while line.count - start > limit {
            var cut = start + limit
            while cut > start && line[cut] & 0xC0 == 0x80 { cut -= 1 }  // not inside a UTF-8 sequence
            out.append(contentsOf: line[start..<cut])
            out.append(contentsOf: [13, 10, 32])
            start = cut
            limit = 74  // the leading space counts
        }
        out.append(contentsOf: line[start...])
        out.append(contentsOf: [13, 10])
    }
}
