import DoseCalTestSupport
import Foundation
import ICal
import Testing

@testable import DoseCal

/// `check` expands the schedule's doses once for the expected doses and the plan
/// (`DoseExpansion`), groups them by slot per medication, moves its rows into order in place and
/// skips the iOS trigger's arithmetic where it provably gives the dose's instant: each the same
/// as the way it replaces.
@Suite struct SharedExpansionTests {
    static let fixtures = PlanChannelTests.fixtures
    static let zones = ["America/New_York", "Australia/Lord_Howe", "Pacific/Chatham", "Europe/Berlin", "Asia/Kolkata"]

    static func fixture(_ name: String) throws -> Schedule {
        try ScheduleCodec.decode(Data(contentsOf: fixtures.appendingPathComponent(name + ".json")), file: name)
    }

    /// Fixtures in several zones (with and without a trip east), and generated schedules.
    static func schedules(zones: Int = 5, generated: Int = 40) throws -> [Schedule] {
        var result: [Schedule] = []
        for name in PlanChannelTests.names {
            let schedule = try fixture(name)
            for id in self.zones.prefix(zones) {
                var s = schedule
                s.home = try #require(Zone(id))
                result.append(s)
                let tokyo = try #require(Zone("Asia/Tokyo"))
                s.itinerary = [ItineraryStop(from: LocalDate(year: 2027, month: 3, day: 20)!, zone: tokyo)]
                result.append(s)
            }
        }
        var generator = ScheduleGenerator(seed: 29)
        for _ in 0..<generated { result.append(generator.schedule()) }
        return result
    }

    /// The expansion `CalendarCheck` makes for a checker.
    static func expansion(for checker: DoseChecker) -> DoseExpansion {
        let days = PlanChannel.doseDays(schedule: checker.schedule, in: checker.instantWindow)
        return DoseExpansion(
            engine: WallClockEngine(schedule: checker.schedule), from: min(days.from, checker.from.adding(days: -2)),
            to: max(days.to, checker.to.adding(days: 2)))
    }

    static func checkers(_ s: Schedule) -> [DoseChecker] {
        let from = s.medications.first?.start.adding(days: 20) ?? LocalDate(year: 2027, month: 1, day: 1)!
        return GapPolicy.allCases.map { DoseChecker(schedule: s, from: from, to: from.adding(days: 70), gapPolicy: $0) }
    }

    @Test func literalSlice() throws {
        var s = try Self.fixture("daily")
        s.home = try #require(Zone("America/New_York"))
        let engine = WallClockEngine(schedule: s)
        let day = LocalDate(year: 2027, month: 3, day: 14)!
        let expansion = DoseExpansion(engine: engine, from: day.adding(days: -5), to: day.adding(days: 5))
        let doses = expansion.occurrences(ofMedicationAt: 0, from: day, to: day)
        #expect(doses.map(\.local.date) == Array(repeating: day, count: s.medications[0].times.count))
        #expect(doses == engine.occurrences(of: s.medications[0], from: day, to: day))
        let slots = expansion.slots(ofMedicationAt: 0, from: day, to: day.adding(days: 1))
        #expect(slots.map(\.id) == s.medications[0].times.map(\.id))
        #expect(slots.map { $0.doses.map(\.local.date) } == slots.map { _ in [day, day.adding(days: 1)] })
    }

    @Test func slicesAreTheEnginesDoses() throws {
        for s in try Self.schedules() {
            let engine = WallClockEngine(schedule: s)
            let start = s.medications.first?.start ?? LocalDate(year: 2027, month: 1, day: 1)!
            let expansion = DoseExpansion(engine: engine, from: start.adding(days: -3), to: start.adding(days: 90))
            for (i, m) in s.medications.enumerated() {
                for (a, b) in [(-3, 90), (0, 10), (17, 60), (85, 95), (-10, 5)] {
                    let from = start.adding(days: a)
                    let to = start.adding(days: b)
                    let sliced = expansion.occurrences(ofMedicationAt: i, from: from, to: to)
                    #expect(sliced == engine.occurrences(of: m, from: from, to: to))
                    let slots = expansion.slots(ofMedicationAt: i, from: from, to: to)
                    let bySlot = Dictionary(grouping: sliced, by: \.slotID)
                    #expect(Dictionary(uniqueKeysWithValues: slots.map { ($0.id, $0.doses) }) == bySlot)
                }
            }
        }
    }

    @Test func expectedDosesAreTheGroupedTimeOrder() throws {
        for s in try Self.schedules() {
            for checker in Self.checkers(s) {
                let engine = WallClockEngine(schedule: s)
                let days = (checker.from.adding(days: -2), checker.to.adding(days: 2))
                let all = engine.firing(engine.occurrences(from: days.0, to: days.1, gapPolicy: checker.gapPolicy))
                let grouped = Dictionary(grouping: all) { SlotKey(medicationID: $0.medicationID, slotID: $0.slotID) }
                let skipped = SkippedDoses(engine: engine)
                for expansion in [nil, Self.expansion(for: checker)] {
                    var merged: [SlotKey: [Occurrence]] = [:]
                    for unit in checker.units {
                        let doses = checker.expectedDoses(
                            engine: engine, days: days, unit: unit, expansion: expansion, skipped: skipped)
                        merged.merge(doses) { a, _ in a }
                    }
                    #expect(merged == grouped)
                }
            }
        }
    }

    @Test func reportsAndPlansAreTheSame() throws {
        for s in try Self.schedules(zones: 1, generated: 12) {
            for checker in Self.checkers(s) {
                let window = checker.instantWindow
                let expansion = Self.expansion(for: checker)
                let plan = PlanChannel.doseInstants(schedule: s, in: window)
                #expect(PlanChannel.doseInstants(schedule: s, in: window, expansion: expansion) == plan)
                let some = Dictionary(uniqueKeysWithValues: plan.prefix(3).map { ($0.key, Array($0.value.dropFirst())) })
                #expect(
                    checker.check(calendar: some, plan: plan, expansion: expansion) == checker.check(calendar: some, plan: plan))
            }
        }
    }

    @Test func permuteMovesIntoTheOrder() {
        var letters = ["a", "b", "c", "d", "e"]
        letters.permute(into: [2, 0, 4, 1, 3])
        #expect(letters == ["c", "a", "e", "b", "d"])
        var rng = SplitMix64(seed: 5)
        for n in [0, 1, 2, 7, 100] {
            let values = (0..<n).map { "value \($0) " + String(repeating: "x", count: $0 % 20) }
            let order = Array(0..<n).shuffled(using: &rng)
            var moved = values
            moved.permute(into: order)
            #expect(moved == order.map { values[$0] })
        }
    }

    /// Rows ordered by their slots' ranks come in the order of their IDs.
    @Test func rowOrderBySlotRanks() {
        let keys = [("a", "1"), ("a", "2"), ("b", "1"), ("b", "10"), ("b", "9")].map { SlotKey(medicationID: $0, slotID: $1) }
            .sorted()
        var rng = SplitMix64(seed: 17)
        var rows: [DoseCheck] = []
        var ranks: [Int] = []
        for (rank, key) in keys.enumerated() {
            for _ in 0..<40 {
                let instant = Int.random(in: 0...30, using: &rng) * 3600
                let extra = Bool.random(using: &rng)
                rows.append(
                    DoseCheck(
                        medicationID: key.medicationID, slotID: key.slotID, uid: nil, day: nil, local: nil, zone: nil,
                        expected: extra ? nil : instant, calendar: extra ? instant : nil, status: extra ? .extra : .missing,
                        notes: []))
                ranks.append(rank)
            }
        }
        let byIDs = DoseChecker.order(of: rows, ranks: nil)
        #expect(DoseChecker.order(of: rows, ranks: ranks) == byIDs)
        let instants = rows.map { $0.expected ?? $0.calendar ?? 0 }
        #expect(byIDs.map { instants[$0] } == instants.sorted())
    }

    @Test func literalTriggerShortcut() throws {
        var s = try Self.fixture("daily")
        s.home = try #require(Zone("America/New_York"))
        let engine = WallClockEngine(schedule: s)
        let gapDay = LocalDate(year: 2027, month: 3, day: 14)!
        let doses = engine.occurrences(of: s.medications[0], from: gapDay, to: gapDay)
        let ios = Zone("America/New_York")
        for dose in doses {
            let normal = if case .normal = dose.resolution { true } else { false }
            #expect(RepeatingTrigger.firesAtDose(dose, zone: ios) == normal)
            #expect(!RepeatingTrigger.firesAtDose(dose, zone: Zone("Europe/Berlin")))
        }
    }

    /// Where the shortcut says so, Foundation's trigger arithmetic gives the dose's instant.
    @Test func triggerShortcutIsTheTrigger() throws {
        var shortcuts = 0
        for s in try Self.schedules(zones: 5, generated: 20) {
            let engine = WallClockEngine(schedule: s)
            let from = LocalDate(year: 2027, month: 1, day: 1)!
            for dose in engine.occurrences(from: from, to: from.adding(days: 365)) {
                guard let zone = dose.zone, let ios = Zone(zone.identifier) else { continue }
                guard RepeatingTrigger.firesAtDose(dose, zone: ios) else { continue }
                shortcuts += 1
                #expect(RepeatingTrigger.fire(at: dose.local.time, on: dose.local.date, zone: ios) == dose.instant)
            }
        }
        #expect(shortcuts > 1000)
    }
}
