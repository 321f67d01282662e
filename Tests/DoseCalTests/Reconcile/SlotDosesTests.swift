import ICal
import Testing

@testable import DoseCal

@Suite struct SlotDosesTests {
    typealias Found = SlotDoses.Found

    static func found(day: Int32, start: Int, order: Int32 = 0, recurrence: Int, moved: Bool = false, original: Int = 0)
        -> Found
    {
        Found(
            entry: SlotDoses.Entry(day: day, moved: moved, instant: start, original: original), order: order,
            recurrence: recurrence)
    }

    static func key(_ day: Int, _ instant: Int? = nil) -> DoseKey {
        DoseKey(date: LocalDate(daysSinceEpoch: day), instant: instant)
    }

    @Test func theLastInstanceOfAKeyInStartUIDRecurrenceOrderWins() {
        var list = [
            Self.found(day: 20_800, start: 500, order: 1, recurrence: 400),
            Self.found(day: 20_799, start: 100, recurrence: 100),
            // Same day: a later start wins, whatever the order it came in.
            Self.found(day: 20_800, start: 900, order: 0, recurrence: 900, moved: true),
            Self.found(day: 20_800, start: 300, order: 2, recurrence: 300),
        ]
        let doses = SlotDoses(found: &list, hourly: false)
        #expect(list.isEmpty)
        #expect(doses.entries.map(\.day) == [20_799, 20_800])
        #expect(doses[Self.key(20_800)] == DoseView.Dose(instant: 900, moved: true))
        #expect(doses[Self.key(20_799)] == DoseView.Dose(instant: 100, moved: false))
        #expect(doses[Self.key(20_801)] == nil)
        // A key of another kind (an original instant in a daily slot) is not this slot's.
        #expect(doses[Self.key(20_799, 100)] == nil)
    }

    @Test func everyNHoursKeysHoldTheOriginalInstant() {
        var list = [
            Self.found(day: 5, start: 7_200, recurrence: 7_200, original: 7_200),
            Self.found(day: 5, start: 3_600, recurrence: 0, moved: true, original: 0),
        ]
        let doses = SlotDoses(found: &list, hourly: true)
        #expect(doses[Self.key(5, 0)] == DoseView.Dose(instant: 3_600, moved: true))
        #expect(doses[Self.key(5, 7_200)] == DoseView.Dose(instant: 7_200, moved: false))
        #expect(doses[Self.key(5)] == nil)
        #expect(
            SlotDoses.keys([doses], from: Self.key(5).date, through: Self.key(5).date) == [Self.key(5, 0), Self.key(5, 7_200)])
    }

    @Test func keysAreTheSortedUnionWithinTheDates() {
        let a = SlotDoses(
            [Self.key(1): .init(instant: 1, moved: false), Self.key(3): .init(instant: 3, moved: false)], hourly: false)
        let b = SlotDoses(
            [Self.key(2): .init(instant: 2, moved: false), Self.key(3): .init(instant: 9, moved: true)], hourly: false)
        let c = SlotDoses([Self.key(7): .init(instant: 7, moved: false)], hourly: false)
        let all = SlotDoses.keys([a, b, c, SlotDoses()], from: Self.key(0).date, through: Self.key(9).date)
        #expect(all == [1, 2, 3, 7].map { Self.key($0) })
        #expect(SlotDoses.keys([a, b, c], from: Self.key(2).date, through: Self.key(3).date) == [2, 3].map { Self.key($0) })
        #expect(SlotDoses.keys([], from: Self.key(0).date, through: Self.key(9).date).isEmpty)
    }

    /// The dictionary the views kept before: every instance written in, the later of two of one
    /// key by (start, UID order, recurrence instant) kept, equal ones the one that came later.
    static func reference(_ list: [Found], hourly: Bool) -> [DoseKey: DoseView.Dose] {
        var result: [DoseKey: (dose: DoseView.Dose, rank: [Int])] = [:]
        for f in list {
            let key = DoseKey(date: LocalDate(daysSinceEpoch: Int(f.entry.day)), instant: hourly ? f.entry.original : nil)
            let rank = [f.entry.instant, Int(f.order), f.recurrence]
            if let old = result[key], rank.lexicographicallyPrecedes(old.rank) { continue }
            result[key] = (f.entry.dose, rank)
        }
        return result.mapValues(\.dose)
    }

    @Test func equalToTheDictionaryOfTheViewsBefore() {
        var rng = SystemRandomNumberGenerator()
        for round in 0..<300 {
            let hourly = round % 3 == 0
            var list: [Found] = []
            for _ in 0..<Int.random(in: 0...40, using: &rng) {
                let recurrence = Int.random(in: 0...6, using: &rng) * 3_600
                let start = recurrence + (Bool.random(using: &rng) ? 0 : Int.random(in: -2...2, using: &rng) * 1_800)
                list.append(
                    Self.found(
                        day: Int32.random(in: 0...8, using: &rng), start: start, order: Int32.random(in: 0...2, using: &rng),
                        recurrence: recurrence, moved: start != recurrence, original: hourly ? recurrence : 0))
            }
            // Sometimes already in key order, one series' instances (the path without a sort).
            if round % 2 == 1 { list.sort(by: Found.before) }
            let expected = Self.reference(list, hourly: hourly)
            var copy = list
            let doses = SlotDoses(found: &copy, hourly: hourly)
            #expect(doses.entries.count == expected.count)
            for (key, dose) in expected { #expect(doses[key] == dose) }
            let keys = SlotDoses.keys([doses], from: Self.key(0).date, through: Self.key(8).date)
            #expect(keys == expected.keys.sorted())
        }
    }
}
