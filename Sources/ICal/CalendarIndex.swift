/// What a first pass over a calendar's text learns so that a second pass can expand it one UID
/// group at a time (`CalendarStream`): where each VEVENT and VTIMEZONE unit is, and which VEVENTs
/// share a UID with another one. No property is read but the VEVENTs' UIDs; the pass throws the
/// errors `ICalParser.parse` throws (encoding, nesting, limits), as it throws them.
///
/// A UID is kept as a 64-bit hash of its text (as `EventGroup` groups by it: the first UID
/// property, unescaped); only VEVENTs whose hash another VEVENT shares are remembered with their
/// place, so that the second pass can read them all when it reaches the first one. Memory: 8
/// bytes a VEVENT, and the places of those that share a UID.
struct CalendarIndex {
    /// A unit's place in the input: its bytes from its BEGIN line to the end of its END line,
    /// the BEGIN line's number and the unit's number among all units.
    struct Place {
        var bytes: Range<Int>
        var line: Int
        var unit: Int
    }

    /// The VEVENTs sharing one UID hash, in file order (by VEVENT number): the first is read
    /// where the stream reaches it, the others with it.
    struct Group {
        var events: [Int]
        var places: [Place]
    }

    /// The UID hash of each VEVENT, by VEVENT number (`CalendarIndex.noUID` for none).
    private(set) var hashes: [UInt64] = []
    /// The VTIMEZONE units, in file order.
    private(set) var zones: [Place] = []
    /// The groups of VEVENTs sharing a UID hash, by the number of their first VEVENT.
    private(set) var groups: [Int: Group] = [:]
    /// The VEVENT numbers of every group's later members, ascending.
    private(set) var later: [Int] = []
    /// Whether every place fits what the second pass keeps (lines and lengths under 2^31).
    private(set) var usable = true
    /// The hash of a UID text (`CalendarIndex.hash`; tests give others).
    private(set) var hash: (String) -> UInt64 = CalendarIndex.hash

    /// The hash of an event without a UID (each such event is a group of its own).
    static let noUID: UInt64 = 0

    /// The hash of a UID text.
    static func hash(_ uid: String) -> UInt64 {
        var hasher = Hasher()
        hasher.combine(uid)
        return UInt64(bitPattern: Int64(hasher.finalize()))
    }

    /// The key of an event with the UID text `uid` (nil: none): `hash` of it, never `noUID`.
    func key(_ uid: String?) -> UInt64 { CalendarIndex.key(uid, hash) }

    static func key(_ uid: String?, _ hash: (String) -> UInt64) -> UInt64 {
        guard let uid else { return noUID }
        let h = hash(uid)
        return h == noUID ? 1 : h
    }

    /// Indexes `bytes` (the caller holds `Libical.lock`: a UID only libical reads is asked of it);
    /// `release` hears the end of each unit passed.
    static func build(
        _ bytes: UnsafeBufferPointer<UInt8>, limits: ICalLimits, release: @escaping (Int) -> Void = { _ in },
        hash: @escaping (String) -> UInt64 = CalendarIndex.hash
    ) throws(ICalError) -> CalendarIndex {
        let builder = Builder()
        builder.release = release
        builder.hash = hash
        // Bytes that are not text are reported first, wherever they are (as `ContentLineReader`
        // does), the pages checked let go as the check passes them.
        try UTF8Check.check(bytes, release: release)
        var reader = ContentLineReader(strict: false, limits: limits)
        reader.checksEncoding = false
        var assembler = ComponentAssembler(limits: limits, stream: builder.stream)
        try reader.read(bytes) { (line) throws(ICalError) in try assembler.add(line) }
        try assembler.finish()
        release(bytes.count)
        return builder.index()
    }

    /// Collects the places and UIDs as the assembler scans the units.
    private final class Builder {
        var hashes: [UInt64] = []
        var begins: [Int] = []
        var lengths: [Int32] = []
        var lines: [Int32] = []
        var units: [Int32] = []
        var zones: [CalendarIndex.Place] = []
        var usable = true
        /// The open unit: its start, and for a VEVENT whether its UID is still to be found.
        var open: UnitStream.Start? = nil
        var uidFound = false
        var seeksUID = false
        var reader = PropertyReader()
        var release: (Int) -> Void = { _ in }
        var hash: (String) -> UInt64 = CalendarIndex.hash

        var stream: UnitStream {
            UnitStream(
                begin: { [self] start in
                    open = start
                    uidFound = false
                    seeksUID = start.name == "VEVENT"
                    return seeksUID ? .scan : .skip(.init())
                },
                scanned: { [self] line in
                    guard seeksUID, line.nameKey == .uid else { return }
                    // The first UID property libical or the reader makes, unescaped as `EventGroup` reads it.
                    guard let uid = reader.read(line) ?? reader.readAlone(line) else { return }
                    (uidFound, seeksUID) = (true, false)
                    hashes.append(CalendarIndex.key(uid.text, hash))
                },
                end: { [self] _, end in
                    release(end)
                    guard let start = open else { return }
                    open = nil
                    let place = CalendarIndex.Place(bytes: start.offset..<end, line: start.line, unit: start.ordinal)
                    if start.name == "VTIMEZONE" { return zones.append(place) }
                    guard start.name == "VEVENT" else { return }
                    if !uidFound { hashes.append(CalendarIndex.key(nil, hash)) }
                    guard let length = Int32(exactly: end - start.offset), let line = Int32(exactly: start.line),
                        let unit = Int32(exactly: start.ordinal)
                    else {
                        usable = false
                        return
                    }
                    begins.append(start.offset)
                    lengths.append(length)
                    lines.append(line)
                    units.append(unit)
                },
                readsCalendarProperties: false)
        }

        /// The index: the groups of VEVENTs whose hashes are equal, found by sorting.
        func index() -> CalendarIndex {
            var index = CalendarIndex()
            index.hash = hash
            index.zones = zones
            index.usable = usable
            guard usable else { return index }
            var order = [Int32](0..<Int32(hashes.count))
            order.sort { (hashes[Int($0)], $0) < (hashes[Int($1)], $1) }
            var k = 0
            while k < order.count {
                var end = k + 1
                while end < order.count && hashes[Int(order[end])] == hashes[Int(order[k])] { end += 1 }
                if end - k > 1, hashes[Int(order[k])] != CalendarIndex.noUID {
                    let events = order[k..<end].map { Int($0) }
                    let places = events.map {
                        Place(bytes: begins[$0]..<(begins[$0] + Int(lengths[$0])), line: Int(lines[$0]), unit: Int(units[$0]))
                    }
                    index.groups[events[0]] = Group(events: events, places: places)
                    index.later += events.dropFirst()
                }
                k = end
            }
            index.later.sort()
            index.hashes = hashes
            return index
        }
    }
}
