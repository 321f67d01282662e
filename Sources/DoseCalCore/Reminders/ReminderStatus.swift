import CalendarTime

/// Computes `MedicationStatus` at an instant: the library's side of `dosecal status`.
///
/// Pure: the instant and the grace period are parameters. A dose with no deciding log entry is
/// not recorded when the instant is strictly later than its time plus the grace period (at
/// exactly the end of the grace period it is still pending): `noEntryRule` says what that means.
public struct ReminderStatus: Sendable {
    public let engine: WallClockEngine
    /// The status instant, seconds since 1970.
    public let at: Int
    /// The grace period in seconds (default 2 hours).
    public let grace: Int
    /// How many next doses to list per medication.
    public let nextCount: Int

    public static let defaultGraceMinutes = 120

    /// The one rule for a past dose without a log entry, as `status` states it (decision 0135):
    /// the supply counts it as taken, adherence as not recorded; only a log entry makes it missed.
    public static let noEntryRule =
        "A past dose with no log entry counts as taken for pills left and as not recorded (not missed) for adherence."

    public init(schedule: Schedule, at: Int, graceMinutes: Int = ReminderStatus.defaultGraceMinutes, nextCount: Int = 3) {
        self.engine = WallClockEngine(schedule: schedule)
        self.at = at
        self.grace = graceMinutes * 60
        self.nextCount = nextCount
    }

    /// The status of every medication, in file order.
    public func statuses() -> [MedicationStatus] { engine.schedule.medications.map(status(of:)) }

    /// The status of one medication.
    public func status(of medication: Medication) -> MedicationStatus {
        let ledger = DoseLedger(engine: engine, medicationID: medication.id)
        let today = engine.home(of: medication).local(at: at).date
        let past = engine.occurrences(of: medication, from: today.adding(days: -31), to: today.adding(days: 1))
            .filter { $0.instant <= at && $0.instant > at - 30 * 86_400 }
            .map { dose(of: $0, ledger: ledger) }
        var next: [MedicationStatus.Dose] = []
        var from = today
        while next.count < nextCount, from <= today.adding(days: 800) {
            let upcoming = engine.occurrences(of: medication, from: from, to: from.adding(days: 31)).filter { $0.instant >= at }
            next += upcoming.prefix(nextCount - next.count).map { dose(of: $0, ledger: ledger) }
            if let end = medication.end, end <= from.adding(days: 31) { break }
            from = from.adding(days: 32)
        }
        let forecast = engine.supplyForecast(of: medication)
        var refillBy: Int? = nil
        if let due = forecast?.refillDue {
            refillBy = ZoneResolver.resolve(due, in: engine.personZone(of: medication, on: due.date)).instant
        }
        return MedicationStatus(
            medicationID: medication.id, pillsLeft: pillsLeft(of: medication, at: at, ledger: ledger), forecast: forecast,
            refillBy: refillBy, next: next,
            missed: past.filter { $0.occurrence.instant > at - 7 * 86_400 && $0.state == .logged(.missed) },
            notRecorded: past.filter { $0.occurrence.instant > at - 7 * 86_400 && $0.state == .notRecorded },
            week: adherence(past, days: 7), month: adherence(past, days: 30),
            asNeeded: AsNeededDoses(medication, log: engine.lookup.log(of: medication.id), until: at))
    }

    /// Units on hand at `instant`: the supply record, less every dose from the supply date on
    /// whose time is at or before `instant` and that the ledger counts as taken, less extra
    /// doses taken from the supply date to `instant`; never below 0. Nil without a supply record.
    public func pillsLeft(of medication: Medication, at instant: Int) -> Double? {
        pillsLeft(of: medication, at: instant, ledger: DoseLedger(engine: engine, medicationID: medication.id))
    }

    /// `pillsLeft(of:at:)` at each of `instants` (in any order), the doses expanded once up to
    /// the last of them: a chart of N days costs one expansion, not N.
    public func pillsLeft(of medication: Medication, atEach instants: [Int]) -> [Double]? {
        pillsLeft(of: medication, atEach: instants, ledger: DoseLedger(engine: engine, medicationID: medication.id))
    }

    private func pillsLeft(of medication: Medication, at instant: Int, ledger: DoseLedger) -> Double? {
        pillsLeft(of: medication, atEach: [instant], ledger: ledger)?.first
    }

    /// The units used, by instant: the doses the ledger counts as taken from the supply date to
    /// the day after `last`'s (home) date (a dose due before `last` where its person is ahead
    /// of home falls in it), and the extra doses from the supply date on; then a sweep over
    /// `instants` in time order.
    private func pillsLeft(of medication: Medication, atEach instants: [Int], ledger: DoseLedger) -> [Double]? {
        guard let supply = medication.supply else { return nil }
        guard let last = instants.max() else { return [] }
        let home = engine.home(of: medication)
        let until = home.local(at: last).date.adding(days: 2)
        var used: [(instant: Int, pills: Double)] = []
        if supply.asOf <= until {
            for dose in engine.occurrences(of: medication, from: supply.asOf, to: until) where ledger.consumes(dose) {
                used.append((dose.instant, dose.pills))
            }
        }
        for extra in ledger.extras where home.local(at: extra.instant).date >= supply.asOf {
            used.append((extra.instant, extra.pills))
        }
        used.sort { $0.instant < $1.instant }
        var result = [Double](repeating: 0, count: instants.count)
        var (next, left) = (0, supply.pills)
        for index in instants.indices.sorted(by: { instants[$0] < instants[$1] }) {
            while next < used.count && used[next].instant <= instants[index] {
                left -= used[next].pills
                next += 1
            }
            result[index] = max(0, left)
        }
        return result
    }

    private func dose(of occurrence: Occurrence, ledger: DoseLedger) -> MedicationStatus.Dose {
        let state: MedicationStatus.DoseState
        if let logged = ledger.status(of: occurrence) {
            state = .logged(logged)
        } else if at > occurrence.instant + grace {
            state = .notRecorded
        } else {
            state = .pending
        }
        return MedicationStatus.Dose(occurrence: occurrence, date: engine.localDate(of: occurrence), state: state)
    }

    private func adherence(_ doses: [MedicationStatus.Dose], days: Int) -> Adherence {
        var result = Adherence(days: days)
        for d in doses where d.occurrence.instant > at - days * 86_400 {
            switch d.state {
            case .logged(.taken): result.taken += 1
            case .logged(.skipped): result.skipped += 1
            case .logged(.missed): result.missed += 1
            case .notRecorded: result.notRecorded += 1
            case .pending: result.pending += 1
            }
        }
        return result
    }
}
