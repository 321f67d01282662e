import DoseCalCore
import Foundation
import Testing

@testable import DoseCalEntry

/// `FHIRImporter` on the fixtures of fixtures/fhir (HL7's published R4 examples and dosecal's
/// own Bundle and NDJSON; fixtures/fhir/PROVENANCE.md), with the report's wording pinned.
@Suite struct FHIRImportTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("fixtures/fhir")

    static func document(_ name: String) throws -> FHIRDocument {
        try FHIRDocument(Data(contentsOf: fixtures.appendingPathComponent(name)), file: name)
    }

    static func run(_ names: [String], zone: String = "Europe/Berlin", today: String = "2026-10-30") throws -> FHIRImportReport {
        FHIRImporter(zone: T.zone(zone), today: T.day(today)).run(try names.map(document))
    }

    /// medrx0301 is `completed`: left out and listed; medrx0302 names a capsule and doses it in
    /// tablets (as published): not imported, with the reason; medrx0303's steps with a gap:
    /// three medications.
    @Test func hl7Examples() throws {
        let r = try Self.run(["hl7-medrx0301.json", "hl7-medrx0302.json", "hl7-medrx0303.json"], zone: "America/New_York")
        #expect(
            r.inactive == [
                .init(resource: "MedicationRequest/medrx0301", name: "Oral Form Oxycodone (product)", reason: "status completed")
            ])
        #expect(
            r.notImported == [
                .init(
                    resource: "MedicationRequest/medrx0302", name: "Azithromycin 250mg capsule (product)",
                    reason: "a dose in tablets of a capsule: a capsule's doses are in capsules, mg, mcg, g")
            ])
        let ids = r.schedule.medications.map(\.id)
        #expect(ids == ["prednisone-5mg-tablet-product", "prednisone-5mg-tablet-product-2", "prednisone-5mg-tablet-product-3"])
        #expect(r.schedule.medications.map(\.amount) == [4, 2, 1])
        #expect(r.schedule.medications.allSatisfy { $0.form == .tablet && $0.unit == .tablet })
        #expect(r.sources[0].notes == ["08:00 from the clock (1 time a day)"])
        #expect(r.schedule.medications[0].supply == Supply(pills: 51, asOf: T.day("2015-01-15")))
        #expect(T.allDoses(r.schedule.medications[0], in: "America/New_York").first == "2015-01-16T08:00:00-05:00")
        // What is written is what dosecal reads.
        let data = ScheduleCodec.encode(r.schedule)
        #expect(try ScheduleCodec.decode(data, file: "x.json") == r.schedule)
    }

    /// A searchset Bundle: the dispense starts the day it was handed over, the inhaler's limits,
    /// methotrexate on Friday evenings from a contained Medication, the infusion refused.
    @Test func bundle() throws {
        let r = try Self.run(["bundle-searchset.json"])
        #expect(r.resourcesRead == 5)
        let byID = Dictionary(uniqueKeysWithValues: r.schedule.medications.map { ($0.id, $0) })
        let amox = try #require(byID["amoxicillin-250-mg-5-ml-oral-suspension"])
        #expect(amox.start == T.day("2026-10-30") && amox.end == T.day("2026-11-08") && amox.form == .liquid && amox.amount == 5)
        #expect(amox.supply == Supply(pills: 150, asOf: T.day("2026-10-30")))
        #expect(
            T.doses(amox, in: "Europe/Berlin", count: 7).suffix(4) == [
                "2026-10-31T08:00:00+01:00", "2026-10-31T14:00:00+01:00", "2026-10-31T20:00:00+01:00",
                "2026-11-01T08:00:00+01:00",
            ])
        let salbutamol = try #require(byID["salbutamol-100-mcg-inhaler"])
        #expect(salbutamol.recurrence == .asNeeded(minimumHours: 1, maxPerDay: 4) && salbutamol.form == .inhaler)
        #expect(salbutamol.supply?.pills == 200)
        let mtx = try #require(byID["methotrexate-2-5-mg-tablet"])
        #expect(mtx.recurrence == .weekly(weekdays: [.friday], interval: 1) && mtx.unit == .mg && mtx.amount == 15)
        #expect(T.doses(mtx, in: "Europe/Berlin", count: 2) == ["2026-10-30T19:00:00+01:00", "2026-11-06T19:00:00+01:00"])
        let omeprazole = try #require(byID["omeprazole-20-mg-capsule"])
        #expect(omeprazole.times.map(\.time) == [T.time("07:30")])
        #expect(r.sources[r.schedule.medications.firstIndex { $0.id == omeprazole.id }!].notes == ["07:30 from the clock (ACM)"])
        #expect(
            r.notImported == [
                .init(
                    resource: "MedicationRequest/heparin-infusion", name: "Heparin 25,000 units in 250 mL",
                    reason: "a rate (doseAndRate.rate): a continuous infusion has no dose times to remind")
            ])
        #expect(r.schedule.people.isEmpty, "one patient: no people")
    }

    /// NDJSON (a bulk export) reads like the same resources in a Bundle.
    @Test func ndjson() throws {
        let lines = try Self.run(["bulk-medicationrequests.ndjson"])
        let bundle = try Self.run(["bundle-searchset.json"])
        #expect(
            lines.schedule.medications
                == bundle.schedule.medications.filter { m in lines.schedule.medications.contains { $0.id == m.id } })
        #expect(lines.schedule.medications.count == 3)
    }

    /// A statement without bounds starts on its effective start; two patients become people.
    @Test func statementAndPeople() throws {
        let r = try Self.run(["medicationstatement-lisinopril.json", "bundle-searchset.json"])
        let lisinopril = r.schedule.medications[0]
        #expect(lisinopril.start == T.day("2020-03-01") && lisinopril.person == "example")
        #expect(
            r.sources[0].notes == [
                "08:00 from the clock (1 time a day)",
                "starts 2020-03-01 (the statement's effective start: the dosage gives no start)",
            ])
        #expect(r.schedule.people == [Person(id: "example", name: "Ellen Ross"), Person(id: "mia", name: "Mia")])
        #expect(try ScheduleCodec.decode(ScheduleCodec.encode(r.schedule), file: "x.json") == r.schedule)
    }

    /// What is not FHIR is an error with the file and line.
    @Test func notFHIR() {
        #expect(
            throws: FHIRError(
                file: "x.json", line: 1,
                message: "expected a FHIR R4 resource (a JSON object with \"resourceType\"), a Bundle or NDJSON, found an object")
        ) {
            try FHIRDocument(Data(#"{"medications": []}"#.utf8), file: "x.json")
        }
        #expect(throws: FHIRError.self) {
            try FHIRDocument(Data("{\"resourceType\": \"Patient\"}\n{oops".utf8), file: "x.ndjson")
        }
    }
}
