import DoseCal
import Foundation
import ICal
import Testing

/// Every file of the shared corpus (copied to fixtures/corpus-all, see its PROVENANCE.md) is read
/// or rejected with an error that names a line; none crashes (`make asan` runs this too).
@Suite struct CorpusTests {
    static let directory = Fixtures.root.appendingPathComponent("corpus-all")

    static var files: [String] {
        let walker = FileManager.default.enumerator(atPath: directory.path)
        var result: [String] = []
        while let path = walker?.nextObject() as? String {
            if path.hasSuffix(".ics") { result.append(path) }
        }
        return result.sorted()
    }

    /// The files rejected, with the line their error names. Anything else must be read.
    static let rejected: [String: Int] = [
        "datetimes/issue_201_test_matrix.ics": 11,  // END:VTOOD closes BEGIN:VTODO
        "malformed/broken-vevent.ics": 4,  // BEGIN:VEVENT never closed
        "malformed/small_bad_calendar.ics": 1,  // BEGIN:VCALENDAR never closed
        "malformed/zday.ics": 30,  // NUL bytes (a libical fuzzer input)
    ]

    @Test func theCorpusIsComplete() {
        #expect(Self.files.count == 76)
    }

    @Test(arguments: files)
    func readsOrRejectsWithALine(file: String) throws {
        let bytes = Array(try Data(contentsOf: Self.directory.appendingPathComponent(file)))
        do {
            let calendar = try ReturnedCalendar(parsing: bytes)
            _ = calendar.series.map(\.contentHash)
            #expect(Self.rejected[file] == nil, "\(file) was expected to be rejected")
        } catch {
            #expect(error.line != nil, "\(file): \(error)")
            #expect(error.description.contains("line \(error.line ?? -1)"), "\(file): \(error)")
            #expect(Self.rejected[file] == error.line, "\(file): \(error)")
        }
    }

    /// A real macOS split (Apple's "this and following" without RELATED-TO): the past half
    /// E53B... ends at 08:59:59 PDT, the future half 6D0A... starts at 09:00 PDT.
    @Test func appleSplitInTheCorpusIsFound() throws {
        let bytes = Array(try Data(contentsOf: Self.directory.appendingPathComponent("vendors/apple/apple_ical.ics")))
        let calendar = try ReturnedCalendar(parsing: bytes)
        #expect(
            calendar.splits == [
                SeriesSplit(
                    earlier: "E53B06A1-9F72-41D9-9446-68E335D2D4F4", later: "6D0A3855-9577-40D3-AE87-9624657C7561",
                    evidence: .untilAdjacent, effective: .instant(1_664_208_000))  // 2022-09-26T09:00:00-07:00
            ])
    }

    /// Exchange 2010 (OWA) writes no UID and names zones by Windows display name, old and new style.
    @Test func exchangeDisplayNameZones() throws {
        let bytes = Array(try Data(contentsOf: Self.directory.appendingPathComponent("vendors/outlook/Office-2012-owa.ics")))
        let calendar = try ReturnedCalendar(parsing: bytes)
        #expect(calendar.series.isEmpty)
        #expect(
            calendar.eventsWithoutUID.map(\.zone) == [
                "Australia/Sydney", "America/New_York", "America/New_York", "America/New_York",
            ])
    }

    /// A real Google export where one series was split three times; Google named every new half
    /// after the original, so the chain is ordered by start.
    @Test func googleSplitsInTheCorpusFormAChain() throws {
        let bytes = Array(try Data(contentsOf: Self.directory.appendingPathComponent("vendors/google/daylight_saving_time.ics")))
        let calendar = try ReturnedCalendar(parsing: bytes)
        let root = "3gp01pk48e95mmonkqef47qtpb"
        let chain = calendar.splits.filter { $0.earlier.hasPrefix(root) }
        #expect(
            chain.map(\.later)
                == ["_R20180212T140000", "_R20180730T130000", "_R20180910T130000"].map { root + $0 + "@google.com" })
        #expect(chain.map(\.effective) == [.instant(1_518_444_000), .instant(1_532_955_600), .instant(1_536_584_400)])
        #expect(chain.first?.earlier == root + "@google.com")
        #expect(calendar.series(uid: root + "_R20180910T130000@google.com")?.root == root + "@google.com")
    }

    /// Exchange: an all-day series with a UTC UNTIL and a moved occurrence whose RECURRENCE-ID is
    /// a local-midnight date-time: both read as dates.
    @Test func exchangeAllDayOverrideMatchesByDate() throws {
        let bytes = Array(
            try Data(contentsOf: Self.directory.appendingPathComponent("vendors/outlook/exchange_whole_day_moved_recurrence.ics"))
        )
        let series = try #require(try ReturnedCalendar(parsing: bytes).series.first)
        #expect(series.overrides.map(\.recurrenceID) == [.date(LocalDate(year: 2026, month: 2, day: 26)!)])
        #expect(series.master?.until == .date(LocalDate(year: 2026, month: 8, day: 18)!))  // 20260817T220000Z: CEST midnight
    }
}
