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
        var seriesSlot: [String: DoseSlotIndex.Slot] = [:]
        for s in calendar.series {
            guard let dosecal = s.dosecalUID, let slot = index[dosecal], !excluding.contains(s.uid) else { continue }
            if case .present(let list) = s.alarms { alarms[slot.medicationID, default: []].insert(list) }
            if let only, !only.contains(slot.key) { continue }
            seriesSlot[s.uid] = slot
            if let master = s.master { components.append(master.component) }
            for o in s.overrides {
                components.append(o.component)
                if o.isCancelled, case .instant(let t)? = o.recurrenceID { cancelled.insert("\(s.uid) \(t)") }
            }
        }
        let expansion = CalendarExpander(components: components, viewerZone: homeZone, budget: budget)
            .expand(from: window.lowerBound, to: window.upperBound)
        problems = expansion.problems.map { "a dose series could not be expanded: \($0)" }
        failures = expansion.failures
        var zones: [String: Zone] = [:]
        doses.reserveCapacity(expansion.instances.count)
        for instance in expansion.instances {
            guard let slot = seriesSlot[instance.uid] else { continue }
            if instance.isOverride, cancelled.contains("\(instance.uid) \(instance.recurrenceInstant)") { continue }
            let date: LocalDate
            if instance.start == instance.recurrenceInstant && instance.zoneID != "UTC" {
                // `local` is the start's wall clock in the occurrence's zone: its date is the dose date.
                date = instance.local.date
            } else {
                let zone: Zone
                if let known = zones[instance.zoneID] {
                    zone = known
                } else {
                    let found =
                        instance.zoneID == "UTC"
                        ? homeZone : ZoneName.ianaIdentifier(for: instance.zoneID).flatMap { Zone($0) } ?? homeZone
                    zones[instance.zoneID] = found
                    zone = found
                }
                date = zone.local(at: instance.recurrenceInstant).date
            }
            let key = DoseKey(
                medicationID: slot.medicationID, slotID: slot.slotID, date: date,
                instant: slot.hourly ? instance.recurrenceInstant : nil)
            doses[key] = Dose(instant: instance.start, moved: instance.isOverride && instance.start != instance.recurrenceInstant)
        }
    }
}
