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
        #expect(Self.keys([doses], from: 5, through: 5) == [Self.key(5, 0), Self.key(5, 7_200)])
    }

    @Test func keysAreTheSortedUnionWithinTheDates() {
        let a = SlotDoses(
            [Self.key(1): .init(instant: 1, moved: false), Self.key(3): .init(instant: 3, moved: false)], hourly: false)
        let b = SlotDoses(
            [Self.key(2): .init(instant: 2, moved: false), Self.key(3): .init(instant: 9, moved: true)], hourly: false)
        let c = SlotDoses([Self.key(7): .init(instant: 7, moved: false)], hourly: false)
        let all = SlotDoses.rows(base: a, ours: c, theirs: b, from: Self.key(0).date, through: Self.key(9).date)
        #expect(all.map(\.key) == [1, 2, 3, 7].map { Self.key($0) })
        #expect(all.map(\.base?.instant) == [1, nil, 3, nil])
        #expect(all.map(\.theirs?.instant) == [nil, 2, 9, nil])
        #expect(all.map(\.ours?.instant) == [nil, nil, nil, 7])
        #expect(Self.keys([a, b, c], from: 2, through: 3) == [2, 3].map { Self.key($0) })
        #expect(Self.keys([], from: 0, through: 9).isEmpty)
    }

    /// The keys of `rows` over up to three sides (the missing ones empty), from day `first` through `last`.
    static func keys(_ sides: [SlotDoses], from first: Int, through last: Int) -> [DoseKey] {
        let side = { (i: Int) in i < sides.count ? sides[i] : SlotDoses() }
        return SlotDoses.rows(
            base: side(0), ours: side(2), theirs: side(1), from: LocalDate(daysSinceEpoch: first),
            through: LocalDate(daysSinceEpoch: last)
        ).map(\.key)
    }

    /// The rows are what every side's keys, sorted and each once, give looked up on each side.
    @Test func rowsAreTheUnionOfKeysLookedUpOnEverySide() {
        var rng = SystemRandomNumberGenerator()
        for round in 0..<300 {
            let hourly = round % 3 == 0
            let sides = (0..<3).map { _ in
                var list = (0..<Int.random(in: 0...12, using: &rng)).map { _ in
                    let original = hourly ? Int.random(in: 0...3, using: &rng) * 3_600 : 0
                    return Self.found(
                        day: Int32.random(in: 0...9, using: &rng), start: original + Int.random(in: 0...1, using: &rng),
                        recurrence: original, moved: Bool.random(using: &rng), original: original)
                }
                return SlotDoses(found: &list, hourly: hourly)
            }
            let (first, last) = (Int.random(in: 0...4, using: &rng), Int.random(in: 3...9, using: &rng))
            let rows = SlotDoses.rows(
                base: sides[0], ours: sides[2], theirs: sides[1], from: LocalDate(daysSinceEpoch: first),
                through: LocalDate(daysSinceEpoch: last))
            let expected = Set(sides.flatMap { s in s.entries.map { s.key($0) } })
                .filter { $0.date.daysSinceEpoch >= first && $0.date.daysSinceEpoch <= last }.sorted()
            #expect(rows.map(\.key) == expected)
            for row in rows {
                #expect(row.base == sides[0][row.key] && row.theirs == sides[1][row.key] && row.ours == sides[2][row.key])
            }
        }
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
            #expect(Self.keys([doses], from: 0, through: 8) == expected.keys.sorted())
        }
    }
}
