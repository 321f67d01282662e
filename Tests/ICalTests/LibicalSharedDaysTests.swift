import ICal
import Testing

/// Rules that differ only in DTSTART's wall time and UNTIL share one walk of libical's iterator
/// (decision 0145): each rule's instants, and the steps charged for it, must be what its own
/// iterator gives, on a grid of zones with DST gaps and overlaps at whole, half and quarter hours.
@Suite struct LibicalSharedDaysTests {
    typealias S = ExpansionSupport

    static let times = [
        "000000", "003000", "010000", "013000", "020000", "021500", "023000", "024500", "030000", "080000", "120000",
        "233000",
    ]
    static let untils = ["", ";UNTIL=20261201T000000Z", ";UNTIL=20270310T070000Z", ";UNTIL=20271103T053000Z"]

    /// Every event's instants and charged steps, each rule walked on its own and with shared days.
    static func compare(_ rule: String, zone: String, date: String) throws {
        var body: [String] = []
        for (i, time) in times.enumerated() {
            for (j, until) in untils.enumerated() {
                body.append(S.event("e\(i)-\(j)", "DTSTART;TZID=\(zone):\(date)T\(time)", "RRULE:\(rule)\(until)"))
            }
        }
        let events = try ICalParser.parse(S.calendar(body.joined(separator: "\n")), strict: true).calendar!
            .components(named: "VEVENT")
        for (from, to) in [("2027-02-20", "2027-04-20"), ("2027-09-15", "2027-11-15")] {
            let (f, t) = S.window(from, to)
            let shared = LibicalSharedDays()
            for event in events {
                let alone = ExpansionBudget()
                let own = LibicalReference.instances(of: event, from: f, to: t, budget: alone)
                let together = ExpansionBudget()
                let derived = LibicalReference.instances(of: event, from: f, to: t, budget: together, shared: shared)
                let uid = event.property("UID")?.value ?? ""
                #expect(derived == own, "\(zone) \(date) \(rule) \(uid) \(from)")
                #expect(together.remaining == alone.remaining, "\(zone) \(date) \(rule) \(uid) \(from) steps")
            }
        }
    }

    @Test(arguments: [
        "America/New_York", "Australia/Lord_Howe", "Pacific/Chatham", "America/Havana", "America/Santiago", "Asia/Beirut",
        "Europe/London",
    ])
    func sharedDaysGiveWhatEachRuleGives(zone: String) throws {
        let rules = [
            "FREQ=DAILY", "FREQ=DAILY;INTERVAL=2", "FREQ=DAILY;INTERVAL=3", "FREQ=WEEKLY;BYDAY=MO,WE,FR",
            "FREQ=WEEKLY;INTERVAL=2;BYDAY=SU", "FREQ=WEEKLY;INTERVAL=4;BYDAY=TH,FR,SA;WKST=TH",
            "FREQ=WEEKLY;BYDAY=SU,MO,TU,WE,TH,FR,SA", "FREQ=WEEKLY;WKST=SU",
        ]
        for date in ["20260101", "20260104"] {
            for rule in rules { try Self.compare(rule, zone: zone, date: date) }
        }
    }

    @Test func aSmallBudgetStopsEachRuleWhereItsOwnWalkStops() throws {
        let body = (0..<4).map { i in
            S.event("e\(i)", "DTSTART;TZID=Europe/Berlin:20260101T0\(i)3000", "RRULE:FREQ=DAILY;UNTIL=20271231T000000Z")
        }
        let events = try ICalParser.parse(S.calendar(body.joined(separator: "\n")), strict: true).calendar!
            .components(named: "VEVENT")
        let (f, t) = S.window("2027-06-01", "2027-07-01")
        let alone = ExpansionBudget(instances: 50)
        let together = ExpansionBudget(instances: 50)
        let shared = LibicalSharedDays()
        for event in events {
            #expect(
                LibicalReference.instances(of: event, from: f, to: t, budget: together, shared: shared)
                    == LibicalReference.instances(of: event, from: f, to: t, budget: alone))
            #expect(together.remaining == alone.remaining)
        }
        #expect(alone.remaining == 0)
    }
    /// libical's conversions are kept per time of day and zone (decision 0289): many series at
    /// one wall time, rules walked on their own (COUNT, MONTHLY, a DTSTART decades back, past
    /// what one table holds), windows asked later then earlier, each give what libical gives
    /// each event alone.
    @Test func keptConversionsGiveWhatLibicalGivesEachEventAlone() throws {
        var body: [String] = []
        for (i, zone) in ["America/New_York", "Europe/Berlin", "Australia/Lord_Howe"].enumerated() {
            for (j, rule) in [
                "FREQ=DAILY", "FREQ=DAILY;INTERVAL=3", "FREQ=WEEKLY;BYDAY=MO,WE,FR", "FREQ=DAILY;COUNT=900",
                "FREQ=MONTHLY;BYMONTHDAY=15", "FREQ=YEARLY",
            ].enumerated() {
                for (k, start) in ["20260105T080000", "20260105T023000", "19900101T080000", "20260105"].enumerated() {
                    let dtstart = start.count == 8 ? "DTSTART;VALUE=DATE:\(start)" : "DTSTART;TZID=\(zone):\(start)"
                    body.append(S.event("e\(i)-\(j)-\(k)", dtstart, "RRULE:\(rule)"))
                }
            }
        }
        let events = try ICalParser.parse(S.calendar(body.joined(separator: "\n")), strict: true).calendar!
            .components(named: "VEVENT")
        let shared = LibicalSharedDays()
        for (from, to) in [("2027-03-01", "2027-04-01"), ("2026-10-20", "2026-11-20"), ("2027-03-10", "2027-03-20")] {
            let (f, t) = S.window(from, to)
            for event in events {
                let own = LibicalReference.instances(of: event, from: f, to: t, viewerZone: Zone("Asia/Tokyo")!)
                let kept = LibicalReference.instances(
                    of: event, from: f, to: t, viewerZone: Zone("Asia/Tokyo")!, shared: shared)
                #expect(kept == own, "\(event.property("UID")?.value ?? "") \(from)")
            }
        }
        // 08:00 in New York, daily: 2027-03-15 and 16 (EDT) and 2026-11-02 (EST), read from the table.
        let daily = try #require(events.first { $0.property("UID")?.value == "e0-0-0" })
        let (f, t) = S.window("2027-03-15", "2027-03-17")
        #expect(LibicalReference.instances(of: daily, from: f, to: t, shared: shared) == [1_805_112_000, 1_805_198_400])
        let (f2, t2) = S.window("2026-11-02", "2026-11-03")
        #expect(LibicalReference.instances(of: daily, from: f2, to: t2, shared: shared) == [1_793_624_400])
    }
}
