import Foundation

/// The words of the feed. In privacy mode nothing here names a medicine, a strength or a note.
///
/// Each event's text is true for every occurrence of its series: a series whose local time
/// moves (every N hours, a fixed interval) names the anchor and how it repeats, not one time.
/// Amounts are in the medicine's unit (`DoseWords.Form`, from its name and dose; tablets when
/// neither says): "4 tablets (40 mg)"; a dose of one unit with no dose text has no amount.
struct FeedText {
    let privacy: Bool
    /// The schedule's home zone, named where a series' time is read in it.
    var homeZone: String = "UTC"

    static let neutral = "Medication reminder"

    /// The last wording and medicine form worked out: a medication's series, and its refill
    /// warning, ask for the same words again and again.
    let memo = Memo()

    final class Memo {
        var form: (dose: String?, name: String, form: DoseWords.Form)? = nil
        var wording: (name: String, strength: String?, pills: Double, dose: String?, wording: DoseWording)? = nil
    }

    /// The words one series (or one moved dose) shares between its SUMMARY, DESCRIPTION and
    /// alarm, worked out once: the name with strength, and the amount (nil: none is said).
    struct DoseWording {
        var name: String
        var amount: String?
    }

    /// The wording of a dose of `pills` units (`dose`: the step's or medication's dose text).
    /// Empty in privacy mode, where no text names the medicine.
    func wording(_ m: Medication, pills: Double, dose: String?) -> DoseWording {
        if privacy { return DoseWording(name: "", amount: nil) }
        if let last = memo.wording, last.pills == pills, last.name == m.name, last.strength == m.strength,
            last.dose == dose
        {
            return last.wording
        }
        let name = m.strength.map { "\(m.name) \($0)" } ?? m.name
        let wording = DoseWording(name: name, amount: doseText(m, pills: pills, dose: dose))
        memo.wording = (m.name, m.strength, pills, dose, wording)
        return wording
    }

    /// The form of the medicine `dose` and `name` say (`DoseWords.form`), tablets when neither does.
    func form(dose: String?, name: String) -> DoseWords.Form {
        if let last = memo.form, last.dose == dose, last.name == name { return last.form }
        let form = DoseWords.form(in: [dose, name]) ?? .tablet
        memo.form = (dose, name, form)
        return form
    }

    /// "1 tablet", "4 tablets (40 mg)", "6 tablets (15 mg)"; nil for one unit without dose text.
    func doseText(_ m: Medication, pills: Double, dose: String?) -> String? {
        let form = form(dose: dose, name: m.name)
        let count = "\(FeedText.amount(pills)) \(form.unit(pills))"
        if let dose, !dose.isEmpty {
            // A bare amount ("40 mg") with a pill count: say both.
            if pills != 1, FeedText.isBareAmount(dose) { return "\(count) (\(dose))" }
            return dose
        }
        guard pills != 1 else { return nil }
        if let total = m.strength.flatMap({ FeedText.total($0, times: pills) }) { return "\(count) (\(total))" }
        return count
    }

    func summary(_ w: DoseWording) -> String {
        if privacy { return FeedText.neutral }
        return w.amount.map { "\(w.name) (\($0))" } ?? w.name
    }

    /// The text of a series; `time` is the slot's wall-clock time on the series' first day.
    func description(_ m: Medication, _ w: DoseWording, time: WallTime) -> String {
        if privacy { return FeedText.neutral }
        let when: String
        switch (m.recurrence, m.timePolicy) {
        case (.everyNHours(let hours), _):
            when = "every \(hours) hours, from \(time) on \(m.start) (\(homeZone) time)"
        case (_, .fixedInterval):
            when =
                "at one fixed instant of the day (\(time) \(homeZone) time on \(m.start)); the local time moves with daylight-saving changes"
        case (_, .pinned(let zone)):
            when = "at \(time) \(zone) time"
        default:
            when = "at \(time)"
        }
        return take(m, w, when: when)
    }

    /// The text of one moved dose: its own time.
    func movedDescription(_ m: Medication, _ w: DoseWording, time: WallTime) -> String {
        if privacy { return FeedText.neutral }
        return take(m, w, when: "at \(time) (moved)")
    }

    private func take(_ m: Medication, _ w: DoseWording, when: String) -> String {
        let what = w.amount.map { "\($0) of \(w.name)" } ?? w.name
        var text = "Take \(what) \(when)."
        if let notes = m.notes, !notes.isEmpty { text += "\n\(notes)" }
        return text
    }

    /// The alarm's text, given the event's SUMMARY (`summary(_:)`).
    func alarm(summary: String) -> String {
        if privacy { return FeedText.neutral }
        return "Time to take \(summary)"
    }

    func refillSummary(_ m: Medication, runOut: LocalDate) -> String {
        privacy ? "Refill reminder" : "Refill \(m.name): supply runs out on \(runOut)"
    }

    func refillDescription(_ m: Medication, forecast: SupplyForecast, supply: Supply) -> String {
        let what = privacy ? "this medication" : m.name
        let form = form(dose: m.dose, name: m.name)
        var text =
            "The supply of \(what) recorded on \(supply.asOf) (\(FeedText.amount(supply.pills)) \(form.unit(supply.pills))) covers \(forecast.dosesCovered) doses"
        if let last = forecast.lastCoveredDose { text += ", the last on \(last.date) at \(last.time)" }
        if let runOut = forecast.runOut { text += "; the first dose without supply is on \(runOut)." }
        return text + " Refill before then."
    }

    /// "1", "0.5", "2.25".
    static func amount(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    static let amountPattern = #"^(\d+(?:[.]\d+)?)\s?(mg|mcg|µg|g|ml|mL|IU|units?)$"#

    /// "40 mg", "0.5 ml": a number and a unit, nothing else.
    static func isBareAmount(_ text: String) -> Bool {
        text.range(of: amountPattern, options: .regularExpression) != nil
    }

    /// "10 mg" × 4 -> "40 mg"; nil when the strength is not one number and a unit ("875/125 mg").
    static func total(_ strength: String, times: Double) -> String? {
        guard isBareAmount(strength), let space = strength.firstIndex(where: { !$0.isNumber && $0 != "." }),
            let value = Double(strength[..<space])
        else { return nil }
        let unit = strength[space...].trimmingCharacters(in: .whitespaces)
        let total = (value * times * 1000).rounded() / 1000
        return "\(amount(total)) \(unit)"
    }
}
