/// Who a chart page is about, as its header says it: name, date of birth, allergies, the zone
/// its times are in. Every view prints it; the administration record repeats it on each page.
struct ChartHeader {
    let person: ChartPerson

    init(_ person: ChartPerson) { self.person = person }

    /// "Name: Mia · Date of birth: 2019-05-14 · Allergies: egg · Times in America/Chicago".
    /// Privacy mode names the person by number and leaves out birth date and allergies.
    var fields: [(String, String)] {
        var fields = [("Name", person.name ?? "not recorded")]
        if person.privacy { return fields + [("Times in", person.timeline.home.identifier)] }
        fields.append(("Date of birth", person.person?.dateOfBirth.map { "\($0)" } ?? "not recorded"))
        let allergies = person.person?.allergies ?? []
        fields.append(("Allergies", allergies.isEmpty ? "none recorded" : allergies.joined(separator: ", ")))
        return fields + [("Times in", person.timeline.home.identifier)]
    }

    /// The header as a table's first head row over `columns` columns.
    func row(columns: Int) -> String {
        "<tr><th scope=\"colgroup\" colspan=\"\(columns)\" class=\"who\">\(inline)</th></tr>\n"
    }

    /// The fields on one line, each name in bold.
    var inline: String {
        fields.map { "<b>\($0.0):</b> \(HTMLText.escape($0.1))" }.joined(separator: " · ")
    }

    /// The page's heading: the person's name ("Person 2" in privacy mode), "No person named"
    /// for a schedule or medications without one.
    var heading: String { "<h2>\(HTMLText.escape(person.name ?? "No person named"))</h2>\n" }

    /// The header as a block above a chart that is not a table of days.
    var block: String { "<p class=\"who\">\(inline)</p>\n" }
}
