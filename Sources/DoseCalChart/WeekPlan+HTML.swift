/// The week as HTML: a table of seven day columns (header cells with the date and, on a
/// travel day, the zone), a list of the day's reminders in each.
extension WeekPlan {
    /// The week's `<section>`.
    public var html: String {
        var out = "<section class=\"page week\">\n" + ChartHeader(person).heading + "<table class=\"week\">\n"
        out += "<caption>Reminders, \(ChartDates.medium(days[0])) to \(ChartDates.medium(days[days.count - 1]))</caption>\n"
        out += "<thead>\n" + ChartHeader(person).row(columns: days.count) + "<tr>"
        for (day, zone) in zip(days, zones) {
            out += "<th scope=\"col\" abbr=\"\(ChartDates.long(day))\">\(ChartDates.medium(day))"
            if let zone { out += "<br><span class=\"zone\">in \(HTMLText.escape(zone))</span>" }
            out += "</th>"
        }
        out += "</tr>\n</thead>\n<tbody>\n<tr>"
        for day in reminders {
            guard !day.isEmpty else {
                out += "<td>No reminders.</td>"
                continue
            }
            out += "<td><ul>" + day.map(html).joined() + "</ul></td>"
        }
        return out + "</tr>\n</tbody>\n</table>\n</section>\n"
    }

    private func html(_ r: Reminder) -> String {
        var out = "<li><b>\(HTMLText.escape(r.time))</b> \(HTMLText.escape(r.title))<br>\(HTMLText.escape(r.body))"
        if !r.alarm.isEmpty { out += "<br><small>Alarm: \(HTMLText.escape(r.alarm))</small>" }
        return out + "</li>"
    }
}
