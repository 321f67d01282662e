import DoseCalCore
import Testing

@testable import DoseCalEntry

/// A table of plain instructions (label and sig forms) with the medication each gives, in
/// words (`EntryWords.describe`), from 2026-12-04 with the default clock.
@Suite struct InstructionTableTests {
    static let table: [(String, String)] = [
        ("1 tablet twice a day", "X tablets: 1 tablet at 08:00 and 20:00 every day, from 2026-12-04"),
        ("take 1 tablet by mouth twice daily", "X tablets: 1 tablet at 08:00 and 20:00 every day, from 2026-12-04"),
        ("1 tab bid", "X tablets: 1 tablet at 08:00 and 20:00 every day, from 2026-12-04"),
        ("2 tablets tid", "X tablets: 2 tablets at 08:00, 14:00 and 20:00 every day, from 2026-12-04"),
        ("1 capsule qid", "X capsules: 1 capsule at 08:00, 12:00, 16:00 and 20:00 every day, from 2026-12-04"),
        (
            "1 capsule three times a day for 10 days",
            "X capsules: 1 capsule at 08:00, 14:00 and 20:00 every day, from 2026-12-04 to 2026-12-13"
        ),
        ("5 ml every 8 hours for 10 days", "X: 5 ml every 8 hours from 08:00, from 2026-12-04 to 2026-12-13"),
        ("5 ml q8h", "X: 5 ml every 8 hours from 08:00, from 2026-12-04"),
        ("10 ml every 6 hours", "X: 10 ml every 6 hours from 08:00, from 2026-12-04"),
        (
            "2 puffs as needed, at most 8 a day",
            "X inhaler: 2 puffs when needed, at least 1 hour apart, at most 4 a day, from 2026-12-04"
        ),
        ("2 puffs prn", "X inhaler: 2 puffs when needed, at least 1 hour apart, from 2026-12-04"),
        ("1 tablet every 6 hours as needed", "X tablets: 1 tablet when needed, at least 6 hours apart, from 2026-12-04"),
        (
            "1 tablet as needed, at least 4 hours apart, no more than 3 a day",
            "X tablets: 1 tablet when needed, at least 4 hours apart, at most 3 a day, from 2026-12-04"
        ),
        ("15 mg every Friday evening", "X: 15 mg at 19:00 on Friday every week, from 2026-12-04"),
        ("half a tablet at bedtime", "X tablets: half a tablet at 22:00 every day, from 2026-12-04"),
        ("1 tablet qhs", "X tablets: 1 tablet at 22:00 every day, from 2026-12-04"),
        ("1-0-1", "X: 1 at 08:00 and 19:00 every day, from 2026-12-04"),
        ("1-1-1", "X: 1 at 08:00, 12:00 and 19:00 every day, from 2026-12-04"),
        ("0-0-1", "X: 1 at 19:00 every day, from 2026-12-04"),
        ("1-0-0-1", "X: 1 at 08:00 and 22:00 every day, from 2026-12-04"),
        ("1 tablet daily", "X tablets: 1 tablet at 08:00 every day, from 2026-12-04"),
        ("1 tablet once a day in the morning", "X tablets: 1 tablet at 08:00 every day, from 2026-12-04"),
        ("1 tablet every morning", "X tablets: 1 tablet at 08:00 every day, from 2026-12-04"),
        ("1 tablet in the evening", "X tablets: 1 tablet at 19:00 every day, from 2026-12-04"),
        ("1 capsule before breakfast", "X capsules: 1 capsule at 07:30 every day, from 2026-12-04"),
        ("1 tablet with meals", "X tablets: 1 tablet at 08:00, 12:30 and 18:30 every day, from 2026-12-04"),
        ("1 tablet ac", "X tablets: 1 tablet at 07:30, 12:00 and 18:00 every day, from 2026-12-04"),
        ("1 tablet pc", "X tablets: 1 tablet at 08:30, 13:00 and 19:00 every day, from 2026-12-04"),
        ("1 tablet after dinner", "X tablets: 1 tablet at 19:00 every day, from 2026-12-04"),
        ("1 tablet at 07:00 and 19:00", "X tablets: 1 tablet at 07:00 and 19:00 every day, from 2026-12-04"),
        ("1 tablet at 8 am", "X tablets: 1 tablet at 08:00 every day, from 2026-12-04"),
        ("2 tablets at 9pm", "X tablets: 2 tablets at 21:00 every day, from 2026-12-04"),
        ("1 tablet every other day", "X tablets: 1 tablet at 08:00 every 2 days, from 2026-12-04"),
        ("1 tablet qod", "X tablets: 1 tablet at 08:00 every 2 days, from 2026-12-04"),
        ("1 tablet every 3 days", "X tablets: 1 tablet at 08:00 every 3 days, from 2026-12-04"),
        ("1 tablet once a week", "X tablets: 1 tablet at 08:00 on the start's weekday every week, from 2026-12-04"),
        ("1 tablet every monday and thursday", "X tablets: 1 tablet at 08:00 on Monday and Thursday every week, from 2026-12-04"),
        ("1 patch every monday", "X patches: 1 patch at 08:00 on Monday every week, from 2026-12-04"),
        ("2 drops 4 times a day", "X drops: 2 drops at 08:00, 12:00, 16:00 and 20:00 every day, from 2026-12-04"),
        ("1 spray twice daily for 2 weeks", "X spray: 1 spray at 08:00 and 20:00 every day, from 2026-12-04 to 2026-12-17"),
        ("one tablet twice a day", "X tablets: 1 tablet at 08:00 and 20:00 every day, from 2026-12-04"),
        ("10 units at bedtime", "X injection: 10 units at 22:00 every day, from 2026-12-04"),
        ("a quarter of a tablet daily", "X tablets: a quarter of a tablet at 08:00 every day, from 2026-12-04"),
        ("500 mg tid for 7 days", "X: 500 mg at 08:00, 14:00 and 20:00 every day, from 2026-12-04 to 2026-12-10"),
    ]

    static func converted(_ sig: String) throws -> ConvertedMedication {
        let instruction = try Instruction(sig)
        let c = T.converter("Europe/Berlin", today: "2026-12-04")
        return try #require(try c.convert(MedicationFacts(id: "x", name: "X"), [instruction.dosage]).first)
    }

    @Test(arguments: table) func instruction(_ sig: String, _ expected: String) throws {
        #expect(EntryWords.describe(try Self.converted(sig).medication) == expected)
    }
}
