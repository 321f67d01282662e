import Testing

@testable import ICal

/// RRULE values made in libical's form without libical (`LibicalRuleText`) are libical's reading,
/// and the forms it does not know are left to libical.
@Suite struct LibicalRuleTextTests {
    static func made(_ text: String) -> String? {
        Array(text.utf8).withUnsafeBufferPointer { LibicalRuleText.normalised($0) }
    }

    /// What libical 3.0 gives back, as its own writer orders the parts (checked against libical
    /// by the generated rules below too).
    @Test func knownFormsAreWrittenInLibicalsOrder() {
        let cases: [(String, String)] = [
            (
                "FREQ=WEEKLY;UNTIL=20271212T234900Z;INTERVAL=4;BYDAY=MO,TU",
                "FREQ=WEEKLY;UNTIL=20271212T234900Z;INTERVAL=4;BYDAY=MO,TU"
            ),
            (
                "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;UNTIL=20261231T235959Z",
                "FREQ=WEEKLY;UNTIL=20261231T235959Z;BYDAY=MO,TU,WE,TH,FR"
            ),
            ("FREQ=YEARLY;BYMONTH=3;BYDAY=2SU", "FREQ=YEARLY;BYDAY=2SU;BYMONTH=3"),
            ("FREQ=WEEKLY;BYDAY=SU,MO", "FREQ=WEEKLY;BYDAY=MO,SU"),
            ("FREQ=MONTHLY;BYDAY=-1FR,1MO", "FREQ=MONTHLY;BYDAY=1MO,-1FR"),
            ("FREQ=WEEKLY;WKST=MO;BYDAY=WE", "FREQ=WEEKLY;BYDAY=WE"),
            ("FREQ=DAILY;INTERVAL=1", "FREQ=DAILY"),
            ("FREQ=DAILY;BYHOUR=8;BYMINUTE=30", "FREQ=DAILY;BYMINUTE=30;BYHOUR=8"),
            ("BYMONTHDAY=15,1;FREQ=MONTHLY;COUNT=5", "FREQ=MONTHLY;COUNT=5;BYMONTHDAY=15,1"),
            ("FREQ=DAILY;UNTIL=20270101", "FREQ=DAILY;UNTIL=20270101"),
        ]
        for (text, expected) in cases { #expect(Self.made(text) == expected, "\(text)") }
    }

    @Test func otherFormsAreLeftToLibical() {
        for text in [
            "freq=daily", "FREQ=daily", "FREQ=DAILY;", "FREQ=DAILY;;INTERVAL=2", "FREQ=DAILY;COUNT=03", "FREQ=DAILY;COUNT=0",
            "FREQ=DAILY;INTERVAL=0", "FREQ=DAILY;UNTIL=20270101;COUNT=3", "FREQ=DAILY;UNTIL=20270230", "FREQ=WEEKLY;WKST=SU",
            "FREQ=MONTHLY;BYDAY=+1MO", "FREQ=MONTHLY;BYDAY=MO,1MO", "FREQ=WEEKLY;BYDAY=1MO", "FREQ=MONTHLY;BYSETPOS=-1",
            "FREQ=YEARLY;BYWEEKNO=1", "FREQ=DAILY;X-NAME=1", "FREQ=DAILY;FREQ=DAILY", "FREQ=DAILY;BYHOUR=24", "INTERVAL=2", "",
            "FREQ=DAILY;BYHOUR=-0", "FREQ=DAILY;BYHOUR=-1", "FREQ=MONTHLY;BYMONTHDAY=-0", "FREQ=MONTHLY;BYDAY=-0MO",
        ] {
            #expect(Self.made(text) == nil, "\(text)")
        }
    }

    /// Thousands of rules of every form, known or not, in random order: the reading with the rules
    /// made here is libical's reading of them, line for line, and most are made here.
    @Test func generatedRulesReadAsLibicalReadsThem() {
        var random = SplitMix(seed: 20_261_205)
        var rules: [String] = []
        for _ in 0..<3_000 { rules.append(Self.rule(&random)) }
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n"
        for (i, rule) in rules.enumerated() {
            text += "BEGIN:VEVENT\r\nUID:r\(i)\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20260105T090000Z\r\n"
            text += "RRULE:\(rule)\r\nEND:VEVENT\r\n"
        }
        text += "END:VCALENDAR\r\n"
        let (own, libical) = OwnReadingTests.both(Array(text.utf8))
        #expect(own == libical)
        let madeHere = rules.filter { Self.made($0) != nil }.count
        #expect(madeHere > 1_000, "\(madeHere) of \(rules.count) made without libical")
        #expect(madeHere < rules.count - 500, "\(madeHere) of \(rules.count) made without libical")
    }

    /// A rule of some parts in random order: half of them of known forms only, half of any form.
    static func rule(_ random: inout SplitMix) -> String {
        let clean = random.below(2) == 0
        // The first `valid` values of each pool are of known forms.
        func pick(_ items: [String], valid: Int? = nil) -> String {
            items[random.below(clean ? (valid ?? items.count) : items.count)]
        }
        let days = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
        func byDay() -> String {
            (0...random.below(4)).map { _ in
                pick(["", "", "", "1", "-1", "2", "5", "-5", "53", "54", "+1", "0", "01", "-0"], valid: 3) + pick(days)
            }
            .joined(separator: ",")
        }
        func list(_ values: [String], valid: Int) -> String {
            (0...random.below(3)).map { _ in pick(values, valid: valid) }.joined(separator: ",")
        }
        var parts = [
            "FREQ="
                + pick(
                    ["DAILY", "WEEKLY", "MONTHLY", "YEARLY", "HOURLY", "MINUTELY", "SECONDLY", "daily", "FORTNIGHTLY"], valid: 7)
        ]
        for k in 0..<13 where random.below(3) == 0 && !(clean && k >= 9) {
            switch k {
            case 0:
                parts.append(
                    "UNTIL="
                        + pick(
                            [
                                "20270101", "20271212T234900Z", "20260301T080000", "20270230", "20271301T000000Z", "18991231",
                                "2027010",
                            ], valid: 3))
            case 1: parts.append("COUNT=" + pick(["1", "5", "99999", "03", "0", "100000"], valid: 3))
            case 2: parts.append("INTERVAL=" + pick(["1", "2", "999", "02", "1000", "0"], valid: 3))
            case 3: parts.append("BYDAY=" + byDay())
            case 4: parts.append("BYMONTHDAY=" + list(["1", "15", "-1", "31", "-31", "0", "32", "-0"], valid: 5))
            case 5: parts.append("BYMONTH=" + list(["1", "3", "12", "13"], valid: 3))
            case 6: parts.append("BYHOUR=" + list(["0", "8", "23", "24", "-0", "-1"], valid: 3))
            case 7: parts.append("BYMINUTE=" + list(["0", "30", "59", "60"], valid: 3))
            case 8: parts.append("BYSECOND=" + list(["0", "59", "60"], valid: 2))
            case 9: parts.append("WKST=" + pick(["MO", "SU", "mo"]))
            case 10: parts.append("BYSETPOS=" + pick(["1", "-1"]))
            case 11: parts.append("X-NAME=" + pick(["1", "A"]))
            default: parts.append("")
            }
        }
        for i in parts.indices.reversed() where i > 0 { parts.swapAt(i, random.below(i + 1)) }
        return parts.joined(separator: ";")
    }
}

/// A small deterministic generator (SplitMix64).
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}
