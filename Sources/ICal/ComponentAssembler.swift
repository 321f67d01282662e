/// Checks BEGIN/END nesting of the content lines as they arrive and builds components one at a
/// time: each child of a VCALENDAR (a VEVENT with its VALARMs, a VTIMEZONE with its observances)
/// is finished as soon as its END arrives, so memory follows the largest component, not the
/// file. A unit whose every line `PropertyReader` reads (the plain forms of the properties
/// expansion needs) is built without libical; any other unit is handed to libical's line
/// parser (`LibicalLineParser`) line by line at its END, copied into Swift values and freed.
/// A VCALENDAR's own properties go to a parser of their own; any other top-level component is
/// one unit. Lines outside any component are skipped. With an `EventPassOver`, a VEVENT of the
/// first VCALENDAR is only recorded until its END, and then passed over or read as any unit.
/// With a `UnitStream`, units are handed over (or not read at all) instead of kept.
/// The caller holds `Libical.lock`.
struct ComponentAssembler {
    let limits: ICalLimits
    /// Finished top-level components.
    private(set) var roots: [ICalComponent] = []
    private(set) var problems: [ICalError] = []
    private(set) var warnings: [ICalWarning] = []
    /// Open components, outermost first.
    private var stack: [Skeleton] = []
    /// libical's parser of the units it reads.
    private var unit = LibicalLineParser()
    /// The open VCALENDAR: the parser of its own properties, its finished children, and the
    /// TZIDs its VTIMEZONEs defined (with their lines).
    private var container: (parser: LibicalLineParser, components: [ICalComponent], zones: [String: Int])? = nil
    /// The open unit's lines (for libical, should it need them) and its components as read here.
    private var open: OpenUnit
    /// Reads the plain property values; it remembers libical's text of the values it asked for.
    private(set) var reader: PropertyReader
    /// Every unit through libical (for tests comparing the two readings).
    private let libicalOnly: Bool
    /// Which VEVENTs may be passed over (nil: none).
    private let passOver: EventPassOver?
    /// The open VEVENT that may be passed over: its lines are recorded, not read, until its END.
    private var scan: PassOverScan? = nil
    /// Whether a VCALENDAR was closed (events are passed over in the first one only).
    private var calendarClosed = false
    /// The VEVENTs passed over.
    private(set) var passedOver: [PassedOverEvent] = []
    /// Where units go instead of being kept (nil: kept).
    private let stream: UnitStream?
    /// With `stream`: units begun so far, the plan of the open unit (nil outside a unit), and
    /// the top-level components met (VCALENDARs, and bare units that made a component).
    private var units = 0
    private var plan: UnitStream.Plan? = nil
    private(set) var rootCount = 0

    init(
        limits: ICalLimits, libicalOnly: Bool = false, reader: PropertyReader = PropertyReader(),
        passOver: EventPassOver? = nil, stream: UnitStream? = nil
    ) {
        self.limits = limits
        self.libicalOnly = libicalOnly
        self.reader = reader
        self.passOver = passOver
        self.stream = stream
        precondition(passOver == nil || stream == nil, "a streamed calendar passes nothing over")
        open = OpenUnit(isOwn: !libicalOnly, streamed: stream != nil)
    }

    /// Reads one content line.
    mutating func add(_ l: ContentLine) throws(ICalError) {
        let name = l.nameKey
        if name == .begin {
            try begin(l)
        } else if name == .end {
            try end(l)
        } else if !stack.isEmpty {
            guard l.hasColon else { throw .malformedLine(line: l.line, text: l.text) }
            if let plan, !plan.reads {
                if case .scan = plan, stack.count == unitDepth { stream!.scanned(l) }
            } else if scan != nil {
                if stack.count == 2 { scan!.note(l, name: name, rule: passOver!, reader: &reader) }
                open.record(l)
                // Kept: read the lines so far now, and the rest as they come.
                if scan!.kept {
                    scan = nil
                    _ = readRecorded()
                }
            } else if inUnit {
                open.add(l, reader: &reader)
            } else if stream?.readsCalendarProperties ?? true {
                stack[stack.count - 1].properties.append((l.name, l.line))
                keep(copy(container!.parser.add(l.bytes), skeleton: nil))
            }
        }
    }

    /// Throws when a component is still open at the end of the input.
    func finish() throws(ICalError) {
        if let open = stack.last {
            throw .structure(line: open.line, message: "BEGIN:\(open.name) is never closed; expected END:\(open.name)")
        }
    }

    /// Whether the innermost open component is (in) a unit, not the VCALENDAR's own level.
    private var inUnit: Bool { container == nil || stack.count > 1 }

    /// How many components are open inside a unit's own level (the unit itself included).
    private var unitDepth: Int { container == nil ? 1 : 2 }

    private mutating func begin(_ l: ContentLine) throws(ICalError) {
        let component = l.componentName
        guard !component.isEmpty else {
            throw .structure(line: l.line, message: "BEGIN without a component name; expected e.g. BEGIN:VEVENT")
        }
        guard stack.count < limits.maxNesting else {
            throw .tooDeep(line: l.line, component: component, limit: limits.maxNesting)
        }
        if stack.isEmpty && component == "VCALENDAR" {
            container = (LibicalLineParser(), [], [:])
            stack.append(Skeleton(name: component, line: l.line))
            if stream?.readsCalendarProperties ?? true { keep(copy(container!.parser.add(l.bytes), skeleton: nil)) }
            return
        }
        stack.append(Skeleton(name: component, line: l.line))
        if let stream, stack.count == unitDepth {
            let start = UnitStream.Start(
                ordinal: units, name: component, line: l.line, offset: l.span.lowerBound, inCalendar: container != nil)
            units += 1
            let next = stream.begin(start)
            plan = next
            if case .skip(let skipped) = next { noteSkipped(skipped) }
            guard next.reads else { return }
        } else if let plan, !plan.reads {
            return
        }
        if passOver != nil, !calendarClosed, container != nil, stack.count == 2, component == "VEVENT" {
            scan = PassOverScan(line: l.line)
        }
        guard scan == nil else { return open.record(l) }
        open.begin(l, component: component)
    }

    private mutating func end(_ l: ContentLine) throws(ICalError) {
        let component = l.componentName
        guard let closed = stack.popLast() else {
            throw .structure(line: l.line, message: "END:\(component) without a matching BEGIN:\(component)")
        }
        guard closed.name == component else {
            if stack.contains(where: { $0.name == component }) {
                throw .structure(
                    line: closed.line,
                    message:
                        "BEGIN:\(closed.name) is never closed; expected END:\(closed.name) before END:\(component) on line \(l.line)"
                )
            }
            throw .structure(
                line: l.line,
                message: "END:\(component) closes BEGIN:\(closed.name) of line \(closed.line); expected END:\(closed.name)")
        }
        if stack.isEmpty, let calendar = container {
            container = nil
            calendarClosed = true
            let reads = stream?.readsCalendarProperties ?? true
            var root =
                (reads ? copy(calendar.parser.add(l.bytes), skeleton: closed) : nil)
                ?? ICalComponent(closed.name, line: closed.line)
            root.components = calendar.components
            roots.append(root)
            rootCount += 1
            return
        }
        if let unitPlan = plan, !unitPlan.reads {
            guard stack.count < unitDepth else { return }
            plan = nil
            stream!.end(units - 1, l.span.upperBound)
            return
        }
        var done: ICalComponent? = nil
        if scan != nil { open.record(l) } else { done = open.end(l) }
        guard container == nil ? stack.isEmpty : stack.count == 1 else { return }
        if let recorded = scan {
            scan = nil
            if let passed = recorded.passed {
                passedOver.append(passed)
                open.reset(isOwn: !libicalOnly)
                return
            }
            done = readRecorded()
        }
        if let own = done {
            keep(own)
        } else {
            replay()
        }
        open.reset(isOwn: !libicalOnly)
        if let stream {
            plan = nil
            stream.end(units - 1, l.span.upperBound)
        }
    }

    /// Reads the recorded lines of a VEVENT that was not passed over (all of them, or those so
    /// far of one that is kept) as they would have been read on arrival; the unit as read here
    /// when they close it, or nil (still open, or it needs libical: `replay`).
    private mutating func readRecorded() -> ICalComponent? {
        let lines = open.lines
        open = OpenUnit(isOwn: !libicalOnly, streamed: stream != nil)
        var done: ICalComponent? = nil
        lines.withEach { l in
            switch l.nameKey {
            case .begin: open.begin(l, component: l.componentName)
            case .end: done = open.end(l)
            default: open.add(l, reader: &reader)
            }
        }
        return done
    }

    /// Hands the finished unit's lines to libical and keeps what it gives; the unit's nesting as
    /// written gives libical's properties their lines.
    private mutating func replay() {
        let lines = open.lines
        let skeleton = open.skeleton()
        for (k, range) in lines.ranges.enumerated() {
            // A long date list in parts: libical drops values past 500 of one line.
            if let parts = ValueListLine.parts(lines.bytes[range]) {
                for part in parts { keep(copy(unit.add(part), skeleton: nil)) }
                continue
            }
            let done = unit.add(lines.bytes[range])
            keep(copy(done, skeleton: k == lines.ranges.count - 1 ? skeleton : nil))
        }
    }

    /// Adds a finished unit to the container, or to the roots; with a stream, hands it over.
    private mutating func keep(_ component: ICalComponent?) {
        guard let component else { return }
        if let stream, plan != nil {
            if container != nil { noteZone(component) } else { rootCount += 1 }
            stream.unit(units - 1, component)
            return
        }
        guard container != nil else {
            roots.append(component)
            rootCount += 1
            return
        }
        noteZone(component)
        container!.components.append(component)
    }

    /// What a unit read before the stream reached it gives at its place.
    private mutating func noteSkipped(_ skipped: UnitStream.Skipped) {
        problems += skipped.problems
        if container != nil {
            if let zone = skipped.zone { noteZone(zone) }
        } else if skipped.kept {
            rootCount += 1
        }
    }

    /// Warns when a VTIMEZONE repeats a TZID an earlier one of the calendar defined; the first
    /// definition is the one every reader uses.
    private mutating func noteZone(_ c: ICalComponent) {
        guard c.name == "VTIMEZONE", let tzid = c.property("TZID")?.value, let line = c.line else { return }
        if let first = container!.zones[tzid] {
            warnings.append(.duplicateTimezone(tzid: tzid, line: line, first: first))
        } else {
            container!.zones[tzid] = line
        }
    }

    /// Copies a component libical finished into Swift values (freeing libical's copy).
    private mutating func copy(_ done: consuming OwnedComponent?, skeleton: Skeleton?) -> ICalComponent? {
        switch consume done {
        case .some(let owned): return ICalParser.copy(owned.view, skeleton: skeleton, problems: &problems)
        case .none: return nil
        }
    }
}

/// The unit being read: its lines as written (one buffer), and while every line is one
/// `PropertyReader` reads, its components as built here.
struct OpenUnit {
    /// Components built here, innermost last; empty once a line needs libical.
    private var built: [ICalComponent] = []
    /// Whether the unit is still read here.
    private(set) var isOwn: Bool
    /// Whether a line of the unit gave several properties (an EXDATE or RDATE list).
    private var listed = false
    private(set) var lines = RecordedLines()
    /// Units handed to a stream, which lets them go once expanded: their property arrays start
    /// with room for a whole event and keep any left (no copy to the exact size, no regrowth).
    private let streamed: Bool

    /// `isOwn`: the components are read without libical while they can be.
    init(isOwn: Bool, streamed: Bool = false) {
        self.isOwn = isOwn
        self.streamed = streamed
    }

    /// The properties a streamed component has room for from its BEGIN line (a real calendar's
    /// events hold 10 to 25).
    static let streamedRoom = 24

    static let ownComponents: Set<String> = ["VEVENT", "VTODO", "VJOURNAL", "VALARM", "VTIMEZONE", "STANDARD", "DAYLIGHT"]

    mutating func begin(_ l: ContentLine, component: String) {
        record(l)
        guard isOwn else { return }
        guard OpenUnit.ownComponents.contains(component) else { return drop() }
        var opened = ICalComponent(component, line: l.line)
        if streamed { opened.properties.reserveCapacity(OpenUnit.streamedRoom) }
        built.append(opened)
    }

    /// Records a property line and, while the unit is read here, reads it into the innermost
    /// component (libical's unit from the first line `reader` does not read).
    mutating func add(_ l: ContentLine, reader: inout PropertyReader) {
        record(l)
        guard isOwn else { return }
        let before = built[built.count - 1].properties.count
        guard reader.read(l, into: &built[built.count - 1].properties) else { return drop() }
        if built[built.count - 1].properties.count > before + 1 { listed = true }
    }

    /// Closes the innermost component; the unit as read here when this closes it.
    mutating func end(_ l: ContentLine) -> ICalComponent? {
        record(l)
        guard isOwn, var done = built.popLast() else { return nil }
        // Kept until the calendar is read: without the room appending left (up to half the array).
        if !streamed && done.properties.capacity > done.properties.count {
            done.properties = done.properties.withUnsafeBufferPointer { Array($0) }
        }
        guard !built.isEmpty else {
            if listed, let skeleton = skeleton() { OpenUnit.reline(&done, skeleton) }
            return done
        }
        built[built.count - 1].components.append(done)
        return nil
    }

    /// Gives the properties of `component` and its children the lines libical's reading gives
    /// them (`PropertyLines`, as `ICalParser.copy` does): the values of an EXDATE or RDATE list
    /// after the first take the lines of the next ones of that name, as libical's properties are
    /// matched to the lines in order.
    static func reline(_ component: inout ICalComponent, _ skeleton: Skeleton) {
        var lines = PropertyLines(skeleton.properties, component: skeleton.line, name: skeleton.name)
        for k in component.properties.indices { component.properties[k].line = lines.match(component.properties[k].name) }
        for k in component.components.indices where k < skeleton.children.count {
            reline(&component.components[k], skeleton.children[k])
        }
    }

    /// Keeps the line as written, nothing read from it.
    mutating func record(_ l: ContentLine) { lines.append(l) }

    /// Empties the unit for the next one, keeping the room its lines took.
    mutating func reset(isOwn: Bool) {
        self.isOwn = isOwn
        listed = false
        built.removeAll(keepingCapacity: true)
        lines.removeAll()
    }

    /// The nesting of the unit's lines, with lines (the unit is complete and well nested).
    func skeleton() -> Skeleton? {
        var open: [Skeleton] = []
        var root: Skeleton? = nil
        lines.withEach { l in
            guard root == nil else { return }
            let name = l.name
            if name == "BEGIN" {
                open.append(Skeleton(name: l.componentName, line: l.line))
            } else if name == "END", let done = open.popLast() {
                guard !open.isEmpty else {
                    root = done
                    return
                }
                open[open.count - 1].children.append(done)
            } else if !open.isEmpty {
                open[open.count - 1].properties.append((name, l.line))
            }
        }
        return root
    }

    private mutating func drop() {
        isOwn = false
        built = []
    }
}

/// A unit's content lines as written, one after the other in one buffer, with the physical line
/// each started on; emptied and filled again for every unit, so the buffers are made once.
struct RecordedLines {
    private(set) var bytes: [UInt8] = []
    private(set) var ranges: [Range<Int>] = []
    private(set) var numbers: [Int] = []

    mutating func append(_ l: ContentLine) {
        let start = bytes.count
        bytes.append(contentsOf: l.bytes)
        ranges.append(start..<bytes.count)
        numbers.append(l.line)
    }

    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        ranges.removeAll(keepingCapacity: true)
        numbers.removeAll(keepingCapacity: true)
    }

    /// Calls `body` with each line in order (its bytes valid during the call).
    func withEach(_ body: (ContentLine) -> Void) {
        bytes.withUnsafeBufferPointer { b in
            for (range, number) in zip(ranges, numbers) {
                body(ContentLine(line: number, bytes: UnsafeBufferPointer(rebasing: b[range])))
            }
        }
    }
}
