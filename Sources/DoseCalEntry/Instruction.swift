import DoseCalCore
import Foundation

/// A plain instruction as a label or a prescriber writes it ("1 tablet twice a day", "5 ml every
/// 8 hours for 10 days", "2 puffs as needed, at most 8 a day", "1-0-1", "bid", "qhs"), read into
/// the same `Dosage` the FHIR reader makes (docs/entry.md). Every word must be read: an
/// instruction with a part that is not is refused, saying what was understood.
public struct Instruction: Sendable, Equatable {
    public var text: String
    /// The dosage; several taken together (one `sequence`) when the amounts differ by time of
    /// day ("1-0-2": 1 in the morning, 2 in the evening).
    public var dosages: [Dosage]
    /// What was read, part by part, in words ("1 tablet", "twice a day", "for 10 days").
    public var understood: [String]

    /// Reads `text`; throws `EntryError.unreadInstruction` naming the first part not read.
    public init(_ text: String) throws(EntryError) {
        self.text = text
        var reading = InstructionReading(text: text.lowercased())
        try reading.read()
        dosages = reading.dosages().map {
            var d = $0
            d.text = text
            return d
        }
        understood = reading.understood
    }
}

/// The state of reading one instruction: the rest of the text and what was read so far.
struct InstructionReading {
    let text: String
    var position: String.Index
    var understood: [String] = []
    var dose: DoseAmount?
    var repeats = TimingRepeat()
    var code: String?
    var asNeeded = false
    var maxPerDay: Double?
    var maxUnit: DoseUnit?
    /// "1-0-2": the `when` codes of each amount, when the amounts differ.
    var amountsByTime: [(amount: Double, when: [String])] = []

    init(text: String) {
        self.text = text
        position = text.startIndex
    }

    /// Each part in turn, by the first rule that reads the text where it stands.
    mutating func read() throws(EntryError) {
        while true {
            skipFillers()
            guard position < text.endIndex else { break }
            var matched = false
            for rule in InstructionRules.all {
                guard let groups = match(rule.pattern) else { continue }
                try rule.apply(&self, groups)
                matched = true
                break
            }
            guard matched else {
                throw .unreadInstruction(
                    text: text, understood: understood.joined(separator: ", "), unread: String(text[position...]))
            }
        }
        guard !understood.isEmpty else { throw .unreadInstruction(text: text, understood: "", unread: text) }
    }

    /// Spaces, commas, full stops and words that say nothing about the dose.
    mutating func skipFillers() {
        while let g = match(#"(?:[\s,.;]+|(?:take|use|inhale|apply|give|by mouth|orally|and|then)\b)"#) { _ = g }
    }

    /// The groups of `pattern` matched at `position` (then past it), or nil.
    mutating func match(_ pattern: String) -> [String?]? {
        guard let regex = InstructionRules.compiled(pattern) else { return nil }
        let ns = NSRange(position..<text.endIndex, in: text)
        guard let m = regex.firstMatch(in: text, options: [.anchored], range: ns), m.range.length > 0,
            let end = Range(m.range, in: text)?.upperBound
        else { return nil }
        let groups = (1..<max(1, m.numberOfRanges)).map { i in Range(m.range(at: i), in: text).map { String(text[$0]) } }
        // A word stops at a word's end ("q8hours" is not "q8h" then "ours").
        if end < text.endIndex, text[end].isLetter, text[text.index(before: end)].isLetter { return nil }
        position = end
        return groups
    }

    func dosages() -> [Dosage] {
        var d = Dosage(asNeeded: asNeeded, dose: dose)
        if repeats != TimingRepeat() { d.timing.repeats = repeats }
        d.timing.code = code
        if let most = maxPerDay { d.maxDosePerPeriod = (most, maxUnit ?? dose?.unit, 24) }
        guard amountsByTime.count > 1 else { return [d] }
        return amountsByTime.map { part in
            var each = d
            each.dose = DoseAmount(value: part.amount, unit: dose?.unit)
            each.timing.repeats?.when = part.when
            return each
        }
    }
}
