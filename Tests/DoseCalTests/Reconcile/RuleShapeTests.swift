import ICal
import Testing

@testable import DoseCal

/// The shape `Reconciler.ruleChanges` compares rules by is equal exactly when the string it was
/// first compared as is.
@Suite struct RuleShapeTests {
    /// The string the shape was before: the parts formatted.
    static func formatted(_ r: RecurrenceRule) -> String {
        let days = r.byDay.map { "\($0.ordinal ?? 0)\($0.weekday.rawValue)" }.sorted()
        return "\(r.frequency) \(r.interval) \(days) \(r.byMonth.sorted()) \(r.byMonthDay.sorted())"
    }

    static let rules: [RecurrenceRule] = [
        RecurrenceRule(.daily),
        RecurrenceRule(.daily, interval: 2),
        RecurrenceRule(.daily, count: 5),
        RecurrenceRule(.weekly, byDay: [.init(.monday), .init(.friday)]),
        RecurrenceRule(.weekly, byDay: [.init(.friday), .init(.monday)], weekStart: .monday),
        RecurrenceRule(.weekly, byDay: [.init(.monday, ordinal: 0), .init(.friday)]),
        RecurrenceRule(.weekly, byDay: [.init(.monday), .init(.monday), .init(.friday)]),
        RecurrenceRule(.monthly, byDay: [.init(.sunday, ordinal: -1)]),
        RecurrenceRule(.monthly, byDay: [.init(.sunday, ordinal: 1)]),
        RecurrenceRule(.monthly, byMonthDay: [15, 1]),
        RecurrenceRule(.monthly, byMonthDay: [1, 15]),
        RecurrenceRule(.yearly, byMonth: [3, 1], byMonthDay: [2]),
        RecurrenceRule(.yearly, byMonth: [1, 3], byMonthDay: [2]),
        RecurrenceRule(.yearly, byMonth: [1], byMonthDay: [3, 2]),
    ]

    @Test func shapesAreEqualWhenTheirFormattedPartsAre() {
        for a in Self.rules {
            for b in Self.rules {
                let same = RuleShape.rule(.init(a)) == RuleShape.rule(.init(b))
                #expect(same == (Self.formatted(a) == Self.formatted(b)), "\(a) \(b)")
            }
        }
    }

    @Test func aRuleTextThatDoesNotReadIsNoRule() {
        #expect(RuleShape.text("FREQ=FORTNIGHTLY") == .text("FREQ=FORTNIGHTLY"))
        #expect(RuleShape.text("DAILY 1 [] [] []") != .rule(.init(RecurrenceRule(.daily))))
    }
}
