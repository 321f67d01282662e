import Foundation
import Testing

@testable import ICal

/// The pure-Swift writer against libical's own serialisation (`Libical.serialized`, the writer
/// it replaced): byte for byte, for every property libical knows, every ASCII byte in values and
/// parameters, RRULE part orders, every zone's VTIMEZONE and every calendar in fixtures/.
@Suite struct SerializerOracleTests {
    static func expectSame(_ component: ICalComponent, _ note: String = "", sourceLocation: SourceLocation = #_sourceLocation) {
        let ours: String? = ICalSerializer.serialize(component)
        let libical = try? Libical.serialized(component)
        #expect(libical != nil, "libical rejects \(note)", sourceLocation: sourceLocation)
        #expect(ours == libical, "\(note)", sourceLocation: sourceLocation)
    }

    static func event(_ properties: [ICalProperty]) -> ICalComponent { ICalComponent("VEVENT", properties: properties) }

    /// A value of each type libical reads.
    static let samples: [String: String] = [
        "TEXT": "a, b; c\\, d", "DATE-TIME": "20260105T080000", "DATE": "20260105", "DURATION": "-PT15M",
        "INTEGER": "3", "URI": "https://example.com/a,b", "CAL-ADDRESS": "mailto:a@example.com", "UTC-OFFSET": "+0130",
        "RECUR": "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE", "PERIOD": "20260105T080000Z/PT1H", "FLOAT": "1.500000",
        "ACTION": "DISPLAY", "CLASS": "PRIVATE", "STATUS": "CONFIRMED", "TRANSP": "TRANSPARENT", "METHOD": "PUBLISH",
        "REQUEST-STATUS": "2.0;Success.", "BOOLEAN": "TRUE", "BINARY": "aGVsbG8=",
    ]

    static let names = [
        "SUMMARY", "DESCRIPTION", "LOCATION", "COMMENT", "CATEGORIES", "RESOURCES", "UID", "TZID", "TZNAME", "PRODID",
        "VERSION", "CALSCALE", "NAME", "COLOR", "RELATED-TO", "CONTACT", "DTSTART", "DTEND", "DUE", "DTSTAMP", "CREATED",
        "LAST-MODIFIED", "RECURRENCE-ID", "EXDATE", "RDATE", "TZUNTIL", "DURATION", "TRIGGER", "REFRESH-INTERVAL",
        "SEQUENCE", "REPEAT", "PRIORITY", "PERCENT-COMPLETE", "URL", "TZURL", "ATTACH", "SOURCE", "IMAGE", "CONFERENCE",
        "ATTENDEE", "ORGANIZER", "TZOFFSETFROM", "TZOFFSETTO", "RRULE", "EXRULE", "ACTION", "CLASS", "STATUS", "TRANSP",
        "METHOD", "REQUEST-STATUS", "FREEBUSY", "X-WR-CALNAME", "X-APPLE-CALENDAR-COLOR", "X-FOO", "FOO",
    ]

    static let defaultTypes: [String: String] = [
        "DTSTART": "DATE-TIME", "DTEND": "DATE-TIME", "DUE": "DATE-TIME", "DTSTAMP": "DATE-TIME", "CREATED": "DATE-TIME",
        "LAST-MODIFIED": "DATE-TIME", "RECURRENCE-ID": "DATE-TIME", "EXDATE": "DATE-TIME", "RDATE": "DATE-TIME",
        "TZUNTIL": "DATE-TIME", "DURATION": "DURATION", "TRIGGER": "DURATION", "REFRESH-INTERVAL": "DURATION",
        "SEQUENCE": "INTEGER", "REPEAT": "INTEGER", "PRIORITY": "INTEGER", "PERCENT-COMPLETE": "INTEGER", "URL": "URI",
        "TZURL": "URI", "ATTACH": "URI", "SOURCE": "URI", "IMAGE": "URI", "CONFERENCE": "URI", "ATTENDEE": "CAL-ADDRESS",
        "ORGANIZER": "CAL-ADDRESS", "TZOFFSETFROM": "UTC-OFFSET", "TZOFFSETTO": "UTC-OFFSET", "RRULE": "RECUR",
        "EXRULE": "RECUR", "ACTION": "ACTION", "CLASS": "CLASS", "STATUS": "STATUS", "TRANSP": "TRANSP",
        "METHOD": "METHOD", "REQUEST-STATUS": "REQUEST-STATUS", "GEO": "FLOAT", "FREEBUSY": "PERIOD",
    ]

    /// Value types that are no VALUE parameter's value (enumerations libical reads by property).
    static let enumerated: Set<String> = ["ACTION", "CLASS", "STATUS", "TRANSP", "METHOD", "REQUEST-STATUS"]

    @Test func everyPropertyWithAndWithoutValueParameters() {
        for name in Self.names {
            let type = Self.defaultTypes[name] ?? "TEXT"
            let value = Self.samples[type]!
            Self.expectSame(Self.event([ICalProperty(name, value)]), name)
            guard !Self.enumerated.contains(type) else { continue }
            Self.expectSame(Self.event([ICalProperty(name, value, parameters: [ICalParameter("VALUE", type)])]), "\(name) VALUE")
            Self.expectSame(
                Self.event([ICalProperty(name, value, parameters: [ICalParameter("X-A", "1"), ICalParameter("VALUE", type)])]),
                "\(name) VALUE after another parameter")
        }
        for (type, value) in Self.samples where !Self.enumerated.contains(type) {
            Self.expectSame(
                Self.event([ICalProperty("X-FOO", value, parameters: [ICalParameter("VALUE", type)])]), "X-FOO \(type)")
        }
        for (name, type, value) in [
            ("DTSTART", "DATE", "20260105"), ("DTSTART", "date", "20260105"), ("RDATE", "PERIOD", "20260105T080000Z/PT1H"),
            ("TRIGGER", "DATE-TIME", "20260105T080000Z"), ("ATTACH", "BINARY", "aGVsbG8="), ("DESCRIPTION", "TEXT", "x,y"),
            ("EXDATE", "DATE-TIME", "20260105"),
        ] {
            Self.expectSame(
                Self.event([ICalProperty(name, value, parameters: [ICalParameter("VALUE", type)])]), "\(name) \(type)")
        }
        // A date where a date-time belongs: libical reads a DATE and writes VALUE=DATE.
        Self.expectSame(Self.event([ICalProperty("DTSTART", "20260105", parameters: [ICalParameter("TZID", "Europe/Paris")])]))
    }

    @Test(arguments: ["SUMMARY", "DESCRIPTION", "NAME", "CATEGORIES", "RESOURCES", "X-WR-CALNAME", "X-FOO"])
    func everyAsciiByteInTextValues(_ name: String) {
        for byte in UInt8(1)...UInt8(127) {
            let c = String(decoding: [byte], as: UTF8.self)
            for value in ["a\(c)z", "a\\\(c)z", "\(c)", "\\\(c)"] {
                Self.expectSame(Self.event([ICalProperty(name, value)]), "\(name) \(value.debugDescription)")
            }
        }
        for value in ["trailing\\", "é ü 漢 🙂", "\\é", "\\🙂x", "a\u{0}b", "tab\there", "line\r\nbreak", ""] {
            Self.expectSame(Self.event([ICalProperty(name, value)]), "\(name) \(value.debugDescription)")
        }
    }

    @Test(arguments: ["CN", "X-P", "TZID", "FOO", "MEMBER", "ALTREP", "LANGUAGE"])
    func everyAsciiByteInParameterValues(_ parameter: String) {
        for byte in UInt8(1)...UInt8(127) {
            let c = String(decoding: [byte], as: UTF8.self)
            let property = ICalProperty("X-BAR", "v", parameters: [ICalParameter(parameter, "a\(c)z")])
            Self.expectSame(Self.event([property]), "\(parameter) \(byte)")
        }
        for values in [["a", "b"], ["a b", "c:d"], ["é"], ["x\u{0}y"]] {
            let property = ICalProperty("ATTENDEE", "mailto:a@b", parameters: [ICalParameter(parameter, values: values)])
            Self.expectSame(Self.event([property]), "\(parameter) \(values)")
        }
    }

    @Test func recurrenceRulePartsInLibicalsOrder() {
        for rule in [
            "FREQ=DAILY;INTERVAL=1", "FREQ=WEEKLY;WKST=SU;BYDAY=MO", "FREQ=WEEKLY;INTERVAL=2;BYDAY=SU;WKST=MO",
            "FREQ=YEARLY;BYMONTH=3;BYDAY=2SU", "FREQ=DAILY;UNTIL=20260101T000000Z;INTERVAL=3", "FREQ=DAILY;COUNT=4",
            "FREQ=MONTHLY;BYSETPOS=-1;BYDAY=MO,TU;BYHOUR=9;BYMINUTE=30;BYSECOND=0;BYMONTHDAY=1;BYYEARDAY=10;BYWEEKNO=3;BYMONTH=1;COUNT=3;INTERVAL=2",
            "RSCALE=GREGORIAN;FREQ=YEARLY;SKIP=FORWARD;WKST=SU;BYMONTH=2",
            "FREQ=WEEKLY;INTERVAL=10;BYDAY=SU,MO,TU,WE,TH,FR,SA;WKST=SU",
            "FREQ=HOURLY;UNTIL=20260317T035959Z;INTERVAL=8", "FREQ=DAILY;UNTIL=20260101",
        ] {
            Self.expectSame(Self.event([ICalProperty("RRULE", rule)]), rule)
        }
    }

    /// A rule written as it is (already in libical's order) gives what reordering it gives.
    @Test func rulesTakenAsTheyAreAreTheReorderedRules() {
        let rules = [
            "FREQ=DAILY", "FREQ=DAILY;INTERVAL=1", "FREQ=WEEKLY;BYDAY=MO,WE,FR", "FREQ=WEEKLY;BYDAY=FR,MO",
            "FREQ=WEEKLY;INTERVAL=4;BYDAY=TH,FR,SA,SU,MO,TU,WE;WKST=TH", "FREQ=WEEKLY;INTERVAL=4;BYDAY=MO,TU;WKST=TH",
            "FREQ=WEEKLY;BYDAY=SU,MO;WKST=SU;WKST=MO", "FREQ=WEEKLY;BYDAY=SU,MO;WKST", "FREQ=WEEKLY;BYDAY=2SU,-1MO",
            "freq=weekly;byday=su,mo;wkst=su", "FREQ=WEEKLY;BYDAY", "FREQ=WEEKLY;BYDAY=;WKST=XX", "INTERVAL=2;FREQ=DAILY",
            "FREQ=DAILY;;COUNT=2", "FREQ=DAILY;X-A=1;COUNT=2", "FREQ=DAILY;COUNT=2;X-A=1", "FREQ=WEEKLY;BYDAY=MO;BYDAY=SU,MO",
            "FREQ=DAILY;UNTIL=20260317T035959Z;INTERVAL=8", "FREQ=DAILY;WKST=MO", "FREQ=YEARLY;BYDAY=1SU;BYMONTH=11",
            "FREQ=DAILY;BYDAY=M\u{0}O", "FREQ=WEEKLY;BYDAY=MO,T\r\nU", "FREQ=WEEKLY;BYDAY=É,MO", "WKST=MO", "",
            "FREQ=WEEKLY;INTERVAL=4;BYDAY=MO,TU,WE,TH,FR,SA,SU;WKST=MO", "FREQ=WEEKLY;BYDAY=SU,MO;WKST=MO",
            "FREQ=DAILY;;WKST=MO", "FREQ=WEEKLY;WKST=SU;WKST=MO", "FREQ=WEEKLY;WKST=MO;BYDAY=MO", "FREQ=DAILY;",
            "FREQ=DAILY;BYMONTHDAYXXXXXXXXX=1", "FREQ=WEEKLY;BYDAY=MO,,TU", "FREQ=WEEKLY;BYDAY=TU,MO;WKST=tu",
        ]
        var inOrder = 0
        for rule in rules {
            var fast: [UInt8] = []
            var reordered: [UInt8] = []
            RecurValue.append(rule, to: &fast)
            RecurValue.appendReordered(rule, to: &reordered)
            #expect(fast == reordered, "\(rule)")
            if let length = RecurValue.writtenLength(rule) {
                inOrder += 1
                #expect(fast == Array(rule.utf8.prefix(length)), "\(rule)")
            }
        }
        #expect(inOrder >= 10)
    }

    @Test func longLinesFoldAlike() {
        let long = String(repeating: "é漢a🙂, ", count: 40)
        Self.expectSame(Self.event([.text("DESCRIPTION", long), ICalProperty("X-LONG", long)]), "long")
        for n in 60...90 {
            Self.expectSame(Self.event([ICalProperty("SUMMARY", String(repeating: "a", count: n - 1) + "é")]), "\(n)")
        }
    }

    @Test func everyZonesVTimezone() {
        for id in TimeZone.knownTimeZoneIdentifiers {
            guard let zone = Zone(id) else { continue }
            Self.expectSame(VTimezoneBuilder.build(zone, years: 2026...2027), id)
            Self.expectSame(VTimezoneBuilder.build(zone, from: 1990, through: nil), "\(id) open-ended")
        }
    }

    @Test func everyCalendarInTheFixtures() throws {
        let root = CorpusExpansionTests.root.deletingLastPathComponent()
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String }.filter {
            $0.hasSuffix(".ics")
        }
        #expect((files?.count ?? 0) > 100)
        for file in files ?? [] {
            guard let parsed = try? ICalParser.parse(Data(contentsOf: root.appendingPathComponent(file))) else { continue }
            for component in parsed.components { Self.expectSame(component, file) }
        }
    }
}
