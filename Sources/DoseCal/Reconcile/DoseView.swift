import ICal

/// One side of a reconcile (base, ours or theirs): every dose of dosecal's series in a window,
/// keyed by `DoseKey`, and the alarms of each medication's series.
///
/// Built by expanding the dosecal series of a returned calendar with `CalendarExpander`
/// (overrides matched by instant, EXDATE in every form, splits already mapped back to dosecal
/// UIDs by `ReturnedCalendar`). Foreign events are never expanded.
struct DoseView: Sendable {
    struct Dose: Sendable, Hashable {
        /// Where the dose starts.
        var instant: Int
        /// An override moved this one occurrence.
        var moved: Bool
    }

    var doses: [DoseKey: Dose] = [:]
    /// The alarm sets present on each medication's series (absent alarms are not a decision).
    var alarms: [String: Set<[ReturnedAlarm]>] = [:]
    /// Expansion problems, without medicine names.
    var problems: [String] = []
    /// The same problems by the UID of the series they left out.
    var failures: [String: ICalError] = [:]

    init() {}

    /// Expands the series of `calendar` that belong to the slots in `only` ([medication, slot];
    /// nil: every slot). Alarms are read from every dosecal series but those in `excluding`
    /// (damaged series: never read as a decision). The expansion is bounded by `budget`.
    init(
        _ calendar: ReturnedCalendar, index: DoseSlotIndex, homeZone: Zone, window: Range<Int>, only: Set<SlotKey>? = nil,
        excluding: Set<String> = [], budget: ExpansionBudget = ExpansionBudget()
    ) {
        var components = calendar.timezones
        var cancelled = Set<String>()  // "UID instant" of STATUS:CANCELLED overrides
        // Each expanded series' slot, and its place in UID order (`series` is sorted by UID).
        var seriesSlot: [String: (slot: DoseSlotIndex.Slot, order: Int)] = [:]
        for (order, s) in calendar.series.enumerated() {
            guard let dosecal = s.dosecalUID, let slot = index[dosecal], !excluding.contains(s.uid) else { continue }
            if case .present(let list) = s.alarms { alarms[slot.medicationID, default: []].insert(list) }
            if let only, !only.contains(slot.key) { continue }
            seriesSlot[s.uid] = (slot, order)
            if let master = s.master { components.append(master.component) }
            for o in s.overrides {
                components.append(o.component)
                if o.isCancelled, case .instant(let t)? = o.recurrenceID { cancelled.insert("\(s.uid) \(t)") }
            }
        }
        // Instances arrive group by group, unsorted and unkept; where several give one key, the
        // one last in (start, UID, recurrence instant) order wins, as in a sorted expansion.
        var dates = DoseDates(homeZone: homeZone)
        var found: [DoseKey: (dose: Dose, rank: Rank)] = [:]
        let expansion = CalendarExpander(components: components, viewerZone: homeZone, budget: budget)
            .forEachInstance(from: window.lowerBound, to: window.upperBound) { instance in
                guard let (slot, order) = seriesSlot[instance.uid] else { return }
                if instance.isOverride, cancelled.contains("\(instance.uid) \(instance.recurrenceInstant)") { return }
                let key = DoseKey(
                    medicationID: slot.medicationID, slotID: slot.slotID, date: dates.date(of: instance),
                    instant: slot.hourly ? instance.recurrenceInstant : nil)
                let rank = Rank(start: instance.start, order: order, recurrence: instance.recurrenceInstant)
                let dose = Dose(
                    instant: instance.start, moved: instance.isOverride && instance.start != instance.recurrenceInstant)
                DoseView.keep(&found[key, default: (dose, rank)], (dose, rank))
            }
        doses = found.mapValues(\.dose)
        problems = expansion.problems.map { "a dose series could not be expanded: \($0)" }
        failures = expansion.failures
    }

    /// Where an instance stands in (start, UID, recurrence instant) order; the UID by its
    /// series' place in the calendar's UID order.
    struct Rank: Comparable {
        var start: Int
        var order: Int
        var recurrence: Int

        static func < (a: Rank, b: Rank) -> Bool { (a.start, a.order, a.recurrence) < (b.start, b.order, b.recurrence) }
    }

    /// The later of two instances of one key wins (equal ranks: the one that came later).
    private static func keep(_ entry: inout (dose: Dose, rank: Rank), _ new: (dose: Dose, rank: Rank)) {
        if !(new.rank < entry.rank) { entry = new }
    }
}

/// The dose date of an instance: its start's wall-clock date where it is not moved and zoned,
/// else the recurrence instant's date in its zone (UTC and unknown zones: the home zone).
struct DoseDates {
    let homeZone: Zone
    private var zones: [String: Zone] = [:]

    init(homeZone: Zone) { self.homeZone = homeZone }

    mutating func date(of instance: EventInstance) -> LocalDate {
        if instance.start == instance.recurrenceInstant && instance.zoneID != "UTC" {
            // `local` is the start's wall clock in the occurrence's zone: its date is the dose date.
            return instance.local.date
        }
        let zone: Zone
        if let known = zones[instance.zoneID] {
            zone = known
        } else {
            zone =
                instance.zoneID == "UTC"
                ? homeZone : ZoneName.ianaIdentifier(for: instance.zoneID).flatMap { Zone($0) } ?? homeZone
            zones[instance.zoneID] = zone
        }
        return zone.local(at: instance.recurrenceInstant).date
    }
}
