import ICal

/// The words of a medication's refill warning, written by the feed and read back by import
/// (decision 0208), so that the form has one owner: SUMMARY `Refill Metformin: supply runs out on
/// 2026-03-06` (privacy mode: `Refill reminder`), DESCRIPTION `The supply of Metformin recorded on
/// 2026-01-05 (120 tablets) covers 120 doses, the last on 2026-03-06 at 08:00; the first dose
/// without supply is on 2026-03-06. Refill before then.` (privacy mode: "this medication").
struct RefillWarningText: Sendable, Equatable {
    /// The medicine's name; nil in privacy mode.
    var name: String?
    /// The supply record: units on hand as of a date, and their unit word ("tablets").
    var pills: Double
    var unit: String
    var asOf: LocalDate
    /// What the supply forecast says: doses covered, the last of them, and the run-out date.
    var dosesCovered: Int
    var lastCovered: LocalDateTime?
    var runOut: LocalDate

    static let privateSummary = "Refill reminder"
    static let privateName = "this medication"

    var summary: String {
        guard let name else { return Self.privateSummary }
        var text = TextBuilder()
        text.add("Refill ")
        text.add(name)
        text.add(": supply runs out on ")
        text.add(runOut)
        return text.string
    }

    var description: String {
        var text = TextBuilder(capacity: 256)
        text.add("The supply of ")
        text.add(name ?? Self.privateName)
        text.add(" recorded on ")
        text.add(asOf)
        text.add(" (")
        text.add(FeedText.amount(pills))
        text.add(" ")
        text.add(unit)
        text.add(") covers ")
        text.add(dosesCovered)
        text.add(" doses")
        if let last = lastCovered {
            text.add(", the last on ")
            text.add(last.date)
            text.add(" at ")
            text.add(last.time)
        }
        text.add("; the first dose without supply is on ")
        text.add(runOut)
        text.add(". Refill before then.")
        return text.string
    }

    init(
        name: String?, pills: Double, unit: String, asOf: LocalDate, dosesCovered: Int, lastCovered: LocalDateTime?,
        runOut: LocalDate
    ) {
        self.name = name
        self.pills = pills
        self.unit = unit
        self.asOf = asOf
        self.dosesCovered = dosesCovered
        self.lastCovered = lastCovered
        self.runOut = runOut
    }

    /// Reads dosecal's words; nil for any other text (another calendar's, or one edited).
    init?(summary: String?, description: String?) {
        guard let summary, let description else { return nil }
        let name: String?
        if summary == Self.privateSummary {
            name = nil
        } else {
            let suffix = ": supply runs out on YYYY-MM-DD".count
            guard summary.hasPrefix("Refill "), summary.count > "Refill ".count + suffix else { return nil }
            name = String(summary.dropFirst("Refill ".count).dropLast(suffix))
        }
        var words = TextReading(description)
        guard words.take("The supply of "), words.take(name ?? Self.privateName), words.take(" recorded on "),
            let asOf = words.date(), words.take(" ("), let pills = words.word().flatMap(Double.init), pills >= 0,
            words.take(" "), let unit = words.until(") covers "), let covered = words.word().flatMap(Int.init),
            words.take(" doses")
        else { return nil }
        var last: LocalDateTime? = nil
        if words.take(", the last on ") {
            guard let date = words.date(), words.take(" at "), let time = words.time() else { return nil }
            last = LocalDateTime(date: date, time: time)
        }
        guard words.take("; the first dose without supply is on "), let runOut = words.date(),
            words.take(". Refill before then."), words.isEmpty
        else { return nil }
        self.init(name: name, pills: pills, unit: unit, asOf: asOf, dosesCovered: covered, lastCovered: last, runOut: runOut)
        guard self.summary == summary else { return nil }
    }
}
