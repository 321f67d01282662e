import CalendarTime

/// The dose log read as decisions about scheduled doses (docs/reminders.md, decision 0010).
///
/// An entry with `slot` and `date` is about the dose of that slot on that dose day; when the slot
/// has several doses that day (every N hours) it is about the one nearest to the entry's `at`.
/// Several entries about one dose: the last in file order decides, so a dose recorded as missed
/// is corrected by appending a `taken` entry. A `taken` entry about no scheduled dose (no slot or
/// date, or no dose there) is an extra dose: it still uses up pills.
public struct DoseLedger: Sendable {
    /// One scheduled dose: medication, slot and the instant it fires.
    public struct Key: Sendable, Hashable {
        public var slot: SlotKey
        public var medicationID: String { slot.medicationID }
        public var slotID: String { slot.slotID }
        public var instant: Int
        public init(medicationID: String, slotID: String, instant: Int) {
            self.slot = SlotKey(medicationID: medicationID, slotID: slotID)
            self.instant = instant
        }
        public init(_ occurrence: Occurrence) {
            self.init(medicationID: occurrence.medicationID, slotID: occurrence.slotID, instant: occurrence.instant)
        }
    }

    /// An extra dose: a taken entry that is about no scheduled dose.
    public struct ExtraDose: Sendable, Hashable {
        public var medicationID: String
        /// When it was taken, seconds since 1970.
        public var instant: Int
        /// What it used up of the supply: the medication's dose (of the entry's slot, if it names
        /// one) on the date of `instant` in its person's home zone.
        public var pills: Double
    }

    /// The deciding status of each dose the log is about.
    public private(set) var statuses: [Key: DoseLogEntry.Status] = [:]
    /// The `at` of each dose's deciding entry (when it was taken, or recorded), seconds since 1970.
    public private(set) var decidedAt: [Key: Int] = [:]
    /// Taken entries about no scheduled dose, in file order.
    public private(set) var extras: [ExtraDose] = []

    /// Reads the log of `engine.schedule` (only entries about `medicationID` when given).
    public init(engine: WallClockEngine, medicationID: String? = nil) {
        let schedule = engine.schedule
        var doses: [String: [Occurrence]] = [:]
        for entry in medicationID.map(engine.lookup.log(of:)) ?? schedule.log {
            guard let medication = engine.lookup.medication(entry.medication) else { continue }
            let at = Int(entry.at.timeIntervalSince1970.rounded(.down))
            var dose: Occurrence? = nil
            if let slot = entry.slot, let date = entry.date {
                let cacheKey = "\(medication.id)\u{1F}\(date)"
                if doses[cacheKey] == nil { doses[cacheKey] = engine.occurrences(of: medication, from: date, to: date) }
                dose = doses[cacheKey]!.filter { $0.slotID == slot && engine.localDate(of: $0) == date }
                    .min { (abs($0.instant - at), $0.instant) < (abs($1.instant - at), $1.instant) }
            }
            if let dose {
                statuses[Key(dose)] = entry.status
                decidedAt[Key(dose)] = at
            } else if entry.status == .taken {
                let pills = engine.pills(of: medication, slot: entry.slot, on: engine.home(of: medication).local(at: at).date)
                extras.append(ExtraDose(medicationID: medication.id, instant: at, pills: pills))
            }
        }
    }

    /// The deciding status of `dose`, nil when the log says nothing about it.
    public func status(of dose: Occurrence) -> DoseLogEntry.Status? { statuses[Key(dose)] }

    /// Whether the supply counts `dose` as taken: every scheduled dose is, unless the log's
    /// deciding entry says skipped or missed.
    public func consumes(_ dose: Occurrence) -> Bool {
        switch status(of: dose) {
        case .skipped?, .missed?: return false
        case .taken?, nil: return true
        }
    }
}
