import ICal

/// One side of a reconcile (base, ours or theirs): every dose of dosecal's series in a window,
/// slot by slot (`SlotDoses`, keyed by `DoseKey`), and the alarms of each medication's series.
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

    /// The expanded slots' doses (a slot not expanded, or without doses, has none).
    var slots: [SlotKey: SlotDoses] = [:]
    /// The alarm sets present on each medication's series (absent alarms are not a decision).
    var alarms: [String: Set<[ReturnedAlarm]>] = [:]
    /// Expansion problems, without medicine names.
    var problems: [String] = []
    /// The same problems by the UID of the series they left out.
    var failures: [String: ICalError] = [:]

    init() {}

    /// The doses of one slot.
    subscript(slot: SlotKey) -> SlotDoses { slots[slot] ?? SlotDoses() }

    /// Expands the series of `calendar` that belong to the slots in `only` ([medication, slot];
    /// nil: every slot). Alarms are read from every dosecal series but those in `excluding`
    /// (damaged series: never read as a decision). The expansion is bounded by `budget`.
    /// Floating times are read in `homeZone`; UTC ones are dated in `home` of their medication
    /// (its person's home zone).
    init(
        _ calendar: ReturnedCalendar, index: DoseSlotIndex, homeZone: Zone, home: (String) -> Zone, window: Range<Int>,
        only: Set<SlotKey>? = nil, excluding: Set<String> = [], budget: ExpansionBudget = ExpansionBudget()
    ) {
        var series = Series()
        series.collect(calendar, index: index, only: only, excluding: excluding, alarms: &alarms)
        // Instances arrive group by group, unsorted and unkept; where several give one key, the
        // one last in (start, UID, recurrence instant) order wins, as in a sorted expansion.
        var dates = DoseDates()
        let homes = series.slots.map { home($0.medicationID) }
        var found = [[SlotDoses.Found]](repeating: [], count: series.slots.count)
        var last: (uid: String, entry: Series.Entry)? = nil
        let expansion = CalendarExpander(components: series.components, viewerZone: homeZone, budget: budget)
            .forEachInstance(from: window.lowerBound, to: window.upperBound) { instance in
                // One UID group at a time: the last lookup mostly answers.
                let entry: Series.Entry
                if let last, last.uid == instance.uid {
                    entry = last.entry
                } else {
                    guard let known = series.byUID[instance.uid] else { return }
                    last = (instance.uid, known)
                    entry = known
                }
                if instance.isOverride, series.cancelled.contains("\(instance.uid) \(instance.recurrenceInstant)") { return }
                let dose = SlotDoses.Entry(
                    day: Int32(truncatingIfNeeded: dates.date(of: instance, home: homes[entry.slot]).daysSinceEpoch),
                    moved: instance.isOverride && instance.start != instance.recurrenceInstant, instant: instance.start,
                    original: entry.hourly ? instance.recurrenceInstant : 0)
                found[entry.slot].append(
                    SlotDoses.Found(entry: dose, order: Int32(entry.order), recurrence: instance.recurrenceInstant))
            }
        for (number, slot) in series.slots.enumerated() where !found[number].isEmpty {
            slots[slot] = SlotDoses(found: &found[number], hourly: series.hourly[number])
            found[number] = []
        }
        problems = expansion.problems.map { "a dose series could not be expanded: \($0)" }
        failures = expansion.failures
    }

    /// The dosecal series a view expands: their components, and each UID's slot (by number) and
    /// place in the calendar's UID order.
    private struct Series {
        struct Entry {
            var slot: Int
            var hourly: Bool
            var order: Int
        }
        var components: [ICalComponent] = []
        var byUID: [String: Entry] = [:]
        var slots: [SlotKey] = []
        /// Whether each slot (by number) is an every-N-hours slot.
        var hourly: [Bool] = []
        private var numbers: [SlotKey: Int] = [:]
        /// "UID instant" of STATUS:CANCELLED overrides.
        var cancelled = Set<String>()

        mutating func collect(
            _ calendar: ReturnedCalendar, index: DoseSlotIndex, only: Set<SlotKey>?, excluding: Set<String>,
            alarms: inout [String: Set<[ReturnedAlarm]>]
        ) {
            components = calendar.timezones
            for (order, s) in calendar.series.enumerated() {
                guard let dosecal = s.dosecalUID, let slot = index[dosecal], !excluding.contains(s.uid) else { continue }
                if case .present(let list) = s.alarms { alarms[slot.medicationID, default: []].insert(list) }
                if let only, !only.contains(slot.key) { continue }
                let number = numbers[slot.key] ?? slots.count
                if number == slots.count {
                    numbers[slot.key] = number
                    slots.append(slot.key)
                    hourly.append(slot.hourly)
                }
                byUID[s.uid] = Entry(slot: number, hourly: slot.hourly, order: order)
                if let master = s.master { components.append(Series.withoutAddedDoses(master.component)) }
                for o in s.overrides {
                    components.append(o.component)
                    if o.isCancelled, case .instant(let t)? = o.recurrenceID { cancelled.insert("\(s.uid) \(t)") }
                }
            }
        }

        /// The main event without its RDATEs: an added dose is reported on its own
        /// (`AddedDoses`), never compared as a dose of the slot (decision 0202).
        static func withoutAddedDoses(_ event: ICalComponent) -> ICalComponent {
            guard event.properties.contains(where: { $0.name == "RDATE" }) else { return event }
            var copy = event
            copy.properties.removeAll { $0.name == "RDATE" }
            return copy
        }
    }
}

/// The dose date of an instance: its start's wall-clock date where it is not moved and zoned,
/// else the recurrence instant's date in its zone (UTC and unknown zones: `home`, the home zone
/// of the medication's person).
struct DoseDates {
    /// Zones by TZID (nil: unknown).
    private var zones: [String: Zone?] = [:]

    mutating func date(of instance: EventInstance, home: Zone) -> LocalDate {
        if instance.start == instance.recurrenceInstant && instance.zoneID != "UTC" {
            // `local` is the start's wall clock in the occurrence's zone: its date is the dose date.
            return instance.local.date
        }
        guard instance.zoneID != "UTC" else { return home.local(at: instance.recurrenceInstant).date }
        let zone: Zone?
        if let known = zones[instance.zoneID] {
            zone = known
        } else {
            zone = ZoneName.ianaIdentifier(for: instance.zoneID).flatMap { Zone($0) }
            zones[instance.zoneID] = zone
        }
        return (zone ?? home).local(at: instance.recurrenceInstant).date
    }
}
