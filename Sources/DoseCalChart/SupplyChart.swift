public import DoseCalCore

/// One person's supplies over time: per medication with a supply record, what is left at the
/// end of each day, the supply record's date, the refill warning and the run-out day
/// (docs/chart.md). Read through `ReminderStatus.pillsLeft(of:atEach:)` (one expansion per
/// medication, however many days) and
/// `WallClockEngine.supplyForecast(of:)`: the numbers `status` and the feed's refill warning give.
public struct SupplyChart: Sendable, Equatable {
    /// One medication's supply.
    public struct Line: Sendable, Equatable {
        /// "Warfarin 5 mg tablets", or "Medication 5" in privacy mode.
        public var label: String
        /// "tablets", "ml"; "pills" for a version 1 medication.
        public var unit: String
        /// What is left at the end of each day of the chart (nil before the supply record).
        public var left: [Double?]
        /// The supply record: the amount on hand at the start of its date.
        public var recorded: Double
        public var recordedOn: LocalDate
        /// When to refill (the warning's date) and the first day a dose cannot be covered; nil
        /// when it does not happen within the forecast's horizon (or the course ends first).
        public var refillBy: LocalDate?
        public var runOut: LocalDate?
    }

    public var person: ChartPerson
    public var days: [LocalDate]
    public var lines: [Line]

    /// The most days one supply chart shows.
    public static let mostDays = 366

    public init(person: ChartPerson, from: LocalDate, to: LocalDate) throws(ChartError) {
        let count = from.days(to: to) + 1
        guard (1...Self.mostDays).contains(count) else {
            throw ChartError.range(from: "\(from)", to: "\(to)", most: Self.mostDays, view: "supply")
        }
        self.person = person
        days = (0..<count).map { from.adding(days: $0) }
        let status = ReminderStatus(schedule: person.schedule, at: 0)
        let engine = WallClockEngine(schedule: person.schedule)
        var lines: [Line] = []
        for m in person.medications {
            guard let supply = m.supply else { continue }
            let timeline = engine.timeline(of: m)
            let counted = days.filter { $0 >= supply.asOf }
            let ends = counted.map { day in
                let midnight = LocalDateTime(date: day.adding(days: 1), time: LocalTime(hour: 0, minute: 0)!)
                return ZoneResolver.resolve(midnight, in: timeline.zone(on: day.adding(days: 1))).instant - 1
            }
            let amounts = status.pillsLeft(of: m, atEach: ends) ?? []
            let left = [Double?](repeating: nil, count: days.count - counted.count) + amounts.map { Optional($0) }
            let forecast = engine.supplyForecast(of: m)
            lines.append(
                Line(
                    label: person.label(m), unit: MedicationWords(m)?.supplyUnits ?? "pills", left: left,
                    recorded: supply.pills, recordedOn: supply.asOf, refillBy: forecast?.refillDue?.date,
                    runOut: forecast?.runOut))
        }
        self.lines = lines
    }
}
