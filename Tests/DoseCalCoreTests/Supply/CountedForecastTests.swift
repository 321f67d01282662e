import DoseCalTestSupport
import Foundation
import Testing

@testable import DoseCalCore

/// The supply forecast counted day by day equals the walk over every dose's instant, for seeded
/// random medications in zones whose offset changes at awkward hours (at midnight, by 30 minutes,
/// across the date line), with times in the gaps and overlaps, tapers that change the pills and
/// the times, and slots that end.
@Suite struct CountedForecastTests {
    static let zones = [
        "America/New_York", "Europe/London", "Australia/Lord_Howe", "America/Santiago", "America/Havana", "Asia/Beirut",
        "Pacific/Chatham", "Pacific/Apia", "Asia/Kolkata", "America/Asuncion",
    ]
    static let times = [
        "00:00", "00:30", "01:00", "01:30", "02:00", "02:30", "03:00", "12:00", "22:30", "23:00", "23:30", "23:59",
    ]

    @Test(arguments: 0..<8) func countingEqualsTheWalk(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        for round in 0..<100 {
            let zone = Self.zones[Int.random(in: 0..<Self.zones.count, using: &rng)]
            try expectCountingEqualsTheWalk(medication(&rng, zone: zone), zone: zone, "seed \(seed), round \(round)")
        }
    }

    /// Long walks (up to 400 pills, over several taper steps and slot ends) with recurrences of
    /// longer periods: the day summaries reused from one period to the next give the walk's
    /// answer too.
    @Test(arguments: 0..<4) func longCountingEqualsTheWalk(seed: UInt64) throws {
        let kinds: [Recurrence] = [
            .weekly(weekdays: [.tuesday, .saturday], interval: 2), .weekly(weekdays: [], interval: 3), .everyNDays(3),
            .cycle(daysOn: 21, daysOff: 7), .cycle(daysOn: 1, daysOff: 1), .daily,
        ]
        var rng = SplitMix64(seed: 1_000 + seed)
        for round in 0..<40 {
            let zone = Self.zones[Int.random(in: 0..<Self.zones.count, using: &rng)]
            var m = medication(&rng, zone: zone)
            m.recurrence = kinds[Int.random(in: 0..<kinds.count, using: &rng)]
            m.supply?.pills = Double(Int.random(in: 40...800, using: &rng)) / 2
            if Bool.random(using: &rng), let first = m.taper.first {
                let later = first.from.adding(days: Int.random(in: 10...120, using: &rng))
                m.taper.append(TaperStep(from: later, pillsPerDose: 0.25))
            }
            try expectCountingEqualsTheWalk(m, zone: zone, "seed \(seed), round \(round)")
        }
    }

    func expectCountingEqualsTheWalk(_ m: Medication, zone: String, _ label: String) throws {
        let engine = WallClockEngine(schedule: Schedule(home: Zone(zone)!, medications: [m]))
        let supply = try #require(m.supply)
        let ledger = DoseLedger(engine: engine, medicationID: m.id)
        let walked = engine.walkedSupplyForecast(of: m, supply: supply, ledger: ledger, left: supply.pills, horizonDays: 3660)
        let counted = engine.countedSupplyForecast(of: m, supply: supply, ledger: ledger, left: supply.pills, horizonDays: 3660)
        #expect(counted != nil, "\(label): counting applies")
        #expect(counted == walked, "\(label), \(zone), \(m)")
    }

    /// A medication with a random recurrence, 1-4 slots at awkward times, a supply dated near a
    /// change of offset, and sometimes a taper step or a slot that ends.
    func medication(_ rng: inout SplitMix64, zone: String) -> Medication {
        let kinds: [Recurrence] = [
            .daily, .weekly(weekdays: [.monday, .thursday], interval: 1), .everyNDays(2), .cycle(daysOn: 5, daysOff: 2),
        ]
        let start = LocalDate(year: 2026, month: Int.random(in: 1...12, using: &rng), day: Int.random(in: 1...28, using: &rng))!
        var slots: [DoseSlot] = []
        for i in 0..<Int.random(in: 1...4, using: &rng) {
            let t = LocalTime(parsing: Self.times[Int.random(in: 0..<Self.times.count, using: &rng)])!
            let until = Int.random(in: 0..<5, using: &rng) == 0 ? start.adding(days: Int.random(in: 5...90, using: &rng)) : nil
            slots.append(DoseSlot(id: "s\(i)", time: t, until: until))
        }
        var taper: [TaperStep] = []
        if Bool.random(using: &rng) {
            let moved = slots.prefix(1).map {
                DoseSlot(id: $0.id, time: LocalTime(parsing: Self.times[Int.random(in: 0..<Self.times.count, using: &rng)])!)
            }
            taper.append(
                TaperStep(from: start.adding(days: Int.random(in: 3...60, using: &rng)), pillsPerDose: 0.5, times: moved))
        }
        // Dated just before a change of offset, with few pills: the run-out falls near it.
        let changes = Zone(zone)!.transitions(from: 1_767_225_600, to: 1_830_297_600)  // 2026 and 2027
        let near =
            changes.isEmpty ? start : Zone(zone)!.local(at: changes[Int.random(in: 0..<changes.count, using: &rng)].instant).date
        let asOf = Bool.random(using: &rng) ? near.adding(days: -Int.random(in: 0...3, using: &rng)) : start
        let supply = Supply(
            pills: Double(Int.random(in: 1...24, using: &rng)) / 2, asOf: max(asOf, start),
            warningDays: Int.random(in: 0...10, using: &rng))
        let end = Int.random(in: 0..<4, using: &rng) == 0 ? start.adding(days: Int.random(in: 20...400, using: &rng)) : nil
        return Medication(
            id: "m", name: "M", pillsPerDose: Double(Int.random(in: 1...3, using: &rng)), times: slots,
            recurrence: kinds[Int.random(in: 0..<kinds.count, using: &rng)], start: start, end: end, supply: supply,
            taper: taper)
    }
}
