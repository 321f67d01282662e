import CalendarTime

/// The supply forecast by counting doses day by day (decision 0065): the same answer as walking
/// every dose's instant, at a fraction of the cost, because a dose's instant is only needed to
/// order the doses of a day, and on a day far from any change of UTC offset the local times
/// already give that order.
///
/// Used when nothing in the forecast depends on a particular dose's instant: no log entry about
/// one of the medication's doses, no rescheduled dose, wall-clock, floating or pinned policy
/// (not every N hours, not fixed interval) and one zone for every dose day of the horizon.
/// Anything else goes the instant-by-instant way.
extension WallClockEngine {
    /// The doses of one dose day, or of a run of days near an offset change, in instant order.
    struct CountedDose {
        var local: LocalDateTime
        var slotID: String
        var pills: Double
    }

    /// The forecast by counting, or nil when `medication` needs the instant-by-instant walk.
    func countedSupplyForecast(
        of medication: Medication, supply: Supply, ledger: DoseLedger, left start: Double, horizonDays: Int
    ) -> SupplyForecast? {
        guard ledger.statuses.isEmpty, medication.rescheduled.isEmpty,
            let zone = singleZone(of: medication, from: supply.asOf, to: supply.asOf.adding(days: horizonDays))
        else { return nil }
        if case .everyNHours = medication.recurrence { return nil }
        var offsets = OffsetChanges(zone: zone)
        var tally = SupplyTally(medicationID: medication.id, supply: supply, left: start)
        var chunkStart = supply.asOf
        let horizon = supply.asOf.adding(days: horizonDays)
        // The same 366-day chunks as the walk, which orders doses within a chunk.
        while chunkStart <= horizon {
            let chunkEnd = min(chunkStart.adding(days: 365), horizon)
            let last = min(chunkEnd, medication.end ?? chunkEnd)
            var date = max(chunkStart, medication.start)
            var near: [CountedDose] = []  // days near an offset change, ordered by their instants
            while date <= last {
                let day = date
                let plain = !offsets.changes(near: day)
                date = date.adding(days: 1)
                if !plain {
                    near += dosesOfDay(medication, day)
                    if date <= last { continue }
                }
                if !near.isEmpty {
                    let ordered = near.map { (ZoneResolver.resolve($0.local, in: zone).instant, $0) }
                        .sorted { ($0.0, $0.1.slotID) < ($1.0, $1.1.slotID) }.map(\.1)
                    if let f = tally.take(ordered) { return f }
                    near = []
                }
                if plain, !tally.takeAll(daySummary(medication, day)), let f = tally.take(dosesOfDay(medication, day)) {
                    return f
                }
            }
            if let end = medication.end, end <= chunkEnd { break }
            chunkStart = chunkEnd.adding(days: 1)
        }
        return SupplyForecast(
            medicationID: medication.id, runOut: nil, lastCoveredDose: tally.lastCovered, refillDue: nil,
            dosesCovered: tally.covered)
    }

    /// How many doses `date` has, their pills each, and the last of them in local time then
    /// slot order (the instant order on a plain day), without listing them.
    private func daySummary(_ medication: Medication, _ date: LocalDate) -> SupplyTally.Day {
        guard medication.recurrence.includes(date, start: medication.start) else { return SupplyTally.Day() }
        var day = SupplyTally.Day(count: 0, pills: pills(of: medication, on: date), last: nil)
        var lastSlot = ""
        for slot in medication.times where slot.isActive(on: date) {
            day.count += 1
            let local = LocalDateTime(date: date, time: time(of: slot, in: medication, on: date))
            if let last = day.last, (local, slot.id) < (last, lastSlot) { continue }
            day.last = local
            lastSlot = slot.id
        }
        return day
    }

    /// The doses of `date`, by local time then slot (the instant order on a plain day).
    private func dosesOfDay(_ medication: Medication, _ date: LocalDate) -> [CountedDose] {
        guard medication.recurrence.includes(date, start: medication.start) else { return [] }
        let pills = pills(of: medication, on: date)
        return medication.times.filter { $0.isActive(on: date) }
            .map {
                CountedDose(
                    local: LocalDateTime(date: date, time: time(of: $0, in: medication, on: date)), slotID: $0.id, pills: pills)
            }
            .sorted { ($0.local, $0.slotID) < ($1.local, $1.slotID) }
    }

    /// The one zone every dose day in `from...to` is read in, or nil when the zone changes (a
    /// trip) or the doses are not read in a zone's wall clock.
    private func singleZone(of medication: Medication, from: LocalDate, to: LocalDate) -> Zone? {
        switch medication.timePolicy {
        case .fixedInterval: return nil
        case .pinned(let zone): return zone
        case .wallClock, .floating:
            if schedule.itinerary.contains(where: { $0.from > from && $0.from <= to }) { return nil }
            return zone(on: from)
        }
    }
}

/// The pills left while a forecast counts the doses in instant order.
struct SupplyTally {
    /// The doses of one plain day: how many, the pills of each, the local time of the last.
    struct Day {
        var count = 0
        var pills = 0.0
        var last: LocalDateTime? = nil
    }

    let medicationID: String
    let supply: Supply
    var left: Double
    var covered = 0
    var lastCovered: LocalDateTime? = nil

    /// Uses up the pills of `doses` (in instant order); the forecast when they run out.
    mutating func take(_ doses: [WallClockEngine.CountedDose]) -> SupplyForecast? {
        for dose in doses {
            if left + 1e-9 < dose.pills {
                let due = dose.local.date.adding(days: -supply.warningDays)
                return SupplyForecast(
                    medicationID: medicationID, runOut: dose.local.date, lastCoveredDose: lastCovered,
                    refillDue: LocalDateTime(date: max(due, supply.asOf), time: supply.refillReminderTime),
                    dosesCovered: covered)
            }
            left -= dose.pills
            covered += 1
            lastCovered = dose.local
        }
        return nil
    }

    /// Uses up the pills of every dose of `day` when they all are covered (the same
    /// subtractions as `take`, one per dose); false, and nothing used, when one is not.
    mutating func takeAll(_ day: Day) -> Bool {
        var rest = left
        for _ in 0..<day.count {
            if rest + 1e-9 < day.pills { return false }
            rest -= day.pills
        }
        left = rest
        covered += day.count
        if let last = day.last { lastCovered = last }
        return true
    }
}

/// Which days lie near a change of a zone's UTC offset, from `Zone.transitions`, looked up 64
/// days at a time.
struct OffsetChanges {
    let zone: Zone
    private var block = Int.min
    private var instants: [Int] = []
    static let blockDays = 64

    init(zone: Zone) { self.zone = zone }

    /// Whether an offset change falls within a day and a half (plus the widest UTC offset) of
    /// `date`: then its doses, and its neighbours', may not follow local time order.
    mutating func changes(near date: LocalDate) -> Bool {
        let day = date.daysSinceEpoch
        let b = day >= 0 ? day / Self.blockDays : (day - Self.blockDays + 1) / Self.blockDays
        if b != block {
            block = b
            let margin = 3 * 86_400
            instants = zone.transitions(
                from: b * Self.blockDays * 86_400 - margin, to: (b + 1) * Self.blockDays * 86_400 + margin
            )
            .map(\.instant)
        }
        let low = day * 86_400 - 86_400 - 50_400
        let high = (day + 1) * 86_400 + 86_400 + 50_400
        return instants.contains { $0 >= low && $0 <= high }
    }
}
