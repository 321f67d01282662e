/// Expands a calendar's text one UID group at a time, without keeping the calendar: memory follows
/// the largest UID group, not the file (decision 0240).
///
/// Two passes over the bytes. The first (`CalendarIndex`) checks the text as `ICalParser.parse`
/// does, throwing the same errors, and notes where the VTIMEZONEs are and which VEVENTs share a
/// UID. The VTIMEZONEs are read first (an event may come before the zone it names). The second
/// pass reads the units in file order; each VEVENT is expanded as soon as it is read and then
/// dropped, and the first VEVENT of a UID that others share is expanded with them, read from
/// their places then (their turn in the stream is passed over). So the groups are expanded in the
/// order of their first event, as `CalendarExpander` expands them, and the budget cuts the same
/// groups; instances, problems and failures are the same as `ICalParser.parse` followed by
/// `CalendarExpander.forEachInstance(overlapping:to:_:)` give.
///
/// A VEVENT whose UID the second pass reads otherwise than the first (which the readers are built
/// not to do) sends the calendar the whole-tree way, with the budget as it was before; the
/// caller hears `restart` first, and forgets the instances it was handed.
public enum CalendarStream {
    /// What reading the calendar found beside its instances: the properties libical rejected,
    /// with their lines, and what was wrong but read anyway (as `ParsedCalendar` has them).
    public struct Reading: Sendable {
        public var problems: [ICalError] = []
        public var warnings: [ICalWarning] = []
    }

    /// Every instance of the VEVENTs of `bytes` (an iCalendar text) that overlaps `[from, to)`
    /// (as `CalendarExpander.expand(overlapping:to:)` defines it), handed to `body` one UID group
    /// at a time, in the order of each group's first event; floating and DATE values read in
    /// `viewerZone`; bounded by `budget`. Throws what `ICalParser.parse` throws, before any
    /// instance is handed over. `release` hears offsets before which no byte is read again (a
    /// mapped file's pages may go). `restart` is called (at most once) when the stream starts
    /// again the whole-tree way: the instances handed over before are to be forgotten. Holds
    /// `Libical`'s lock while it runs.
    public static func forEachInstance(
        in bytes: UnsafeRawBufferPointer, viewerZone: Zone = .utc, budget: ExpansionBudget = ExpansionBudget(),
        instanceLimit: Int = 500_000, overlapping from: Int, to: Int, release: (Int) -> Void = { _ in },
        restart: () -> Void, _ body: (EventInstance) -> Void
    ) throws(ICalError) -> (reading: Reading, expansion: CalendarExpansion) {
        try forEachInstance(
            in: bytes, viewerZone: viewerZone, budget: budget, instanceLimit: instanceLimit, overlapping: from, to: to,
            release: release, restart: restart, hash: CalendarIndex.hash, body)
    }

    /// `forEachInstance(in:viewerZone:budget:instanceLimit:overlapping:to:release:restart:_:)` with UIDs
    /// told apart by `hash` (tests give one that makes every UID share a hash, or one that reads a
    /// UID otherwise the second time).
    static func forEachInstance(
        in bytes: UnsafeRawBufferPointer, viewerZone: Zone, budget: ExpansionBudget, instanceLimit: Int,
        overlapping from: Int, to: Int, release: (Int) -> Void, restart: () -> Void,
        hash: @escaping (String) -> UInt64, _ body: (EventInstance) -> Void
    ) throws(ICalError) -> (reading: Reading, expansion: CalendarExpansion) {
        let buffer = bytes.assumingMemoryBound(to: UInt8.self)
        let spent = budget.spent
        return try Libical.withLock { () throws(ICalError) in
            let index = try withoutActuallyEscaping(release) { release in
                Result { () throws(ICalError) in
                    try CalendarIndex.build(buffer, limits: .standard, release: release, hash: hash)
                }
            }.get()
            var run = ExpansionRun(
                from: from, to: to, overlapping: true, instanceLimit: instanceLimit, budget: budget)
            if index.usable {
                let pass = StreamPass(input: buffer, index: index, viewer: viewerZone, run: run)
                let read = withoutActuallyEscaping(body) { each in
                    withoutActuallyEscaping(release) { release in
                        Result { () throws(ICalError) in try pass.read(each: each, release: release) }
                    }
                }
                if let streamed = try read.get() { return streamed }
                restart()
                budget.restore(spent)
                run = ExpansionRun(from: from, to: to, overlapping: true, instanceLimit: instanceLimit, budget: budget)
            }
            // The whole-tree way: the calendar parsed, then expanded.
            var values = PropertyReader()
            let parsed = try ICalParser.parseLocked(buffer: buffer, strict: false, limits: .standard, values: &values)
            let expander = CalendarExpander(calendar: parsed, viewerZone: viewerZone, budget: budget)
            run.read(vtimezones: expander.timezones, viewer: viewerZone)
            EventGroup.forEach(byUID: expander.events) { run.expand($0, each: body) }
            return (Reading(problems: parsed.problems, warnings: parsed.warnings), run.finish())
        }
    }
}

/// The second pass of `CalendarStream`: units read in file order, VEVENTs grouped by UID as the
/// index says and expanded group by group.
private final class StreamPass {
    let input: UnsafeBufferPointer<UInt8>
    let index: CalendarIndex
    let viewer: Zone
    var run: ExpansionRun
    /// Reads the units read on their own (VTIMEZONEs, the later events of a shared UID).
    var values = PropertyReader()
    /// What the units read before the stream reached them gave, by unit number.
    var skipped: [Int: UnitStream.Skipped] = [:]
    /// The VEVENTs met so far, and the next of `index.later` not yet met.
    var events = 0
    var nextLater = 0
    /// Groups of UIDs whose first event is a later member of another group's hash (two UIDs with
    /// one hash), by the number of that event: expanded where it is.
    var pending: [Int: EventGroup] = [:]
    /// Set when a UID reads otherwise than the index read it: the rest is passed over.
    var failed = false
    var each: (EventInstance) -> Void = { _ in }
    var release: (Int) -> Void = { _ in }

    init(input: UnsafeBufferPointer<UInt8>, index: CalendarIndex, viewer: Zone, run: ExpansionRun) {
        self.input = input
        self.index = index
        self.viewer = viewer
        self.run = run
    }

    /// Reads and expands the calendar; nil when the index and the reading disagree.
    func read(each body: @escaping (EventInstance) -> Void, release: @escaping (Int) -> Void) throws(ICalError) -> (
        reading: CalendarStream.Reading, expansion: CalendarExpansion
    )? {
        each = body
        self.release = release
        defer { (each, self.release) = ({ _ in }, { _ in }) }
        var zones: [ICalComponent] = []
        for place in index.zones {
            guard let (components, skip) = readAlone(place) else { return nil }
            zones += components
            skipped[place.unit] = skip
        }
        run.read(vtimezones: zones, viewer: viewer)
        var reader = ContentLineReader(strict: false, limits: .standard)
        reader.checksEncoding = false  // the index checked it
        var assembler = ComponentAssembler(limits: .standard, stream: stream)
        try reader.read(input) { (line) throws(ICalError) in try assembler.add(line) }
        try assembler.finish()
        release(input.count)
        if failed { return nil }
        if assembler.rootCount == 0 { throw .empty }
        let warnings = ICalParser.sortedWarnings(reader.warnings + assembler.warnings)
        return (CalendarStream.Reading(problems: assembler.problems, warnings: warnings), run.finish())
    }

    var stream: UnitStream {
        UnitStream(
            begin: { [self] start in plan(start) },
            unit: { [self] unit, component in
                guard component.name == "VEVENT" else { return }
                expand(component, event: events - 1)
            },
            end: { [self] _, end in release(end) })
    }

    /// Reads a unit, or passes over one read before (its group's first event read it).
    func plan(_ start: UnitStream.Start) -> UnitStream.Plan {
        if let done = skipped.removeValue(forKey: start.ordinal) {
            if start.name == "VEVENT" {
                events += 1
                nextLater += 1
                if let group = pending.removeValue(forKey: events - 1), !failed { run.expand(group, each: each) }
            }
            return .skip(done)
        }
        guard start.name == "VEVENT" else { return .read }
        events += 1
        if nextLater < index.later.count, index.later[nextLater] == events - 1 {
            // A later event of a shared UID not read with its first one: the index was wrong.
            failed = true
            nextLater += 1
            return .skip(.init())
        }
        return failed ? .skip(.init()) : .read
    }

    /// Expands a VEVENT read in the stream: alone, or with the others of its UID.
    func expand(_ event: ICalComponent, event number: Int) {
        guard !failed, hash(of: event) == index.hashes[number] else {
            failed = true
            return
        }
        guard let shared = index.groups[number] else {
            return run.expand(EventGroup(events: [event]), each: each)
        }
        var members = [(number, event)]
        for (k, place) in shared.places.enumerated().dropFirst() {
            guard let (components, skip) = readAlone(place), components.count == 1,
                hash(of: components[0]) == index.hashes[shared.events[k]]
            else {
                failed = true
                return
            }
            skipped[place.unit] = skip
            members.append((shared.events[k], components[0]))
        }
        // Grouped by UID text (one hash may stand for several UIDs), each group in the place of
        // its first event.
        var groups: [(first: Int, group: EventGroup)] = []
        for (k, member) in members {
            let uid = member.property("UID")?.text ?? ""
            if let g = groups.firstIndex(where: { $0.group.uid == uid }) {
                groups[g].group.add(member)
            } else {
                groups.append((k, EventGroup(events: [member])))
            }
        }
        for (first, group) in groups {
            if first == number { run.expand(group, each: each) } else { pending[first] = group }
        }
    }

    /// The UID hash the index gives a VEVENT.
    func hash(of event: ICalComponent) -> UInt64 {
        index.key(event.property("UID")?.text)
    }

    /// A unit read on its own from its place: its components and what belongs at its place; nil
    /// when reading it alone throws (the first pass checked it: the index is wrong).
    func readAlone(_ place: CalendarIndex.Place) -> ([ICalComponent], UnitStream.Skipped)? {
        let bytes = UnsafeBufferPointer(rebasing: input[place.bytes])
        let parsed: ParsedCalendar
        do {
            parsed = try ICalParser.parseLocked(
                buffer: bytes, strict: false, limits: .standard, values: &values, firstLine: place.line,
                encodingChecked: true)
        } catch .empty {
            return ([], UnitStream.Skipped(kept: false))
        } catch {
            return nil
        }
        let zone = parsed.components.first { $0.name == "VTIMEZONE" }
        return (parsed.components, UnitStream.Skipped(problems: parsed.problems, zone: zone))
    }
}
