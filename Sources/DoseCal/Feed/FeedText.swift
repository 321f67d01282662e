/// The words of the feed. In privacy mode nothing here names a medicine, a strength or a note.
struct FeedText {
    let privacy: Bool

    static let neutral = "Medication reminder"

    func doseText(_ m: Medication, pills: Double, dose: String?) -> String {
        if let dose, !dose.isEmpty { return dose }
        return FeedText.amount(pills) + (pills == 1 ? " dose" : " doses")
    }

    func summary(_ m: Medication, pills: Double, dose: String?) -> String {
        if privacy { return FeedText.neutral }
        let name = [m.name, m.strength].compactMap { $0 }.joined(separator: " ")
        return "\(name) (\(doseText(m, pills: pills, dose: dose)))"
    }

    func description(_ m: Medication, pills: Double, dose: String?, time: WallTime) -> String {
        if privacy { return FeedText.neutral }
        let name = [m.name, m.strength].compactMap { $0 }.joined(separator: " ")
        var text = "Take \(doseText(m, pills: pills, dose: dose)) of \(name) at \(time)."
        if let notes = m.notes, !notes.isEmpty { text += "\n\(notes)" }
        return text
    }

    func alarm(_ m: Medication, pills: Double, dose: String?) -> String {
        if privacy { return FeedText.neutral }
        return "Time to take \(summary(m, pills: pills, dose: dose))"
    }

    func refillSummary(_ m: Medication, runOut: LocalDate) -> String {
        privacy ? "Refill reminder" : "Refill \(m.name): supply runs out on \(runOut)"
    }

    func refillDescription(_ m: Medication, forecast: SupplyForecast, supply: Supply) -> String {
        let what = privacy ? "this medication" : m.name
        var text =
            "The supply of \(what) recorded on \(supply.asOf) (\(FeedText.amount(supply.pills))) covers \(forecast.dosesCovered) doses"
        if let last = forecast.lastCoveredDose { text += ", the last on \(last.date) at \(last.time)" }
        if let runOut = forecast.runOut { text += "; the first dose without supply is on \(runOut)." }
        return text + " Refill before then."
    }

    /// "1", "0.5", "2.25".
    static func amount(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
