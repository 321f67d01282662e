import DoseCalCore
import Foundation
import Testing

@testable import DoseCalEntry

/// The doses imported from the FHIR fixtures, as literal instants in two zones across a change of
/// daylight saving time: New York (summer time starts 2020-03-08, 2027-03-14, ends 2026-11-01)
/// and Berlin (starts 2020-03-29, 2027-03-28). The wall-clock time stays; the offset changes.
@Suite struct FHIRDaylightTests {
    static func imported(_ zone: String) throws -> [String: Medication] {
        let r = try FHIRImportTests.run(["bundle-searchset.json", "medicationstatement-lisinopril.json"], zone: zone)
        return Dictionary(uniqueKeysWithValues: r.schedule.medications.map { ($0.id, $0) })
    }

    /// The doses of `m` from `from` to `to` (inclusive) in `zone`, RFC 3339 with the offset.
    static func doses(_ m: Medication?, in zone: String, from: String, to: String) throws -> [String] {
        let m = try #require(m)
        let engine = WallClockEngine(schedule: Schedule(version: 2, home: T.zone(zone), medications: [m]))
        return engine.occurrences(of: m, from: T.day(from), to: T.day(to)).map { T.rfc3339($0.instant, T.zone(zone)) }
    }

    /// Lisinopril, QD from the statement's start 2020-03-01: 08:00 from the clock.
    @Test func lisinoprilOnceADay() throws {
        let ny = try Self.imported("America/New_York")["lisinopril-10-mg-oral-tablet"]
        #expect(
            try Self.doses(ny, in: "America/New_York", from: "2020-03-07", to: "2020-03-09") == [
                "2020-03-07T08:00:00-05:00", "2020-03-08T08:00:00-04:00", "2020-03-09T08:00:00-04:00",
            ])
        let berlin = try Self.imported("Europe/Berlin")["lisinopril-10-mg-oral-tablet"]
        #expect(
            try Self.doses(berlin, in: "Europe/Berlin", from: "2020-03-28", to: "2020-03-30") == [
                "2020-03-28T08:00:00+01:00", "2020-03-29T08:00:00+02:00", "2020-03-30T08:00:00+02:00",
            ])
    }

    /// Omeprazole before breakfast (ACM: 07:30 from the clock), daily from 2026-10-30.
    @Test func omeprazoleBeforeBreakfast() throws {
        let ny = try Self.imported("America/New_York")["omeprazole-20-mg-capsule"]
        #expect(
            try Self.doses(ny, in: "America/New_York", from: "2026-10-31", to: "2026-11-02") == [
                "2026-10-31T07:30:00-04:00", "2026-11-01T07:30:00-05:00", "2026-11-02T07:30:00-05:00",
            ])
        #expect(
            try Self.doses(ny, in: "America/New_York", from: "2027-03-13", to: "2027-03-14") == [
                "2027-03-13T07:30:00-05:00", "2027-03-14T07:30:00-04:00",
            ])
        let berlin = try Self.imported("Europe/Berlin")["omeprazole-20-mg-capsule"]
        #expect(
            try Self.doses(berlin, in: "Europe/Berlin", from: "2027-03-27", to: "2027-03-29") == [
                "2027-03-27T07:30:00+01:00", "2027-03-28T07:30:00+02:00", "2027-03-29T07:30:00+02:00",
            ])
    }

    /// Methotrexate on Friday evenings (EVE: 19:00), from 2026-10-30.
    @Test func methotrexateFridayEvening() throws {
        let ny = try Self.imported("America/New_York")["methotrexate-2-5-mg-tablet"]
        #expect(
            try Self.doses(ny, in: "America/New_York", from: "2026-10-30", to: "2026-11-06") == [
                "2026-10-30T19:00:00-04:00", "2026-11-06T19:00:00-05:00",
            ])
        let berlin = try Self.imported("Europe/Berlin")["methotrexate-2-5-mg-tablet"]
        #expect(
            try Self.doses(berlin, in: "Europe/Berlin", from: "2027-03-26", to: "2027-04-02") == [
                "2027-03-26T19:00:00+01:00", "2027-04-02T19:00:00+02:00",
            ])
    }

    /// Amoxicillin three times a day for 10 days from the dispense (2026-10-30 16:20 +01:00, the
    /// 30th in both zones): New York's summer time ends on the third day; Berlin's ended before.
    @Test func amoxicillinTenDays() throws {
        let ny = try Self.imported("America/New_York")["amoxicillin-250-mg-5-ml-oral-suspension"]
        #expect(
            try Self.doses(ny, in: "America/New_York", from: "2026-10-31", to: "2026-11-01") == [
                "2026-10-31T08:00:00-04:00", "2026-10-31T14:00:00-04:00", "2026-10-31T20:00:00-04:00",
                "2026-11-01T08:00:00-05:00", "2026-11-01T14:00:00-05:00", "2026-11-01T20:00:00-05:00",
            ])
        let berlin = try Self.imported("Europe/Berlin")["amoxicillin-250-mg-5-ml-oral-suspension"]
        let all = try Self.doses(berlin, in: "Europe/Berlin", from: "2026-10-01", to: "2026-12-31")
        #expect(all.count == 30)
        #expect(all.first == "2026-10-30T08:00:00+01:00" && all.last == "2026-11-08T20:00:00+01:00")
    }

    /// Exported and imported again, every dose of the fixtures' medications keeps its instant in
    /// New York across 2026-11-01.
    @Test func exportThenImportKeepsTheInstants() throws {
        let first = try FHIRImportTests.run(["bundle-searchset.json"], zone: "America/New_York")
        let text = FHIRExport.bundle(first.schedule).text
        let again = FHIRImporter(zone: T.zone("America/New_York"), today: T.day("2030-01-01"))
            .run([try FHIRDocument(Data(text.utf8), file: "b.json")])
        #expect(again.notImported.isEmpty)
        for m in first.schedule.medications {
            let back = again.schedule.medications.first { $0.id == m.id }
            #expect(
                try Self.doses(back, in: "America/New_York", from: "2026-10-30", to: "2026-11-14")
                    == Self.doses(m, in: "America/New_York", from: "2026-10-30", to: "2026-11-14"))
        }
    }
}
