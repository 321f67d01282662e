import ICal

/// What only dosecal's own feed says besides its doses (decision 0207): the calendar's name,
/// colour, refresh interval and privacy mode, and each medication's notes (the lines after the
/// first of a dose event's DESCRIPTION). Another calendar's name is not a medication feed's, and
/// its descriptions are its own text, so neither is read there.
extension CalendarImporter {
    /// The feed options of the first calendar dosecal wrote (its PRODID); the defaults when none.
    /// Privacy mode: every dose event of it is CLASS:PRIVATE (what export writes in that mode).
    static func feedOptions(_ calendars: [ReturnedCalendar]) -> FeedOptions {
        var feed = FeedOptions()
        guard
            let own = calendars.first(where: { c in
                FeedBuilder.isOwnProductID(c.properties.first { $0.name == "PRODID" }?.value)
            })
        else { return feed }
        let property = { (name: String) in own.properties.first { $0.name == name } }
        if let name = (property("NAME") ?? property("X-WR-CALNAME"))?.text, !name.isEmpty { feed.name = name }
        feed.color = color(css: property("COLOR")?.value, hex: property("X-APPLE-CALENDAR-COLOR")?.value)
        if let seconds = property("REFRESH-INTERVAL").flatMap({ ICalDuration(parsing: $0.value)?.seconds }),
            seconds % 60 == 0, (15...10080).contains(seconds / 60)
        {
            feed.refreshMinutes = seconds / 60
        }
        let masters = own.series.compactMap(\.master).filter { ReturnedCalendar.isDosecalUID($0.uid) }
        feed.privacy =
            !masters.isEmpty && masters.allSatisfy { $0.component.property("CLASS")?.value.uppercased() == "PRIVATE" }
        return feed
    }

    /// The colour the feed wrote: its CSS name (COLOR) when that is exactly the `#RRGGBB` of
    /// X-APPLE-CALENDAR-COLOR (or there is no such), else the `#RRGGBB` (COLOR is the nearest name).
    static func color(css: String?, hex: String?) -> FeedColor? {
        let named = css.flatMap { FeedColor(parsing: $0) }
        guard let exact = hex.flatMap({ FeedColor(parsing: $0) }) else { return named }
        return named?.hex == exact.hex ? named : exact
    }

    /// The notes of a dose event dosecal wrote: the lines after "Take ... ." (a version 2 form's
    /// "Use", "Apply" or "Inject ... ."; a person's "Mia takes ... .") in its DESCRIPTION
    /// (`FeedText.description`); nil for another calendar's event, or without notes.
    static func ownNotes(_ e: ReturnedEvent) -> String? {
        guard ReturnedCalendar.isDosecalUID(e.uid), let text = e.component.property("DESCRIPTION")?.text,
            let newline = text.firstIndex(of: "\n"), text[..<newline].hasSuffix(".")
        else { return nil }
        let verbs = ["take", "use", "apply", "inject"]
        let person = personTitle(e.summary).person
        let instruction =
            verbs.contains { text.hasPrefix($0.prefix(1).uppercased() + $0.dropFirst() + " ") }
            || person.map { PersonWords.reading(instruction: text, name: $0, verbs: verbs) != nil } == true
        guard instruction else { return nil }
        let notes = String(text[text.index(after: newline)...])
        return notes.isEmpty ? nil : notes
    }
}
