import DoseCal
import ICal
import Testing

@Suite struct ReturnedCalendarTests {
    typealias F = ClientFixtures

    @Test func groupsMasterAndOverrideByUIDAndMatchesRecurrenceIDByInstant() throws {
        let calendar = try F.read("google-move-one.ics")
        #expect(calendar.series.map(\.uid) == [F.metformin0800])
        let series = try #require(calendar.series(uid: F.metformin0800))
        #expect(series.master?.startTime == .instant(1_767_618_000))  // 2026-01-05T08:00:00-05:00
        #expect(series.master?.zone == "America/New_York")
        #expect(series.master?.durationSeconds == 900)  // Google's DTEND for our DURATION:PT15M
        #expect(series.overrides.count == 1)
        #expect(series.overrides.first?.recurrenceID == .instant(F.dec3At0800))
        #expect(series.overrides.first?.startTime == .instant(1_796_308_200))  // 2026-12-03T09:30:00-05:00
        #expect(series.alarms == .absent)  // Google drops VALARM: absent, not changed
        #expect(series.dosecalUID == F.metformin0800)
        #expect(calendar.calendarZone == "America/New_York")
    }

    @Test func overridesWithoutMasterFormAnOrphanSeries() throws {
        let text = """
            BEGIN:VCALENDAR\r
            BEGIN:VEVENT\r
            UID:\(F.metformin0800)\r
            RECURRENCE-ID:20261203T130000Z\r
            DTSTART:20261203T143000Z\r
            SUMMARY:Metformin 500 mg (1 tablet)\r
            END:VEVENT\r
            END:VCALENDAR\r

            """
        let calendar = try ReturnedCalendar(parsing: Array(text.utf8))
        let series = try #require(calendar.series.first)
        #expect(series.isOrphan)
        #expect(series.overrides.first?.recurrenceID == .instant(F.dec3At0800))
        #expect(series.dosecalUID == F.metformin0800)
    }

    @Test(arguments: [
        ("google-delete-one.ics", [F.dec3At0800, 1_796_475_600]),  // TZID one per line, a duplicate
        ("thunderbird-xmoz.ics", [F.dec3At0800, 1_796_475_600]),  // UTC one per line
        ("khal-comma-exdate.ics", [F.dec3At0800, 1_796_475_600]),  // one comma-joined TZID property
        ("outlook-windows-tz.ics", [F.dec3At0800, 1_796_389_200]),  // multi-valued, Windows TZID
        ("davx5-exdate-split.ics", [F.dec3At0800, 1_796_475_600, 1_796_562_000]),  // TZID=UTC + UTC comma list
    ])
    func exceptionDatesInEveryShapeBecomeInstants(file: String, expected: [Int]) throws {
        let series = try #require(try F.read(file).series(uid: F.metformin0800))
        #expect(series.exceptionDates == expected.map { .instant($0) })
    }

    @Test func dateOnlyExceptionOnATimedSeriesMatchesByDate() throws {
        let text =
            "BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:a\nDTSTART;TZID=Europe/Berlin:20260105T080000\nRRULE:FREQ=DAILY\n"
            + "EXDATE;VALUE=DATE:20261203\nEXDATE;TZID=/freeassociation.sourceforge.net/Europe/Berlin:20261204T080000\nEND:VEVENT\nEND:VCALENDAR\n"
        let series = try #require(try ReturnedCalendar(parsing: Array(text.utf8)).series.first)
        #expect(series.exceptionDates == [.date(LocalDate(year: 2026, month: 12, day: 3)!), .instant(1_796_367_600)])
    }

    @Test func windowsZoneAndFloatingUntilOfOutlook() throws {
        let calendar = try F.read("outlook-windows-tz.ics")
        let master = try #require(calendar.series(uid: F.metformin0800)?.master)
        #expect(master.zone == "America/New_York")
        #expect(master.startTime == .instant(1_767_618_000))
        #expect(master.until == .instant(1_798_722_000))  // floating 2026-12-31T08:00 read in the series' zone
        #expect(
            master.alarms == .present([ReturnedAlarm(ICalComponent("VALARM", properties: [ICalProperty("TRIGGER", "PT0S")]))!]))
        #expect(
            calendar.warnings.contains(
                .untilRead(
                    uid: F.metformin0800, line: 23, written: "20261231T080000",
                    readAs: "2026-12-31T08:00:00 Eastern Standard Time")))
    }

    /// A phone's BYSETPOS rule is held with every part; the schedule model has no words for it,
    /// so it is reported and the series kept as written (no UNTIL read from it).
    @Test func bySetPosRuleIsHeldButNotMappedOntoTheSchedule() throws {
        let text =
            "BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:a\nDTSTART;TZID=Europe/Berlin:20260130T080000\n"
            + "RRULE:FREQ=MONTHLY;UNTIL=20261231T230000Z;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;BYHOUR=8\nEND:VEVENT\nEND:VCALENDAR\n"
        let calendar = try ReturnedCalendar(parsing: Array(text.utf8))
        let master = try #require(calendar.series.first?.master)
        #expect(master.rule?.bySetPos == [-1])
        #expect(master.rule?.byHour == [8])
        #expect(master.rule?.description == "FREQ=MONTHLY;UNTIL=20261231T230000Z;BYDAY=MO,TU,WE,TH,FR;BYHOUR=8;BYSETPOS=-1")
        #expect(master.scheduleRule == nil)
        #expect(master.until == nil)
        #expect(
            calendar.warnings == [
                // libical hands the value on in its own part order.
                .unreadableRule(
                    uid: "a", line: 5, rule: "FREQ=MONTHLY;UNTIL=20261231T230000Z;BYHOUR=8;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1")
            ])
    }

    @Test func unknownZoneStaysLocalAndIsReported() throws {
        let text =
            "BEGIN:VCALENDAR\nBEGIN:VTIMEZONE\nTZID:Customized Time Zone\nBEGIN:STANDARD\nDTSTART:16010101T000000\n"
            + "TZOFFSETFROM:+0100\nTZOFFSETTO:+0100\nEND:STANDARD\nEND:VTIMEZONE\nBEGIN:VEVENT\nUID:a\n"
            + "DTSTART;TZID=Customized Time Zone:20260105T080000\nEND:VEVENT\nEND:VCALENDAR\n"
        let calendar = try ReturnedCalendar(parsing: Array(text.utf8))
        let start = LocalDateTime(date: LocalDate(year: 2026, month: 1, day: 5)!, time: LocalTime(hour: 8, minute: 0)!)
        #expect(calendar.series.first?.master?.startTime == .local(start, tzid: "Customized Time Zone"))
        #expect(calendar.warnings == [.unknownZone(tzid: "Customized Time Zone", hasDefinition: true)])
    }

    @Test func floatingValuesTakeXWRTimezoneButUTCValuesDoNot() throws {
        let text =
            "BEGIN:VCALENDAR\nX-WR-TIMEZONE:Europe/Brussels\nBEGIN:VEVENT\nUID:f\nDTSTART:20261203T080000\nEND:VEVENT\n"
            + "BEGIN:VEVENT\nUID:u\nDTSTART:20261203T080000Z\nEND:VEVENT\nEND:VCALENDAR\n"
        let calendar = try ReturnedCalendar(parsing: Array(text.utf8))
        #expect(calendar.series(uid: "f")?.master?.startTime == .instant(1_796_281_200))  // 2026-12-03T08:00:00+01:00
        #expect(calendar.series(uid: "u")?.master?.startTime == .instant(1_796_284_800))  // 2026-12-03T08:00:00Z
    }

    @Test func recognisesDosecalUIDs() {
        #expect(ReturnedCalendar.isDosecalUID(F.metformin0800))
        #expect(!ReturnedCalendar.isDosecalUID("dose-bbc7306c05e0f4dde4e1195@dosecal.app"))
        #expect(!ReturnedCalendar.isDosecalUID("dose-BBC7306C05E0F4DDE4E11953@dosecal.app"))
        #expect(!ReturnedCalendar.isDosecalUID("dose-bbc7306c05e0f4dde4e11953@google.com"))
    }

    @Test func eventsWithoutUIDAreReportedNotGrouped() throws {
        let text = "BEGIN:VCALENDAR\nBEGIN:VEVENT\nDTSTART:20261203T080000Z\nEND:VEVENT\nEND:VCALENDAR\n"
        let calendar = try ReturnedCalendar(parsing: Array(text.utf8))
        #expect(calendar.series.isEmpty)
        #expect(calendar.warnings == [.missingUID(line: 2)])
    }
}
