import DoseCal
import Foundation
import ICal
import Testing

/// Hostile returned calendars as reconcile, import and sync read them: a clear error naming the
/// file, a warning, or a bounded result.
@Suite struct HostileCalendarTests {
    static let event = """
        BEGIN:VEVENT\r
        UID:a@example.com\r
        DTSTART;TZID=Europe/Berlin:20260110T083000\r
        RRULE:FREQ=DAILY;COUNT=100\r
        SUMMARY:Metformin 500 mg\r
        END:VEVENT\r

        """

    static func calendar(_ body: String) -> [UInt8] {
        Array(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + body + "END:VCALENDAR\r\n").utf8)
    }

    @Test func aByteOrderMarkIsReadInEveryReader() throws {
        let bytes = [0xEF, 0xBB, 0xBF] + Self.calendar(Self.event)
        #expect(try ReturnedCalendar(parsing: bytes).series.map(\.uid) == ["a@example.com"])
        #expect(try ReturnedCalendar(parsingItems: [bytes, bytes]).series.map(\.uid) == ["a@example.com"])
        #expect(try VdirContent(bytes: Data(bytes)).uids == ["a@example.com"])
    }

    @Test func anItemErrorNamesTheItem() {
        let good = Self.calendar(Self.event)
        let bad = Self.calendar("BEGIN:VEVENT\r\nUID:b@example.com\r\n")
        #expect(
            throws: ICalError.inFile(
                "cal/b.ics",
                .structure(line: 3, message: "BEGIN:VEVENT is never closed; expected END:VEVENT before END:VCALENDAR on line 5"))
        ) {
            try ReturnedCalendar(parsingItems: [good, bad], names: ["cal/a.ics", "cal/b.ics"])
        }
    }

    @Test func aSecondVTimezoneOfOneTZIDIsAWarning() throws {
        let zone = { (offset: String) in
            "BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\nBEGIN:STANDARD\r\nDTSTART:19701025T030000\r\nTZOFFSETFROM:\(offset)\r\n"
                + "TZOFFSETTO:\(offset)\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n"
        }
        let calendar = try ReturnedCalendar(parsing: Self.calendar(zone("+0100") + zone("+0900") + Self.event))
        #expect(calendar.warnings.contains(.input(.duplicateTimezone(tzid: "Europe/Berlin", line: 11, first: 3))))
        #expect(calendar.timezones.count == 2)
    }

    @Test func reconcileWarnsOfASecondVTimezone() throws {
        let base = try ReconcileSupport.baseText()
        let second =
            "BEGIN:VTIMEZONE\r\nTZID:America/New_York\r\nBEGIN:STANDARD\r\nDTSTART:19701101T020000\r\n"
            + "TZOFFSETFROM:+0900\r\nTZOFFSETTO:+0900\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n"
        let theirs = base.replacingOccurrences(
            of: "BEGIN:VEVENT\r\n", with: second + "BEGIN:VEVENT\r\n", options: [], range: base.range(of: "BEGIN:VEVENT\r\n"))
        let set = try ReconcileSupport.reconcile(theirs: theirs)
        let warning = try #require(set.warnings.first { $0.contains("VTIMEZONE") })
        #expect(warning.hasPrefix("the calendar's line "))
        #expect(
            warning.hasSuffix(
                ": a second VTIMEZONE for TZID \"America/New_York\" (the first is on line 11); the first one is read and this one is ignored; a calendar must define each TZID once"
            ))
    }

    @Test func importStopsAtTheBudgetWithTheReason() throws {
        let calendar = try ReturnedCalendar(parsing: Self.calendar(Self.event))
        let importer = CalendarImporter(
            matcher: DoseMatcher(pattern: "."), zone: "Europe/Berlin", budget: ExpansionBudget(instances: 10))
        let report = try importer.run([calendar])
        #expect(report.schedule.medications.isEmpty)
        #expect(
            report.unmapped.map(\.reason) == [
                "its COUNT rule cannot be expanded: the calendar has more than 10 instances in the window in all; "
                    + "not expanded: \"a@example.com\"; use a shorter window"
            ])
    }

    @Test func reconcileStopsAtTheBudgetWithAWarning() throws {
        let theirs = try ReconcileSupport.theirs("google-move-one.ics")
        var reconciler = try Reconciler(
            baseText: [UInt8]?.none, ours: ReconcileSupport.demo(), theirsText: Array(theirs.utf8), now: ReconcileSupport.now)
        reconciler.budget = ExpansionBudget(instances: 0)
        let set = try reconciler.reconcile()
        #expect(
            set.warnings.contains { $0.hasPrefix("a dose series could not be expanded: the calendar has more than 0 instances") },
            "\(set.warnings)")
    }
}
