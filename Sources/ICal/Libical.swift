internal import CLibical
internal import CLibicalICU
import Foundation

/// The libical boundary: the one file that imports CLibical. Every C call of the reading side
/// has one thin wrapper here; every pointer that must be freed is freed here (`deinit` of its
/// owner, or `take` for `_r` strings), and libical's error state is cleared here only.
/// Every `icalcomponent*` created here is owned by exactly one `OwnedComponent`, freed in its
/// `deinit` (`icalcomponent_free`), or handed to libical by a consuming method. libical keeps
/// global state (zone cache, error state, ring buffer), so all calls go through `Libical.lock`.
enum Libical {
    static let lock = NSLock()

    /// Runs `body` while holding the libical lock.
    static func withLock<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// Copies a `_r` string (caller-owned) into Swift and frees it with `icalmemory_free_buffer`.
    static func take(_ pointer: UnsafeMutablePointer<CChar>?) -> String {
        guard let pointer else { return "" }
        defer { icalmemory_free_buffer(pointer) }
        return String(cString: pointer)
    }

    /// Copies a string that libical still owns (static table or ring buffer); never freed here.
    static func borrow(_ pointer: UnsafePointer<CChar>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer)
    }

    /// libical's version string (`ICAL_VERSION` at build time of the headers).
    static var version: String { ICAL_VERSION }

    /// Clears libical's error state (`icalerror_clear_errno`, through the shim's function).
    static func clearError() { dosecal_icalerrno_clear() }
}

/// Sole owner of a root `icalcomponent*`.
struct OwnedComponent: ~Copyable {
    let raw: OpaquePointer

    init(taking raw: OpaquePointer) { self.raw = raw }

    deinit { icalcomponent_free(raw) }

    /// Adds `child` under this component: libical now owns it (`icalcomponent_add_component`).
    func adopt(_ child: consuming OwnedComponent) {
        icalcomponent_add_component(raw, child.raw)
        child.release()
    }

    /// Gives up ownership without freeing (the pointer now belongs to a libical parent).
    consuming func release() { discard self }

    /// `icalcomponent_as_ical_string_r`, copied and freed.
    func serialized() -> String { Libical.take(icalcomponent_as_ical_string_r(raw)) }

    /// A view of the component for reading (valid while `self` lives).
    var view: LibicalComponentView { LibicalComponentView(raw: raw) }
}

/// Sole owner of one libical line parser (`icalparser_new`, freed with `icalparser_free`): fed
/// one unfolded content line at a time (`icalparser_add_line`), it gives back each top-level
/// component when its END arrives. The caller holds `Libical.lock` for its whole life.
final class LibicalLineParser {
    private let raw: OpaquePointer
    /// NUL-terminated copy of the line being added (reused).
    private var buffer: [CChar] = []

    init() { raw = icalparser_new() }

    deinit { icalparser_free(raw) }

    /// Adds one content line (no line ending); the component it completes, if any.
    func add(_ line: some Collection<UInt8>) -> OwnedComponent? {
        buffer.removeAll(keepingCapacity: true)
        buffer.reserveCapacity(line.count + 1)
        for byte in line { buffer.append(CChar(bitPattern: byte)) }
        buffer.append(0)
        guard let done = buffer.withUnsafeMutableBufferPointer({ icalparser_add_line(raw, $0.baseAddress) }) else {
            return nil
        }
        return OwnedComponent(taking: done)
    }
}

/// A component libical owns, read while its owner lives and the lock is held.
struct LibicalComponentView {
    fileprivate let raw: OpaquePointer

    /// libical's name of the component's kind (`icalcomponent_isa`, `icalcomponent_kind_to_string`);
    /// `isExtension` for an X- or unknown component, whose name libical does not keep.
    var kind: (name: String, isExtension: Bool) {
        let kind = icalcomponent_isa(raw)
        return (Libical.borrow(icalcomponent_kind_to_string(kind)), kind == ICAL_X_COMPONENT)
    }

    /// Each property in order (`icalcomponent_get_first_property`/`_next_property`).
    func forEachProperty(_ body: (LibicalPropertyView) -> Void) {
        var p = icalcomponent_get_first_property(raw, ICAL_ANY_PROPERTY)
        while let property = p {
            p = icalcomponent_get_next_property(raw, ICAL_ANY_PROPERTY)
            body(LibicalPropertyView(raw: property))
        }
    }

    /// Each sub-component in order (`icalcomponent_get_first_component`/`_next_component`).
    func forEachChild(_ body: (LibicalComponentView) -> Void) {
        var c = icalcomponent_get_first_component(raw, ICAL_ANY_COMPONENT)
        while let child = c {
            c = icalcomponent_get_next_component(raw, ICAL_ANY_COMPONENT)
            body(LibicalComponentView(raw: child))
        }
    }
}

/// A property libical owns, read while its component's owner lives and the lock is held.
struct LibicalPropertyView {
    fileprivate let raw: OpaquePointer

    /// `icalproperty_get_property_name_r`, copied and freed.
    var name: String { Libical.take(icalproperty_get_property_name_r(raw)) }

    /// `icalproperty_get_value_as_string_r`, copied and freed.
    var value: String { Libical.take(icalproperty_get_value_as_string_r(raw)) }

    /// Each parameter as libical writes it (`icalparameter_as_ical_string_r`, copied and freed).
    func forEachParameterText(_ body: (String) -> Void) {
        var p = icalproperty_get_first_parameter(raw, ICAL_ANY_PARAMETER)
        while let parameter = p {
            p = icalproperty_get_next_parameter(raw, ICAL_ANY_PARAMETER)
            body(Libical.take(icalparameter_as_ical_string_r(parameter)))
        }
    }
}

/// One of libical's built-in zones (`icaltimezone_get_builtin_timezone`, or its UTC zone); libical
/// owns and caches them. Used under the lock.
struct LibicalZone {
    fileprivate let raw: OpaquePointer

    /// libical's UTC zone (`icaltimezone_get_utc_timezone`).
    static var utc: LibicalZone { LibicalZone(raw: icaltimezone_get_utc_timezone()) }

    /// The built-in zone `identifier` (`icaltimezone_get_builtin_timezone`); nil when unknown.
    static func builtin(_ identifier: String) -> LibicalZone? {
        icaltimezone_get_builtin_timezone(identifier).map(LibicalZone.init(raw:))
    }

    /// The zone's VTIMEZONE (`icaltimezone_get_component`, owned by libical); nil when it has none.
    var component: LibicalComponentView? { icaltimezone_get_component(raw).map(LibicalComponentView.init(raw:)) }
}

/// An `icaltimetype` as libical's iterator yields it, or as made for one.
struct LibicalTime {
    fileprivate var raw: icaltimetype

    /// A time of no zone (floating, or a DATE) with `local`'s fields, in `zone` when given.
    init(_ local: LocalDateTime, isDate: Bool, zone: LibicalZone? = nil) {
        var t = icaltime_null_time()
        t.year = Int32(local.date.year)
        t.month = Int32(local.date.month)
        t.day = Int32(local.date.day)
        if isDate {
            t.is_date = 1
        } else {
            t.hour = Int32(local.time.hour)
            t.minute = Int32(local.time.minute)
            t.second = Int32(local.time.second)
        }
        t.zone = zone?.raw
        raw = t
    }

    fileprivate init(raw: icaltimetype) { self.raw = raw }

    /// The wall-clock fields (the zone ignored); nil when libical produced an invalid date.
    var local: LocalDateTime? {
        guard let date = LocalDate(year: Int(raw.year), month: Int(raw.month), day: Int(raw.day)) else { return nil }
        let time =
            raw.is_date != 0
            ? LocalTime(hour: 0, minute: 0) : LocalTime(hour: Int(raw.hour), minute: Int(raw.minute), second: Int(raw.second))
        return time.map { LocalDateTime(date: date, time: $0) }
    }

    /// The instant of this time read in `zone` (`icaltime_as_timet_with_zone`).
    func instant(in zone: LibicalZone) -> Int { Int(icaltime_as_timet_with_zone(raw, zone.raw)) }

    /// The same, through `shared`'s answers already asked (nil: asked of libical).
    func instant(in zone: LibicalZone, shared: LibicalSharedDays?) -> Int {
        shared?.instant(of: raw, in: zone.raw) ?? instant(in: zone)
    }
}

/// Sole owner of one `icalrecur_iterator` (`icalrecurrencetype_from_string`,
/// `icalrecur_iterator_new`, freed with `icalrecur_iterator_free`). Used under the lock.
final class LibicalRuleIterator {
    private let raw: OpaquePointer
    fileprivate var recur: icalrecurrencetype
    let start: LibicalTime

    /// An iterator over `rule` from `start`; with `withoutUntil` the rule's UNTIL is removed
    /// first. nil when libical cannot read the rule or refuses to iterate it.
    init?(rule: String, start: LibicalTime, withoutUntil: Bool) {
        Libical.clearError()
        var recur = icalrecurrencetype_from_string(rule)
        Libical.clearError()
        guard recur.freq != ICAL_NO_RECURRENCE, recur.interval > 0 else { return nil }
        if withoutUntil { recur.until = icaltime_null_time() }
        guard let iterator = icalrecur_iterator_new(recur, start.raw) else {
            Libical.clearError()
            return nil
        }
        raw = iterator
        self.recur = recur
        self.start = start
    }

    deinit { icalrecur_iterator_free(raw) }

    /// Moves the iterator ahead to its last resumable occurrence day on or before `day`
    /// (`icalrecur_iterator_set_start`) when that yields exactly what stepping there from DTSTART
    /// yields: a plain DAILY rule (`dosecal_recur_is_plain_daily`) on an occurrence day of its
    /// INTERVAL (decision 0120), a plain WEEKLY rule (`dosecal_recur_is_plain_weekly`) on the
    /// first BYDAY day of one of its weeks (decision 0155); in both only when ICU's copy of the
    /// zone, which the iterator steps in, has no gap at DTSTART's wall time on any day from the
    /// iterator's first day to there (a gap moves a stepped time, docs/expansion-differences.md).
    /// Otherwise nothing changes. Returns whether it moved.
    @discardableResult
    func skip(toward day: LocalDate) -> Bool {
        guard let resume = resumeDay(toward: day), wallTimeExists(from: resume.checkFrom, through: resume.target) else {
            return false
        }
        guard let local = start.local else { return false }
        var time = LibicalTime(LocalDateTime(date: resume.target, time: local.time), isDate: false).raw
        time.zone = start.raw.zone
        guard icalrecur_iterator_set_start(raw, time) != 0 else {
            Libical.clearError()
            icalrecur_iterator_set_start(raw, start.raw)  // back to DTSTART, as `icalrecur_iterator_new` left it
            return false
        }
        return true
    }

    /// The day `skip(toward: day)` moves to, the last day of the rule's resume grid on or before
    /// `day` after its first, and the first day its gap check covers; nil when it never moves.
    func resumeDay(toward day: LocalDate) -> (target: LocalDate, checkFrom: LocalDate)? {
        guard start.raw.is_date == 0, start.raw.zone != nil, let local = start.local, let grid = resumeGrid(from: local.date)
        else { return nil }
        let periods = grid.first.days(to: day) / grid.step
        guard periods > 0 else { return nil }
        return (grid.first.adding(days: periods * grid.step), min(grid.first, local.date))
    }

    /// Whether ICU's copy of DTSTART's zone has DTSTART's wall time on every day from `first`
    /// through `last` (two days' margin each side; `dosecal_icu_wall_time_exists`).
    func wallTimeExists(from first: LocalDate, through last: LocalDate) -> Bool {
        guard let zone = start.raw.zone, let local = start.local else { return false }
        let from = Double(first.daysSinceEpoch - 2) * 86_400_000
        let to = Double(last.daysSinceEpoch + 2) * 86_400_000
        return dosecal_icu_wall_time_exists(UnsafeMutableRawPointer(zone), from, to, Int32(local.time.secondsOfDay)) != 0
    }

    /// The days `skip` may resume on: `first`, then every `step` days. A plain DAILY rule's are
    /// DTSTART's day and every INTERVAL days; a plain WEEKLY rule's are the day libical's
    /// `adjust_to_byday` moves DTSTART to (the first BYDAY weekday, counted in WKST weeks) and
    /// every INTERVAL weeks, where the iterator's state is the one `set_start` gives. nil for
    /// any other rule.
    private func resumeGrid(from dtstart: LocalDate) -> (first: LocalDate, step: Int)? {
        let interval = Int(recur.interval)
        if dosecal_recur_is_plain_daily(&recur) != 0 { return (dtstart, interval) }
        guard dosecal_recur_is_plain_weekly(&recur) != 0 else { return nil }
        // libical's weekdays: 1 Sunday ... 7 Saturday; 1970-01-01 was a Thursday (5).
        let thisDay = ((dtstart.daysSinceEpoch + 4) % 7 + 7) % 7 + 1
        let firstDay = Int(dosecal_recur_first_weekday(&recur))
        guard firstDay != 0 else { return (dtstart, 7 * interval) }
        var move = firstDay - thisDay
        if move != 0 && thisDay < Int(dosecal_recur_week_start(&recur)) { move -= 7 }
        let moves = (thisDay < firstDay && move >= 0) || move < 0
        return (dtstart.adding(days: moves ? move : 0), 7 * interval)
    }

    /// The next time (`icalrecur_iterator_next`); nil at the end (libical's null time).
    func next() -> LibicalTime? {
        let next = icalrecur_iterator_next(raw)
        return icaltime_is_null_time(next) != 0 ? nil : LibicalTime(raw: next)
    }
}

extension Libical {
    /// libical's own serialisation of `component` (a temporary tree: `icalcomponent_new`,
    /// `icalproperty_new`, `icalproperty_set_value_from_string`,
    /// `icalparameter_new_from_value_string`; `icalcomponent_as_ical_string_r`; freed), folded
    /// again. The oracle `ICalSerializer` is tested against (decision 0075).
    static func serialized(_ component: ICalComponent) throws(ICalError) -> String {
        let text: String = try withLock { () throws(ICalError) -> String in try tree(component).serialized() }
        return Folding.refold(text)
    }

    /// An owned libical component for `component`. Caller holds the lock.
    private static func tree(_ component: ICalComponent) throws(ICalError) -> OwnedComponent {
        let kind = icalcomponent_string_to_kind(component.name)
        let isX = kind == ICAL_NO_COMPONENT || kind == ICAL_X_COMPONENT
        guard let raw = isX ? icalcomponent_new_x(component.name) : icalcomponent_new(kind) else {
            throw .unserializable(property: component.name, value: "")
        }
        let owned = OwnedComponent(taking: raw)
        for property in component.properties {
            guard let p = newProperty(property) else { throw .unserializable(property: property.name, value: property.value) }
            icalcomponent_add_property(owned.raw, p)  // libical owns p now
        }
        for child in component.components { owned.adopt(try tree(child)) }
        return owned
    }

    /// A new property owned by the caller, or nil when libical rejects it.
    private static func newProperty(_ property: ICalProperty) -> OpaquePointer? {
        let kind = icalproperty_string_to_kind(property.name)
        let isX = kind == ICAL_X_PROPERTY || kind == ICAL_NO_PROPERTY
        guard let p = icalproperty_new(isX ? ICAL_X_PROPERTY : kind) else { return nil }
        if isX { icalproperty_set_x_name(p, property.name) }
        var valueType = "NO"
        for parameter in property.parameters {
            if parameter.name == "VALUE", let v = parameter.values.first { valueType = v }
            guard let pa = newParameter(parameter) else {
                icalproperty_free(p)
                return nil
            }
            icalproperty_add_parameter(p, pa)
        }
        icalerror_clear_errno()
        icalproperty_set_value_from_string(p, property.value, valueType)
        guard icalproperty_get_value(p) != nil else {
            icalproperty_free(p)
            return nil
        }
        return p
    }

    private static func newParameter(_ parameter: ICalParameter) -> OpaquePointer? {
        let kind = icalparameter_string_to_kind(parameter.name)
        let joined = parameter.values.joined(separator: ",")
        guard kind == ICAL_X_PARAMETER || kind == ICAL_NO_PARAMETER || kind == ICAL_IANA_PARAMETER else {
            return icalparameter_new_from_value_string(kind, joined)
        }
        guard let pa = icalparameter_new(ICAL_X_PARAMETER) else { return nil }
        icalparameter_set_xname(pa, parameter.name)
        icalparameter_set_xvalue(pa, joined)
        return pa
    }
}

/// The occurrence days of libical's iterator for plain DAILY and WEEKLY rules near a window,
/// stepped once for all the rules of a calendar that differ only in DTSTART's wall time and
/// UNTIL (same rule otherwise, DTSTART date and zone; decision 0145). Each rule's instants are
/// then its own wall time on those days, converted and cut at its UNTIL as libical does. A rule
/// whose wall time meets a gap of ICU's zone anywhere from its first day to past the window is
/// walked on its own. Used under the lock, for one window.
public final class LibicalSharedDays {
    struct Key: Hashable {
        var rule: String
        var dtstart: LocalDate
        var zone: UInt
        var target: LocalDate
        var lastDay: LocalDate
    }

    /// Per key: the days the iterator yields from the resume day on, through the first one past
    /// the window's last day, and whether it ended before that; nil when not shareable.
    private var days: [Key: (days: [LocalDate], ended: Bool)?] = [:]

    /// A time of day and the zones, as `icaltime_as_timet_with_zone` reads them besides the date.
    struct TimeKey: Hashable {
        var timeOfDay: Int
        var zone: UInt
        var timeZone: UInt
    }

    /// libical's answers of `icaltime_as_timet_with_zone` for one time of day in one zone, by
    /// day (`Int.min`: not asked yet).
    final class ConvertedDays {
        // Used under the lock, by one caller at a time: no dynamic exclusivity check per day.
        @exclusivity(unchecked) var firstDay = 0
        @exclusivity(unchecked) var instants: [Int] = []
    }

    /// libical's answers already asked: the calendar's series at one wall time in one zone (many
    /// medications at 08:00 in one zone) ask for the same times again. A pure function of the
    /// time's fields and zones, so every answer is libical's own.
    @exclusivity(unchecked) private var converted: [TimeKey: ConvertedDays] = [:]
    /// libical's zone of each DTSTART's TZID (or the viewer's), and each rule without its UNTIL,
    /// as already found for an earlier event.
    @exclusivity(unchecked) private var zones: [String: LibicalZone?] = [:]
    @exclusivity(unchecked) private var untilless: [String: String] = [:]

    /// `find(value, viewerZone)` (libical's zone of a DTSTART), once per TZID, or per viewer's
    /// zone for floating and DATE values.
    func zone(
        of value: DateTimeValue, viewerZone: Zone, _ find: (DateTimeValue, Zone) -> LibicalZone?
    ) -> LibicalZone? {
        let key: String
        switch value {
        case .utc: return find(value, viewerZone)
        case .zoned(_, let tzid): key = "TZID=" + tzid
        case .floating, .date: key = "viewer " + viewerZone.identifier
        }
        if let known = zones[key] { return known }
        let zone = find(value, viewerZone)
        zones[key] = zone
        return zone
    }

    /// The most days one table of answers spans (about eleven years).
    static let maxDays = 4_000
    /// The table of the last time of day asked (one series asks for one time of day, day after day).
    @exclusivity(unchecked) private var last: (key: TimeKey, days: ConvertedDays)?

    public init() {}

    /// `icaltime_as_timet_with_zone(time, zone)`, asked of libical once per distinct time.
    func instant(of time: icaltimetype, in zone: OpaquePointer?) -> Int {
        // Fields outside their ranges (never yielded by the iterator) are not remembered.
        guard time.year > 0, time.year < 10_000, (1...12).contains(time.month), (1...31).contains(time.day),
            (0..<24).contains(time.hour), (0..<60).contains(time.minute), (0...60).contains(time.second),
            (0...1).contains(time.is_date), (0...1).contains(time.is_daylight)
        else { return Int(icaltime_as_timet_with_zone(time, zone)) }
        let timeOfDay =
            (((Int(time.hour) * 60 + Int(time.minute)) * 61 + Int(time.second)) * 2 + Int(time.is_date)) * 2
            + Int(time.is_daylight)
        let key = TimeKey(
            timeOfDay: timeOfDay, zone: UInt(bitPattern: Int(bitPattern: zone)),
            timeZone: UInt(bitPattern: Int(bitPattern: time.zone)))
        let table: ConvertedDays
        if let last, last.key == key {
            table = last.days
        } else {
            table = converted[key] ?? ConvertedDays()
            converted[key] = table
            last = (key, table)
        }
        // The day's number (days from civil; any one-to-one numbering of dates serves).
        let y = Int(time.year) - (time.month <= 2 ? 1 : 0)
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (Int(time.month) + 9) % 12
        let doy = (153 * mp + 2) / 5 + Int(time.day) - 1
        let day = era * 146_097 + yoe * 365 + yoe / 4 - yoe / 100 + doy
        if table.instants.isEmpty { table.firstDay = day }
        // A table spans at most `maxDays` days (a rule walked from a distant DTSTART is asked directly).
        let span = max(table.firstDay + table.instants.count, day + 1) - min(table.firstDay, day)
        guard span <= Self.maxDays else { return Int(icaltime_as_timet_with_zone(time, zone)) }
        if day < table.firstDay {
            table.instants.insert(contentsOf: repeatElement(Int.min, count: table.firstDay - day), at: 0)
            table.firstDay = day
        }
        let index = day - table.firstDay
        if index >= table.instants.count {
            table.instants.append(contentsOf: repeatElement(Int.min, count: index - table.instants.count + 1))
        }
        if table.instants[index] != Int.min { return table.instants[index] }
        let instant = Int(icaltime_as_timet_with_zone(time, zone))
        table.instants[index] = instant
        return instant
    }

    /// What `iterator` (fresh, of `rule` from `start`) yields after `skip(toward: day)`, up to
    /// the first instant at or after `to`, within `steps` steps (`taken` counts them as the
    /// iterator's own loop would); nil when the rule must be walked on its own.
    func instants(
        of iterator: LibicalRuleIterator, rule: String, toward day: LocalDate, to: Int, steps: Int, taken: inout Int
    ) -> [Int]? {
        guard let resume = iterator.resumeDay(toward: day), let zone = iterator.start.raw.zone,
            let local = iterator.start.local
        else { return nil }
        let lastDay = LocalDateTime(secondsSinceEpoch: to).date.adding(days: 2)
        guard iterator.wallTimeExists(from: resume.checkFrom, through: lastDay) else { return nil }
        let key = Key(
            rule: ruleWithoutUntil(rule), dtstart: local.date, zone: UInt(bitPattern: Int(bitPattern: zone)),
            target: resume.target, lastDay: lastDay)
        if days[key] == nil { days[key] = Self.step(rule: rule, start: iterator.start, toward: day, through: lastDay) }
        guard let shared = days[key] ?? nil else { return nil }
        return iterator.instants(on: shared.days, ended: shared.ended, to: to, steps: steps, taken: &taken, converting: self)
    }

    /// The days a fresh iterator of `rule` without UNTIL yields from `skip(toward: day)` on, at
    /// `start`'s wall time each, through the first past `lastDay`; nil when it does not skip or
    /// yields another wall time.
    private static func step(rule: String, start: LibicalTime, toward day: LocalDate, through lastDay: LocalDate) -> (
        days: [LocalDate], ended: Bool
    )? {
        guard let leader = LibicalRuleIterator(rule: rule, start: start, withoutUntil: true), leader.skip(toward: day),
            let time = start.local?.time
        else { return nil }
        var days: [LocalDate] = []
        while let next = leader.next() {
            guard let local = next.local, local.time == time else { return nil }
            days.append(local.date)
            if local.date > lastDay { return (days, false) }
        }
        return (days, true)
    }

    /// `withoutUntil(rule)`, once per rule.
    private func ruleWithoutUntil(_ rule: String) -> String {
        if let known = untilless[rule] { return known }
        let result = Self.withoutUntil(rule)
        untilless[rule] = result
        return result
    }

    /// `rule` without its UNTIL part.
    static func withoutUntil(_ rule: String) -> String {
        rule.split(separator: ";", omittingEmptySubsequences: false).filter { !$0.uppercased().hasPrefix("UNTIL=") }
            .joined(separator: ";")
    }
}

extension LibicalRuleIterator {
    /// What this iterator yields, moved by `skip`, when its days are `days` (then nothing, if
    /// `ended`): on each day DTSTART with that date (as `occurrence_as_icaltime` fills it), ended
    /// past UNTIL (`icaltime_compare`, as `icalrecur_iterator_next` ends), converted with
    /// `icaltime_as_timet_with_zone` in DTSTART's zone, up to the first at or after `to`.
    fileprivate func instants(
        on days: [LocalDate], ended: Bool, to: Int, steps: Int, taken: inout Int, converting shared: LibicalSharedDays
    ) -> [Int] {
        var result: [Int] = []
        var time = start.raw
        let hasUntil = icaltime_is_null_time(recur.until) == 0
        for day in days {
            guard taken < steps else { return result }
            taken += 1
            time.year = Int32(day.year)
            time.month = Int32(day.month)
            time.day = Int32(day.day)
            if hasUntil && icaltime_compare(time, recur.until) > 0 { return result }
            let instant = shared.instant(of: time, in: time.zone)
            if instant >= to { return result }
            result.append(instant)
        }
        if ended && taken < steps { taken += 1 }
        return result
    }
}
