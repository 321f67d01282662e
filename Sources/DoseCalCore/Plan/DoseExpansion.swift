public import CalendarTime

/// One expansion of a schedule's doses over a range of dose days, for callers that ask the
/// engine for the same days more than once (`check`'s expected doses and its notification plan):
/// `occurrences(ofMedicationAt:from:to:)` is `WallClockEngine.occurrences(of:from:to:)`.
///
/// A medication is expanded once when its doses over fewer days are provably those of the whole
/// range whose dose day lies in the fewer days, in the same order: wall-clock, floating and
/// pinned doses, day by day and not rescheduled (each day's doses depend on that day alone, and
/// a dose's `local` date is its day; the time order is a stable sort, so a slice keeps it). The
/// others (fixed interval, every N hours, rescheduled doses) and days outside the range are
/// expanded by the engine at each request.
public struct DoseExpansion: Sendable {
    public let engine: WallClockEngine
    public let from: LocalDate
    public let to: LocalDate
    /// Per medication (by index): its doses over `from...to`; absent when it is expanded per request.
    private let shared: [Int: [Occurrence]]

    /// - Parameter indices: the medications expanded (by index in the schedule); nil: every one.
    ///   The others are expanded by the engine at each request (`check` expands one medication
    ///   at a time, so that a year of many medications is never held at once).
    public init(engine: WallClockEngine, from: LocalDate, to: LocalDate, medicationsAt indices: [Int]? = nil) {
        self.engine = engine
        self.from = from
        self.to = to
        var shared: [Int: [Occurrence]] = [:]
        for index in indices ?? Array(engine.schedule.medications.indices) {
            let m = engine.schedule.medications[index]
            if DoseExpansion.isSliceable(m) { shared[index] = engine.occurrences(of: m, from: from, to: to) }
        }
        self.shared = shared
    }

    /// Whether `medication`'s doses over a range are those of a wider range with a dose day in it.
    static func isSliceable(_ medication: Medication) -> Bool {
        guard medication.rescheduled.isEmpty else { return false }
        if case .everyNHours = medication.recurrence { return false }
        return medication.timePolicy != .fixedInterval
    }

    /// The doses of the schedule's medication at `index` whose dose day is in `from...to`, in
    /// time order: `engine.occurrences(of:from:to:)`.
    public func occurrences(ofMedicationAt index: Int, from: LocalDate, to: LocalDate) -> [Occurrence] {
        guard let all = shared[index], from >= self.from, to <= self.to else {
            return engine.occurrences(of: engine.schedule.medications[index], from: from, to: to)
        }
        if from == self.from && to == self.to { return all }
        // Not one run of the array: after a trip east a day's first doses come before the
        // last ones of the day before.
        return all.filter { $0.local.date >= from && $0.local.date <= to }
    }

    /// `occurrences(ofMedicationAt:from:to:)` split by slot ID: each slot's doses in time order,
    /// the slots in the order of their first dose.
    public func slots(ofMedicationAt index: Int, from: LocalDate, to: LocalDate) -> [(id: String, doses: [Occurrence])] {
        let m = engine.schedule.medications[index]
        guard let all = shared[index], from >= self.from, to <= self.to else {
            return Self.split(engine.occurrences(of: m, from: from, to: to), slots: m.times.count) { _ in true }
        }
        return Self.split(all, slots: m.times.count) { $0.local.date >= from && $0.local.date <= to }
    }

    /// The doses `keep` keeps split by slot ID (each slot's in their order, the slots in the order
    /// of their first dose); `slots` is how many a medication has, for the room each needs.
    public static func split(
        _ doses: [Occurrence], slots count: Int, keeping keep: (Occurrence) -> Bool
    ) -> [(id: String, doses: [Occurrence])] {
        var slots: [(id: String, doses: [Occurrence])] = []
        for i in doses.indices where keep(doses[i]) {
            if let k = slots.firstIndex(where: { $0.id == doses[i].slotID }) {
                slots[k].doses.append(doses[i])
            } else {
                slots.append((doses[i].slotID, [doses[i]]))
                slots[slots.count - 1].doses.reserveCapacity(doses.count / max(1, count) + 1)
            }
        }
        return slots
    }
}
