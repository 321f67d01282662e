import DoseCal
import ICal
import Testing

/// The export with other line endings and folding reads the same as the export.
@Suite struct LineFormTests {
    typealias F = ClientFixtures

    static func summary(_ c: ReturnedCalendar) -> [String] {
        c.series.map { "\($0.uid) \($0.contentHash) \($0.alarmHash ?? "-")" }
    }

    @Test(arguments: ["lf-only.ics", "cr-only.ics", "tab-folding.ics", "broken-folding.ics"])
    func readsLikeTheExport(file: String) throws {
        let export = try F.read("dosecal-demo-export.ics")
        let variant = try F.read(file)
        #expect(export.series.count == 9)
        #expect(Self.summary(variant) == Self.summary(export))
        let description = { (c: ReturnedCalendar) in
            c.series(uid: F.metformin0800)?.master?.component.property("DESCRIPTION")?.text
        }
        #expect(description(variant) == description(export))
        #expect(description(variant) == "Take 1 tablet of Metformin 500 mg at 08:00.\nWith breakfast and dinner.")
    }

    @Test func brokenFoldingIsReportedWithItsLine() throws {
        let calendar = try F.read("broken-folding.ics")
        #expect(calendar.warnings == [.input(.brokenFolding(line: 38, continuing: 37))])
        #expect(try F.read("dosecal-demo-export.ics").warnings.isEmpty)
    }
}
