/// A zone compiled for lookups: every offset change tzdata lists, then the footer rule's
/// changes generated forward through `generatedThroughYear`, in one sorted array searched by
/// bisection. Instants past the array are answered from the rule directly, so the table is
/// right for any instant.
public final class ZoneTable: Sendable {
    /// The local time type before the first change.
    public let initial: TZifFile.LocalTimeType
    /// Offset changes in instant order, each with the type in force from it.
    public let changes: [Zone.Transition]
    /// How many of `changes` the file lists (the rest are generated from `rule`).
    public let listedCount: Int
    /// The footer rule, nil when the file has none.
    public let rule: PosixTimeZone?
    /// The last year whose rule changes are in `changes`.
    public let generatedThroughYear: Int
    /// From this instant on, every change is one the footer rule makes (the listed changes it
    /// reproduces and everything after the last listed one).
    public let ruleSince: Int

    /// Compiles `file`, generating the footer rule's changes through `throughYear`.
    public init(_ file: TZifFile, throughYear: Int = 2100) throws(ZoneDataError) {
        let rule = file.footer.isEmpty ? nil : try PosixTimeZone(parsing: file.footer)
        // RFC 8536: with no transitions, or for instants before the first, type 0 applies.
        let first = file.types[0]
        var changes: [Zone.Transition] = []
        var current = first
        for (instant, index) in zip(file.transitionInstants, file.transitionTypes) {
            let type = file.types[index]
            if type.offset != current.offset {
                changes.append(
                    Zone.Transition(
                        instant: instant, offsetFrom: current.offset, offsetTo: type.offset, isDaylight: type.isDaylight,
                        abbreviation: type.abbreviation))
            }
            current = type
        }
        let listed = changes.count
        // The footer governs after the file's last transition (RFC 8536 §3.3).
        let lastListed = file.transitionInstants.last ?? Int.min
        if let rule {
            // From the last listed change's year (not before 1800: a rule's changes before that
            // matter to no calendar, and a file may list only a change at the dawn of time).
            let fromYear = max(1800, lastListed == Int.min ? 1970 : LocalDateTime(secondsSinceEpoch: lastListed).date.year)
            for year in fromYear...max(fromYear, throughYear) {
                for t in ZoneTable.named(rule.transitions(in: year), rule) where t.instant > lastListed {
                    ZoneTable.append(t, to: &changes)
                }
            }
        }
        self.initial = first
        self.changes = changes
        self.listedCount = listed
        self.rule = rule
        self.generatedThroughYear = throughYear
        self.ruleSince = ZoneTable.ruleSince(changes, listed: listed, rule: rule)
    }

    /// Appends `t`, merging it with a change at the same instant (a rule whose daylight time
    /// lasts all year ends and starts again at one instant: no change at all).
    static func append(_ t: Zone.Transition, to changes: inout [Zone.Transition]) {
        guard let last = changes.last, last.instant == t.instant else {
            if t.offsetFrom != t.offsetTo { changes.append(t) }
            return
        }
        var merged = t
        merged.offsetFrom = last.offsetFrom
        changes.removeLast()
        if merged.offsetFrom != merged.offsetTo { changes.append(merged) }
    }

    static func named(_ transitions: [Zone.Transition], _ rule: PosixTimeZone) -> [Zone.Transition] {
        transitions.map { t in
            var t = t
            t.abbreviation = rule.abbreviation(after: t)
            return t
        }
    }

    /// The first listed change of the trailing run the rule reproduces, or just after the last
    /// listed change when the rule reproduces none.
    static func ruleSince(_ changes: [Zone.Transition], listed: Int, rule: PosixTimeZone?) -> Int {
        guard listed > 0 else { return Int.min }
        var i = listed
        while i > 0, let rule, rule.makes(changes[i - 1]) { i -= 1 }
        return i < listed ? changes[i].instant : changes[listed - 1].instant + 1
    }

    /// The index of the last change at or before `instant`, nil before the first.
    func index(at instant: Int) -> Int? {
        var lo = 0
        var hi = changes.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if changes[mid].instant <= instant { lo = mid + 1 } else { hi = mid }
        }
        return lo == 0 ? nil : lo - 1
    }

    /// The UTC offset in force at `instant` (the hot path: no abbreviation copied).
    public func offset(at instant: Int) -> Int {
        if let last = changes.last, instant > last.instant, rule?.daylight != nil,
            LocalDateTime(secondsSinceEpoch: instant).date.year > generatedThroughYear
        {
            return type(at: instant).offset
        }
        guard let i = index(at: instant) else { return initial.offset }
        return changes[i].offsetTo
    }

    /// The offset at `instant` and the span of instants around it that `offset(at:)` answers with
    /// it from one table entry; nil past the table, where the footer rule answers.
    public func steadyOffset(at instant: Int) -> SteadyOffset? {
        guard let last = changes.last else { return SteadyOffset(offset: initial.offset, span: Int.min..<Int.max) }
        guard let i = index(at: instant) else { return SteadyOffset(offset: initial.offset, span: Int.min..<changes[0].instant) }
        if i + 1 < changes.count {
            return SteadyOffset(offset: changes[i].offsetTo, span: changes[i].instant..<changes[i + 1].instant)
        }
        guard rule?.daylight != nil else { return SteadyOffset(offset: last.offsetTo, span: last.instant..<Int.max) }
        // From the first instant of the year after the generated ones, `offset(at:)` asks the rule.
        let ruleFrom = LocalDate(anyYear: generatedThroughYear + 1, month: 1, day: 1).daysSinceEpoch * 86_400
        let end = max(ruleFrom, last.instant + 1)
        guard instant < end else { return nil }
        return SteadyOffset(offset: last.offsetTo, span: last.instant..<end)
    }

    /// The offset, daylight flag and abbreviation in force at `instant`.
    public func type(at instant: Int) -> TZifFile.LocalTimeType {
        if let rule, rule.daylight != nil, let last = changes.last, instant > last.instant,
            LocalDateTime(secondsSinceEpoch: instant).date.year > generatedThroughYear
        {
            return rule.type(at: instant)
        }
        guard let i = index(at: instant) else { return initial }
        let c = changes[i]
        return TZifFile.LocalTimeType(offset: c.offsetTo, isDaylight: c.isDaylight, abbreviation: c.abbreviation ?? "")
    }

    /// Offset changes with `from <= instant < to`, generated from the rule past the table.
    public func transitions(from: Int, to: Int) -> [Zone.Transition] {
        var result: [Zone.Transition] = []
        var i = (index(at: from - 1) ?? -1) + 1
        while i < changes.count, changes[i].instant < to {
            if changes[i].instant >= from { result.append(changes[i]) }
            i += 1
        }
        guard let rule, rule.daylight != nil, to > (changes.last?.instant ?? Int.min) else { return result }
        let lastYear = LocalDateTime(secondsSinceEpoch: to).date.year
        guard lastYear > generatedThroughYear else { return result }
        for year in (generatedThroughYear + 1)...lastYear {
            for t in ZoneTable.named(rule.transitions(in: year), rule) where t.instant >= from && t.instant < to {
                ZoneTable.append(t, to: &result)
            }
        }
        return result
    }
}

extension PosixTimeZone {
    /// Whether `t` is one of the changes this rule makes.
    func makes(_ t: Zone.Transition) -> Bool {
        let year = LocalDateTime(secondsSinceEpoch: t.instant).date.year
        return (year - 1...year + 1).contains { y in
            transitions(in: y).contains { $0.instant == t.instant && $0.offsetFrom == t.offsetFrom && $0.offsetTo == t.offsetTo }
        }
    }

    /// The type in force at `instant` by this rule alone.
    func type(at instant: Int) -> TZifFile.LocalTimeType {
        let year = LocalDateTime(secondsSinceEpoch: instant + standardOffset).date.year
        let all = (year - 1...year + 1).flatMap { transitions(in: $0) }.sorted { $0.instant < $1.instant }
        guard let last = all.last(where: { $0.instant <= instant }) else {
            return TZifFile.LocalTimeType(offset: standardOffset, isDaylight: false, abbreviation: standardName)
        }
        return TZifFile.LocalTimeType(offset: last.offsetTo, isDaylight: last.isDaylight, abbreviation: abbreviation(after: last))
    }
}
