import CalendarTime

/// The record as HTML: one `<section>` per page, a real table whose header cells say what each
/// row and column is (a screen reader reads "Amoxicillin, 07:00, Tuesday 1 December:
/// administered 07:04"), the person's header in the table's head so that it repeats on every
/// printed page, the notes and the key of codes under it.
extension MARGrid {
    /// The record's `<section>`.
    public var html: String {
        var out = "<section class=\"page mar\">\n" + ChartHeader(person).heading + "<table class=\"mar\">\n"
        out += "<caption>Medication administration record, \(HTMLText.escape(ChartDates.month(days[0])))"
        let last = days[days.count - 1]
        if days[0].day != 1 || last.day != LocalDate.daysIn(month: last.month, year: last.year) || days[0].month != last.month {
            out += ": \(days[0]) to \(last)"
        }
        out += "</caption>\n<colgroup><col class=\"med\"><col class=\"time\"><col class=\"dose\">"
        out +=
            "<col span=\"\(days.count)\" class=\"day\"></colgroup>\n<thead>\n" + ChartHeader(person).row(columns: 3 + days.count)
            + dayRow() + "</thead>\n<tbody>\n"
        for row in rows { out += html(row) }
        if rows.isEmpty {
            out += "<tr><td colspan=\"\(3 + days.count)\">No medications in this period.</td></tr>\n"
        }
        out += "</tbody>\n</table>\n" + notes() + Self.key + "</section>\n"
        return out
    }

    /// The header row of days: the day of the month, its weekday under it.
    private func dayRow() -> String {
        var out = "<tr><th scope=\"col\" class=\"med\">Medication</th><th scope=\"col\" class=\"time\">Time</th>"
        out += "<th scope=\"col\" class=\"dose\">Dose</th>"
        for day in days {
            out += "<th scope=\"col\" class=\"day\" abbr=\"\(ChartDates.long(day))\">\(day.day)<br>"
            out += "<span class=\"wd\">\(ChartDates.short(day.weekday))</span></th>"
        }
        return out + "</tr>\n"
    }

    /// One row: the medication as its header cell, its time and dose, a cell per day.
    private func html(_ row: Row) -> String {
        var out = "<tr class=\"\(row.kind.cssClass)\"><th scope=\"row\" class=\"med\">\(HTMLText.escape(row.label))</th>"
        out += "<td class=\"time\">\(HTMLText.escape(row.time))</td><td class=\"dose\">\(HTMLText.escape(row.dose))</td>"
        for cell in row.cells { out += html(cell) }
        return out + "</tr>\n"
    }

    /// A day's cell: shaded with its code when no dose is due; else each dose's code and time,
    /// an empty box for a dose due and not recorded; the day's marks last.
    private func html(_ cell: MARCell) -> String {
        var parts: [String] = []
        if let none = cell.none {
            parts.append("<abbr title=\"\(none.word)\">\(none.rawValue)</abbr>")
        }
        for entry in cell.entries {
            guard let code = entry.code else {
                parts.append("<span class=\"sr\">due</span>" + (entry.time.map { "<br>\($0)" } ?? ""))
                continue
            }
            parts.append("<abbr title=\"\(code.word)\">\(code.rawValue)</abbr>" + (entry.time.map { "<br>\($0)" } ?? ""))
        }
        for mark in cell.marks { parts.append("<span class=\"mark\">\(mark.code)</span>") }
        let classes = cell.isShaded ? " class=\"shaded\"" : (cell.entries.contains { $0.code == nil } ? " class=\"due\"" : "")
        return "<td\(classes)>\(parts.joined(separator: "<br>"))</td>"
    }

    /// The taper steps and travel stops of the range, in words.
    private func notes() -> String {
        var items: [String] = []
        for step in steps {
            let dose = step.dose.isEmpty ? "" : ": \(HTMLText.escape(step.dose))"
            items.append("<li>S\(step.number): \(HTMLText.escape(step.label)) step \(step.number) from \(step.from)\(dose)</li>")
        }
        for stop in stops {
            items.append("<li>Z: from \(stop.from), doses follow the clock in \(HTMLText.escape(stop.zone.identifier))</li>")
        }
        guard !items.isEmpty else { return "" }
        return "<section class=\"notes\"><h2>Changes this period</h2>\n<ul>\n\(items.joined(separator: "\n"))\n</ul></section>\n"
    }

    /// The key of codes and marks.
    static let key: String = {
        var out = "<section class=\"key\"><h2>Key</h2>\n<dl>\n"
        for code in ChartCode.allCases { out += "<dt>\(code.rawValue)</dt><dd>\(code.meaning)</dd>\n" }
        out += "<dt>(empty)</dt><dd>a dose is due and nothing is recorded: initial the box</dd>\n"
        out += "<dt>S2</dt><dd>taper step 2 begins (the steps are listed above)</dd>\n"
        out += "<dt>Z</dt><dd>travel: from this day the doses follow another zone's clock</dd>\n"
        return out + "</dl></section>\n"
    }()
}

extension MARGrid.Row.Kind {
    var cssClass: String {
        switch self {
        case .scheduled: "scheduled"
        case .extra: "extra"
        case .asNeeded: "as-needed"
        }
    }
}

extension MARCell.Mark {
    /// "S2" (taper step 2 begins), "Z" (a travel stop), as the key explains them.
    var code: String {
        switch self {
        case .taperStep(let n): "S\(n)"
        case .travel: "Z"
        }
    }
}
