public import CalendarTime

/// The moves of the gradual time policy (decision 0231). After an itinerary stop each dose slot
/// leaves the old zone's wall clock for the new zone's by at most `maxShift` seconds a day (times
/// the days since the slot's previous dose), the way the clocks moved (earlier after a trip east,
/// later after one west), so every dose keeps its day and slot: no day gains or loses a dose.
/// Once a slot is on the new wall clock it follows it, daylight-saving changes included, until
/// the next stop; a stop on the way starts from where the slot is.
///
/// A dose's move is its `shift`: the seconds it fires after its wall-clock time read in the zone
/// of its day. The zones come as "the zone the person is in on a date" and the dates that zone
/// changes on, so any source of zones serves (the schedule's itinerary, a person's own).
public struct GradualShift: Sendable {
    /// Seconds each moved dose fires after its wall-clock reading, by slot ID and dose day; a dose
    /// not listed fires at its wall-clock time.
    public private(set) var shifts: [String: [LocalDate: Int]] = [:]

    /// The moves of `medication` whose doses move by at most `maxShift` seconds a day, where
    /// `zone` gives the zone of each date, `stops` the dates it may change on and `time` each
    /// slot's time on a date (a taper step may change it).
    public init(
        medication: Medication, maxShift: Int, stops: [LocalDate], zone: (LocalDate) -> Zone,
        time: (DoseSlot, LocalDate) -> LocalTime
    ) {
        let changes = Set(stops.filter { $0 > medication.start && $0 <= (medication.end ?? $0) }).sorted()
        guard maxShift > 0, !changes.isEmpty else { return }
        withoutActuallyEscaping(zone) { zone in
            withoutActuallyEscaping(time) { time in
                for slot in medication.times {
                    let walk = Walk(medication: medication, slot: slot, maxShift: maxShift, zone: zone, time: time)
                    let moves = walk.moves(changes: changes)
                    if !moves.isEmpty { shifts[slot.id] = moves }
                }
            }
        }
    }

    /// The shift of the dose of `slotID` on `day`.
    public func shift(of slotID: String, on day: LocalDate) -> Int { shifts[slotID]?[day] ?? 0 }

    /// One slot's doses walked from the last dose before a stop until they are on the wall clock.
    private struct Walk {
        let medication: Medication
        let slot: DoseSlot
        let maxShift: Int
        let zone: (LocalDate) -> Zone
        let time: (DoseSlot, LocalDate) -> LocalTime

        /// A walked dose: its day, the offset it fires at (its local reading minus its instant)
        /// and whether that is its day's own wall clock.
        typealias Step = (day: LocalDate, offset: Int, settled: Bool)

        /// The offset that puts the dose of `day` on that day's wall clock (RFC 5545 reading).
        func target(_ day: LocalDate) -> Int {
            let local = LocalDateTime(date: day, time: time(slot, day))
            return local.secondsSinceEpoch - ZoneResolver.resolve(local, in: zone(day)).instant
        }

        func isDoseDay(_ day: LocalDate) -> Bool {
            medication.recurrence.includes(day, start: medication.start) && slot.isActive(on: day)
                && day <= (medication.end ?? day)
        }

        /// The slot's first dose day after `day`, nil when it has none.
        func doseDay(after day: LocalDate) -> LocalDate? {
            guard let next = medication.recurrence.firstDay(onOrAfter: day.adding(days: 1), start: medication.start),
                isDoseDay(next)
            else { return nil }
            return next
        }

        /// The slot's last dose day before `day` and on or after `floor`.
        func doseDay(before day: LocalDate, floor: LocalDate) -> LocalDate? {
            var d = day.adding(days: -1)
            var steps = 0
            while d >= floor && steps < 3700 {
                if isDoseDay(d) { return d }
                d = d.adding(days: -1)
                steps += 1
            }
            return nil
        }

        /// The shift of every dose that is not on its wall clock, by dose day.
        func moves(changes: [LocalDate]) -> [LocalDate: Int] {
            var result: [LocalDate: Int] = [:]
            var last: Step? = nil
            for change in changes {
                // Already walked past this stop (a move under way crossed it).
                if let last, last.day >= change { continue }
                if last == nil || last!.settled {
                    // On the wall clock: the move starts from the last dose before the stop.
                    guard let day = doseDay(before: change, floor: last?.day ?? medication.start) else { continue }
                    last = (day, target(day), true)
                }
                var steps = 0
                while let step = last, steps < 4000, let day = doseDay(after: step.day) {
                    steps += 1
                    let goal = target(day)
                    let crossed = changes.contains { $0 > step.day && $0 <= day }
                    var offset = goal
                    if !step.settled || crossed {
                        let room = maxShift * step.day.days(to: day)
                        offset = step.offset + min(max(goal - step.offset, -room), room)
                    }
                    if offset != goal { result[day] = goal - offset }
                    last = (day, offset, offset == goal)
                    if offset == goal && day >= change { break }
                }
            }
            return result
        }
    }
}
