import CalendarTime
import Testing

/// The one RRULE reader and writer: every RFC 5545 §3.3.10 part read, held and written back in
/// the fixed part order.
@Suite struct RecurrenceRuleTextTests {
    /// Every part once, in the writer's order (COUNT with UNTIL is tolerated by the reader).
    static let everyPart =
        "FREQ=MONTHLY;UNTIL=20271231T235959Z;COUNT=7;INTERVAL=2;BYMONTH=1,12;BYWEEKNO=3,-53;BYYEARDAY=10,-366;"
        + "BYMONTHDAY=1,-31;BYDAY=MO,-1FR,2TU;BYHOUR=0,23;BYMINUTE=0,59;BYSECOND=0,60;BYSETPOS=-1,3;WKST=SU;X-NAME=3"

    @Test func everyPartIsReadWithItsValue() throws {
        let rule = try #require(RecurrenceRule(parsing: Self.everyPart))
        let until = LocalDateTime(
            date: LocalDate(year: 2027, month: 12, day: 31)!, time: LocalTime(hour: 23, minute: 59, second: 59)!)
        #expect(rule.frequency == .monthly)
        #expect(rule.until == .utc(until))
        #expect(rule.count == 7)
        #expect(rule.interval == 2)
        #expect(rule.byMonth == [1, 12])
        #expect(rule.byWeekNo == [3, -53])
        #expect(rule.byYearDay == [10, -366])
        #expect(rule.byMonthDay == [1, -31])
        #expect(rule.byDay == [.init(.monday), .init(.friday, ordinal: -1), .init(.tuesday, ordinal: 2)])
        #expect(rule.byHour == [0, 23])
        #expect(rule.byMinute == [0, 59])
        #expect(rule.bySecond == [0, 60])
        #expect(rule.bySetPos == [-1, 3])
        #expect(rule.weekStart == .sunday)
        #expect(rule.otherParts == [.init(name: "X-NAME", value: "3")])
        #expect(rule.parts == RecurrenceRule.Part.allCases)
    }

    @Test func everyPartRoundTripsTextValueText() throws {
        let rule = try #require(RecurrenceRule(parsing: Self.everyPart))
        #expect(rule.description == Self.everyPart)
        #expect(RecurrenceRule(parsing: rule.description) == rule)
    }

    /// Any order and case in, the fixed order out.
    @Test func partsInAnyOrderAndCaseAreWrittenInTheFixedOrder() throws {
        let shuffled =
            "x-name=3;wkst=su;bysetpos=-1,3;bysecond=0,60;byminute=0,59;byhour=0,23;byday=mo,-1fr,+2tu;bymonthday=1,-31;"
            + "byyearday=10,-366;byweekno=3,-53;bymonth=1,12;interval=2;count=7;until=20271231T235959Z;freq=monthly"
        let rule = try #require(RecurrenceRule(parsing: shuffled))
        #expect(rule.description == Self.everyPart)
        #expect(rule == RecurrenceRule(parsing: Self.everyPart))
    }

    @Test func aValueBuiltPartByPartRoundTripsValueTextValue() throws {
        let rule = RecurrenceRule(
            .yearly, interval: 3, until: .floating(LocalDateTime(secondsSinceEpoch: 1_798_761_599)),
            bySecond: [30], byMinute: [15], byHour: [8, 20], byMonth: [3, 10], byWeekNo: [-1], byYearDay: [100],
            byMonthDay: [-1], byDay: [.init(.sunday, ordinal: -1)], bySetPos: [1], weekStart: .wednesday,
            otherParts: [.init(name: "RSCALE", value: "GREGORIAN")])
        #expect(
            rule.description
                == "FREQ=YEARLY;UNTIL=20261231T235959;INTERVAL=3;BYMONTH=3,10;BYWEEKNO=-1;BYYEARDAY=100;BYMONTHDAY=-1;"
                + "BYDAY=-1SU;BYHOUR=8,20;BYMINUTE=15;BYSECOND=30;BYSETPOS=1;WKST=WE;RSCALE=GREGORIAN")
        #expect(RecurrenceRule(parsing: rule.description) == rule)
    }

    @Test(arguments: ["FREQ=DAILY;UNTIL=20261231", "FREQ=DAILY;UNTIL=20261231T080000", "FREQ=DAILY;UNTIL=20261231T080000Z"])
    func untilKeepsTheFormItWasWrittenIn(text: String) throws {
        #expect(try #require(RecurrenceRule(parsing: text)).description == text)
    }

    /// The feed's own rules: the bytes every golden file holds.
    @Test func theFeedsRulesAreWrittenAsBefore() {
        #expect(RecurrenceRule(.daily).description == "FREQ=DAILY")
        #expect(RecurrenceRule(.hourly, interval: 8).description == "FREQ=HOURLY;INTERVAL=8")
        #expect(
            RecurrenceRule(.weekly, interval: 2, byDay: [.init(.monday), .init(.thursday)], weekStart: .monday).description
                == "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;WKST=MO")
        #expect(
            RecurrenceRule(.yearly, byMonth: [3], byMonthDay: [25, 26], byDay: [.init(.sunday, ordinal: -1)]).description
                == "FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=25,26;BYDAY=-1SU")
    }

    @Test func problemsNameThePartAndWhatIsValid() {
        #expect(RecurrenceRule.problem(in: "FREQ=DAILY;BYHOUR=24") == "BYHOUR item \"24\" is outside 0...23")
        #expect(RecurrenceRule.problem(in: "FREQ=DAILY;BYSETPOS=0") == "BYSETPOS item \"0\" is outside -366...366, not 0")
        #expect(RecurrenceRule.problem(in: "FREQ=DAILY;COUNT=2;UNTIL=20261231") == "COUNT and UNTIL cannot both be given")
        #expect(RecurrenceRule.problem(in: "FREQ=DAILY;freq=WEEKLY") == "FREQ is given twice")
        #expect(RecurrenceRule.problem(in: "FREQ=MONTHLY;BYDAY=MO;BYSETPOS=1") == nil)
        #expect(RecurrenceRule(parsing: "FREQ=DAILY;UNTIL=2026-12-31") == nil)
    }

    /// Rules made from random parts (seeded; values in and out of range, odd case, signs,
    /// other parts): every one read is read back from its own text as the same value, and
    /// writing is a fixed point.
    @Test func everyRuleReadReadsBackFromItsText() {
        var seed: UInt64 = 0x5EED_2026
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        let values: [String: [String]] = [
            "FREQ": ["DAILY", "weekly", "MONTHLY", "YEARLY", "HOURLY", "MINUTELY", "SECONDLY", "FORTNIGHTLY"],
            "UNTIL": ["20261231", "20261231T080000", "20261231T080000Z", "2026-12-31", "20261231T086000Z"],
            "COUNT": ["1", "7", "0"], "INTERVAL": ["1", "2", "+3", "-1"],
            "BYMONTH": ["1", "12,1", "13"], "BYWEEKNO": ["-53,1", "20", "0"], "BYYEARDAY": ["-366", "1,100", "367"],
            "BYMONTHDAY": ["-1,15", "31", "0"], "BYDAY": ["MO", "-1FR,+2TU", "su,sa", "0MO", "54MO"],
            "BYHOUR": ["0,23", "8", "24"], "BYMINUTE": ["0,59", "60"], "BYSECOND": ["60", "0,30"],
            "BYSETPOS": ["-1", "1,-366", "0"], "WKST": ["SU", "MO", "XX"], "X-NAME": ["3", "a b", ""],
            "RSCALE": ["GREGORIAN"],
        ]
        let names = values.keys.sorted()
        var read = 0
        for _ in 0..<2000 {
            var parts = ["FREQ=" + values["FREQ"]![next(8)]]
            for _ in 0..<next(6) {
                let name = names[next(names.count)]
                parts.insert(name + "=" + values[name]![next(values[name]!.count)], at: next(parts.count + 1))
            }
            let text = parts.joined(separator: ";")
            guard let rule = RecurrenceRule(parsing: text) else { continue }
            read += 1
            #expect(RecurrenceRule(parsing: rule.description) == rule, "\(text)")
            #expect(RecurrenceRule(parsing: rule.description)?.description == rule.description, "\(text)")
        }
        #expect(read > 200)
    }
}
