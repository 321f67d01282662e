import CalendarTime
import ICal

/// The line reading behind `PreviousFeed`: the VEVENTs of one VCALENDAR written with CRLF, read
/// for their UID, SEQUENCE, LAST-MODIFIED and RECURRENCE-ID, and their lines without the
/// volatile ones. Anything outside that plain shape gives nil.
enum PreviousFeedLines {
    struct Event {
        var uid = ""
        var isOverride = false
        var sequence = 0
        var lastModified = 0
        /// Where the event's BEGIN line starts.
        var start = 0
        /// The event's lines in the file, BEGIN to END.
        var range: Range<Int> = 0..<0
        /// The event's lines without its own DTSTAMP, SEQUENCE and LAST-MODIFIED: what its
        /// content hash hashes.
        var content: [UInt8] = []
        var sawUID = false
    }

    /// One logical line: where it starts and ends (after its CRLF), its name and value unfolded.
    struct Line {
        var range: Range<Int>
        var name: [UInt8]
        var hasParameters: Bool
        var value: [UInt8]
    }

    private static let (begin, end, prodid) = (Array("BEGIN".utf8), Array("END".utf8), Array("PRODID".utf8))
    private static let (vcalendar, vevent) = (Array("VCALENDAR".utf8), Array("VEVENT".utf8))

    static func events(in bytes: [UInt8]) -> [Event]? {
        guard String(validating: bytes, as: UTF8.self) != nil else { return nil }
        var stack: [[UInt8]] = []
        var events: [Event] = []
        var event: Event? = nil
        var ownProduct = false
        var offset = 0
        while offset < bytes.count {
            guard stack.count > 0 || offset == 0, let line = line(in: bytes, at: offset) else { return nil }
            offset = line.range.upperBound
            if line.name == begin {
                guard !line.hasParameters, stack.count < 3, stack.count > 0 || line.value == vcalendar else {
                    return nil
                }
                stack.append(line.value)
                if stack.count == 2, line.value == vevent { event = Event(start: line.range.lowerBound) }
                event?.content += bytes[line.range]
                continue
            }
            if line.name == end {
                guard !line.hasParameters, stack.last == line.value else { return nil }
                stack.removeLast()
                event?.content += bytes[line.range]
                if stack.count == 1, var done = event {
                    guard done.sawUID else { return nil }
                    done.range = done.start..<line.range.upperBound
                    events.append(done)
                    event = nil
                }
                if stack.isEmpty, offset != bytes.count { return nil }
                continue
            }
            if stack.count == 1, line.name == prodid {
                ownProduct = FeedBuilder.isOwnProductID(String(decoding: line.value, as: UTF8.self))
            }
            if stack.count == 2, event != nil {
                guard read(line, bytes, into: &event!) else { return nil }
            } else {
                event?.content += bytes[line.range]
            }
        }
        return stack.isEmpty && ownProduct ? events : nil
    }

    /// Reads a property line of an event into it; false when its value is not in the plain form.
    private static func read(_ line: Line, _ bytes: [UInt8], into event: inout Event) -> Bool {
        switch String(decoding: line.name, as: UTF8.self) {
        case "UID":
            guard !event.sawUID, !line.hasParameters, !line.value.isEmpty,
                line.value.allSatisfy({ isUIDByte($0) })
            else { return false }
            event.uid = String(decoding: line.value, as: UTF8.self)
            event.sawUID = true
        case "SEQUENCE":
            guard !line.hasParameters, (1...9).contains(line.value.count), line.value.allSatisfy({ $0 >= 48 && $0 <= 57 }),
                line.value.count == 1 || line.value[0] != 48, let n = Int(String(decoding: line.value, as: UTF8.self))
            else { return false }
            event.sequence = n
            return true
        case "LAST-MODIFIED":
            guard !line.hasParameters, line.value.count == 16,
                case .utc(let t)? = DateTimeValue(parsing: String(decoding: line.value, as: UTF8.self))
            else { return false }
            event.lastModified = t.secondsSinceEpoch
            return true
        case "DTSTAMP": return true
        case "RECURRENCE-ID": event.isOverride = true
        default: break
        }
        event.content += bytes[line.range]
        return true
    }

    /// The bytes a UID of the plain form holds (dosecal's and most others').
    private static func isUIDByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2D || b == 0x2E || b == 0x40
            || b == 0x5F
    }

    /// The logical line at `start`: CRLF line ends, continuations starting with a space, a name
    /// of upper-case letters, digits and `-`, then `;` or `:`. Nil for anything else.
    private static func line(in bytes: [UInt8], at start: Int) -> Line? {
        var content: [UInt8] = []
        var i = start
        while true {
            guard let cr = bytes[i...].firstIndex(of: 13), cr + 1 < bytes.count, bytes[cr + 1] == 10,
                !bytes[i..<cr].contains(10), cr - start < 1 << 20
            else { return nil }
            content += bytes[(i == start ? i : i + 1)..<cr]
            i = cr + 2
            if i >= bytes.count || bytes[i] != 32 { break }
        }
        guard let nameEnd = content.firstIndex(where: { $0 == 58 || $0 == 59 }), nameEnd > 0,
            content[..<nameEnd].allSatisfy({ ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }),
            let colon = content.firstIndex(of: 58)
        else { return nil }
        return Line(
            range: start..<i, name: Array(content[..<nameEnd]), hasParameters: content[nameEnd] == 59,
            value: content[nameEnd] == 58 ? Array(content[(colon + 1)...]) : [])
    }
}
