public import DoseCalCore

/// FHIR R4 MedicationRequest, MedicationStatement and MedicationDispense resources to a
/// schedule (docs/fhir.md): each through `FHIRDosageReader` and the one `DosageConverter`.
///
/// Time is a parameter: `today` is the start of a dosage that gives none (the import's --now).
public struct FHIRImporter: Sendable {
    public var zone: Zone
    public var clock: PersonalClock
    public var today: LocalDate

    public init(zone: Zone, clock: PersonalClock = PersonalClock(), today: LocalDate) {
        self.zone = zone
        self.clock = clock
        self.today = today
    }

    /// The statuses of orders no longer taken, by resource type.
    static let inactive: [String: Set<String>] = [
        "MedicationRequest": ["stopped", "completed", "entered-in-error", "cancelled"],
        "MedicationStatement": ["stopped", "completed", "entered-in-error", "not-taken"],
        "MedicationDispense": ["stopped", "entered-in-error", "cancelled", "declined"],
    ]

    /// The schedule of every medication resource of `documents`, in file order.
    public func run(_ documents: [FHIRDocument]) -> FHIRImportReport {
        var report = FHIRImportReport(
            schedule: Schedule(version: 2, home: zone, medications: [], clock: clock), sources: [], inactive: [],
            notImported: [], resourcesRead: documents.reduce(0) { $0 + $1.resources.count })
        let subjects = Self.subjects(documents)
        if subjects.count > 1 { report.schedule.people = subjects.map { Person(id: $0.id, name: $0.name) } }
        var read: Set<String> = []
        for document in documents {
            for resource in document.resources {
                guard let type = resource["resourceType"]?.stringValue, Self.inactive[type] != nil else { continue }
                let label = "\(type)/\(resource["id"]?.stringValue ?? "(no id)")"
                if resource["id"] != nil, !read.insert(label).inserted {
                    let name = FHIRMedication(resource, in: document).name
                    report.notImported.append(.init(resource: label, name: name, reason: "read before, from an earlier file"))
                    continue
                }
                importing(resource, type: type, from: document, multiplePeople: subjects.count > 1, into: &report)
            }
        }
        return report
    }

    private func importing(
        _ resource: JSONValue, type: String, from document: FHIRDocument, multiplePeople: Bool,
        into report: inout FHIRImportReport
    ) {
        let label = "\(type)/\(resource["id"]?.stringValue ?? "(no id)")"
        let medication = FHIRMedication(resource, in: document)
        let status = resource["status"]?.stringValue ?? "unknown"
        if Self.inactive[type]!.contains(status) {
            report.inactive.append(.init(resource: label, name: medication.name, reason: "status \(status)"))
            return
        }
        do throws(EntryError) {
            guard let name = medication.name else { throw .notExact("no medication name (medication[x] names none)") }
            let reader = FHIRDosageReader(zone: zone)
            let key = type == "MedicationStatement" ? "dosage" : "dosageInstruction"
            var dosages: [Dosage] = []
            for d in resource[key]?.arrayValue ?? [] { dosages.append(try reader.dosage(d)) }
            let (start, startIs) = anchor(resource, type: type, reader: reader)
            let converter = DosageConverter(clock: clock, zone: zone, today: start, todayIs: startIs)
            let id = Self.exportedID(resource, in: report.schedule) ?? ScheduleEntry.id(for: name, in: report.schedule)
            var facts = MedicationFacts(id: id, name: name, form: medication.form)
            if multiplePeople { facts.person = Self.subject(of: resource)?.id }
            facts.supply = try supply(resource, type: type, reader: reader)
            for converted in try converter.convert(facts, dosages) {
                report.schedule.medications.append(converted.medication)
                report.sources.append(.init(resource: label, notes: converted.notes))
            }
        } catch {
            report.notImported.append(.init(resource: label, name: medication.name, reason: error.description))
        }
    }

    /// The first day of a dosage that gives none: a statement's effective start, a dispense's
    /// hand-over, else `today` (the import's --now).
    private func anchor(_ r: JSONValue, type: String, reader: FHIRDosageReader) -> (LocalDate, String) {
        let given: (JSONValue?, String) =
            switch type {
            case "MedicationStatement":
                (r["effectivePeriod"]?["start"] ?? r["effectiveDateTime"], "the statement's effective start")
            case "MedicationDispense": (r["whenHandedOver"], "the day it was handed over")
            default: (nil, "")
            }
        if let v = given.0, let day = try? reader.date(v) { return (day, given.1) }
        return (today, "the import's --now")
    }

    /// A request's `dispenseRequest.quantity` or a dispense's `quantity`, as of its validity
    /// start or hand-over (else the medication's start).
    private func supply(_ r: JSONValue, type: String, reader: FHIRDosageReader) throws(EntryError)
        -> (amount: Double, unit: DoseUnit?, asOf: LocalDate?)?
    {
        let quantity = type == "MedicationDispense" ? r["quantity"] : r["dispenseRequest"]?["quantity"]
        guard let quantity else { return nil }
        let a = try reader.amount(quantity, what: "quantity")
        let asOf = type == "MedicationDispense" ? r["whenHandedOver"] : r["dispenseRequest"]?["validityPeriod"]?["start"]
        return (a.value, a.unit, asOf.flatMap { try? reader.date($0) })
    }

    /// The id dosecal's export gave the medication (`identifier` of system
    /// `urn:dosecal:medication`), when it is a plain id not yet taken.
    static func exportedID(_ r: JSONValue, in schedule: Schedule) -> String? {
        let given = r["identifier"]?.arrayValue?.first { $0["system"]?.stringValue == "urn:dosecal:medication" }
        guard let id = given?["value"]?.stringValue, (1...64).contains(id.count),
            id.unicodeScalars.allSatisfy({
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                    || "-_.".unicodeScalars.contains($0)
            }),
            !schedule.medications.contains(where: { $0.id == id })
        else { return nil }
        return id
    }

    /// The patient a resource is about: an id from its reference and a name from its display.
    static func subject(of r: JSONValue) -> (id: String, name: String)? {
        guard let s = r["subject"] ?? r["patient"], let ref = s["reference"]?.stringValue ?? s["display"]?.stringValue else {
            return nil
        }
        let last = ref.split(separator: "/").last.map(String.init) ?? ref
        let id = String(
            last.unicodeScalars.filter {
                $0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0)
            }.prefix(64).map(Character.init))
        return (id.isEmpty ? "person" : id, s["display"]?.stringValue ?? last)
    }

    /// The distinct patients of the medication resources, in file order.
    static func subjects(_ documents: [FHIRDocument]) -> [(id: String, name: String)] {
        var seen: [(id: String, name: String)] = []
        for d in documents {
            for r in d.resources where inactive[r["resourceType"]?.stringValue ?? ""] != nil {
                if let s = subject(of: r), !seen.contains(where: { $0.id == s.id }) { seen.append(s) }
            }
        }
        return seen
    }
}
