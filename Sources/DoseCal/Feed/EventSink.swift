import ICal

/// Where the feed builder writes one VEVENT's content, property by property, in file order: a
/// tree of `ICalComponent` values (`EventTree`, for the callers that read the feed's values) or
/// the event's bytes as the file holds them (`EventBytes`, for export). The same builder code
/// writes both, so they cannot say different things (decision 0142).
///
/// The content is what follows the UID and the stamps (DTSTAMP, SEQUENCE, LAST-MODIFIED); an
/// alarm is begun after the event's last property.
protocol EventSink {
    /// The finished event: with UID and stamps.
    associatedtype Event

    init()
    mutating func dateTime(_ name: String, _ value: DateTimeValue)
    /// A TEXT property (escaped here).
    mutating func text(_ name: String, _ text: String)
    /// A property whose value is written as it is.
    mutating func verbatim(_ name: String, _ value: String)
    /// A CATEGORIES property of one category.
    mutating func category(_ value: String)
    mutating func rule(_ rule: RecurrenceRule)
    /// The RRULE `rule`, its line taken from `memo` when the last one written was the same rule.
    mutating func rule(_ rule: RecurrenceRule, memo: RuleLines)
    mutating func beginAlarm()
    mutating func endAlarm()
    /// The VALARM `block`, after the event's properties.
    mutating func alarm(_ block: AlarmBlock)

    /// The content hash (`FeedRevision.contentHash(of:)`) of the event `uid` with this content.
    func contentHash(uid: String) -> String
    /// The event `uid`: UID, DTSTAMP and LAST-MODIFIED `stamp`, SEQUENCE `sequence`, the content.
    func stamped(uid: String, stamp: DateTimeValue, sequence: Int) -> Event
}

extension EventSink {
    mutating func alarm(_ block: AlarmBlock) { block.write(into: &self) }
    mutating func rule(_ rule: RecurrenceRule, memo _: RuleLines) { self.rule(rule) }
}

/// The RRULE line written last: a medication's slots mostly repeat by the same rule.
final class RuleLines {
    private var last: (rule: RecurrenceRule, lines: ContentLines)? = nil

    /// The line of `rule` as `ContentLines.rule` writes it.
    func lines(_ rule: RecurrenceRule) -> ContentLines {
        if let last, last.rule == rule { return last.lines }
        var lines = ContentLines()
        lines.rule(rule)
        last = (rule, lines)
        return lines
    }
}

/// A VALARM showing `description` at `times`; its lines, once written, are kept: a
/// medication's series mostly share one alarm (`FeedText.alarmBlock`).
final class AlarmBlock {
    let times: AlarmTimes
    let description: String
    private var written: ContentLines? = nil

    init(_ times: AlarmTimes, _ description: String) {
        self.times = times
        self.description = description
    }

    /// BEGIN:VALARM, ACTION, DESCRIPTION, TRIGGER, REPEAT and DURATION if repeated, END:VALARM.
    func write<Sink: EventSink>(into event: inout Sink) {
        event.beginAlarm()
        event.verbatim("ACTION", "DISPLAY")
        event.text("DESCRIPTION", description)
        event.verbatim("TRIGGER", times.trigger)
        if let repetition = times.repetition {
            event.verbatim("REPEAT", repetition.count)
            event.verbatim("DURATION", repetition.interval)
        }
        event.endAlarm()
    }

    /// The block's lines as `EventBytes` writes them, written the first time they are asked for.
    var lines: ContentLines {
        if let written { return written }
        var event = EventBytes(reserving: 256)
        write(into: &event)
        written = event.content
        return event.content
    }
}

/// The event as a tree of values.
struct EventTree: EventSink {
    private var event = ICalComponent("VEVENT")
    private var alarm: ICalComponent? = nil

    private mutating func add(_ property: ICalProperty) {
        if alarm != nil { alarm?.add(property) } else { event.add(property) }
    }

    mutating func dateTime(_ name: String, _ value: DateTimeValue) { add(value.property(name)) }
    mutating func text(_ name: String, _ text: String) { add(.text(name, text)) }
    mutating func verbatim(_ name: String, _ value: String) { add(ICalProperty(name, value)) }
    mutating func category(_ value: String) { add(ICalProperty("CATEGORIES", value)) }
    mutating func rule(_ rule: RecurrenceRule) { add(rule.property) }
    mutating func beginAlarm() { alarm = ICalComponent("VALARM") }

    mutating func endAlarm() {
        if let alarm { event.components.append(alarm) }
        alarm = nil
    }

    func contentHash(uid: String) -> String {
        var body = event
        body.properties.insert(ICalProperty("UID", uid), at: 0)
        return FeedRevision.contentHash(of: body)
    }

    func stamped(uid: String, stamp: DateTimeValue, sequence: Int) -> ICalComponent {
        var body = event
        body.properties.insert(
            contentsOf: [
                ICalProperty("UID", uid), stamp.property("DTSTAMP"), ICalProperty("SEQUENCE", String(sequence)),
                stamp.property("LAST-MODIFIED"),
            ], at: 0)
        return body
    }
}

/// The event as the bytes of its lines: the ones `ICalSerializer` writes for its `EventTree`.
struct EventBytes: EventSink {
    /// A stamped event: its content and what its first lines say, written into the file's
    /// lines at their place (`write(into:)`), so that its bytes are copied once.
    struct Stamped {
        let uid: String
        let stamp: DateTimeValue
        let sequence: Int
        let content: ContentLines

        /// BEGIN, UID, the stamps and END take under 200 bytes.
        var count: Int { content.bytes.count + 200 }

        /// BEGIN:VEVENT, UID, DTSTAMP, SEQUENCE, LAST-MODIFIED, the content, END:VEVENT.
        func write(into lines: inout ContentLines, stamps: inout StampLines) {
            lines.begin("VEVENT")
            lines.escapedText("UID", uid)
            lines.append(lines: stamps.lines(stamp, sequence))
            lines.append(content)
            lines.end("VEVENT")
        }
    }

    /// The DTSTAMP, SEQUENCE and LAST-MODIFIED lines of the stamp written last: the events of
    /// one file mostly share their stamp and sequence, so those lines are written once.
    struct StampLines {
        private var last: (stamp: DateTimeValue, sequence: Int, bytes: [UInt8])? = nil

        mutating func lines(_ stamp: DateTimeValue, _ sequence: Int) -> [UInt8] {
            if let last, last.sequence == sequence, last.stamp == stamp { return last.bytes }
            var lines = ContentLines()
            lines.dateTime("DTSTAMP", stamp)
            lines.verbatim("SEQUENCE", String(sequence))
            lines.dateTime("LAST-MODIFIED", stamp)
            last = (stamp, sequence, lines.bytes)
            return lines.bytes
        }
    }

    private(set) var content = ContentLines()

    init() {
        // An event's content takes some 300-500 bytes; it is kept until the file is written.
        self.init(reserving: 512)
    }

    fileprivate init(reserving count: Int) { content.reserve(count) }

    mutating func dateTime(_ name: String, _ value: DateTimeValue) { content.dateTime(name, value) }
    mutating func text(_ name: String, _ text: String) { content.text(name, text) }
    mutating func verbatim(_ name: String, _ value: String) { content.verbatim(name, value) }
    mutating func category(_ value: String) { content.list("CATEGORIES", value) }
    mutating func rule(_ rule: RecurrenceRule) { content.rule(rule) }
    mutating func rule(_ rule: RecurrenceRule, memo: RuleLines) { content.append(memo.lines(rule)) }
    mutating func beginAlarm() { content.begin("VALARM") }
    mutating func endAlarm() { content.end("VALARM") }
    mutating func alarm(_ block: AlarmBlock) { content.append(block.lines) }

    /// The event's text without stamps, as `FeedRevision.contentHash(of:)` hashes it.
    func contentHash(uid: String) -> String {
        var lines = ContentLines()
        lines.reserve(content.bytes.count + 200)
        lines.begin("VEVENT")
        lines.escapedText("UID", uid)
        lines.append(content)
        lines.end("VEVENT")
        return SHA256.hex(of: lines.bytes)
    }

    func stamped(uid: String, stamp: DateTimeValue, sequence: Int) -> Stamped {
        Stamped(uid: uid, stamp: stamp, sequence: sequence, content: content)
    }
}
