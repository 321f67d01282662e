import DoseCal
import ICal
import Testing

@Suite struct SplitRecoveryTests {
    typealias F = ClientFixtures
    static let googleFirst = "dose-bbc7306c05e0f4dde4e11953_R20261203T133000@google.com"
    static let googleSecond = "dose-bbc7306c05e0f4dde4e11953_R20261203T133000_R20261210T140000@google.com"

    @Test func googleSuffixesPileUpAndLeadBackToOurUID() throws {
        let calendar = try F.read("google-split.ics")
        #expect(
            calendar.splits == [
                SeriesSplit(
                    earlier: F.metformin0800, later: Self.googleFirst, evidence: .googleSuffix, effective: .instant(1_796_304_600)
                ),
                SeriesSplit(
                    earlier: Self.googleFirst, later: Self.googleSecond, evidence: .googleSuffix,
                    effective: .instant(1_796_911_200)),
            ])
        #expect(
            calendar.series(dosecalUID: F.metformin0800).map(\.uid) == [F.metformin0800, Self.googleFirst, Self.googleSecond])
        #expect(calendar.series(uid: Self.googleSecond)?.root == F.metformin0800)
        // Google's UNTIL: 23:59:59 local on the day before, in UTC.
        #expect(calendar.series(uid: F.metformin0800)?.master?.until == .instant(1_796_273_999))
        #expect(calendar.series(uid: F.metformin1900)?.root == F.metformin1900)
        #expect(calendar.series(uid: F.metformin1900)?.dosecalUID == F.metformin1900)
    }

    @Test func googleSuffixWithoutTheOriginalInTheFileStillNamesOurSeries() throws {
        let text =
            "BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:\(Self.googleFirst)\nDTSTART:20261203T133000Z\nRRULE:FREQ=DAILY\nEND:VEVENT\nEND:VCALENDAR\n"
        let calendar = try ReturnedCalendar(parsing: Array(text.utf8))
        #expect(calendar.splits.isEmpty)
        #expect(calendar.series.first?.dosecalUID == F.metformin0800)
        #expect(calendar.series.first?.root == F.metformin0800)
    }

    @Test func splitHalvesWithoutAStartAreOrderedWithoutATrap() throws {
        // Found by fuzzing: two halves of one split had no DTSTART; ordering them compared a
        // stand-in time whose printing overflowed.
        func event(_ uid: String, _ start: String) -> String {
            "BEGIN:VEVENT\nUID:\(uid)\n\(start)RRULE:FREQ=DAILY\nEND:VEVENT\n"
        }
        let text =
            "BEGIN:VCALENDAR\n" + event(F.metformin0800, "DTSTART:20261203T133000Z\n") + event(Self.googleFirst, "")
            + event(Self.googleSecond, "") + "END:VCALENDAR\n"
        let calendar = try ReturnedCalendar(parsing: Array(text.utf8))
        #expect(calendar.series(uid: Self.googleSecond)?.root == F.metformin0800)
    }

    @Test func appleFutureHalfKeepsTheUIDAndThePastHalfIsLinkedByTheRecurrenceSet() throws {
        let calendar = try F.read("apple-split.ics")
        let past = "7A1D6F0E-3C2B-4E8A-9B5D-1F2E3D4C5B6A"
        #expect(
            calendar.splits == [
                SeriesSplit(
                    earlier: past, later: F.metformin0800, evidence: .recurrenceSet("B6C3A1F2-44D1-4C1E-8A8E-0D6F2B3C4D5E"),
                    effective: .instant(1_796_304_600))
            ])
        #expect(calendar.series(uid: past)?.dosecalUID == F.metformin0800)
        #expect(calendar.series(uid: past)?.root == F.metformin0800)
        #expect(calendar.series(uid: past)?.master?.until == .instant(1_796_302_799))  // split - 1 s
        // The placeholder alarm (ACTION:NONE) is left out; the acknowledged one stays as it was written.
        #expect(calendar.series(uid: F.metformin0800)?.alarms == .present([ReturnedAlarm(Self.displayAtStart)!]))
    }

    @Test func appleSplitWithoutRelatedToIsFoundByUntilAdjacency() throws {
        let text = String(decoding: try F.bytes("apple-split.ics"), as: UTF8.self)
            .replacingOccurrences(
                of: "RELATED-TO;RELTYPE=X-CALENDARSERVER-RECURRENCE-SET:B6C3A1F2-44D1-4C1E-8A8E-0D6F2B3C4D5E\r\n", with: "")
        let calendar = try ReturnedCalendar(parsing: Array(text.utf8))
        #expect(calendar.splits.map(\.evidence) == [.untilAdjacent])
        #expect(calendar.splits.first?.later == F.metformin0800)
        #expect(calendar.series(uid: "7A1D6F0E-3C2B-4E8A-9B5D-1F2E3D4C5B6A")?.dosecalUID == F.metformin0800)
    }

    @Test func androidSplitHasARandomUUIDAndUntilOneSecondBefore() throws {
        let calendar = try F.read("davx5-exdate-split.ics")
        let new = "2f7c1a9e-5b3d-4c8e-a1f0-9d2e6b7c3a45"
        #expect(
            calendar.splits == [
                SeriesSplit(earlier: F.metformin0800, later: new, evidence: .untilAdjacent, effective: .instant(1_796_909_400))
            ])
        #expect(calendar.series(uid: new)?.dosecalUID == F.metformin0800)
        #expect(calendar.series(uid: F.metformin0800)?.master?.until == .instant(1_796_907_599))
    }

    @Test func nextcloudSiblingLink() throws {
        let calendar = try F.read("nextcloud-sibling-split.ics")
        let new = "c1d2e3f4-a5b6-4789-9abc-def012345678"
        #expect(
            calendar.splits == [
                SeriesSplit(earlier: F.metformin0800, later: new, evidence: .sibling, effective: .instant(1_796_306_400))
            ])
        #expect(calendar.series(uid: new)?.root == F.metformin0800)
    }

    @Test func twoOfOurOwnSeriesAreNeverPairedByAdjacency() throws {
        // dosecal itself writes taper steps as a series ending the day before the next one starts.
        let a = F.metformin0800
        let b = F.metformin1900
        let text =
            "BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:\(a)\nDTSTART:20260105T130000Z\nRRULE:FREQ=DAILY;UNTIL=20261202T130000Z\nSUMMARY:X\nEND:VEVENT\n"
            + "BEGIN:VEVENT\nUID:\(b)\nDTSTART:20261203T130000Z\nRRULE:FREQ=DAILY\nSUMMARY:X\nEND:VEVENT\nEND:VCALENDAR\n"
        #expect(try ReturnedCalendar(parsing: Array(text.utf8)).splits.isEmpty)
    }

    @Test func adjacencyNeedsTheSameSummaryAndRuleShape() throws {
        func calendar(_ summary: String, _ rule: String) throws -> ReturnedCalendar {
            let text =
                "BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:old\nDTSTART:20260105T130000Z\nRRULE:FREQ=DAILY;UNTIL=20261203T125959Z\nSUMMARY:X\nEND:VEVENT\n"
                + "BEGIN:VEVENT\nUID:new\nDTSTART:20261203T130000Z\nRRULE:\(rule)\nSUMMARY:\(summary)\nEND:VEVENT\nEND:VCALENDAR\n"
            return try ReturnedCalendar(parsing: Array(text.utf8))
        }
        #expect(try calendar("X", "FREQ=DAILY").splits.count == 1)
        #expect(try calendar("Y", "FREQ=DAILY").splits.isEmpty)
        #expect(try calendar("X", "FREQ=DAILY;INTERVAL=2").splits.isEmpty)
    }

    static let displayAtStart = ICalComponent(
        "VALARM", properties: [ICalProperty("ACTION", "DISPLAY"), ICalProperty("TRIGGER", "PT0S")])
}
