import Foundation
import ICal

/// dosecal's own "next dose allowed" events (CATEGORIES:AS-NEEDED with dosecal's words,
/// `NextDoseAllowedText`) read back as as-needed medicines (decision 0206). A foreign calendar
/// cannot say a minimum gap or a daily maximum, and a privacy-mode event names no medicine: both
/// stay reported.
extension CalendarImporter {
    /// Adds the as-needed medicines of `events` to `schedule` (with the doses each event names as
    /// `taken` log entries, and its source), and gives back the events that are not dosecal's
    /// words, or name no medicine.
    static func asNeeded(
        _ events: [ReturnedEvent], home: Zone, schedule: inout Schedule, sources: inout [ImportReport.Source]
    ) -> [ImportReport.Unmapped] {
        var used = Set(schedule.medications.map(\.id))
        var unmapped: [ImportReport.Unmapped] = []
        for e in events {
            // A person's: "Mia — Ibuprofen: next dose allowed" (of a schedule with people).
            let (personName, summary) = schedule.people.isEmpty ? (nil, e.summary) : personTitle(e.summary)
            guard e.ruleText == nil, case .instant(let next)? = e.startTime,
                let text = NextDoseAllowedText(summary: summary, description: e.component.property("DESCRIPTION")?.text)
            else {
                unmapped.append(.init(e, notAsNeeded))
                continue
            }
            guard let name = text.name else {
                unmapped.append(.init(e, privateAsNeeded(text)))
                continue
            }
            let doses = text.doses(next: next)
            let person = Self.person(named: personName, in: &schedule)
            let m = Medication(
                id: uniqueID(name, used: &used), name: name, times: [],
                recurrence: .asNeeded(minimumHours: text.minimumHours, maxPerDay: text.maxPerDay),
                start: schedule.timeline(of: person).home.local(at: doses[0]).date, reminder: reminder(of: e), person: person?.id)
            let log = doses.map {
                DoseLogEntry(medication: m.id, status: .taken, at: Date(timeIntervalSince1970: TimeInterval($0)))
            }
            // Doses the feed does not name set the next dose later than the named ones would:
            // imported, the medicine would allow a dose too early (decision 0268).
            if let allowed = AsNeededDoses(m, log: log)?.nextAllowed, allowed < next {
                unmapped.append(.init(e, tooEarly(text, allowed: allowed, next: next)))
                continue
            }
            let notes = [
                "\(doses.count) taken dose(s) from its \"next dose allowed\" event; the rest of its log, its start, strength, dose, notes and supply are not in the feed"
            ]
            schedule.medications.append(m)
            schedule.log += log
            sources.append(ImportReport.Source(medicationID: m.id, from: "a \"next dose allowed\" event", notes: notes))
        }
        schedule.log.sort { ($0.at, $0.medication, $0.slot ?? "") < ($1.at, $1.medication, $1.slot ?? "") }
        return unmapped
    }

    static let notAsNeeded =
        "an as-needed medicine's \"next dose allowed\" reminder (CATEGORIES:AS-NEEDED) not in dosecal's words: it does not say the minimum hours and the daily maximum; add the medicine by hand"

    /// Why an as-needed medicine whose next dose the feed's named doses do not set is not
    /// imported: the doses between are not in the feed.
    static func tooEarly(_ text: NextDoseAllowedText, allowed: Int, next: Int) -> String {
        var rule = "at least \(text.minimumHours) hours apart"
        if let most = text.maxPerDay { rule += ", at most \(most) in any 24 hours" }
        return
            "the next dose is allowed from \(RFC3339.utc(next)), set by doses the feed does not name: imported, it would be allowed from \(RFC3339.utc(allowed)); add the as-needed medicine by hand (\(rule)) and log the doses taken since \(RFC3339.utc(next - 86_400))"
    }

    /// Why a privacy-mode "next dose allowed" event is not imported: it names no medicine. Its
    /// rule is said, so that the person can add it.
    static func privateAsNeeded(_ text: NextDoseAllowedText) -> String {
        var rule = "at least \(text.minimumHours) hours apart"
        if let most = text.maxPerDay { rule += ", at most \(most) in any 24 hours" }
        return "a privacy-mode \"next dose allowed\" reminder names no medicine: add the as-needed medicine by hand (\(rule))"
    }
}
