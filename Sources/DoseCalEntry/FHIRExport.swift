public import DoseCalCore

/// A schedule as a FHIR R4 Bundle (`dosecal export --format fhir`, docs/fhir.md): a Patient per
/// person, a MedicationStatement per medication with its dosages (`Dosage.of`), and a
/// MedicationAdministration per log entry (taken: completed; skipped or missed: not-done). Ids
/// are stable (from the medication's id and the dose's identity); no clock is read, so the same
/// schedule gives the same bytes.
public enum FHIRExport {
    static let ucum = "http://unitsofmeasure.org"

    /// The Bundle (type collection) of `schedule`.
    public static func bundle(_ schedule: Schedule) -> JSONValue {
        var entries: [JSONValue] = []
        let patients = schedule.people.isEmpty ? [Person(id: "person", name: "")] : schedule.people
        for p in patients { entries.append(entry(patient(p), type: "Patient", id: fhirID(p.id))) }
        var names: [String: JSONValue] = [:]
        for m in schedule.medications {
            let concept = JSONValue(object: ["text": JSONValue([m.name, m.strength].compactMap { $0 }.joined(separator: " "))])
            names[m.id] = concept
            entries.append(
                entry(
                    statement(m, concept: concept, subject: subject(m, schedule)), type: "MedicationStatement", id: fhirID(m.id)))
        }
        for e in schedule.log {
            guard let m = schedule.medications.first(where: { $0.id == e.medication }) else { continue }
            let admin = administration(e, concept: names[m.id]!, subject: subject(m, schedule))
            entries.append(entry(admin.0, type: "MedicationAdministration", id: admin.1))
        }
        return JSONValue(members: [
            ("resourceType", JSONValue("Bundle")), ("type", JSONValue("collection")), ("entry", JSONValue(array: entries)),
        ])
    }

    private static func entry(_ resource: JSONValue, type: String, id: String) -> JSONValue {
        JSONValue(members: [("fullUrl", JSONValue("urn:dosecal:\(type)/\(id)")), ("resource", resource)])
    }

    private static func patient(_ p: Person) -> JSONValue {
        var members: [(String, JSONValue)] = [("resourceType", JSONValue("Patient")), ("id", JSONValue(fhirID(p.id)))]
        if !p.name.isEmpty { members.append(("name", JSONValue(array: [JSONValue(object: ["text": JSONValue(p.name)])]))) }
        if let born = p.dateOfBirth { members.append(("birthDate", JSONValue(born.description))) }
        return JSONValue(members: members)
    }

    private static func subject(_ m: Medication, _ s: Schedule) -> JSONValue {
        let id = s.person(of: m)?.id ?? (s.people.isEmpty ? "person" : s.people[0].id)
        return JSONValue(object: ["reference": JSONValue("urn:dosecal:Patient/\(fhirID(id))")])
    }

    private static func statement(_ m: Medication, concept: JSONValue, subject: JSONValue) -> JSONValue {
        var period: [(String, JSONValue)] = [("start", JSONValue(m.start.description))]
        if let end = m.end { period.append(("end", JSONValue(end.description))) }
        var members: [(String, JSONValue)] = [
            ("resourceType", JSONValue("MedicationStatement")), ("id", JSONValue(fhirID(m.id))),
            (
                "identifier",
                JSONValue(array: [JSONValue(object: ["system": JSONValue("urn:dosecal:medication"), "value": JSONValue(m.id)])])
            ),
            ("status", JSONValue("active")), ("medicationCodeableConcept", concept), ("subject", subject),
            ("effectivePeriod", JSONValue(members: period)),
        ]
        if let notes = m.notes, !notes.isEmpty {
            members.append(("note", JSONValue(array: [JSONValue(object: ["text": JSONValue(notes)])])))
        }
        members.append(("dosage", JSONValue(array: Dosage.of(m).map(dosage))))
        return JSONValue(members: members)
    }

    /// A dosage as FHIR R4 `Dosage` JSON.
    static func dosage(_ d: Dosage) -> JSONValue {
        var members: [(String, JSONValue)] = []
        let extensions = d.extras.extensions
        if !extensions.isEmpty { members.append(("extension", JSONValue(array: extensions))) }
        let modifiers = d.extras.modifiers
        if !modifiers.isEmpty { members.append(("modifierExtension", JSONValue(array: modifiers))) }
        if let s = d.sequence { members.append(("sequence", JSONValue(s))) }
        if let t = d.text { members.append(("text", JSONValue(t))) }
        if let r = d.timing.repeats { members.append(("timing", JSONValue(object: ["repeat": timing(r)]))) }
        if d.asNeeded { members.append(("asNeededBoolean", JSONValue(true))) }
        if let dose = d.dose {
            members.append(
                ("doseAndRate", JSONValue(array: [JSONValue(object: ["doseQuantity": quantity(dose.value, dose.unit)])])))
        }
        if let most = d.maxDosePerPeriod {
            members.append(
                (
                    "maxDosePerPeriod",
                    JSONValue(object: [
                        "numerator": quantity(most.amount, most.unit),
                        "denominator": JSONValue(object: [
                            "value": JSONValue(most.hours), "unit": JSONValue("h"), "system": JSONValue(ucum),
                            "code": JSONValue("h"),
                        ]),
                    ])
                ))
        }
        return JSONValue(members: members)
    }

    private static func timing(_ r: TimingRepeat) -> JSONValue {
        var m: [(String, JSONValue)] = []
        if r.boundsStart != nil || r.boundsEnd != nil {
            var p: [(String, JSONValue)] = []
            if let s = r.boundsStart { p.append(("start", JSONValue(s.description))) }
            if let e = r.boundsEnd { p.append(("end", JSONValue(e.description))) }
            m.append(("boundsPeriod", JSONValue(members: p)))
        }
        if let f = r.frequency { m.append(("frequency", JSONValue(f))) }
        if let p = r.period { m.append(("period", JSONValue(p))) }
        if let u = r.periodUnit { m.append(("periodUnit", JSONValue(u))) }
        let days = ["MO": "mon", "TU": "tue", "WE": "wed", "TH": "thu", "FR": "fri", "SA": "sat", "SU": "sun"]
        if !r.dayOfWeek.isEmpty { m.append(("dayOfWeek", JSONValue(array: r.dayOfWeek.map { JSONValue(days[$0.rawValue]!) }))) }
        if !r.timeOfDay.isEmpty { m.append(("timeOfDay", JSONValue(array: r.timeOfDay.map { JSONValue("\($0):00") }))) }
        return JSONValue(members: m)
    }

    /// A Quantity in UCUM: `mL`, `mg`, `ug`, `[iU]`, or an annotation for a counted unit (`{tbl}`).
    static func quantity(_ value: Double, _ unit: DoseUnit?) -> JSONValue {
        var m: [(String, JSONValue)] = [("value", JSONValue(value))]
        guard let unit else { return JSONValue(members: m) }
        let codes: [DoseUnit: String] = [
            .ml: "mL", .mg: "mg", .mcg: "ug", .g: "g", .unit: "[iU]", .tablet: "{tbl}", .drop: "[drp]",
        ]
        m += [
            ("unit", JSONValue(unit.rawValue)), ("system", JSONValue(ucum)),
            ("code", JSONValue(codes[unit] ?? "{\(unit.rawValue)}")),
        ]
        return JSONValue(members: m)
    }

    private static func administration(_ e: DoseLogEntry, concept: JSONValue, subject: JSONValue) -> (JSONValue, String) {
        let dose = [e.medication, e.slot ?? "", e.date?.description ?? ""].joined(separator: "/")
        let at = RFC3339.utc(Int(e.at.timeIntervalSince1970))
        let id = "a-" + SHA256.hex("\(dose) \(at) \(e.status.rawValue)", digits: 32)
        var members: [(String, JSONValue)] = [
            ("resourceType", JSONValue("MedicationAdministration")), ("id", JSONValue(id)),
            (
                "identifier",
                JSONValue(array: [JSONValue(object: ["system": JSONValue("urn:dosecal:dose"), "value": JSONValue(dose)])])
            ),
            ("status", JSONValue(e.status == .taken ? "completed" : "not-done")),
        ]
        if e.status != .taken {
            members.append(("statusReason", JSONValue(array: [JSONValue(object: ["text": JSONValue(e.status.rawValue)])])))
        }
        members += [("medicationCodeableConcept", concept), ("subject", subject), ("effectiveDateTime", JSONValue(at))]
        return (JSONValue(members: members), id)
    }

    /// A FHIR id (`[A-Za-z0-9\-.]{1,64}`) from a dosecal id: `_` becomes `-`.
    static func fhirID(_ id: String) -> String { String(id.map { $0 == "_" ? "-" : $0 }.prefix(64)) }
}
