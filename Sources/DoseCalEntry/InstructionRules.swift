import DoseCalCore
import Foundation

/// The parts a plain instruction is made of, each a pattern and what it sets (docs/entry.md
/// lists them). Tried in order at each position; the first that matches reads the part.
enum InstructionRules {
    struct Rule: Sendable {
        var pattern: String
        var apply: @Sendable (inout InstructionReading, [String?]) throws(EntryError) -> Void
    }

    static let number =
        #"(\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|half an?|half|a quarter of an?|an?|½)"#
    static let unit =
        #"(tablets?|tabs?|capsules?|caps?|ml|mls|millilit(?:re|er)s?|mg|mcg|micrograms?|g|grams?|puffs?|drops?|sprays?|units?|iu|patch(?:es)?|suppositor(?:y|ies)|sachets?)"#
    static let day = #"(monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|wed|thu|fri|sat|sun)s?"#

    static let all: [Rule] = dose + frequency + times + needs

    /// "1 tablet", "half a tablet", "2.5 ml", "15 mg", "1-2 tablets" (a range), "1-0-1".
    static let dose: [Rule] = [
        Rule(pattern: #"(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)(?:-(\d+(?:\.\d+)?))?(?!\s*(?:tablet|capsule|ml|mg))"#) {
            r, g throws(EntryError) in
            try r.morningNoonEvening(g.map { Double($0 ?? "0") ?? 0 }, count: g[3] == nil ? 3 : 4)
        },
        Rule(pattern: #"(\d+(?:\.\d+)?)\s*(?:-|to)\s*(\d+(?:\.\d+)?)\s*"# + unit) { r, g throws(EntryError) in
            r.dose = DoseAmount(value: Double(g[0]!)!, unit: unit(g[2]!), high: Double(g[1]!)!)
            r.understood.append("\(g[0]!) to \(g[1]!) \(g[2]!)")
        },
        Rule(pattern: number + #"\s*(?:of\s+an?\s+)?"# + unit) { r, g throws(EntryError) in
            let value = amount(g[0]!)
            r.dose = DoseAmount(value: value, unit: unit(g[1]!))
            r.understood.append("\(AmountWords.number(value)) \(g[1]!)")
        },
    ]

    /// How often: "twice a day", "every 8 hours", "every other day", "every Friday", "weekly",
    /// "3 times a week", bid/tid/qid/qd/qod/q8h.
    static let frequency: [Rule] = [
        Rule(pattern: #"(?:once (?:a|per|each) day|once daily|daily|every day|qd|od)"#) { r, _ throws(EntryError) in
            r.perDay(1, "once a day")
        },
        Rule(pattern: #"(?:twice (?:a|per|each) day|twice daily|bid|b\.i\.d\.?)"#) { r, _ throws(EntryError) in
            r.perDay(2, "twice a day")
        },
        Rule(pattern: #"(?:tid|t\.i\.d\.?|thrice daily)"#) { r, _ throws(EntryError) in r.perDay(3, "3 times a day") },
        Rule(pattern: #"(?:qid|q\.i\.d\.?)"#) { r, _ throws(EntryError) in r.perDay(4, "4 times a day") },
        Rule(pattern: number + #"\s+times\s+(?:a|per|each)\s+day"#) { r, g throws(EntryError) in
            r.perDay(Int(amount(g[0]!)), "\(g[0]!) times a day")
        },
        Rule(pattern: number + #"\s+times\s+(?:a|per|each)\s+week"#) { r, g throws(EntryError) in
            (r.repeats.frequency, r.repeats.period, r.repeats.periodUnit) = (Int(amount(g[0]!)), 1, "wk")
            r.understood.append("\(g[0]!) times a week")
        },
        Rule(pattern: #"(?:every|each|q)\s*(\d+)\s*(?:hours?|hrs?|h)\b"#) { r, g throws(EntryError) in
            r.every(Double(g[0]!)!, "h", "every \(g[0]!) hours")
        },
        Rule(pattern: #"(?:every other day|every second day|qod|on alternate days)"#) { r, _ throws(EntryError) in
            r.every(2, "d", "every other day")
        },
        Rule(pattern: #"every\s+(\d+)\s+days"#) { r, g throws(EntryError) in r.every(Double(g[0]!)!, "d", "every \(g[0]!) days")
        },
        Rule(pattern: #"(?:once a week|weekly|every week)"#) { r, _ throws(EntryError) in r.every(1, "wk", "once a week") },
        Rule(pattern: #"(?:every|on|each)\s+"# + day + #"(?:\s*(?:,|and)\s*"# + day + #")?(?:\s*(?:,|and)\s*"# + day + ")?") {
            r, g throws(EntryError) in
            r.onDays(g.compactMap { $0 })
        },
    ]

    static func amount(_ s: String) -> Double {
        let words: [String: Double] = [
            "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
            "eleven": 11, "twelve": 12, "a": 1, "an": 1, "half": 0.5, "half a": 0.5, "half an": 0.5, "½": 0.5,
            "a quarter of a": 0.25, "a quarter of an": 0.25,
        ]
        return words[s] ?? Double(s) ?? 1
    }

    static func unit(_ s: String) -> DoseUnit? {
        let t = s.hasSuffix("s") && s.count > 2 && !["mls"].contains(s) ? String(s.dropLast()) : s
        let table: [String: DoseUnit] = [
            "tablet": .tablet, "tab": .tablet, "capsule": .capsule, "cap": .capsule, "ml": .ml, "mls": .ml, "millilitre": .ml,
            "milliliter": .ml, "mg": .mg, "mcg": .mcg, "microgram": .mcg, "g": .g, "gram": .g, "puff": .puff, "drop": .drop,
            "spray": .spray, "unit": .unit, "iu": .unit, "patch": .patch, "patche": .patch, "suppository": .suppository,
            "suppositorie": .suppository, "sachet": .sachet,
        ]
        return table[t]
    }

    nonisolated(unsafe) private static var cache: [String: NSRegularExpression] = [:]
    private static let lock = NSLock()

    static func compiled(_ pattern: String) -> NSRegularExpression? {
        lock.lock()
        defer { lock.unlock() }
        if let r = cache[pattern] { return r }
        let r = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
        cache[pattern] = r
        return r
    }
}
