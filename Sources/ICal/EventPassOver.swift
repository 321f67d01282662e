/// Which VEVENTs of a calendar a reader that needs only some of them may pass over: a VEVENT
/// directly inside the first VCALENDAR whose single UID line reads as plain text containing none
/// of `uidMarks` (ASCII, any case), and that has none of `properties` on its own level. Such an
/// event becomes no `ICalComponent` and never reaches libical; its lines are still checked like
/// every other line (nesting, a colon on each line), so errors and their lines stay the same.
/// What was passed over is listed in `ParsedCalendar.passedOver`.
public struct EventPassOver: Sendable {
    /// Property names (upper case) that keep an event when it has one.
    public var properties: Set<String> { didSet { keys = EventPassOver.keys(of: properties) } }
    /// Texts whose presence in the UID keeps the event (compared without case; ASCII).
    public var uidMarks: [String]

    public init(properties: Set<String>, uidMarks: [String]) {
        self.properties = properties
        self.uidMarks = uidMarks
        marks = uidMarks.map { Array($0.utf8).map(EventPassOver.lower) }.filter { !$0.isEmpty }
        keys = EventPassOver.keys(of: properties)
    }

    /// `uidMarks` as lower-case bytes.
    private let marks: [[UInt8]]
    /// `properties` as keys, when every one is plain (`NameKey.isPlain`); else nil.
    private var keys: [NameKey]?

    private static func keys(of properties: Set<String>) -> [NameKey]? {
        let keys = properties.map { NameKey($0) }
        return keys.allSatisfy(\.isPlain) ? keys : nil
    }

    /// Whether a line named `name` (`ContentLine.nameKey`; `text` gives its `ContentLine.name`)
    /// keeps the event: one of `properties`, compared by key when both are plain.
    func keeps(_ name: NameKey, text: () -> String) -> Bool {
        guard let keys, name.isPlain else { return properties.contains(text()) }
        return keys.contains(name)
    }

    /// Whether `uid` contains one of the marks, ASCII letters compared without case.
    func isMarked(_ uid: String) -> Bool {
        var uid = uid
        return uid.withUTF8 { text in
            marks.contains { m in
                text.count >= m.count
                    && (0...(text.count - m.count)).contains { k in
                        m.indices.allSatisfy { EventPassOver.lower(text[k + $0]) == m[$0] }
                    }
            }
        }
    }

    private static func lower(_ c: UInt8) -> UInt8 { c >= 0x41 && c <= 0x5A ? c + 32 : c }
}

/// A VEVENT the reader passed over (`EventPassOver`): its UID and the line of its BEGIN.
public struct PassedOverEvent: Sendable, Hashable {
    public var uid: String
    public var line: Int
}

/// What the assembler learns of an open VEVENT that may be passed over, line by line.
struct PassOverScan {
    /// The event's BEGIN line.
    let line: Int
    /// The UID, once one plain UID line was read.
    var uid: String? = nil
    /// Something keeps the event: a kept property, a second UID, a UID only libical can read.
    var kept = false

    /// Notes one line on the event's own level (`name`: its key).
    mutating func note(_ l: ContentLine, name: NameKey, rule: EventPassOver, reader: inout PropertyReader) {
        guard !kept else { return }
        if rule.keeps(name, text: { l.name }) {
            kept = true
        } else if name == .uid {
            // A UID with a backslash keeps the event (decision 0167), although the reader now
            // takes the escapes libical writes back as they were (decision 0181).
            guard uid == nil, let value = reader.read(l)?.value, !value.utf8.contains(UInt8(ascii: "\\")),
                !rule.isMarked(value)
            else {
                kept = true
                return
            }
            uid = value
        }
    }

    /// The event as passed over, or nil when it is to be read.
    var passed: PassedOverEvent? {
        guard !kept, let uid else { return nil }
        return PassedOverEvent(uid: uid, line: line)
    }
}
