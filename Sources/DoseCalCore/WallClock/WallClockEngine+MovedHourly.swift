/// One moved dose of an every-N-hours slot (decision 0138): a `rescheduled` entry names it by
/// slot, date and `at`, its original time that day in its person's home zone, since such a slot has several doses
/// a day.
extension WallClockEngine {
    /// The instants of the slot's scheduled (not moved) doses on `r.date` whose home-zone time is
    /// `r.at`: one for a valid entry; none, or two on a day the clocks go back, for a wrong one.
    public func originalInstants(of r: RescheduledDose, in medication: Medication) -> [Int] {
        guard let at = r.at else { return [] }
        let home = home(of: medication)
        return scheduledOccurrences(of: medication, from: r.date, to: r.date).filter { o in
            o.slotID == r.slot && home.local(at: o.instant) == LocalDateTime(date: r.date, time: at)
        }.map(\.instant)
    }

    /// `scheduled` with each dose a `rescheduled` entry names moved (matched by original instant).
    func movedHourly(_ scheduled: [Occurrence], in medication: Medication) -> [Occurrence] {
        var moves: [String: RescheduledDose] = [:]
        for r in medication.rescheduled {
            guard let instant = originalInstants(of: r, in: medication).first else { continue }
            moves["\(r.slot) \(instant)"] = r
        }
        guard !moves.isEmpty else { return scheduled }
        return scheduled.map { o in moves["\(o.slotID) \(o.instant)"].map { moved(o, to: $0, in: medication) } ?? o }
            .sorted { ($0.instant, $0.slotID) < ($1.instant, $1.slotID) }
    }
}
