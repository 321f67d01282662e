import CalendarTime

/// The supply forecast by counting doses day by day (decision 0065): the same answer as walking
/// every dose's instant, at a fraction of the cost, because a dose's instant is only needed to
/// order the doses of a day, and on a day far from any change of UTC offset the local times
/// already give that order.
///
/// Used when nothing in the forecast depends on a particular dose's instant: no log entry about
/// one of the medication's doses, no rescheduled dose, wall-clock, floating or pinned policy
/// (not every N hours, not fixed interval) and one zone for every dose day of the horizon. Amounts
/// by weekday and slot are counted dose by dose within a day (a day's summary lists them).
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
        var days = DaySummaries(medication)
        var tally = SupplyTally(medicationID: medication.id, supply: supply, left: start)
        var chunkStart = supply.asOf
        let horizon = supply.asOf.adding(days: horizonDays)
        // The same 366-day chunks as the walk, which orders doses within a chunk.
        while chunkStart <= horizon {
            let chunkEnd = min(chunkStart.adding(days: 365), horizon)
            var day = max(chunkStart, medication.start).daysSinceEpoch
            let last = min(chunkEnd, medication.end ?? chunkEnd).daysSinceEpoch
            var near: [CountedDose] = []  // days near an offset change, ordered by their instants
            while day <= last {
                let n = day
                let plain = !offsets.changes(nearDay: n)
                day += 1
                if !plain {
                    near += dosesOfDay(medication, LocalDate(daysSinceEpoch: n))
                    if day <= last { continue }
                }
                if !near.isEmpty {
                    let ordered = near.map { (ZoneResolver.resolve($0.local, in: zone).instant, $0) }
                        .sorted { ($0.0, $0.1.slotID) < ($1.0, $1.1.slotID) }.map(\.1)
                    if let f = tally.take(ordered) { return f }
                    near = []
                }
                if plain, !tally.takeAll(days.summary(n, self), on: n),
                    let f = tally.take(dosesOfDay(medication, LocalDate(daysSinceEpoch: n)))
                {
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

    /// How many doses `date` has, their pills each, and the time of the last of them in local
    /// time then slot order (the instant order on a plain day), without listing them; with
    /// amounts by weekday or slot, each dose's pills in that order.
    fileprivate func daySummary(_ medication: Medication, _ date: LocalDate) -> SupplyTally.Day {
        guard medication.recurrence.includes(date, start: medication.start) else { return SupplyTally.Day() }
        if medication.hasDoseRules {
            let doses = dosesOfDay(medication, date)
            return SupplyTally.Day(count: doses.count, pills: 0, last: doses.last?.local.time, each: doses.map(\.pills))
        }
        var day = SupplyTally.Day(count: 0, pills: pills(of: medication, slot: nil, on: date), last: nil)
        var lastSlot = ""
        for slot in medication.times where slot.isActive(on: date) {
            day.count += 1
            let time = time(of: slot, in: medication, on: date)
            if let last = day.last, (time, slot.id) < (last, lastSlot) { continue }
            day.last = time
            lastSlot = slot.id
        }
        return day
    }

    /// The doses of `date`, by local time then slot (the instant order on a plain day).
    private func dosesOfDay(_ medication: Medication, _ date: LocalDate) -> [CountedDose] {
        guard medication.recurrence.includes(date, start: medication.start) else { return [] }
        return medication.times.filter { $0.isActive(on: date) }
            .map {
                CountedDose(
                    local: LocalDateTime(date: date, time: time(of: $0, in: medication, on: date)), slotID: $0.id,
                    pills: pills(of: medication, slot: $0.id, on: date))
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
            let timeline = timeline(of: medication)
            if timeline.stops.contains(where: { $0.from > from && $0.from <= to }) { return nil }
            return timeline.zone(on: from)
        case .gradual:
            // A move toward a stop's zone may still be under way after `from`: any trip before
            // `to` goes the instant-by-instant way.
            let timeline = timeline(of: medication)
            if timeline.stops.contains(where: { $0.from <= to }) { return nil }
            return timeline.zone(on: from)
        }
    }
}

/// The pills left while a forecast counts the doses in instant order.
struct SupplyTally {
    /// The doses of one plain day: how many, the pills of each, the local time of the last; when
    /// the doses differ (amounts by weekday or slot), `each` dose's pills in instant order.
    struct Day {
        var count = 0
        var pills = 0.0
        var last: LocalTime? = nil
        var each: [Double]? = nil
    }

    let medicationID: String
    let supply: Supply
    var left: Double
    var covered = 0
    /// The last dose covered, when `take` covered it.
    private var lastTaken: LocalDateTime? = nil
    /// The last dose covered, when `takeAll` covered it: its day (since 1970) and time.
    private var lastOfDay: (day: Int, time: LocalTime)? = nil

    init(medicationID: String, supply: Supply, left: Double) {
        self.medicationID = medicationID
        self.supply = supply
        self.left = left
    }

    /// The last dose covered so far.
    var lastCovered: LocalDateTime? {
        if let lastOfDay { return LocalDateTime(date: LocalDate(daysSinceEpoch: lastOfDay.day), time: lastOfDay.time) }
        return lastTaken
    }

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
            lastTaken = dose.local
            lastOfDay = nil
        }
        return nil
    }

    /// Uses up the pills of every dose of `day` (day `number` since 1970) when they all are
    /// covered (the same subtractions as `take`, one per dose); false, and nothing used, when
    /// one is not.
    mutating func takeAll(_ day: Day, on number: Int) -> Bool {
        var rest = left
        for k in 0..<day.count {
            let pills = day.each?[k] ?? day.pills
            if rest + 1e-9 < pills { return false }
            rest -= pills
        }
        left = rest
        covered += day.count
        if let last = day.last { lastOfDay = (number, last) }
        return true
    }
}

/// The plain days' summaries of one medication, each worked out once per phase of its
/// recurrence's period and reused for the later days of that phase, until a taper step or the
/// end of a slot changes what a day holds.
///
/// A day's summary depends on its date only through the recurrence (`Recurrence.includes`,
/// which repeats every `period` days from the start: the weekday and the week's place in its
/// interval, the day in its N or in its cycle), the taper step in force (pills and times) and
/// the slots still active; the days where the last two change are where the cache starts over.
struct DaySummaries {
    let medication: Medication
    /// Days after which `Recurrence.includes` repeats; nil: worked out every day.
    let period: Int?
    let start: Int
    /// The days (since 1970) on which a taper step begins or a slot is over, ascending.
    let changes: [Int]
    /// The first change after the days the cache holds.
    private var until = Int.min
    private var cache: [SupplyTally.Day?] = []

    init(_ medication: Medication) {
        self.medication = medication
        start = medication.start.daysSinceEpoch
        // Amounts by weekday repeat every week: the period holds whole weeks.
        let byWeekday =
            medication.doses.contains { !$0.weekdays.isEmpty }
            || medication.taper.contains { $0.doses?.contains { !$0.weekdays.isEmpty } == true }
        period = Self.period(of: medication.recurrence).map { byWeekday && $0 % 7 != 0 ? $0 * 7 / Self.gcd($0, 7) : $0 }
        let steps = medication.taper.map(\.from.daysSinceEpoch)
        let ends = medication.times.compactMap { $0.until.map { $0.daysSinceEpoch + 1 } }
        changes = (steps + ends).sorted()
    }

    static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }

    /// Days after which `recurrence.includes` gives the same answer again (from the start on).
    static func period(of recurrence: Recurrence) -> Int? {
        let days: Int
        switch recurrence {
        case .daily: days = 1
        case .weekly(_, let interval): days = 7 * max(interval, 1)
        case .everyNDays(let n): days = max(n, 1)
        case .cycle(let on, let off): days = on + off
        case .everyNHours, .asNeeded: return nil
        }
        return days > 0 && days <= 1_000 ? days : nil
    }

    /// The summary of day `number` (since 1970, on or after the start), walking forward.
    mutating func summary(_ number: Int, _ engine: WallClockEngine) -> SupplyTally.Day {
        guard let period else { return engine.daySummary(medication, LocalDate(daysSinceEpoch: number)) }
        if number >= until {
            until = changes.first { $0 > number } ?? Int.max
            cache = Array(repeating: nil, count: period)
        }
        let phase = (number - start) % period
        if let day = cache[phase] { return day }
        let day = engine.daySummary(medication, LocalDate(daysSinceEpoch: number))
        cache[phase] = day
        return day
    }
}

/// Which days lie near a change of a zone's UTC offset, from `Zone.transitions`, looked up 64
/// days at a time.
struct OffsetChanges {
    let zone: Zone
    private var block = Int.min
    /// Bit i: day i of the block is near a change.
    private var near: UInt64 = 0
    static let blockDays = 64

    init(zone: Zone) { self.zone = zone }

    /// Whether an offset change falls within a day and a half (plus the widest UTC offset) of
    /// day `day` (since 1970): then its doses, and its neighbours', may not follow local time
    /// order.
    mutating func changes(nearDay day: Int) -> Bool {
        let b = day >= 0 ? day / Self.blockDays : (day - Self.blockDays + 1) / Self.blockDays
        if b != block {
            block = b
            let margin = 3 * 86_400
            let instants = zone.transitions(
                from: b * Self.blockDays * 86_400 - margin, to: (b + 1) * Self.blockDays * 86_400 + margin
            )
            .map(\.instant)
            near = 0
            // Day d is near instant t when d's start - 1.5 days - 14 h <= t <= d's end + 1 day + 14 h.
            let first = b * Self.blockDays
            for t in instants {
                let from = max(-Self.floorDivision(-(t - 223_200), 86_400), first)
                let to = min(Self.floorDivision(t + 136_800, 86_400), first + Self.blockDays - 1)
                if from <= to { for d in from...to { near |= 1 << UInt64(d - first) } }
            }
        }
        return near & (1 << UInt64(day - b * Self.blockDays)) != 0
    }

    /// `a / n` rounded down (`n` > 0).
    static func floorDivision(_ a: Int, _ n: Int) -> Int { a >= 0 ? a / n : -((-a + n - 1) / n) }
}
