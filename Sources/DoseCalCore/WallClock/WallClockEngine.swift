public import CalendarTime

/// The expected fire instants of a schedule: what "08:00" promises, day by day, for each time
/// policy (docs/time-semantics.md §1). Pure: no clock, no environment.
public struct WallClockEngine: Sendable {
    public let schedule: Schedule
    /// Where a medication's person is: the schedule's zones (its only person's), read once.
    private let shared: ZoneTimeline
    /// Where each person is, by person id (empty without people).
    private let byPerson: [String: ZoneTimeline]
    /// Lookups by medication ID in `schedule`, built once each.
    public let lookup: ScheduleLookup

    public init(schedule: Schedule) {
        self.schedule = schedule
        self.shared = schedule.timeline(of: nil)
        var byPerson: [String: ZoneTimeline] = [:]
        for person in schedule.people { byPerson[person.id] = schedule.timeline(of: person) }
        self.byPerson = byPerson
        lookup = ScheduleLookup(schedule)
    }

    /// Where the person who takes `medication` is (docs/time-zones.md): every local time of its
    /// doses is read in the zone this gives.
    public func timeline(of medication: Medication) -> ZoneTimeline {
        guard let id = medication.person, let timeline = byPerson[id] else { return shared }
        return timeline
    }

    /// Where the person who takes the medication `medicationID` is.
    public func timeline(ofMedication medicationID: String) -> ZoneTimeline {
        guard !byPerson.isEmpty, let m = lookup.medication(medicationID) else { return shared }
        return timeline(of: m)
    }

    /// The home zone of the person who takes `medication`: fixed-interval and every-N-hours doses
    /// are anchored and dated in it.
    public func home(of medication: Medication) -> Zone { timeline(of: medication).home }

    /// The zone the person who takes `medication` is in on `date` (the refill warning of that day
    /// is read in it, whatever the doses' policy).
    public func personZone(of medication: Medication, on date: LocalDate) -> Zone { timeline(of: medication).zone(on: date) }

    /// The zone a dose of `medication` on `date` is read in (nil: fixed interval, UTC).
    public func zone(of medication: Medication, on date: LocalDate) -> Zone? {
        switch medication.timePolicy {
        case .pinned(let zone): return zone
        case .fixedInterval: return nil
        case .wallClock, .floating, .gradual: return personZone(of: medication, on: date)
        }
    }

    /// `occurrence` as its person reads it: in the zone of the dose (pinned: its zone; wall clock
    /// and floating: the zone the person is in on its date), or, for fixed-interval doses, the
    /// zone the person is in at its instant.
    public func time(of occurrence: Occurrence) -> ZonedTime {
        ZonedTime(
            occurrence.instant,
            in: occurrence.zone ?? timeline(ofMedication: occurrence.medicationID).zone(at: occurrence.instant))
    }

    /// The identifier of `zone(of:on:)`.
    public func zoneID(of medication: Medication, on date: LocalDate) -> String? { zone(of: medication, on: date)?.identifier }

    /// The taper step in force on `date` (nil without a taper).
    public func step(of medication: Medication, on date: LocalDate) -> TaperStep? {
        medication.taper.last { $0.from <= date }
    }

    /// The slot's time on `date` (a taper step may move it).
    public func time(of slot: DoseSlot, in medication: Medication, on date: LocalDate) -> LocalTime {
        step(of: medication, on: date)?.times?.first { $0.id == slot.id }?.time ?? slot.time
    }

    /// The amount of the dose of `slot` (nil: an extra dose of no slot) on the dose day `date`,
    /// in the medication's unit (the taper step in force, the weekday and slot rules).
    public func amount(of medication: Medication, slot: String?, on date: LocalDate) -> Double {
        let step = step(of: medication, on: date)
        if medication.doses.isEmpty && step?.doses == nil { return step?.amount ?? medication.amount }
        return medication.amount(of: slot, weekday: date.weekday, in: step)
    }

    /// What the dose of `slot` (nil: an extra dose of no slot) on the dose day `date` uses up of
    /// the supply, in its unit (`Medication.supplyUnit`; version 1: pills).
    public func pills(of medication: Medication, slot: String?, on date: LocalDate) -> Double {
        dose(of: medication, slot: slot, on: date).pills
    }

    /// The amount of the dose of `slot` on `date` and what it uses up of the supply.
    func dose(of medication: Medication, slot: String?, on date: LocalDate) -> (amount: Double, pills: Double) {
        let amount = amount(of: medication, slot: slot, on: date)
        guard let unit = medication.unit, unit.isMass else { return (amount, amount) }
        return (amount, medication.supplyAmount(of: amount))
    }

    /// Every expected dose of `medication` whose dose day is in `from...to` (for every N hours:
    /// whose date in its person's home zone is), in time order.
    public func occurrences(of medication: Medication, from: LocalDate, to: LocalDate) -> [Occurrence] {
        let scheduled = scheduledOccurrences(of: medication, from: from, to: to)
        guard !medication.rescheduled.isEmpty else { return scheduled }
        if case .everyNHours = medication.recurrence { return movedHourly(scheduled, in: medication) }
        return scheduled.map { o in rescheduling(of: o, in: medication).map { moved(o, to: $0, in: medication) } ?? o }
            .sorted { ($0.instant, $0.slotID) < ($1.instant, $1.slotID) }
    }

    /// The rescheduled dose entry for `occurrence`, when there is one (every N hours: the one whose
    /// `at` is the dose's home-zone time).
    public func rescheduling(of occurrence: Occurrence, in medication: Medication) -> RescheduledDose? {
        let local = occurrence.zone != nil ? occurrence.local : home(of: medication).local(at: occurrence.instant)
        return medication.rescheduled.first {
            $0.slot == occurrence.slotID && $0.date == local.date && ($0.at.map { $0 == local.time } ?? true)
        }
    }

    /// `occurrence` moved to `r`'s time that day or on its `toDate` (in its zone; the person's
    /// home zone for fixed interval and every N hours).
    func moved(_ occurrence: Occurrence, to r: RescheduledDose, in medication: Medication) -> Occurrence {
        var moved = occurrence
        let zone = occurrence.zone ?? home(of: medication)
        let local = LocalDateTime(date: r.takenOn, time: r.time)
        let resolved = ZoneResolver.resolve(local, in: zone)
        moved.instant = resolved.instant
        moved.resolution = resolved.kind
        moved.shift = 0
        moved.local = occurrence.zone != nil ? local : LocalDateTime(secondsSinceEpoch: resolved.instant)
        return moved
    }

    func scheduledOccurrences(of medication: Medication, from: LocalDate, to: LocalDate) -> [Occurrence] {
        let last = min(to, medication.end ?? to)
        if case .everyNHours(let hours) = medication.recurrence {
            return hourly(medication, every: hours, from: from, to: last)
        }
        if medication.timePolicy == .fixedInterval {
            return fixedInterval(medication, from: from, to: last)
        }
        var result: [Occurrence] = []
        let moves = gradualShift(of: medication)
        var date = max(from, medication.start)
        // Room for a dose of every slot every day (a bounded guess: more only grows the array).
        result.reserveCapacity(min(max(0, date.days(to: last) + 1), 4000) * medication.times.count)
        // Without amounts by weekday or slot every dose of a day has the day's amount.
        let bySlot = medication.hasDoseRules
        let timeline = timeline(of: medication)
        // The day's zone, resolving its local times by stretches of one offset.
        var resolver: (zone: Zone, steady: ZoneResolver.Steady)?
        while date <= last {
            if medication.recurrence.includes(date, start: medication.start) {
                // Not fixed interval (handled above): the pinned zone or the person's of that date.
                let zone = medication.timePolicy.pinnedZone ?? timeline.zone(on: date)
                if resolver?.zone != zone { resolver = (zone, ZoneResolver.Steady(zone)) }
                let daily = bySlot ? nil : dose(of: medication, slot: nil, on: date)
                for slot in medication.times where slot.isActive(on: date) {
                    let local = LocalDateTime(date: date, time: time(of: slot, in: medication, on: date))
                    let r = resolver!.steady.resolve(floating: local.secondsSinceEpoch)
                    let dose = daily ?? dose(of: medication, slot: slot.id, on: date)
                    // A dose of the gradual policy on its way to this zone's wall clock.
                    let shift = moves?.shift(of: slot.id, on: date) ?? 0
                    result.append(
                        Occurrence(
                            medicationID: medication.id, slotID: slot.id, local: local, zone: zone,
                            instant: r.instant + shift, pills: dose.pills, resolution: shift == 0 ? r.kind : .normal,
                            shift: shift, amount: dose.amount))
                }
            }
            date = date.adding(days: 1)
        }
        // Mostly in order already (day by day, each day's slots by time): sorted in place, and
        // only when some neighbours are out of order (the sort is stable, so a sorted array stays).
        let inOrder = result.indices.dropFirst().allSatisfy {
            !((result[$0].instant, result[$0].slotID) < (result[$0 - 1].instant, result[$0 - 1].slotID))
        }
        if !inOrder { result.sort { ($0.instant, $0.slotID) < ($1.instant, $1.slotID) } }
        return result
    }

    /// The moves of a gradual medication after its person's itinerary stops (nil for other
    /// policies, or without an itinerary).
    public func gradualShift(of medication: Medication) -> GradualShift? {
        let timeline = timeline(of: medication)
        guard let maxShift = medication.timePolicy.maxShiftPerDay, !timeline.stops.isEmpty else { return nil }
        return GradualShift(
            medication: medication, maxShift: maxShift, stops: timeline.stops.map(\.from), zone: { timeline.zone(on: $0) },
            time: { time(of: $0, in: medication, on: $1) })
    }

    /// The first dose instant of a fixed-interval slot: its time on the start date in its
    /// person's home zone.
    public func anchor(of medication: Medication, slot: DoseSlot) -> Int {
        let local = LocalDateTime(date: medication.start, time: time(of: slot, in: medication, on: medication.start))
        return ZoneResolver.resolve(local, in: home(of: medication)).instant
    }

    /// The first day of the taper stretch that contains `date` (the start date before any step).
    public func stretchStart(of medication: Medication, on date: LocalDate) -> LocalDate {
        max(medication.start, step(of: medication, on: date)?.from ?? medication.start)
    }

    /// The anchor of a fixed-interval slot for the taper stretch that begins on `stretchStart`:
    /// the stretch's first dose day and the instant of the slot's time on it in its person's home
    /// zone.
    /// Every other dose day D of the stretch fires whole days later: anchor + (D - day) x 24 h.
    public func fixedAnchor(of medication: Medication, slot: DoseSlot, stretchStart: LocalDate) -> (day: LocalDate, instant: Int)?
    {
        guard let day = medication.recurrence.firstDay(onOrAfter: stretchStart, start: medication.start) else { return nil }
        let local = LocalDateTime(date: day, time: time(of: slot, in: medication, on: day))
        return (day, ZoneResolver.resolve(local, in: home(of: medication)).instant)
    }

    /// Fixed interval (decision 0004): the dose days are the recurrence's home-zone dates, as for
    /// the wall clock; each dose fires a whole number of days after its stretch's anchor, so the
    /// UTC time of day never changes and the local time drifts across daylight-saving changes.
    private func fixedInterval(_ medication: Medication, from: LocalDate, to: LocalDate) -> [Occurrence] {
        var result: [Occurrence] = []
        for slot in medication.times {
            var anchors: [LocalDate: (day: LocalDate, instant: Int)] = [:]
            var date = max(from, medication.start)
            while date <= to {
                defer { date = date.adding(days: 1) }
                guard medication.recurrence.includes(date, start: medication.start), slot.isActive(on: date) else { continue }
                let stretch = stretchStart(of: medication, on: date)
                if anchors[stretch] == nil { anchors[stretch] = fixedAnchor(of: medication, slot: slot, stretchStart: stretch) }
                guard let anchor = anchors[stretch] else { continue }
                let instant = anchor.instant + anchor.day.days(to: date) * 86_400
                let dose = dose(of: medication, slot: slot.id, on: date)
                result.append(
                    Occurrence(
                        medicationID: medication.id, slotID: slot.id, local: LocalDateTime(secondsSinceEpoch: instant), zone: nil,
                        instant: instant, pills: dose.pills, resolution: .normal, amount: dose.amount))
            }
        }
        return result.sorted { ($0.instant, $0.slotID) < ($1.instant, $1.slotID) }
    }

    /// The first scheduled dose (moves not applied) of `medication` on or after `day`, within a week.
    public func firstScheduledDose(of medication: Medication, onOrAfter day: LocalDate) -> Occurrence? {
        scheduledOccurrences(of: medication, from: day, to: day.adding(days: 8)).first
    }

    /// Every N hours, absolute spacing: one chain from the start, and a new one from each taper
    /// step that changes the slot's time (decision 0136). A step of another dose keeps the chain.
    private func hourly(_ medication: Medication, every hours: Int, from: LocalDate, to: LocalDate) -> [Occurrence] {
        guard let slot = medication.times.first else { return [] }
        let moves = medication.taper.map(\.from).filter {
            $0 > medication.start
                && time(of: slot, in: medication, on: $0) != time(of: slot, in: medication, on: $0.adding(days: -1))
        }
        let starts = [medication.start] + Set(moves).sorted()
        var result: [Occurrence] = []
        for (i, stretch) in starts.enumerated() {
            let last = i + 1 < starts.count ? min(to, starts[i + 1].adding(days: -1)) : to
            guard max(from, stretch) <= last, let anchor = fixedAnchor(of: medication, slot: slot, stretchStart: stretch) else {
                continue
            }
            result += chain(medication, slot: slot, anchor: anchor.instant, every: hours, from: max(from, stretch), to: last)
        }
        return result
    }

    /// The doses `anchor + k × hours` whose date in the person's home zone is in `from...to` (the
    /// slot active).
    private func chain(
        _ medication: Medication, slot: DoseSlot, anchor start: Int, every hours: Int, from: LocalDate, to: LocalDate
    )
        -> [Occurrence]
    {
        let homeZone = home(of: medication)
        let step = max(hours, 1) * 3600
        let fromInstant = from.adding(days: -1).daysSinceEpoch * 86_400
        var k = max(0, (fromInstant - start) / step)
        var result: [Occurrence] = []
        while true {
            let instant = start + k * step
            k += 1
            let localDate = homeZone.local(at: instant).date
            if localDate > to || !slot.isActive(on: localDate) { break }
            guard localDate >= from else { continue }
            let dose = dose(of: medication, slot: slot.id, on: localDate)
            result.append(
                Occurrence(
                    medicationID: medication.id, slotID: slot.id, local: LocalDateTime(secondsSinceEpoch: instant),
                    zone: nil, instant: instant, pills: dose.pills, resolution: .normal, amount: dose.amount))
        }
        return result
    }

    /// Every expected dose of every medication in `from...to`, in time order; doses in a DST gap
    /// fire as `gapPolicy` says (RFC 5545 by default).
    public func occurrences(from: LocalDate, to: LocalDate, gapPolicy: GapPolicy = .shift) -> [Occurrence] {
        schedule.medications.flatMap { occurrences(of: $0, from: from, to: to, gapPolicy: gapPolicy) }
            .sorted { ($0.instant, $0.medicationID, $0.slotID) < ($1.instant, $1.medicationID, $1.slotID) }
    }

    /// The doses of `medication` in `from...to` under `gapPolicy`.
    public func occurrences(of medication: Medication, from: LocalDate, to: LocalDate, gapPolicy: GapPolicy) -> [Occurrence] {
        applying(gapPolicy, to: occurrences(of: medication, from: from, to: to))
    }

    /// `all` (doses as RFC 5545 shifts them) with the doses in a DST gap fired as `gapPolicy` says.
    public func applying(_ gapPolicy: GapPolicy, to all: [Occurrence]) -> [Occurrence] {
        guard gapPolicy != .shift else { return all }
        return all.compactMap { o in
            guard case .gap = o.resolution, let zone = o.zone else { return o }
            guard let instant = gapPolicy.instant(o.instant, kind: o.resolution, local: o.local, in: zone) else { return nil }
            var moved = o
            moved.instant = instant
            return moved
        }
    }
}

extension WallClockEngine {
    /// `occurrences` without the doses the log says were skipped (decision 0037): what fires.
    public func firing(_ occurrences: [Occurrence]) -> [Occurrence] { firing(occurrences, skipped: SkippedDoses(engine: self)) }

    /// `occurrences` without the doses in `skipped` (`SkippedDoses(engine: self)`, made once for
    /// many calls: a call per medication stays linear in the medications).
    public func firing(_ occurrences: [Occurrence], skipped: SkippedDoses) -> [Occurrence] {
        guard !skipped.isEmpty else { return occurrences }
        return occurrences.filter { !skipped.contains($0, engine: self) }
    }
}

/// The doses the log says were skipped (decision 0037), looked up dose by dose: read from the
/// log once per schedule.
public struct SkippedDoses: Sendable {
    /// By medication and slot, the dose days (`Schedule.skippedDoses()`).
    let days: [String: [String: Set<LocalDate>]]
    /// Every N hours: the instants, by medication (`WallClockEngine.skippedHourlyInstants()`).
    let instants: [String: Set<Int>]

    public init(engine: WallClockEngine) {
        days = engine.schedule.skippedDoses()
        instants = engine.skippedHourlyInstants()
    }

    /// No dose is skipped.
    public var isEmpty: Bool { days.isEmpty && instants.isEmpty }

    /// Whether `occurrence` (of `engine`'s schedule) is skipped.
    public func contains(_ occurrence: Occurrence, engine: WallClockEngine) -> Bool {
        days[occurrence.medicationID]?[occurrence.slotID]?.contains(engine.localDate(of: occurrence)) == true
            || instants[occurrence.medicationID]?.contains(occurrence.instant) == true
    }
}
