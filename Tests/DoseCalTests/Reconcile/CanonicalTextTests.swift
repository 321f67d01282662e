import ICal
import Testing

@testable import DoseCal

/// The canonical texts written into one byte buffer, the remembered readings of RRULE, DURATION
/// and TRIGGER texts and TZIDs, and split recovery's fast paths, against literal expected values.
@Suite struct CanonicalTextTests {
    static func calendar(_ events: String) throws -> ReturnedCalendar {
        let text = "BEGIN:VCALENDAR\r\n" + events.replacingOccurrences(of: "\n", with: "\r\n") + "END:VCALENDAR\r\n"
        return try ReturnedCalendar(parsing: Array(text.utf8))
    }

    static let zoned = """
        BEGIN:VEVENT
        UID:a@example.com
        DTSTART;TZID=W. Europe Standard Time:20261201T080000
        DURATION:PT15M
        RRULE:freq=daily;UNTIL=20261231T235959Z;INTERVAL=2;BYHOUR=8
        EXDATE:20261205T070000Z,20261203T070000Z
        RDATE;VALUE=DATE:20270105
        SUMMARY:Pill, 1
        END:VEVENT
        BEGIN:VEVENT
        UID:a@example.com
        RECURRENCE-ID;RANGE=THISANDFUTURE:20261207T070000Z
        DTSTART:20261207T093000Z
        DTEND:20261207T100000Z
        STATUS:CANCELLED
        END:VEVENT
        BEGIN:VEVENT
        UID:b@example.com
        RECURRENCE-ID;VALUE=DATE:20261203
        DTSTART;VALUE=DATE:20261204
        END:VEVENT
        BEGIN:VEVENT
        UID:c@example.com
        DTSTART;TZID=Customized Time Zone:20261201T080000
        RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=3
        SUMMARY:Ünïcode
        END:VEVENT

        """

    @Test func canonicalTextsAreWrittenLineByLine() throws {
        let c = try Self.calendar(Self.zoned)
        #expect(
            c.series(uid: "a@example.com")?.canonicalText == """
                DTSTART:2026-12-01T08:00:00 Europe/Berlin
                DURATION:900
                RRULE:BYHOUR=8;FREQ=DAILY;INTERVAL=2
                RDATE:2027-01-05
                EXDATE:2026-12-03T07:00:00Z,2026-12-05T07:00:00Z
                SUMMARY:Pill, 1
                OVERRIDE:2026-12-07T07:00:00Z;THISANDFUTURE
                  DTSTART:2026-12-07T09:30:00Z
                  DURATION:1800
                  STATUS:CANCELLED
                """)
        #expect(
            c.series(uid: "b@example.com")?.canonicalText == """
                ORPHAN
                OVERRIDE:2026-12-03
                  DTSTART:2026-12-04
                """)
        #expect(
            c.series(uid: "c@example.com")?.canonicalText == """
                DTSTART:2026-12-01T08:00:00 Customized Time Zone
                RRULE:BYDAY=MO;COUNT=3;FREQ=WEEKLY
                SUMMARY:Ünïcode
                """)
    }

    @Test func untilSortsAmongTheRuleParts() {
        var out = TextBuilder(capacity: 256)
        CanonicalRule("FREQ=DAILY;wkst=mo;UNTIL=20270101T000000Z;UNSEEN=1;U=2").write(
            until: .date(LocalDate(year: 2027, month: 1, day: 1)!), into: &out)
        #expect(String(decoding: out.bytes, as: UTF8.self) == "FREQ=DAILY;U=2;UNSEEN=1;UNTIL=2027-01-01;WKST=MO")
        var none = TextBuilder(capacity: 256)
        CanonicalRule("FREQ=DAILY;UNTIL=20270101").write(until: nil, into: &none)
        #expect(String(decoding: none.bytes, as: UTF8.self) == "FREQ=DAILY")
    }

    /// A non-ASCII rule text is sorted as String comparison orders it, UNTIL included.
    @Test func aNonASCIIRuleIsSortedTheSlowWay() {
        var out = TextBuilder(capacity: 256)
        CanonicalRule("FREQ=DAILY;X-É=1;UNTIL=2027").write(until: .instant(0), into: &out)
        #expect(String(decoding: out.bytes, as: UTF8.self) == "FREQ=DAILY;UNTIL=1970-01-01T00:00:00Z;X-É=1")
    }

    @Test func timesAreWrittenAsTheirDescriptions() {
        let values: [ReturnedTime] = [
            .instant(0), .instant(-86_401), .instant(253_402_300_800), .date(LocalDate(daysSinceEpoch: -719_200)),
            .local(LocalDateTime(secondsSinceEpoch: 1_796_308_200), tzid: "Zone X"),
            .local(LocalDateTime(secondsSinceEpoch: 59), tzid: nil),
        ]
        for value in values {
            var out = TextBuilder(capacity: 256)
            out.add(value)
            #expect(String(decoding: out.bytes, as: UTF8.self) == value.description)
        }
        for n in [0, 7, 10, 900, 86_400, -5, Int.max, Int.min] {
            var out = TextBuilder(capacity: 256)
            out.add(n)
            #expect(String(decoding: out.bytes, as: UTF8.self) == String(n))
        }
    }

    @Test func rememberedReadingsAgreeWithFreshOnes() throws {
        let alarm = ICalComponent(
            "VALARM",
            properties: [
                ICalProperty("ACTION", "audio"), ICalProperty("TRIGGER", "-PT10M", parameters: [ICalParameter("RELATED", "END")]),
                ICalProperty("REPEAT", "2"), ICalProperty("DURATION", "PT5M"),
            ])
        var memo = ReadingMemo()
        for _ in 0..<2 {
            let read = try #require(ReturnedAlarm(alarm, memo: &memo))
            #expect(read.description == "AUDIO END-600s x2/300s")
            #expect(read == ReturnedAlarm(alarm))
        }
        #expect(memo.seconds("P1DT") == 86_400)
        #expect(memo.seconds("P1DT") == 86_400)
        #expect(memo.seconds("soon") == nil)
        let zoned = DateTimeValue.zoned(LocalDateTime(secondsSinceEpoch: 0), tzid: "W. Europe Standard Time")
        var zones = ZoneNames()
        #expect(ReturnedTime(zoned, floatingZone: nil, allDay: false, zones: &zones) == .instant(-3600))
        #expect(ReturnedTime(zoned, floatingZone: nil, allDay: false, zones: &zones) == ReturnedTime(zoned))
    }

    @Test func placeholdersAndSortingOfAlarms() {
        let snooze = ICalComponent("VALARM", properties: [ICalProperty("TRIGGER", "PT0S"), ICalProperty("RELATED-TO", "x")])
        let none = ICalComponent("VALARM", properties: [ICalProperty("ACTION", "none"), ICalProperty("TRIGGER", "PT0S")])
        let late = ICalComponent("VALARM", properties: [ICalProperty("TRIGGER", "PT5M")])
        let early = ICalComponent("VALARM", properties: [ICalProperty("TRIGGER", "-PT5M")])
        let event = ICalComponent("VEVENT", components: [snooze, none, late, early])
        #expect(ReturnedAlarm.isPlaceholder(snooze) && ReturnedAlarm.isPlaceholder(none))
        #expect(!ReturnedAlarm.isPlaceholder(late))
        guard case .present(let alarms) = ReturnedAlarms(of: event) else {
            Issue.record("no alarms")
            return
        }
        #expect(alarms.map(\.description) == ["DISPLAY START+300s", "DISPLAY START-300s"])
    }

    /// A series in no split keeps its own UID as root; a Google `_R` half without its parent
    /// takes the dosecal UID under its stripped root as root and dosecal UID.
    @Test func seriesInNoSplitKeepTheirRoots() throws {
        let c = try Self.calendar(
            """
            BEGIN:VEVENT
            UID:dose-0123456789abcdef01234567_R20261203@google.com
            DTSTART:20261203T080000Z
            RRULE:FREQ=DAILY
            END:VEVENT
            BEGIN:VEVENT
            UID:plain@example.com
            DTSTART:20261203T080000Z
            END:VEVENT

            """)
        #expect(c.splits.isEmpty)
        let half = try #require(c.series.first { $0.uid.hasPrefix("dose-") })
        #expect(half.root == "dose-0123456789abcdef01234567@dosecal.app")
        #expect(half.dosecalUID == "dose-0123456789abcdef01234567@dosecal.app")
        #expect(c.series(uid: "plain@example.com")?.root == "plain@example.com")
        #expect(c.series(uid: "plain@example.com")?.dosecalUID == nil)
        #expect(ReturnedCalendar.hasGoogleMark("a_Rb") && !ReturnedCalendar.hasGoogleMark("a_r_xR"))
    }
}
