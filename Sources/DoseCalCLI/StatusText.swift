import DoseCal

/// The text of `dosecal status`: one block per medication (saying whose it is in a schedule with
/// people), times in the zone of each dose; the zone is named where it is not the heading's (the
/// zone the person is in at the status time: the person named, else the schedule's). The
/// medications of several people come person by person, in the order of `people`, each person
/// under a line with their local time and zone, which their times are then read against.
struct StatusText {
    let schedule: Schedule
    let at: Int
    let grace: Int
    /// Where the heading's person is.
    let timeline: ZoneTimeline
    /// The schedule's engine, made once: its lookups by medication serve every block.
    private let engine: WallClockEngine

    init(schedule: Schedule, at: Int, grace: Int, timeline: ZoneTimeline) {
        self.schedule = schedule
        self.at = at
        self.grace = grace
        self.timeline = timeline
        engine = WallClockEngine(schedule: schedule)
    }

    /// The zone the heading names: where the person is at `at`.
    private var here: Zone { timeline.zone(at: at) }

    func text(_ statuses: [MedicationStatus]) -> String {
        let label = MedicationLabel(schedule: schedule, privacy: schedule.feed.privacy)
        var lines = ["Status at \(timeline.time(at: at)) (grace \(grace) min)", ReminderStatus.noEntryRule]
        for (person, group) in byPerson(statuses) {
            // Several people: each person's medications under a line saying where they are, their
            // times in that zone.
            var zone = here
            if let person {
                let personal = schedule.timeline(of: person)
                zone = personal.zone(at: at)
                let name = PersonWords(person, in: schedule, privacy: schedule.feed.privacy).name
                lines += ["", "\(name): \(personal.time(at: at))"]
            }
            for s in group {
                guard let m = engine.lookup.medication(s.medicationID) else { continue }
                lines.append(label(m))
                lines += block(s, of: m, here: zone)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The statuses by person, in the order of `people`, when they are of more than one person;
    /// else one group of no one, in the order given.
    private func byPerson(_ statuses: [MedicationStatus]) -> [(Person?, [MedicationStatus])] {
        let people = statuses.map { s in engine.lookup.medication(s.medicationID).flatMap { schedule.person(of: $0) } }
        guard Set(people.map { $0?.id }).count > 1 else { return [(nil, statuses)] }
        return schedule.people.compactMap { person in
            let group = zip(statuses, people).filter { $0.1?.id == person.id }.map(\.0)
            return group.isEmpty ? nil : (person, group)
        }
    }

    /// The lines under a medication's label, times named with their zone where it is not `here`.
    private func block(_ s: MedicationStatus, of m: Medication, here: Zone) -> [String] {
        var lines: [String] = []
        if let left = s.pillsLeft, let supply = m.supply {
            // In the supply's unit: "ml left", "tablets left" (version 1: pills).
            let units = MedicationWords(m)?.supplyUnits ?? "pills"
            lines.append("  \(units) left: \(amount(left)) (\(amount(supply.pills)) on \(supply.asOf))")
            if let runOut = s.forecast?.runOut, let refillBy = s.refillBy {
                let refill = engine.timeline(of: m).time(at: refillBy)
                lines.append("  runs out: \(runOut); refill by \(refill.text(besides: here))")
            } else if s.asNeeded == nil {
                lines.append("  runs out: not within 10 years or the course")
            }
        }
        if !s.next.isEmpty {
            lines.append("  next: " + s.next.map { local($0.occurrence, here) }.joined(separator: ", "))
        }
        lines += doses("missed", s.missed, here)
        lines += doses("not recorded", s.notRecorded, here)
        lines += seen(m, here)
        if let doses = s.asNeeded { return lines + [asNeeded(doses, of: m)] }
        return lines + ["  adherence: 7 days \(rate(s.week)); 30 days \(rate(s.month))"]
    }

    /// "  missed (7 days): 2: 2026-03-01 08:00, 2026-03-02 08:00", the five most recent; the
    /// count says how many there are.
    private func doses(_ title: String, _ doses: [MedicationStatus.Dose], _ here: Zone) -> [String] {
        guard !doses.isEmpty else { return [] }
        let shown = doses.suffix(5).map { local($0.occurrence, here) }
        let more = doses.count > 5 ? ", and \(doses.count - 5) earlier" : ""
        return ["  \(title) (7 days): \(doses.count): " + shown.joined(separator: ", ") + more]
    }

    /// "  as needed: 2 doses in the last 24 hours (at most 3); next dose allowed 2026-03-02 14:00".
    private func asNeeded(_ doses: AsNeededDoses, of m: Medication) -> String {
        let count = doses.lastDay(at: at).count
        var line = "  as needed: \(count) dose\(count == 1 ? "" : "s") in the last 24 hours"
        if let most = doses.maxPerDay { line += " (at most \(most))" }
        guard let next = doses.nextAllowed, next > at else { return line + "; a dose is allowed now" }
        // In the zone the medication's person is in then (travel moves the clock, not the instant).
        return line + "; next dose allowed \(engine.timeline(of: m).time(at: next))"
    }

    /// "  08:00 dose: reminder seen at 08:12 on a calendar (2026-12-02)", the latest per slot, in
    /// the zone the person was in then; a hint only, never counted as taken.
    private func seen(_ m: Medication, _ here: Zone) -> [String] {
        engine.lookup.seen(of: m.id).compactMap { hint in
            guard let slot = m.times.first(where: { $0.id == hint.slot }) else { return nil }
            let seen = engine.timeline(of: m).time(at: hint.at)
            let time = engine.time(of: slot, in: m, on: hint.date ?? seen.date)
            return "  \(hhmm(time)) dose: reminder seen at \(seen.clock(besides: here)) on a calendar (\(seen.date))"
        }
    }

    private func hhmm(_ t: LocalTime) -> String { String(t.description.prefix(5)) }

    /// The dose's local date and time, with its zone when it is not `here`.
    private func local(_ o: Occurrence, _ here: Zone) -> String { engine.time(of: o).text(besides: here) }

    private func amount(_ x: Double) -> String { JSONNumber.text(x) }

    /// "93% of recorded doses (13 taken, 0 skipped, 1 missed), 2 not recorded", or "no dose
    /// recorded, 14 not recorded" (the rule line above says what not recorded means).
    private func rate(_ a: Adherence) -> String {
        let unrecorded = a.notRecorded > 0 ? ", \(a.notRecorded) not recorded" : ""
        guard let r = a.rate else { return "no dose recorded" + unrecorded }
        return "\(Int((r * 100).rounded()))% of recorded doses (\(a.taken) taken, \(a.skipped) skipped, \(a.missed) missed)"
            + unrecorded
    }
}
