import CalendarTime

/// What one refill recorded (docs/reminders.md §4): the schedule with the medication's supply
/// counted again, and that supply record.
public struct RefillRecord: Sendable {
    /// The schedule with the new supply record.
    public var schedule: Schedule
    /// The medication refilled, as it is in `schedule`.
    public var medication: Medication
    /// The new supply record: the units on hand at the start of the refill day.
    public var supply: Supply
    /// The units added.
    public var added: Double
    /// When the refill happened, seconds since 1970.
    public var at: Int

    public init(schedule: Schedule, medication: Medication, supply: Supply, added: Double, at: Int) {
        self.schedule = schedule
        self.medication = medication
        self.supply = supply
        self.added = added
        self.at = at
    }

    /// The run-out date with the new supply (nil: not within the forecast's horizon).
    public var runOut: LocalDate? { WallClockEngine(schedule: schedule).supplyForecast(of: medication)?.runOut }

    /// What `dosecal refill --json` prints: `medication` (its position in privacy mode),
    /// `added`, `at` (RFC 3339 UTC), `local`, `zone`, `supply` (as the file holds it), `runOut`
    /// (a date or null), `refillBy` and `refillByLocal` (the refill reminder, or null), `backup`.
    public func json(privacy: Bool, backup: String?) -> String {
        let engine = WallClockEngine(schedule: schedule)
        var o = ObjectBuilder()
        o.add("medication", .string(privacy ? schedule.positionalName(of: medication.id) ?? "Medication" : medication.id))
        o.add("added", .number(added))
        LogRecord.add(engine.timeline(of: medication).time(at: at), to: &o)
        o.add("supply", ScheduleEncoder.supply(supply, of: medication, version: ScheduleEncoder.writtenVersion(schedule)))
        let forecast = engine.supplyForecast(of: medication)
        o.add("runOut", forecast?.runOut.map { .string($0.description) } ?? .null)
        let refillBy = forecast?.refillDue.map {
            let zone = engine.personZone(of: medication, on: $0.date)
            return ZonedTime(ZoneResolver.resolve($0, in: zone).instant, in: zone)
        }
        o.add("refillBy", refillBy.map { .string(RFC3339.utc($0.instant)) } ?? .null)
        o.add("refillByLocal", refillBy.map { .string($0.rfc3339) } ?? .null)
        o.add("backup", backup.map { .string($0) } ?? .null)
        return JSONWriter.document(o.value)
    }
}
