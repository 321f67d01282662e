import CalendarTime
import DoseCal

/// `check`'s spacing problems (decision 0230) in words and in JSON: each pair of consecutive
/// doses with its local times, the zone of each and the time between them.
extension CheckOutput {
    /// The text report's spacing section: one paragraph per pair, by the later dose's day.
    func spacingLines() -> [String] {
        guard !report.spacing.isEmpty else { return [] }
        var out = ["\nSpacing (consecutive doses of one medication):"]
        for problem in report.spacing {
            out.append("  " + sentence(problem))
        }
        return out
    }

    /// "Amoxicillin: the doses at 14:00 America/Chicago on 2026-12-04 (afternoon) and 07:00
    /// Asia/Tokyo on 2026-12-05 (morning; 16:00 in America/Chicago) are 2 h apart, on the way
    /// to Asia/Tokyo; at least 3 h 30 min are needed (by default half the shortest planned gap, 7 h)."
    func sentence(_ p: SpacingProblem) -> String {
        let (a, b) = (p.first, p.second)
        let home = home(of: p.medicationID)
        let (za, zb) = (a.zone ?? home, b.zone ?? home)
        let elsewhere = za.identifier == zb.identifier ? nil : "\(za.local(at: b.instant).time.shortText) in \(za.identifier)"
        var text = "\(label(p.medicationID)): the doses at \(dose(a, in: za)) and \(dose(b, in: zb, also: elsewhere))"
        text += " are \(Self.duration(p.gap)) apart"
        let causes = p.causes.map { cause(of: $0, p) }
        if !causes.isEmpty { text += ", " + causes.joined(separator: ", ") }
        let shortest = p.spacing.shortestPlannedGap.map(Self.duration)
        switch p.kind {
        case .tooClose:
            text += "; at least \(Self.duration(p.allowed.minimum ?? 0)) are needed"
            if let shortest { text += " (by default half the shortest planned gap, \(shortest))" }
        case .tooFarApart:
            text += "; at most \(Self.duration(p.allowed.maximum ?? 0)) are allowed"
            if let shortest {
                text += " (by default the \(Self.duration(p.plannedGap)) planned and half the shortest planned gap, \(shortest))"
            }
        }
        if !p.spacing.isDefault { text += " (the medication's spacing)" }
        return text + "."
    }

    /// "14:00 America/Chicago on 2026-12-04 (afternoon)", with `also` inside the brackets.
    private func dose(_ o: Occurrence, in zone: Zone, also: String? = nil) -> String {
        let local = zone.local(at: o.instant)
        var text = "\(local.time.shortText) \(zone.identifier) on \(local.date) (\(o.slotID)"
        if o.shift != 0, o.zone != nil { text += ", on its way to \(o.local.time.shortText)" }
        if let also { text += "; " + also }
        return text + ")"
    }

    private func cause(of cause: SpacingProblem.Cause, _ p: SpacingProblem) -> String {
        switch cause {
        case .travel: "on the way to \(destination(p).identifier)"
        case .clockChange: "as the clocks change"
        case .gradualMove: "while moving to local time"
        case .rescheduled: "with a rescheduled dose"
        case .taperStep: "at a taper step that changes the times"
        }
    }

    /// The zone of the pair's later dose day: where the person travels to (after a trip east the
    /// new day's first dose may come before the old day's last).
    private func destination(_ p: SpacingProblem) -> Zone {
        let engine = WallClockEngine(schedule: schedule)
        let later = engine.localDate(of: p.first) > engine.localDate(of: p.second) ? p.first : p.second
        return later.zone ?? home(of: p.medicationID)
    }

    /// "2 h", "3 h 30 min", "45 min", "7 days 2 h".
    static func duration(_ seconds: Int) -> String {
        let minutes = seconds / 60
        let (days, hours, rest) = (minutes / 1440, minutes % 1440 / 60, minutes % 60)
        if days >= 2 { return "\(days) days" + (hours > 0 ? " \(hours) h" : "") + (rest > 0 ? " \(rest) min" : "") }
        let h = minutes / 60
        if h == 0 { return "\(rest) min" }
        return rest == 0 ? "\(h) h" : "\(h) h \(rest) min"
    }

    /// The `spacing` member of `check --json`: one line per pair.
    func spacingJSON(into w: inout CheckJSONWriter) {
        w.raw(",\n  \"spacing\": [")
        for (i, p) in report.spacing.enumerated() {
            w.raw(i == 0 ? "\n    {\"medication\": " : ",\n    {\"medication\": ")
            w.string(jsonName(p.medicationID))
            w.raw(", \"problem\": ")
            w.string(p.kind.rawValue)
            w.text(", \"hours\": \(JSONHours(p.gap))")
            w.text(", \"plannedHours\": \(JSONHours(p.plannedGap))")
            w.raw(", \"minimumHours\": ")
            w.text(p.allowed.minimum.map(JSONHours.init).map(\.description) ?? "null")
            w.raw(", \"maximumHours\": ")
            w.text(p.allowed.maximum.map(JSONHours.init).map(\.description) ?? "null")
            w.text(", \"default\": \(p.spacing.isDefault)")
            w.raw(", \"causes\": [")
            for (k, cause) in p.causes.enumerated() {
                if k > 0 { w.raw(", ") }
                w.string(cause.rawValue)
            }
            w.raw("], \"first\": ")
            doseJSON(p.first, into: &w)
            w.raw(", \"second\": ")
            doseJSON(p.second, into: &w)
            w.raw("}")
        }
        w.raw(report.spacing.isEmpty ? "]" : "\n  ]")
    }

    /// A dose of a pair: its slot and day, the local time it fires at in its zone, and the instant.
    private func doseJSON(_ o: Occurrence, into w: inout CheckJSONWriter) {
        let zone = o.zone ?? home(of: o.medicationID)
        w.raw("{\"slot\": ")
        w.string(o.slotID)
        w.raw(", \"day\": ")
        w.quotedDate(WallClockEngine(schedule: schedule).localDate(of: o))
        w.raw(", \"local\": ")
        w.quotedTime(zone.local(at: o.instant).time)
        w.raw(", \"zone\": ")
        w.string(zone.identifier)
        w.instant(", \"at\": ", o.instant)
        w.raw("}")
    }
}

/// Seconds written as hours to two decimals, as the schedule file writes them (`2`, `3.5`,
/// `0.25`, `-11`).
struct JSONHours: CustomStringConvertible {
    let seconds: Int
    init(_ seconds: Int) { self.seconds = seconds }
    var description: String {
        let hundredths = (abs(seconds) * 100 + 1800) / 3600
        let (whole, rest) = (hundredths / 100, hundredths % 100)
        let sign = seconds < 0 && hundredths > 0 ? "-" : ""
        if rest == 0 { return sign + String(whole) }
        return sign + String(whole) + "." + (rest % 10 == 0 ? String(rest / 10) : (rest < 10 ? "0" : "") + String(rest))
    }
}
