import CalendarTime
import DoseCalCore
import Foundation

/// FHIR R4 `Dosage` JSON to a `Dosage`: what dosecal keeps of it, or why it cannot be kept.
struct FHIRDosageReader {
    /// The zone dates with a time (`2021-08-12T11:59:00Z`) are read in.
    var zone: Zone

    func dosage(_ d: JSONValue) throws(EntryError) -> Dosage {
        var dosage = Dosage(sequence: d["sequence"]?.intValue, text: d["text"]?.stringValue)
        dosage.extras = try DosageExtras(reading: d)
        if let reason = dosage.extras.notSaid { throw .notExact("the export could not say its doses: \(reason)") }
        if let timing = d["timing"] { dosage.timing = try self.timing(timing) }
        if d["asNeededBoolean"]?.boolValue == true || d["asNeededCodeableConcept"] != nil { dosage.asNeeded = true }
        for (i, dr) in (d["doseAndRate"]?.arrayValue ?? []).enumerated() {
            if dr["rateRatio"] != nil || dr["rateRange"] != nil || dr["rateQuantity"] != nil {
                throw .notExact("a rate (doseAndRate.rate): a continuous infusion has no dose times to remind")
            }
            // The first dose given is the one ordered (`type` ordered, or the only one).
            guard i == 0 || dosage.dose == nil else { continue }
            if let q = dr["doseQuantity"] {
                dosage.dose = try amount(q, what: "doseQuantity")
            } else if let range = dr["doseRange"], let low = range["low"] {
                var a = try amount(low, what: "doseRange.low")
                a.high = try range["high"].map { (h) throws(EntryError) in try amount(h, what: "doseRange.high").value }
                dosage.dose = a
            }
        }
        if let ratio = d["maxDosePerPeriod"], let n = ratio["numerator"], let den = ratio["denominator"] {
            let top = try amount(n, what: "maxDosePerPeriod.numerator")
            guard let v = den["value"]?.doubleValue, let hours = DosageConverter.hours(v, Self.timeUnit(den)) else {
                throw .notExact("maxDosePerPeriod over a period that is not hours, days or weeks")
            }
            dosage.maxDosePerPeriod = (top.value, top.unit, hours)
        }
        if dosage.timing == DosageTiming(), !dosage.asNeeded {
            throw .notExact("text only (\"\(dosage.text ?? "no text")\"): the dosage has no timing to plan doses from")
        }
        return dosage
    }

    private func timing(_ t: JSONValue) throws(EntryError) -> DosageTiming {
        var timing = DosageTiming()
        timing.code =
            t["code"]?["coding"]?.arrayValue?.compactMap { $0["code"]?.stringValue }.first?.uppercased()
            ?? t["code"]?["text"]?.stringValue?.uppercased()
        for e in t["event"]?.arrayValue ?? [] {
            guard let s = e.stringValue, let local = dateTime(s) else {
                throw .notExact("Timing.event \(e.summary) is not a dateTime")
            }
            timing.events.append(local)
        }
        guard let r = t["repeat"] else { return timing }
        var rep = TimingRepeat()
        if let p = r["boundsPeriod"] {
            rep.boundsStart = try p["start"].map { (v) throws(EntryError) in try date(v) }
            rep.boundsEnd = try p["end"].map { (v) throws(EntryError) in try date(v) }
        }
        if let d = r["boundsDuration"] {
            guard let v = d["value"]?.doubleValue, let u = Self.timeUnit(d) else {
                throw .notExact("boundsDuration without a value and unit of time")
            }
            rep.boundsDuration = (v, u)
        }
        if r["boundsRange"] != nil { throw .notExact("a course of a range of lengths (boundsRange): dosecal plans one last day") }
        rep.count = r["count"]?.intValue
        if let most = r["countMax"]?.intValue, most != rep.count {
            throw .notExact("\(rep.count ?? 0) to \(most) doses in all: dosecal plans one number")
        }
        if let v = r["duration"]?.doubleValue { rep.duration = (v, r["durationUnit"]?.stringValue ?? "") }
        rep.frequency = r["frequency"]?.intValue
        rep.frequencyMax = r["frequencyMax"]?.intValue
        rep.period = r["period"]?.doubleValue
        rep.periodMax = r["periodMax"]?.doubleValue
        rep.periodUnit = r["periodUnit"]?.stringValue
        rep.dayOfWeek = try (r["dayOfWeek"]?.arrayValue ?? []).map { (v) throws(EntryError) in try weekday(v) }
        rep.timeOfDay = try (r["timeOfDay"]?.arrayValue ?? []).map { (v) throws(EntryError) in try time(v) }
        rep.when = (r["when"]?.arrayValue ?? []).compactMap(\.stringValue)
        rep.offset = r["offset"]?.intValue
        timing.repeats = rep
        return timing
    }

    /// A Quantity's value and unit (its UCUM or form code, else its unit text).
    func amount(_ q: JSONValue, what: String) throws(EntryError) -> DoseAmount {
        guard let value = q["value"]?.doubleValue else { throw .notExact("\(what) has no value") }
        let code = q["code"]?.stringValue
        let text = q["unit"]?.stringValue
        return DoseAmount(value: value, unit: code.flatMap(Self.unit) ?? text.flatMap(Self.unit), unitText: text ?? code)
    }

    /// A unit as FHIR data writes it: UCUM (`mg`, `mL`, `ug`, `[iU]`), an orderable drug form
    /// code (`TAB`, `CAP`) or a word.
    static func unit(_ text: String) -> DoseUnit? {
        let t = text.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "{}[] "))
        let words: [String: DoseUnit] = [
            "tab": .tablet, "tablet": .tablet, "tablets": .tablet, "tbl": .tablet, "cap": .capsule, "capsule": .capsule,
            "capsules": .capsule, "ml": .ml, "mg": .mg, "g": .g, "ug": .mcg, "mcg": .mcg, "µg": .mcg, "iu": .unit,
            "u": .unit, "unit": .unit, "units": .unit, "puff": .puff, "puffs": .puff, "actuat": .puff,
            "actuation": .puff, "drop": .drop, "drops": .drop, "drp": .drop, "gtt": .drop, "spray": .spray,
            "sprays": .spray, "patch": .patch, "supp": .suppository, "suppository": .suppository, "sachet": .sachet,
            "application": .application, "dose": .dose,
        ]
        return words[t]
    }

    /// A Duration's unit of time (its UCUM code, else its unit).
    static func timeUnit(_ q: JSONValue) -> String? {
        let u = q["code"]?.stringValue ?? q["unit"]?.stringValue
        switch u?.lowercased() {
        case "h", "hour", "hours", "hr": return "h"
        case "d", "day", "days": return "d"
        case "wk", "week", "weeks": return "wk"
        case "mo", "month", "months": return "mo"
        case "a", "year", "years": return "a"
        case "min", "minute", "minutes": return "min"
        default: return u
        }
    }

    /// A date or dateTime as the date it is in the person's zone.
    func date(_ v: JSONValue) throws(EntryError) -> LocalDate {
        guard let s = v.stringValue else { throw .notExact("\(v.summary) is not a date") }
        if let d = LocalDate(parsing: s) { return d }
        guard let local = dateTime(s) else { throw .notExact("\"\(s)\" is not a FHIR date or dateTime") }
        return local.date
    }

    /// A dateTime with an offset as the local time in the person's zone; without one, as written.
    func dateTime(_ s: String) -> LocalDateTime? {
        if let instant = RFC3339.instant(s) { return zone.local(at: instant) }
        guard s.count >= 16, let d = LocalDate(parsing: s.prefix(10)), let t = LocalTime(parsing: s.dropFirst(11).prefix(5))
        else {
            return nil
        }
        return LocalDateTime(date: d, time: t)
    }

    private func time(_ v: JSONValue) throws(EntryError) -> LocalTime {
        guard let s = v.stringValue, s.count >= 5, let t = LocalTime(parsing: s.prefix(5)),
            s.count == 5 || s.dropFirst(5).allSatisfy({ $0 == ":" || $0 == "0" || $0 == "." })
        else { throw .notExact("timeOfDay \(v.summary): dosecal's times are whole minutes (HH:MM:00)") }
        return t
    }

    private func weekday(_ v: JSONValue) throws(EntryError) -> Weekday {
        let days: [String: Weekday] = [
            "mon": .monday, "tue": .tuesday, "wed": .wednesday, "thu": .thursday, "fri": .friday, "sat": .saturday,
            "sun": .sunday,
        ]
        guard let s = v.stringValue, let day = days[s] else { throw .notExact("dayOfWeek \(v.summary) is not mon ... sun") }
        return day
    }
}
