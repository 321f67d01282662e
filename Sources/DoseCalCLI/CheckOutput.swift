import CalendarTime
import DoseCal

/// How a `CheckReport` is shown: a table grouped by day, or JSON.
struct CheckOutput {
    /// The whole schedule (not one narrowed to `person`): names and numbers are the file's.
    var schedule: Schedule
    var report: CheckReport
    var checked: String
    /// Privacy mode: medications are "Medication 1", "Medication 2"... in the order of the file,
    /// people "Person 1"...
    var privacy: Bool
    var zoneData: ZoneDataVersions
    /// The person the check is narrowed to (`--person`), nil for the whole schedule.
    let person: Person?
    /// Medications by ID in `schedule`.
    let lookup: ScheduleLookup

    init(
        schedule: Schedule, report: CheckReport, checked: String, privacy: Bool, zoneData: ZoneDataVersions,
        person: Person? = nil
    ) {
        self.schedule = schedule
        self.report = report
        self.checked = checked
        self.privacy = privacy
        self.zoneData = zoneData
        self.person = person
        lookup = ScheduleLookup(schedule)
    }

    /// "Metformin"; with people "Mia — Amoxicillin" (privacy mode: "Person 1 — Medication 2").
    func label(_ medicationID: String) -> String {
        let m = lookup.medication(medicationID)
        let name = privacy ? lookup.positionalName(of: medicationID) ?? medicationID : m?.name ?? medicationID
        return m.flatMap { PersonWords(of: $0, in: schedule, privacy: privacy) }?.title(name) ?? name
    }

    /// The medication as `--json` names it: its id, or its position in privacy mode.
    func jsonName(_ medicationID: String) -> String {
        privacy ? lookup.positionalName(of: medicationID) ?? medicationID : medicationID
    }

    /// The home zone of the medication's person (fixed-interval doses are read in it).
    func home(of medicationID: String) -> Zone {
        lookup.medication(medicationID).map { schedule.timeline(of: $0).home } ?? schedule.home
    }

    /// `08:00 EDT` style local time of `instant` in `zone` (for nil, the home zone of the
    /// medication's person), with the UTC time.
    func clock(_ instant: Int?, zone: Zone?, of medicationID: String) -> String {
        guard let instant else { return "none" }
        let local = (zone ?? home(of: medicationID)).local(at: instant)
        return "\(local.time.shortText) (\(LocalDateTime(secondsSinceEpoch: instant).time.shortText)Z)"
    }

    static func minutes(_ delta: Int) -> String {
        let m = delta / 60
        let sign = m < 0 ? "-" : "+"
        let a = abs(m)
        return a % 60 == 0 ? "\(sign)\(a / 60) h" : a >= 60 ? "\(sign)\(a / 60) h \(a % 60) min" : "\(sign)\(a) min"
    }

    // MARK: Table

    func table(all: Bool) -> String {
        var out: [String] = []
        let expected = report.counts.expected
        // A check the budget cut says so before anything else.
        if let cut = report.cut {
            out.append(Self.incomplete(cut, unchecked: report.count(.unchecked), home: schedule.home) + "\n")
        }
        out.append("Checked \(checked): dose days \(report.from) to \(report.to), home zone \(schedule.homeZone).")
        let unchecked = report.cut == nil ? "" : ", \(report.count(.unchecked)) not checked"
        out.append(
            "\(expected) doses expected: \(report.count(.ok)) fire as promised, \(report.count(.moved)) at another time, "
                + "\(report.count(.missing)) missing\(unchecked); \(report.count(.extra)) extra and "
                + "\(report.count(.duplicate)) duplicate reminders.")
        if !report.spacing.isEmpty {
            let n = report.spacing.count
            out.append(
                "\(n) \(n == 1 ? "pair" : "pairs") of consecutive doses \(n == 1 ? "is" : "are") closer together or further apart than the medication allows (see Spacing)."
            )
        }
        if report.foreignSeries > 0 {
            let n = report.foreignSeries
            out.append(
                n == 1
                    ? "1 event in the calendar is not dosecal's and was left out."
                    : "\(n) events in the calendar are not dosecal's and were left out.")
        }
        let shown = all ? report.doses : report.doses.filter(\.needsAttention)
        if shown.isEmpty {
            out.append("Nothing needs attention.")
        } else {
            out.append(all ? "" : "\nNeeds attention:")
        }
        var currentDay: LocalDate? = nil
        for row in shown {
            let day = row.day ?? home(of: row.medicationID).local(at: row.calendar ?? 0).date
            if day != currentDay {
                out.append("\(day) \(day.weekday.name)")
                currentDay = day
            }
            out.append(contentsOf: lines(for: row))
        }
        out.append(contentsOf: spacingLines())
        out.append(contentsOf: travel())
        if !report.warnings.isEmpty {
            out.append("\nWarnings:")
            out.append(contentsOf: report.warnings.map { "  - " + $0 })
        }
        out.append("\n" + zoneData.summary)
        return out.joined(separator: "\n")
    }

    /// One paragraph per trip in the window: what a feed left in the home zone, a floating feed
    /// and dosecal's re-exported feed do there; in a schedule with people, per group of people
    /// who travel alike ("From 2026-12-05 in Asia/Tokyo (Mia, Alex):").
    private func travel() -> [String] {
        var out: [String] = []
        for group in travellers() {
            let (timeline, stops) = (group.timeline, group.timeline.stops)
            let whose = group.names.isEmpty ? "" : " (\(group.names.joined(separator: ", ")))"
            for (index, stop) in stops.enumerated() where stop.from <= report.to {
                let until = index + 1 < stops.count ? stops[index + 1].from.adding(days: -1) : report.to
                guard until >= report.from, stop.zone != timeline.home else { continue }
                let rows = group.people.reduce(0) { n, id in
                    n + (report.rowsPerDay[id]?.total(from: stop.from, through: until) ?? 0)
                }
                // Rows with notes are kept whichever rows the report keeps.
                let drifting = report.doses.compactMap { row -> (DoseCheck, Int)? in
                    guard group.medications.contains(row.medicationID), let day = row.day, day >= stop.from && day <= until
                    else { return nil }
                    for note in row.notes { if case .homeZone(let i) = note { return (row, i) } }
                    return nil
                }
                if out.isEmpty { out.append("\nTravel:") }
                out.append("  From \(stop.from) in \(stop.zone)\(whose):")
                if let (row, instant) = drifting.first, let expected = row.expected {
                    let shown = stop.zone.local(at: instant).time.shortText
                    out.append(
                        "    a feed left in \(timeline.home) fires \(drifting.count) of \(rows) doses at other times "
                            + "(\(row.local?.time.shortText ?? "") at \(shown) local, \(Self.minutes(instant - expected))).")
                } else {
                    out.append("    a feed left in \(timeline.home) fires these doses on time (no wall-clock dose moves).")
                }
                out.append(
                    "    a floating feed fires at the right local time on Apple devices only; others show it in UTC or the calendar's zone."
                )
                out.append(
                    "    dosecal's feed starts new series on \(stop.from) in \(stop.zone): re-export (or sync) before you travel."
                )
                out += gradualLines(
                    from: stop.from, until: index + 1 < stops.count ? stops[index + 1].from : nil, zone: stop.zone,
                    medications: group.medications)
            }
        }
        return out
    }

    /// Who travels alike: the schedule's people grouped by where they are (the checked person
    /// only, with `--person`), each group with its names, person IDs (as `CheckReport.rowsPerDay`
    /// keys them) and medications; one nameless group of every medication for a schedule
    /// without people.
    private func travellers() -> [Travellers] {
        let people = person.map { [$0] } ?? schedule.people
        guard !people.isEmpty else {
            let everyone = Array(report.rowsPerDay.keys)
            return [
                Travellers(
                    names: [], people: everyone, timeline: schedule.timeline(of: nil),
                    medications: Set(schedule.medications.map(\.id)))
            ]
        }
        var groups: [Travellers] = []
        for p in people {
            let timeline = schedule.timeline(of: p)
            let name = PersonWords(p, in: schedule, privacy: privacy).name
            let ids = Set(schedule.medications(of: p.id).map(\.id))
            if let i = groups.firstIndex(where: { $0.timeline == timeline }) {
                groups[i].names.append(name)
                groups[i].people.append(p.id)
                groups[i].medications.formUnion(ids)
            } else {
                groups.append(Travellers(names: [name], people: [p.id], timeline: timeline, medications: ids))
            }
        }
        return groups
    }

    /// People who travel alike.
    private struct Travellers {
        var names: [String]
        var people: [String?]
        var timeline: ZoneTimeline
        var medications: Set<String>
    }

    /// The first words of a check the expansion budget cut.
    static func incomplete(_ cut: ExpansionCut, unchecked: Int, home: Zone) -> String {
        let libical = cut.libicalSeries.count
        guard cut.leavesDosesUnchecked else {
            return "Every dose was checked, but libical's own expansion (a comparison only) ran out of its budget "
                + "(\(cut.limit) steps) and left out \(libical) events: their doses have no libical comparison."
        }
        var what: [String] = []
        if !cut.series.isEmpty { what.append("\(cut.series.count) events (by UID) of the calendar were not expanded") }
        if let until = cut.until { what.append("nothing from \(home.local(at: until).date) (\(home)) on was expanded") }
        if libical > 0 { what.append("libical's own expansion left out \(libical) events") }
        return "NOT CHECKED IN FULL: the expansion budget (\(cut.limit) instances) ran out, so "
            + "\(what.joined(separator: "; ")). \(unchecked) doses are not checked, and none of them is counted as "
            + "missing. Check a shorter window (--from, --to) to check every dose."
    }

    /// For each of `medications` moving gradually: the day it is on `zone`'s wall clock after the
    /// stop on `from`, or that it is not before the next stop (`until`).
    private func gradualLines(from: LocalDate, until: LocalDate?, zone: Zone, medications: Set<String>) -> [String] {
        let engine = WallClockEngine(schedule: schedule)
        return schedule.medications.compactMap { m -> String? in
            guard medications.contains(m.id), let moves = engine.gradualShift(of: m), let perDay = m.timePolicy.maxShiftPerDay
            else { return nil }
            let days = moves.shifts.values.flatMap(\.keys).filter { day in day >= from && until.map { day < $0 } ?? true }
            guard let last = days.max() else { return nil }
            let pace = Self.minutes(perDay).dropFirst()
            let reached = until.map { last.adding(days: 1) < $0 } ?? true
            return "    \(label(m.id)) moves toward \(zone) time by at most \(pace) a day: "
                + (reached ? "on it from the dose after \(last)." : "not on it before the next stop.")
        }
    }

    private func lines(for row: DoseCheck) -> [String] {
        let who = "\(label(row.medicationID)) (\(row.slotID))"
        let zone = row.zone
        guard let expected = row.expected else {
            let what = row.status == .extra ? "extra reminder, no dose expected" : "duplicate reminder"
            return ["  \(who): \(what) at \(clock(row.calendar, zone: nil, of: row.medicationID))"]
        }
        let promised = row.local.map { zone == nil ? "fixed interval" : "\($0.time.shortText) \(zone!)" } ?? ""
        var status: String
        switch row.status {
        case .ok: status = "calendar ok"
        case .missing: status = "calendar: MISSING"
        case .unchecked: status = "calendar: NOT CHECKED (its series was not expanded: the budget ran out)"
        case .moved:
            status =
                "calendar: AT \(clock(row.calendar, zone: zone, of: row.medicationID)), \(Self.minutes(row.calendar! - expected))"
        default: status = row.status.rawValue
        }
        var result = ["  \(who) \(promised): expected \(clock(expected, zone: zone, of: row.medicationID)); \(status)"]
        for note in row.notes {
            result.append("      " + describe(note, expected: expected, zone: zone, of: row.medicationID))
        }
        return result
    }

    private func describe(_ note: DoseCheck.Note, expected: Int, zone: Zone?, of medicationID: String) -> String {
        func other(_ what: String, _ instant: Int?) -> String {
            guard let instant else { return "\(what): no reminder that day" }
            return "\(what): \(clock(instant, zone: zone, of: medicationID)), \(Self.minutes(instant - expected))"
        }
        switch note {
        case .gap(let shifted): return "clocks go forward: this time does not exist today; it fires at \(shifted.time.shortText)"
        case .overlap: return "clocks go back: this time occurs twice today; it fires once, at the first"
        case .libical(let i): return other("libical's own expansion", i)
        case .ios(let i): return other("an iOS repeating reminder", i)
        case .homeZone(let i): return other("a feed left in the home zone (not re-exported for the trip)", i)
        case .zoneData(let i):
            let utc = LocalDateTime(secondsSinceEpoch: i).time.shortText
            return
                "libical's built-in zone (system data \(zoneData.system ?? "unknown")) puts this time at \(utc)Z, "
                + Self.minutes(i - expected)
        case .plan(let i): return other("the notification plan", i)
        }
    }
}

extension LocalTime {
    /// `08:00`.
    var shortText: String {
        (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }
}

extension Weekday {
    var name: String {
        ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"][index]
    }
}
