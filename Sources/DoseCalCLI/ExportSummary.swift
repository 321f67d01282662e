import DoseCal

/// The few lines printed after an export: what was written, the next doses, the supply.
/// In privacy mode medications and people are numbered, never named.
struct ExportSummary {
    /// What was exported (one person's medications with `--person`).
    var schedule: Schedule
    var feed: WrittenFeed
    var privacy: Bool
    var now: Int
    /// The whole schedule, whose names and numbers the lines use.
    var whole: Schedule
    /// Where the heading's person is (the person exported, else the schedule's).
    var timeline: ZoneTimeline

    func label(_ m: Medication) -> String { MedicationLabel(schedule: whole, privacy: privacy)(m) }

    func text(output: String) -> String {
        let doses = feed.items.filter { if case .dose = $0.kind { return true } else { return false } }.count
        let warnings = feed.items.count - doses
        let zones = feed.zones
        var lines = [
            "Wrote \(output): \(doses) recurring dose event\(doses == 1 ? "" : "s") and \(warnings) refill warning\(warnings == 1 ? "" : "s") for \(schedule.medications.count) medication\(schedule.medications.count == 1 ? "" : "s")"
                + (zones.isEmpty ? "." : " (time zones: \(zones.joined(separator: ", "))).")
        ]
        let engine = WallClockEngine(schedule: schedule)
        let today = timeline.localDate(at: now)
        // In the zone of each dose; the heading names the zone the person is in now.
        let here = timeline.zone(at: now)
        let upcoming = engine.occurrences(from: today.adding(days: -1), to: today.adding(days: 7)).filter { $0.instant >= now }
            .prefix(5)
        if !upcoming.isEmpty {
            lines.append("Next doses (\(here)):")
            for o in upcoming {
                guard let m = schedule.medications.first(where: { $0.id == o.medicationID }) else { continue }
                let t = engine.time(of: o)
                let zone = t.zone == here ? "" : " \(t.zone)"
                lines.append("  \(t.date) \(t.date.weekday.rawValue.capitalized) \(t.local.time)\(zone)  \(label(m))")
            }
        }
        var supplyLines: [String] = []
        for m in schedule.medications {
            guard let f = engine.supplyForecast(of: m) else { continue }
            if let runOut = f.runOut, let due = f.refillDue {
                let refill = engine.personZone(of: m, on: due.date)
                let zone = refill == here ? "" : " \(refill)"
                supplyLines.append("  \(label(m)): runs out on \(runOut); refill reminder \(due.date) at \(due.time)\(zone)")
            } else {
                supplyLines.append("  \(label(m)): enough for the next 10 years or the whole course")
            }
        }
        if !supplyLines.isEmpty {
            lines.append("Supply:")
            lines += supplyLines
        }
        return lines.joined(separator: "\n")
    }
}
