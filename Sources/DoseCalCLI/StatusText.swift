import DoseCal
import ICal

/// The text of `dosecal status`: one block per medication, times in the zone of each dose.
struct StatusText {
    var schedule: Schedule
    var at: Int
    var grace: Int

    func text(_ statuses: [MedicationStatus]) -> String {
        let home = schedule.home
        let label = MedicationLabel(schedule: schedule, privacy: schedule.feed.privacy)
        let now = home.local(at: at)
        var lines = ["Status at \(now.date) \(hhmm(now.time)) \(schedule.homeZone) (grace \(grace) min)"]
        for s in statuses {
            guard let m = schedule.medications.first(where: { $0.id == s.medicationID }) else { continue }
            lines.append(label(m))
            if let left = s.pillsLeft, let supply = m.supply {
                lines.append("  pills left: \(amount(left)) (\(amount(supply.pills)) on \(supply.asOf))")
                if let runOut = s.forecast?.runOut, let refillBy = s.refillBy {
                    lines.append("  runs out: \(runOut); refill by \(local(refillBy))")
                } else {
                    lines.append("  runs out: not within 10 years or the course")
                }
            }
            if !s.next.isEmpty { lines.append("  next: " + s.next.map { local($0.occurrence) }.joined(separator: ", ")) }
            if !s.missed.isEmpty {
                // The five most recent; the count says how many there are.
                let shown = s.missed.suffix(5).map { d in
                    local(d.occurrence) + (d.state == .missedUnlogged ? " (no entry)" : " (logged)")
                }
                let more = s.missed.count > 5 ? ", and \(s.missed.count - 5) earlier" : ""
                lines.append("  missed (7 days): \(s.missed.count): " + shown.joined(separator: ", ") + more)
            }
            lines.append("  adherence: 7 days \(rate(s.week)); 30 days \(rate(s.month))")
        }
        return lines.joined(separator: "\n")
    }

    private func hhmm(_ t: WallTime) -> String { String(t.description.prefix(5)) }

    private func local(_ instant: Int, zone: Zone? = nil) -> String {
        let l = (zone ?? schedule.home).local(at: instant)
        return "\(l.date) \(hhmm(l.time))"
    }

    private func local(_ o: Occurrence) -> String { local(o.instant, zone: o.zone) }

    private func amount(_ x: Double) -> String { JSONNumber.text(x) }

    private func rate(_ a: Adherence) -> String {
        guard let r = a.rate else { return "no settled doses" }
        return "\(Int((r * 100).rounded()))% (\(a.taken) taken, \(a.skipped) skipped, \(a.missed) missed)"
    }
}
