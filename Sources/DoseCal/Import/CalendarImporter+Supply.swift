import ICal

/// dosecal's refill warnings read back as the supply of the medication they name (decision
/// 0208): the units and the date of the record from the text, the refill reminder's time from
/// DTSTART, the warning days from DTSTART's date to the run-out date; kept only when the imported
/// medication, with that supply, gives the warning its words again (the same forecast, checked
/// as a join is: never a guess).
extension CalendarImporter {
    /// Sets the supply of the medications `warnings` name; gives back the warnings that are not
    /// dosecal's words, name no medicine (privacy mode) or none imported, or do not fit.
    static func supplies(_ warnings: [ReturnedEvent], schedule: inout Schedule) -> [ImportReport.Unmapped] {
        var unmapped: [ImportReport.Unmapped] = []
        for e in warnings {
            // A person's warning: "Mia — Refill Amoxicillin: ...", of Mia's medication of that name.
            let (person, summary) = schedule.people.isEmpty ? (nil, e.summary) : personTitle(e.summary)
            guard e.ruleText == nil, case .zoned(let due, _)? = e.start, let zone = e.zone,
                let text = RefillWarningText(summary: summary, description: e.component.property("DESCRIPTION")?.text)
            else {
                unmapped.append(.init(e, "a refill reminder (CATEGORIES:REFILL), not a dose"))
                continue
            }
            guard let name = text.name else {
                unmapped.append(.init(e, "a privacy-mode refill reminder names no medicine: add the supply by hand"))
                continue
            }
            let named = schedule.medications.indices.filter {
                schedule.medications[$0].name == name && !schedule.medications[$0].recurrence.isAsNeeded
                    && schedule.person(of: schedule.medications[$0])?.name == person
            }
            guard named.count == 1, let i = named.first, schedule.medications[i].supply == nil else {
                unmapped.append(
                    .init(e, "a refill reminder for no one imported medication of that name: its supply is not imported"))
                continue
            }
            var tried = schedule
            tried.medications[i].supply = Supply(
                pills: text.pills, asOf: text.asOf, warningDays: due.date.days(to: text.runOut), refillReminderTime: due.time)
            guard fits(text, due: due, zone: zone, medication: i, of: tried) else {
                unmapped.append(
                    .init(
                        e,
                        "a refill reminder the imported medication's doses do not give (its taken and missed doses are not in the feed): its supply is not imported"
                    ))
                continue
            }
            schedule = tried
        }
        return unmapped
    }

    /// Whether medication `i` of `schedule` writes the refill warning `text` at `due` in `zone`.
    static func fits(_ text: RefillWarningText, due: LocalDateTime, zone: String, medication i: Int, of schedule: Schedule)
        -> Bool
    {
        let m = schedule.medications[i]
        guard let supply = m.supply, (0...365).contains(supply.warningDays) else { return false }
        let engine = WallClockEngine(schedule: schedule)
        guard let forecast = engine.supplyForecast(of: m), forecast.refillDue == due,
            engine.personZone(of: m, on: due.date).identifier == zone
        else { return false }
        return FeedText(privacy: false).refillWarning(m, forecast: forecast, supply: supply) == text
    }
}
