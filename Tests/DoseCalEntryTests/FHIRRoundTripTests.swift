import DoseCalCore
import Foundation
import Testing

@testable import DoseCalEntry

/// `dosecal export --format fhir` then `dosecal import` of the Bundle: every medication of every
/// example schedule comes back with the same dose instants and amounts over 400 days, or is
/// listed as not imported with the words of what the export could not say (never a wrong dose).
/// Travel is the person's, not the prescription's: both sides are compared at home.
@Suite struct FHIRRoundTripTests {
    @Test(arguments: FHIRExportTests.names) func exportThenImport(_ name: String) throws {
        var s = try ScheduleCodec.decode(
            Data(contentsOf: FHIRExportTests.schedules.appendingPathComponent(name)), file: name)
        if s.feed.privacy { s.feed.privacy = false }
        let text = FHIRExport.bundle(s).text
        let document = try FHIRDocument(Data(text.utf8), file: name)
        let report = FHIRImporter(zone: s.home, clock: s.clock, today: LocalDate(parsing: "2030-01-01")!).run([document])
        #expect(report.inactive.isEmpty)
        for m in s.medications {
            if let reason = Dosage.notSaid(m) {
                let left = report.notImported.first { $0.resource == "MedicationStatement/\(FHIRExport.fhirID(m.id))" }
                #expect(left?.reason == "the export could not say its doses: \(reason)", "\(name): \(m.id)")
                continue
            }
            let back = report.schedule.medications.filter { $0.id == m.id }
            #expect(back.count == 1, "\(name): \(m.id) \(report.notImported.map(\.reason))")
            guard let b = back.first else { continue }
            #expect(b.recurrence == m.recurrence || m.recurrence.isWeekly, "\(name): \(m.id)")
            #expect(b.timePolicy == m.timePolicy && b.times.map(\.id) == m.times.map(\.id), "\(name): \(m.id)")
            let original = Self.doses(m, in: s)
            #expect(!original.isEmpty || m.recurrence.isAsNeeded)
            #expect(Self.doses(b, in: report.schedule) == original, "\(name): \(m.id)")
        }
        #expect(report.schedule.medications.count + report.notImported.count >= s.medications.count)
    }

    /// A dose moved for one day has no FHIR Dosage: the export says so in its not-said extension,
    /// and import lists the medication as not imported with those words (never the unmoved doses).
    @Test func whatNoDosageSaysIsNotImported() throws {
        var m = Medication(
            id: "sertraline", name: "Sertraline", times: [DoseSlot(id: "morning", time: LocalTime(parsing: "09:00")!)],
            start: LocalDate(parsing: "2026-03-01")!)
        m.rescheduled = [
            RescheduledDose(slot: "morning", date: LocalDate(parsing: "2026-03-08")!, time: LocalTime(parsing: "11:00")!)
        ]
        let s = Schedule(version: 2, home: Zone("Europe/Berlin")!, medications: [m])
        let text = FHIRExport.bundle(s).text
        let statement = try JSONValue.parse(text)["entry"]?.arrayValue?[1]["resource"]
        let modifier = statement?["dosage"]?.arrayValue?.first?["modifierExtension"]?.arrayValue?.first
        #expect(modifier?["url"]?.stringValue == "urn:dosecal:fhir:not-said")
        #expect(modifier?["valueString"]?.stringValue == "1 dose(s) moved to another time (a dosage has no one-off moves)")
        let report = FHIRImporter(zone: s.home, today: LocalDate(parsing: "2026-03-01")!)
            .run([try FHIRDocument(Data(text.utf8), file: "b.json")])
        #expect(report.schedule.medications.isEmpty)
        #expect(
            report.notImported.map(\.reason) == [
                "the export could not say its doses: 1 dose(s) moved to another time (a dosage has no one-off moves)"
            ])
    }

    /// A modifier extension dosecal does not know changes what the dosage means: refused, named.
    @Test func unknownModifierExtensionIsRefused() throws {
        let json = #"""
            {"resourceType":"MedicationRequest","id":"x","status":"active","intent":"order",
             "medicationCodeableConcept":{"text":"Aspirin"},"subject":{"reference":"Patient/p"},
             "dosageInstruction":[{"modifierExtension":[{"url":"http://example.org/only-if-pain","valueBoolean":true}],
               "timing":{"repeat":{"frequency":1,"period":1,"periodUnit":"d","timeOfDay":["08:00:00"]}}}]}
            """#
        let report = FHIRImporter(zone: Zone("Europe/Berlin")!, today: LocalDate(parsing: "2026-03-01")!)
            .run([try FHIRDocument(Data(json.utf8), file: "r.json")])
        #expect(report.schedule.medications.isEmpty)
        #expect(
            report.notImported.map(\.reason) == [
                "a modifier extension dosecal does not know (http://example.org/only-if-pain): it changes what the dosage means"
            ])
    }

    /// Dose instants (epoch) with slot and amount, over 400 days from the start (or to the end),
    /// at the person's home with no travel.
    static func doses(_ m: Medication, in s: Schedule) -> [String] {
        var home = s
        home.itinerary = []
        home.people = home.people.map {
            var p = $0
            p.itinerary = nil
            p.home = nil
            return p
        }
        home.medications = [m]
        let engine = WallClockEngine(schedule: home)
        let to = min(m.end ?? m.start.adding(days: 400), m.start.adding(days: 400))
        return engine.occurrences(of: m, from: m.start, to: to).map {
            "\($0.instant) \($0.slotID) \(engine.amount(of: m, slot: $0.slotID, on: $0.local.date))"
        }
    }
}

extension Recurrence {
    var isWeekly: Bool {
        if case .weekly = self { return true }
        return false
    }
    var isAsNeeded: Bool {
        if case .asNeeded = self { return true }
        return false
    }
}
