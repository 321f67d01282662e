import Foundation

/// The words of the feed. In privacy mode nothing here names a medicine, a strength or a note.
///
/// Each event's text is true for every occurrence of its series: a series whose local time
/// moves (every N hours, a fixed interval) names the anchor and how it repeats, not one time.
/// A medication with a unit (format version 2) is said as `MedicationWords` says it: "Warfarin
/// 5 mg tablets: half a tablet (2.5 mg)". Without one (version 1), amounts are in the medicine's
/// unit (`DoseWords.Form`, from its name and dose; tablets when neither says): "4 tablets
/// (40 mg)"; a dose of one unit with no dose text has no amount.
///
/// A medication of a person (a schedule with people) says whose it is (`PersonWords`): "Mia —
/// Amoxicillin 250 mg/5 ml: 5 ml (250 mg)", "Mia takes 5 ml (250 mg) of ...", "Time for Mia to
/// take ..."; in privacy mode "Person 2 — Medication reminder".
struct FeedText {
    let privacy: Bool
    /// The person of the medication whose words are made (nil: no one is named).
    var person: PersonWords? = nil

    static let neutral = "Medication reminder"

    /// The last wording and medicine form worked out: a medication's series, and its refill
    /// warning, ask for the same words again and again.
    let memo = Memo()

    final class Memo {
        var form: (dose: String?, name: String, form: DoseWords.Form)? = nil
        var wording:
            (
                name: String, strength: String?, pills: Double, dose: String?, form: DoseForm?, unit: DoseUnit?,
                wording: DoseWording
            )? = nil
        var alarm: AlarmTimes? = nil
        /// The alarm text of the last title (a medication's series mostly share it).
        var alarmText: (title: String, verb: String, person: String?, text: String)? = nil
        var alarmBlock: AlarmBlock? = nil
        /// The words of the last medication with a unit, and its wording by amount.
        var words: MedicationWords? = nil
        var spoken: [Double: DoseWording] = [:]
    }

    /// The VALARM of `reminder` for an event with `title` (`title(_:)`, of a dose one would
    /// `verb`): the last one when it says the same.
    func alarmBlock(_ reminder: Reminder, title: String, verb: String? = nil) -> AlarmBlock {
        let times = alarmTimes(reminder)
        let description = alarm(title: title, verb: verb ?? "take")
        if let last = memo.alarmBlock, last.times.reminder == reminder, last.description == description { return last }
        let block = AlarmBlock(times, description)
        memo.alarmBlock = block
        return block
    }

    /// The alarm values of `reminder`: the last ones worked out again when it is the same.
    func alarmTimes(_ reminder: Reminder) -> AlarmTimes {
        if let last = memo.alarm, last.reminder == reminder { return last }
        let times = AlarmTimes(reminder)
        memo.alarm = times
        return times
    }

    /// The words one series (or one moved dose) shares between its SUMMARY, DESCRIPTION and
    /// alarm, worked out once: the name with strength, and the amount (nil: none is said); for a
    /// medication with a unit, its title, instruction and verb (`MedicationWords`).
    struct DoseWording {
        var name: String
        var amount: String?
        var spoken: Spoken? = nil

        /// "Warfarin 5 mg tablets: half a tablet (2.5 mg)", "Take half a tablet (2.5 mg) of
        /// Warfarin 5 mg", "take".
        struct Spoken {
            var title: String
            var instruction: String
            var verb: String
        }
    }

    /// The wording of a dose of `pills` units (`dose`: the step's or medication's dose text).
    /// Empty in privacy mode, where no text names the medicine.
    func wording(_ m: Medication, pills: Double, dose: String?) -> DoseWording {
        if privacy { return DoseWording(name: "", amount: nil) }
        if let last = memo.wording, last.pills == pills, last.name == m.name, last.strength == m.strength,
            last.dose == dose, last.form == m.form, last.unit == m.unit
        {
            return last.wording
        }
        let wording: DoseWording
        if m.unit != nil, let words = medicationWords(m) {
            if let known = memo.spoken[pills] { return known }
            let said = words.amount(pills)
            let spoken = DoseWording.Spoken(
                title: words.title(said: said), instruction: words.instruction(said: said), verb: words.verb)
            wording = DoseWording(name: words.name, amount: said, spoken: spoken)
            memo.spoken[pills] = wording
        } else {
            let name = m.strength.map { "\(m.name) \($0)" } ?? m.name
            wording = DoseWording(name: name, amount: doseText(m, pills: pills, dose: dose))
        }
        memo.wording = (m.name, m.strength, pills, dose, m.form, m.unit, wording)
        return wording
    }

    /// The words of `m` (a medication with a unit): the last ones made again when `m` says the
    /// same (a medication's series, by weekday and step, ask for them in turn).
    func medicationWords(_ m: Medication) -> MedicationWords? {
        if let last = memo.words, last.medication.name == m.name, last.medication.strength == m.strength,
            last.medication.form == m.form, last.medication.unit == m.unit
        {
            return last
        }
        memo.words = MedicationWords(m)
        memo.spoken = [:]
        return memo.words
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

    /// The title of a dose, without its person: "Warfarin 5 mg tablets: half a tablet (2.5 mg)",
    /// "Prednisone 10 mg (4 tablets (40 mg))"; privacy mode: "Medication reminder".
    func title(_ w: DoseWording) -> String {
        if privacy { return FeedText.neutral }
        if let spoken = w.spoken { return spoken.title }
        return w.amount.map { "\(w.name) (\($0))" } ?? w.name
    }

    /// SUMMARY: the title with its person ("Mia — Amoxicillin 250 mg/5 ml: 5 ml (250 mg)").
    func summary(_ w: DoseWording) -> String { named(title(w)) }

    /// `text` with the person first ("Mia — ...", "Person 2 — ..."); as it is without one.
    func named(_ text: String) -> String { person?.title(text) ?? text }

    /// The text of a series; `time` is the slot's wall-clock time on the series' first day,
    /// `homeZone` the home zone of its person (named where a series' time is read in it).
    func description(_ m: Medication, _ w: DoseWording, time: LocalTime, home homeZone: String) -> String {
        if privacy { return named(FeedText.neutral) }
        var text = take(w)
        switch (m.recurrence, m.timePolicy) {
        case (.everyNHours(let hours), _):
            text.add("every ")
            text.add(hours)
            text.add(" hours, from ")
            text.add(time)
            text.add(" on ")
            text.add(m.start)
            text.add(" (")
            text.add(homeZone)
            text.add(" time)")
        case (_, .fixedInterval):
            text.add("at one fixed instant of the day (")
            text.add(time)
            text.add(" ")
            text.add(homeZone)
            text.add(" time on ")
            text.add(m.start)
            text.add("); the local time moves with daylight-saving changes")
        case (_, .pinned(let zone)):
            text.add("at ")
            text.add(time)
            text.add(" ")
            text.add(zone.description)
            text.add(" time")
        default:
            text.add("at ")
            text.add(time)
        }
        return taken(m, text)
    }

    /// The text of one moved dose: its own time.
    func movedDescription(_ m: Medication, _ w: DoseWording, time: LocalTime) -> String {
        if privacy { return named(FeedText.neutral) }
        var text = take(w)
        text.add("at ")
        text.add(time)
        text.add(" (moved)")
        return taken(m, text)
    }

    /// The text of a dose on its way to a new zone's wall clock (the gradual policy): the time it
    /// is taken at, and the time it moves toward.
    func shiftedDescription(_ m: Medication, _ w: DoseWording, time: LocalTime, toward wall: LocalTime) -> String {
        if privacy { return named(FeedText.neutral) }
        var text = take(w)
        text.add("at ")
        text.add(time)
        text.add(" (on the way to ")
        text.add(wall)
        text.add(" local time after travel)")
        return taken(m, text)
    }

    /// "Take <amount> of <name> ": the start of a dose's text, its time to follow; with a person
    /// "Mia takes <amount> of <name> ".
    private func take(_ w: DoseWording) -> TextBuilder {
        var text = TextBuilder()
        if let person {
            let verb = w.spoken?.verb ?? "take"
            text.add(person.instruction(verb: verb, w.amount.map { "\($0) of \(w.name)" } ?? w.name))
            text.add(" ")
            return text
        }
        if let spoken = w.spoken {
            text.add(spoken.instruction)
            text.add(" ")
            return text
        }
        text.add("Take ")
        if let amount = w.amount {
            text.add(amount)
            text.add(" of ")
        }
        text.add(w.name)
        text.add(" ")
        return text
    }

    /// The dose's text ended: a full stop, then the medication's notes on a line of their own.
    private func taken(_ m: Medication, _ text: TextBuilder) -> String {
        var text = text
        text.add(".")
        if let notes = m.notes, !notes.isEmpty {
            text.add("\n")
            text.add(notes)
        }
        return text.string
    }

    /// The alarm's text, given the event's title (`title(_:)`) and the verb of its dose: "Time to
    /// take <title>", with a person "Time for Mia to take <title>".
    func alarm(title: String, verb: String = "take") -> String {
        if privacy { return named(FeedText.neutral) }
        if let last = memo.alarmText, last.title == title, last.verb == verb, last.person == person?.name { return last.text }
        var text = TextBuilder()
        if let person {
            text.add(person.alarm(verb: verb, title: title))
        } else {
            text.add("Time to ")
            text.add(verb)
            text.add(" ")
            text.add(title)
        }
        memo.alarmText = (title, verb, person?.name, text.string)
        return text.string
    }

    /// The words of `m`'s refill warning, when its supply runs out (`RefillWarningText`); the
    /// supply's unit word as `MedicationWords` says it for a medication with a unit ("ml").
    func refillWarning(_ m: Medication, forecast: SupplyForecast, supply: Supply) -> RefillWarningText? {
        guard let runOut = forecast.runOut else { return nil }
        let unit = MedicationWords(m)?.supplyUnit(supply.pills) ?? form(dose: m.dose, name: m.name).unit(supply.pills)
        return RefillWarningText(
            name: privacy ? nil : m.name, pills: supply.pills, unit: unit, asOf: supply.asOf,
            dosesCovered: forecast.dosesCovered, lastCovered: forecast.lastCoveredDose, runOut: runOut)
    }

    /// "1", "0.5", "2.25".
    static func amount(_ value: Double) -> String {
        // A whole number is written without ".0" when an Int holds it exactly; any other value
        // (a fraction, or one too large for an Int, from a strength like "1e30 mg") as a Double.
        guard value == value.rounded(), let whole = Int(exactly: value) else { return String(value) }
        return String(whole)
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
