import DoseCalCore
import Foundation
import Testing

@testable import DoseCalEntry

/// `FHIRExport`: each medication of the example schedules said as FHIR Dosage JSON and read back
/// through the FHIR reader and the converter gives the same doses, dose for dose.
@Suite struct FHIRExportTests {
    static let schedules = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("fixtures/schedules")

    static var names: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: schedules.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
    }

    @Test(arguments: names) func dosesRoundTrip(_ name: String) throws {
        let s = try ScheduleCodec.decode(Data(contentsOf: Self.schedules.appendingPathComponent(name)), file: name)
        var compared = 0
        for m in s.medications {
            // What a FHIR Dosage cannot say: a cycle, a zone of its own, moved doses, a slot's last day.
            if case .cycle = m.recurrence { continue }
            guard m.rescheduled.isEmpty, m.times.allSatisfy({ $0.until == nil }),
                m.timePolicy == .wallClock || m.timePolicy == .fixedInterval, m.doses.isEmpty
            else { continue }
            let reader = FHIRDosageReader(zone: s.timeline(of: m).home)
            var dosages: [Dosage] = []
            for d in Dosage.of(m) {
                let json = try JSONValue.parse(FHIRExport.dosage(d).text)
                dosages.append(try reader.dosage(json))
            }
            let facts = MedicationFacts(id: m.id, name: m.name, strength: m.strength, form: m.form, person: m.person)
            let back = try DosageConverter(clock: s.clock, zone: s.timeline(of: m).home, today: m.start).convert(facts, dosages)
            #expect(back.count == 1)
            let original = instants(m, in: s)
            var replaced = s
            replaced.medications = [back[0].medication]
            #expect(instants(back[0].medication, in: replaced) == original, "\(name): \(m.id)")
            compared += 1
        }
        #expect(
            compared > 0
                || s.medications.allSatisfy {
                    if case .cycle = $0.recurrence { true } else { !$0.rescheduled.isEmpty || $0.timePolicy != .wallClock }
                })
    }

    /// Dose instants and amounts over the first 60 days (or to the end).
    func instants(_ m: Medication, in s: Schedule) -> [String] {
        let engine = WallClockEngine(schedule: s)
        let to = min(m.end ?? m.start.adding(days: 60), m.start.adding(days: 60))
        return engine.occurrences(of: m, from: m.start, to: to).map {
            "\($0.instant) \(engine.amount(of: m, slot: $0.slotID, on: $0.local.date))"
        }
    }

    /// A log entry is a MedicationAdministration: taken completed, skipped not-done with the reason.
    @Test func administrations() throws {
        let s = try ScheduleCodec.decode(Data(contentsOf: Self.schedules.appendingPathComponent("demo.json")), file: "demo.json")
        let text = FHIRExport.bundle(s).text
        let bundle = try JSONValue.parse(text)
        let resources = (bundle["entry"]?.arrayValue ?? []).compactMap { $0["resource"] }
        let admins = resources.filter { $0["resourceType"]?.stringValue == "MedicationAdministration" }
        #expect(admins.count == s.log.count)
        let statuses = admins.compactMap { $0["status"]?.stringValue }
        #expect(statuses == s.log.map { $0.status == .taken ? "completed" : "not-done" })
        #expect(FHIRExport.bundle(s).text == text, "the same schedule gives the same bytes")
        #expect(Set(admins.compactMap { $0["id"]?.stringValue }).count == admins.count, "ids are unique")
    }
}
