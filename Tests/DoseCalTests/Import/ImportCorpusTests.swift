import DoseCal
import Foundation
import ICal
import Testing

/// Every readable file of the shared corpus, with every event taken as a dose (`--match .`):
/// the import never fails, writes a valid schedule, and accounts for what it did not import.
@Suite struct ImportCorpusTests {
    @Test(arguments: CorpusTests.files.filter { CorpusTests.rejected[$0] == nil })
    func importsOrReports(file: String) throws {
        let bytes = try Array(Data(contentsOf: CorpusTests.directory.appendingPathComponent(file)))
        let calendar = try ReturnedCalendar(parsing: bytes)
        let report = try CalendarImporter(matcher: DoseMatcher(pattern: "."), zone: "Europe/Berlin").run([calendar])
        let decoded = try ScheduleCodec.decode(ScheduleCodec.encode(report.schedule), file: file)
        #expect(decoded == report.schedule, "\(file)")
        let untitled =
            calendar.series.filter { s in
                let e = s.master ?? s.overrides.first
                return (e?.summary ?? "").isEmpty && e?.component.property("DESCRIPTION") == nil
            }.count + calendar.eventsWithoutUID.filter { ($0.summary ?? "").isEmpty }.count
        #expect(report.eventsNotDoses <= untitled, "\(file): every event with a title or description matches '.'")
        let withStart = calendar.series.filter { $0.master?.start != nil }.count + calendar.eventsWithoutUID.count
        #expect(
            withStart == 0 || !report.schedule.medications.isEmpty || !report.unmapped.isEmpty,
            "\(file): dose-like events neither imported nor reported")
        #expect(report.unmapped.allSatisfy { !$0.reason.isEmpty })
    }
}
