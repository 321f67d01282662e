import ICal

/// Plain words for changes and conflicts, naming the medication as the person's schedule does
/// (these lines are the user's own requested output, never a log line).
struct ChangeText: Sendable {
    let medication: Medication
    let engine: WallClockEngine
    /// The home zone of the medication's person: fixed-interval and every-N-hours doses are
    /// dated in it.
    var home: Zone { engine.home(of: medication) }

    /// The zone a dose of the medication on `date` is read in (the home zone for fixed interval).
    func zone(on date: LocalDate) -> Zone {
        engine.zoneID(of: medication, on: date).flatMap { Zone($0) } ?? home
    }

    /// The wall-clock time and date of `instant` in the dose's zone.
    func local(_ instant: Int, on date: LocalDate) -> LocalDateTime {
        zone(on: date).local(at: instant)
    }

    /// "Metformin 08:00": the medication and the slot's time on `date`.
    func label(_ slot: DoseSlot, on date: LocalDate) -> String {
        "\(medication.name) \(engine.time(of: slot, in: medication, on: date))"
    }

    /// "08:30", or "no dose".
    func value(_ dose: DoseView.Dose?, on date: LocalDate) -> String {
        guard let dose else { return "no dose" }
        let t = local(dose.instant, on: date)
        return t.date == date ? "\(t.time)" : "\(t.date) \(t.time)"
    }
}
