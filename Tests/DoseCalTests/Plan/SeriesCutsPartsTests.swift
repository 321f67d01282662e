import DoseCal
import Testing

/// `SeriesCuts.Parts` keeps a medication's stretches and each stretch's rules for many days: asked
/// for days in any order, across taper steps and cycle rules, it names the part a fresh
/// `SeriesCuts.part(of:slot:on:)` names.
@Suite struct SeriesCutsPartsTests {
    @Test func taperStepsAndCyclesAskedOutOfOrder() throws {
        for name in ["taper.json", "cycle-21-7.json", "cycle-14-14.json", "cycle-63-7.json", "demo.json", "family-forms.json"] {
            let schedule = try Fixtures.schedule(name)
            let cuts = SeriesCuts(engine: WallClockEngine(schedule: schedule))
            for m in schedule.medications {
                var parts = SeriesCuts.Parts(cuts, m)
                let first = m.start.adding(days: -3)
                // Forward, then backward over the same days: the kept rules serve either order.
                let days = (0..<200).map { first.adding(days: $0) }
                for day in days + days.reversed() {
                    for slot in m.times {
                        #expect(
                            parts.part(on: day, slot: slot.id) == cuts.part(of: m, slot: slot.id, on: day),
                            "\(name) \(m.id) \(day)")
                    }
                }
            }
        }
    }

    @Test func taperPartsAreTheStretchStarts() throws {
        let schedule = try Fixtures.schedule("taper.json")
        let m = try #require(schedule.medications.first { !$0.taper.isEmpty })
        var parts = SeriesCuts.Parts(SeriesCuts(engine: WallClockEngine(schedule: schedule)), m)
        let slot = m.times[0].id
        #expect(parts.part(on: LocalDate(year: 2026, month: 4, day: 12)!, slot: slot).description == "from-20260411")
        #expect(parts.part(on: LocalDate(year: 2026, month: 4, day: 5)!, slot: slot).description == "")
        #expect(parts.part(on: LocalDate(year: 2026, month: 4, day: 21)!, slot: slot).description == "from-20260421")
    }
}
