public import ICal

/// The three-way merge: base (what dosecal last wrote), ours (the schedule now) and
/// theirs (the calendar as it came back), compared dose by dose (docs/reconcile.md).
///
/// Every side is expanded over the same window into `DoseKey`s (medication, slot, dose date), so
/// the form of an edit does not matter: a Google `_R` split, an Apple recurrence set, a DTSTART
/// edit and a taper step that dosecal wrote all read as "these doses are at another time". A dose
/// the calendar changed while the schedule did not is a change; one both changed differently is a
/// conflict. Changes are grouped back into the schedule's terms (`ScheduleChange`). Pure: `now`
/// is a parameter; nothing is read from the clock or the environment.
public struct Reconciler: Sendable {
    /// What dosecal last wrote; nil: assume the schedule's own feed (nothing changed on our side).
    public var base: ReturnedCalendar?
    public var ours: Schedule
    public var theirs: ReturnedCalendar
    /// Seconds since 1970: where "from today" starts for deleted series, and the `at` of log entries.
    public var now: Int
    /// How far after `now` doses are compared.
    public var horizonDays: Int
    /// How far before `now` doses are compared (older edits are history: the log keeps it).
    public var lookbackDays: Int
    /// Damage known before reading the calendar (an item file that cannot be read), by UID;
    /// `reconcile` adds what it finds in `theirs` (decision 0036).
    public var damaged: [String: SeriesDamage]
    /// The bound on expanding the three sides, shared by them (`ExpansionBudget`).
    public var budget = ExpansionBudget()
    /// What shows that a series missing from `theirs` was deleted there (decision 0200).
    public var deletions = DeletionEvidence.wholeCopy
    /// The schedule's feed is, by the records of what was written, the base: every medication of
    /// `ours` is the entry from which the base's series of its items were last written, and the
    /// base holds every one of them (a sync by parts, `VdirSync+Touched.swift`). Then the feed
    /// is not built (`ownReading`): the base's reading stands for it.
    var oursIsBase = false
    /// The schedule's feed, when the caller built it from `ours` (with any earlier revisions:
    /// SEQUENCE and LAST-MODIFIED are not compared); nil: built here when it is needed.
    var oursFeed: Feed? = nil
    /// The schedule's items as `FeedBuilder.itemList()` lists them, when the caller listed them:
    /// with `oursIsBase`, not listed again.
    var listedItems: [WrittenFeed.Item]? = nil

    public init(
        base: ReturnedCalendar?, ours: Schedule, theirs: ReturnedCalendar, now: Int, horizonDays: Int = 400,
        lookbackDays: Int = 400, damaged: [String: SeriesDamage] = [:]
    ) {
        self.base = base
        self.damaged = damaged
        self.lookbackDays = lookbackDays
        self.ours = ours.feed.privacy ? Reconciler.neutralNames(ours) : ours
        self.theirs = theirs
        self.now = now
        self.horizonDays = horizonDays
    }

    /// Reads `baseText` (nil: no base) and `theirsText` as calendars, then as `init(base:...)`.
    public init(
        baseText: (some Collection<UInt8>)?, ours: Schedule, theirsText: some Collection<UInt8>, now: Int, horizonDays: Int = 400
    ) throws(ICalError) {
        let base = try baseText.map { (t) throws(ICalError) in try ReturnedCalendar(parsing: t) }
        self.init(base: base, ours: ours, theirs: try ReturnedCalendar(parsing: theirsText), now: now, horizonDays: horizonDays)
    }

    /// The changes, conflicts and unmappable edits. With `prefer`, conflicts become changes
    /// (`.calendar`) or are dropped (`.schedule`).
    /// Throws `.noDosecalEvents` when the calendar holds none of dosecal's doses while the base
    /// did: an empty or wrong file is never read as "everything was deleted".
    public func reconcile(prefer: ReconcilePreference? = nil) throws(ReconcileError) -> ChangeSet {
        try reconcileWithItems(prefer: prefer).changes
    }

    /// As `reconcile(prefer:)`, with the items of the schedule's feed it compared (which
    /// medication and slot each UID carries), so that a caller does not build that feed again.
    func reconcileWithItems(prefer: ReconcilePreference? = nil) throws(ReconcileError) -> (
        changes: ChangeSet, items: [WrittenFeed.Item]
    ) {
        // The feed's tree, read as its text reads; not built when the base stands for it
        // (`oursIsBase`): its items are then listed only.
        let builder = FeedBuilder(schedule: ours, now: now)
        var built: Feed? = nil
        let itemsOfFeed = { built.map { $0.items.map(WrittenFeed.Item.init) } ?? listedItems ?? builder.itemList() }
        var result = ChangeSet()
        let oursCalendar = ownReading {
            let feed = oursFeed ?? builder.build()
            built = feed
            return feed
        }
        let items = itemsOfFeed()
        var index = DoseSlotIndex(schedule: ours, items: items)
        if let base { index.learn(base) }
        let sides = try self.sides(ours: oursCalendar.calendar, isBase: oursCalendar.isBase, index: index)
        result.damaged = sides.damage.list
        result.warnings += Set(sides.base.problems + sides.theirs.problems).sorted()
        result.warnings += theirs.warnings.compactMap { warning in
            guard case .input(let w) = warning, case .duplicateTimezone = w else { return nil }
            return "the calendar's \(w)"
        }
        if base == nil { result.warnings.append("no base calendar: the schedule is taken as what was last exported") }
        compareSlots(sides, index: index, prefer: prefer, into: &result)
        result.unmapped += orphanEdits(base: sides.baseCalendar, index: index)
        result.seen = SeenHints(index: index, schedule: ours, now: now).read(theirs, damaged: sides.damage.slots)
        result.changes.sort { $0.sortKey < $1.sortKey }
        return (ours.settled(result, now: now), items)
    }

    /// The three sides expanded over the window, and what is damaged.
    struct Sides {
        var base: DoseView
        var ours: DoseView
        var theirs: DoseView
        var damage: DamageMap
        /// Slots whose series the calendar changed (the only ones expanded).
        var touched: Set<SlotKey>
        /// The base, or the schedule's own feed when there is none, without the absent series.
        var baseCalendar: ReturnedCalendar
        /// The series the calendar lacks without evidence of a deletion (decision 0200).
        var absence: Reconciler.Absence
    }

    /// Expands the slots the calendar changed on every side (decision 0026); damaged series' slots
    /// are not compared at all (damage is never intent, decision 0036). `oursIsBase`: the
    /// schedule's feed reads as the base (`ownReading`).
    func sides(ours oursCalendar: ReturnedCalendar, isBase oursIsBase: Bool, index: DoseSlotIndex) throws(ReconcileError)
        -> Sides
    {
        let home = ours.home
        let engine = WallClockEngine(schedule: ours)
        let homes = { (medicationID: String) in engine.timeline(ofMedication: medicationID).home }
        let window = self.window()
        let fullBase = base ?? oursCalendar
        var damage = self.damage(index: index)
        let missing = missingSeries(in: fullBase, index: index)
        for d in lostUIDs(missing, base: fullBase) { damage.add(d, dosecalUID: d.uid, index: index) }
        let absence = self.absence(of: missing, damaged: Set(damage.byUID.keys))
        let baseCalendar = fullBase.removingSeries(of: absence.uids)
        let baseContents = Reconciler.contents(baseCalendar, index: index)
        let touched = Reconciler.changedSlots(baseContents, Reconciler.contents(theirs, index: index))
            .subtracting(damage.slots)
        // A slot whose series the schedule left as the base has them is expanded once, for both.
        var same = Set<SlotKey>()
        if base != nil {
            let oursContents = oursIsBase ? baseContents : Reconciler.contents(oursCalendar, index: index, only: touched)
            same = Reconciler.sameSeries(baseCalendar, oursCalendar, contents: baseContents, oursContents, in: touched)
        }
        // Without a base the schedule's feed is the base: the absent series are out of both.
        var oursView = DoseView(
            base == nil ? baseCalendar : oursCalendar, index: index, homeZone: home, home: homes, window: window,
            only: touched.subtracting(same), budget: budget)
        let baseView =
            base == nil
            ? oursView
            : DoseView(
                baseCalendar, index: index, homeZone: home, home: homes, window: window, only: touched, budget: budget)
        for slot in same { oursView.slots[slot] = baseView.slots[slot] }
        let theirsView = DoseView(
            theirs, index: index, homeZone: home, home: homes, window: window, only: touched,
            excluding: Set(damage.byUID.keys), budget: budget)
        damage.add(theirsView.failures, calendar: theirs, index: index)
        let hasDoses = { (c: ReturnedCalendar) in c.series.contains { $0.dosecalUID.flatMap { index[$0] } != nil } }
        // Damaged series are there, only unreadable: not "everything was deleted".
        if !hasDoses(theirs) && damage.byUID.isEmpty && hasDoses(fullBase) { throw .noDosecalEvents }
        return Sides(
            base: baseView, ours: oursView, theirs: theirsView, damage: damage, touched: touched, baseCalendar: baseCalendar,
            absence: absence)
    }

    /// Every slot of every medication, compared dose by dose (`SlotComparison`), and each
    /// medication's reminder (`ReminderComparison`).
    func compareSlots(_ sides: Sides, index: DoseSlotIndex, prefer: ReconcilePreference?, into result: inout ChangeSet) {
        let window = self.window()
        let log = loggedStatus()
        let engine = WallClockEngine(schedule: ours)
        // Doses in the last two days of the window may be cut by it on one side only (a later
        // time on the last day): they are left out. The window starts two days before the
        // first date compared, for zones ahead of UTC.
        let first = LocalDate(daysSinceEpoch: window.lowerBound / 86_400 + 2)
        let last = LocalDate(daysSinceEpoch: window.upperBound / 86_400 - 2)
        let ruleChanges = Reconciler.ruleChanges(base: sides.baseCalendar, theirs: theirs, index: index, only: sides.touched)
        let compared = sides.touched.subtracting(sides.damage.slots)
        let added = AddedDoses(theirs: theirs, base: sides.baseCalendar, index: index).bySlot(
            only: compared, doses: { sides.theirs[$0] })
        let deleted = DeletedDoses(
            theirs: theirs, base: sides.baseCalendar, index: index, only: compared,
            after: last.adding(days: 1).daysSinceEpoch * 86_400)
        for m in ours.medications {
            let text = ChangeText(medication: m, engine: engine)
            // Today in the home zone of the medication's person.
            let (home, today) = (text.home, text.home.local(at: now).date)
            var stops: [String: LocalDate] = [:]
            ruleMapping(m, text, ruleChanges, base: sides.baseCalendar, index: index, damaged: sides.damage.slots).map(
                prefer: prefer, into: &result)
            for slot in m.times {
                let slotKey = SlotKey(medicationID: m.id, slotID: slot.id)
                guard !sides.damage.slots.contains(slotKey) else { continue }
                if let list = added[slotKey] { result.unmapped.append(AddedDoses.edit(list, slot: slot, text: text, home: home)) }
                if let list = deleted.beyond[slotKey] {
                    result.unmapped.append(DeletedDoses.beyondEdit(list, slot: slot, text: text, home: home))
                }
                if ruleChanges[slotKey] != nil { continue }
                let (b, o, t) = (sides.base[slotKey], sides.ours[slotKey], sides.theirs[slotKey])
                let rows = SlotDoses.rows(base: b, ours: o, theirs: t, from: first, through: last)
                var comparison = SlotComparison(
                    medication: m, slot: slot, text: text, rows: rows, base: b, ours: o, theirs: t,
                    log: log[slotKey] ?? [:], today: today, deleted: deleted[slotKey])
                comparison.classify(prefer: prefer)
                result.conflicts += comparison.conflicts
                result.unmapped += comparison.unmapped
                result.changes += comparison.changes
                if let stop = comparison.stop { stops[slot.id] = stop }
            }
            if !stops.isEmpty { stop(m, stops, text, into: &result) }
            result.absent += absentSeries(sides.absence, medication: m, text: text, today: today)
            let reminder = ReminderComparison(
                medication: m, base: sides.base.alarms[m.id] ?? [], ours: sides.ours.alarms[m.id] ?? [],
                theirs: sides.theirs.alarms[m.id] ?? [])
            reminder.compare(prefer: prefer, into: &result)
        }
    }

    /// The damage in `theirs` and the damage known beforehand, with the slots it belongs to.
    func damage(index: DoseSlotIndex) -> DamageMap {
        var map = DamageMap()
        for (uid, d) in damaged.merging(theirs.damage(), uniquingKeysWith: { known, _ in known }) {
            map.add(d, dosecalUID: theirs.series(uid: uid)?.dosecalUID ?? uid, index: index)
        }
        return map
    }

    /// A medication stops when all its slots stop (from the latest of their dates, so no slot
    /// loses a dose the calendar still has); otherwise each stopped slot gets an end of its own
    /// (decision 0025). A slot deleted from before the medication's start cannot be expressed.
    private func stop(_ m: Medication, _ stops: [String: LocalDate], _ text: ChangeText, into result: inout ChangeSet) {
        if stops.count == m.times.count, let from = stops.values.max() {
            result.changes.append(
                ScheduleChange(medicationID: m.id, kind: .stopped(from: from), description: "\(m.name) stops from \(from)"))
            return
        }
        for slot in m.times {
            guard let from = stops[slot.id] else { continue }
            guard from > m.start else {
                result.unmapped.append(
                    UnmappedEdit(
                        medicationID: m.id, slotID: slot.id, date: from,
                        reason: "the dose time was deleted from its first day on; remove it from the schedule's times by hand",
                        description: "\(text.label(slot, on: from)) deleted"))
                continue
            }
            result.changes.append(
                ScheduleChange(
                    medicationID: m.id, kind: .slotStopped(slotID: slot.id, from: from),
                    description: "\(text.label(slot, on: from)) stops from \(from)"))
        }
    }

    /// From the first start in the schedule, but at most `lookbackDays` before `now` (two days
    /// early, for zones ahead of UTC), to `horizonDays` after `now`.
    func window() -> Range<Int> {
        let earliest = LocalDate(daysSinceEpoch: now / 86_400 - lookbackDays)
        let first = max(ours.medications.map(\.start).min() ?? earliest, earliest)
        let from = first.adding(days: -2).daysSinceEpoch * 86_400
        return from..<max(from + 1, now + horizonDays * 86_400)
    }

    /// Slots whose series differ between the base and theirs (the content, as its hash hashes
    /// it, of every series of the slot, split halves included, decision 0017), by their
    /// `contents`.
    static func changedSlots(_ b: SlotContents, _ t: SlotContents) -> Set<SlotKey> {
        let texts = { (list: [SeriesContent]?) in list.map { $0.map(\.text).sorted() } }
        return Set(b.keys).union(t.keys).filter { texts(b[$0]) != texts(t[$0]) }
    }

    /// Slots whose calendar series repeat by another rule than any of the base's series of that
    /// slot (frequency, interval, weekdays, months, month days; UNTIL, COUNT and DTSTART aside):
    /// the rule as the calendar writes it. Such a slot is reported as a whole instead of as a
    /// list of skipped and extra doses.
    static func ruleChanges(
        base: ReturnedCalendar, theirs: ReturnedCalendar, index: DoseSlotIndex, only: Set<SlotKey>
    ) -> [SlotKey: String] {
        func shape(_ e: ReturnedEvent?) -> RuleShape? {
            guard let e, let text = e.ruleText else { return nil }
            guard let r = e.scheduleRule else { return .text(text.uppercased()) }
            return .rule(RuleShape.Parts(r))
        }
        var known: [SlotKey: Set<RuleShape>] = [:]
        // Only the slots in `only` are looked up below.
        for s in base.series {
            guard let uid = s.dosecalUID, let slot = index[uid], only.contains(slot.key), let shape = shape(s.master) else {
                continue
            }
            known[slot.key, default: []].insert(shape)
        }
        var result: [SlotKey: String] = [:]
        for s in theirs.series {
            guard let uid = s.dosecalUID, let slot = index[uid], only.contains(slot.key),
                let shape = shape(s.master), let written = s.master?.ruleText
            else { continue }
            if known[slot.key]?.contains(shape) == false {
                result[slot.key] = written
            }
        }
        return result
    }

    /// Calendar edits to dosecal series that belong to no medication or dose time of the
    /// schedule (removed since the export): reported, since there is nothing to change.
    func orphanEdits(base: ReturnedCalendar, index: DoseSlotIndex) -> [UnmappedEdit] {
        return theirs.series.compactMap { s in
            guard let uid = s.dosecalUID, index[uid] == nil, !index.isKnown(uid),
                base.series(uid: s.uid)?.contentHash != s.contentHash
            else { return nil }
            return UnmappedEdit(
                medicationID: "", slotID: nil, date: nil,
                reason: "the medication or dose time is no longer in the schedule; nothing to change",
                description: "edited calendar series \(s.uid)")
        }
    }

    /// The deciding (last) log status of each scheduled dose named by slot and date.
    func loggedStatus() -> [SlotKey: [LocalDate: DoseLogEntry.Status]] {
        var result: [SlotKey: [LocalDate: DoseLogEntry.Status]] = [:]
        for entry in ours.log {
            guard let slot = entry.slot, let date = entry.date else { continue }
            result[SlotKey(medicationID: entry.medication, slotID: slot), default: [:]][date] = entry.status
        }
        return result
    }

    /// In privacy mode the change texts name medications by position ("Medication 2"), never
    /// by name; names play no part in the comparison.
    static func neutralNames(_ schedule: Schedule) -> Schedule {
        var s = schedule
        for i in s.medications.indices { s.medications[i].name = schedule.positionalName(of: s.medications[i].id) ?? "" }
        return s
    }
}

/// What `Reconciler.ruleChanges` compares of a series' rule: its text (upper-cased) when it does
/// not read as a rule, else the frequency, interval, weekdays, months and month days, each list
/// as a sorted multiset (UNTIL, COUNT and WKST aside). Values, not a formatted string: equal
/// exactly when those parts are.
enum RuleShape: Hashable {
    case text(String)
    case rule(Parts)

    /// The parts of a rule that are compared.
    struct Parts: Hashable {
        var frequency: RecurrenceRule.Frequency
        var interval: Int
        /// The BYDAY entries, a missing ordinal as 0, sorted by (ordinal, weekday).
        var days: [RecurrenceRule.WeekdayNumber]
        var months: [Int]
        var monthDays: [Int]

        init(_ r: RecurrenceRule) {
            frequency = r.frequency
            interval = r.interval
            days = r.byDay.map { RecurrenceRule.WeekdayNumber($0.weekday, ordinal: $0.ordinal ?? 0) }
                .sorted { ($0.ordinal ?? 0, $0.weekday) < ($1.ordinal ?? 0, $1.weekday) }
            months = r.byMonth.sorted()
            monthDays = r.byMonthDay.sorted()
        }
    }
}
