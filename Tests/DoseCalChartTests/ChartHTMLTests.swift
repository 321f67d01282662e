import DoseCalChart
import DoseCalCore
import Testing

/// The administration record's HTML: a real table, self-contained, deterministic, private.
struct ChartHTMLTests {
    private func document(privacy: Bool = false, paper: ChartPaper = .a4) throws -> String {
        let schedule = try ChartSchedules.decode(ChartSchedules.february(privacy: privacy))
        let sections = try schedule.chartPeople().map {
            try MARGrid(person: $0, from: ChartSchedules.day(1), to: ChartSchedules.day(28)).html
        }
        return ChartDocument(title: "Medication administration record, February 2026", paper: paper, sections: sections).html
    }

    @Test func aTableWithHeaderCellsForDaysAndRows() throws {
        let html = try document()
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(html.contains("<table class=\"mar\">"))
        #expect(html.contains("<caption>Medication administration record, February 2026</caption>"))
        #expect(
            html.contains(
                "<th scope=\"col\" class=\"day\" abbr=\"Sunday 1 February 2026\">1<br><span class=\"wd\">Su</span></th>"))
        #expect(html.contains("<th scope=\"col\" class=\"day\" abbr=\"Saturday 28 February 2026\">28"))
        #expect(!html.contains("abbr=\"Sunday 29"))
        #expect(html.contains("<th scope=\"row\" class=\"med\">Metformin 500 mg tablets</th><td class=\"time\">08:00</td>"))
        #expect(html.contains("<td><abbr title=\"administered\">A</abbr><br>08:05</td>"))
        #expect(html.contains("<td><abbr title=\"missed\">M</abbr></td>"))
        #expect(html.contains("<td class=\"shaded\"><abbr title=\"not required\">N</abbr></td>"))
        #expect(html.components(separatedBy: "<th scope=\"row\"").count - 1 == 5)
    }

    @Test func theHeaderNamesThePersonBirthAndAllergies() throws {
        let html = try document()
        #expect(html.contains("<b>Name:</b> Ann Example · <b>Date of birth:</b> 1950-02-03 · <b>Allergies:</b> penicillin"))
        #expect(html.contains("<thead>\n<tr><th scope=\"colgroup\" colspan=\"31\" class=\"who\">"))
    }

    @Test func selfContainedNoScriptNoAddressFromOutside() throws {
        let html = try document().lowercased()
        for banned in ["<script", "http:", "https:", "url(", "src=", "<link", "@import", "@font-face", "javascript:"] {
            #expect(!html.contains(banned), "\(banned)")
        }
    }

    @Test func thePaperIsTheOnePrintCSSAsksFor() throws {
        #expect(try document(paper: .a4).contains("@page { size: A4 landscape; margin: 8mm; }"))
        #expect(try document(paper: .letter).contains("@page { size: letter landscape; margin: 8mm; }"))
    }

    @Test func sameInputSameBytes() throws {
        #expect(try document() == document())
    }

    @Test func privacyModeNamesNoMedicineAndNoPerson() throws {
        let html = try document(privacy: true)
        for name in ["Metformin", "Norethisterone", "Paracetamol", "Ann", "Example", "penicillin", "1950", "500 mg"] {
            #expect(!html.contains(name), "\(name)")
        }
        #expect(html.contains("<b>Name:</b> Person 1"))
        #expect(html.contains(">Medication 3</th>"))
    }

    @Test func textFromTheScheduleIsEscaped() throws {
        var text = ChartSchedules.february()
        text = text.replacingOccurrences(of: "\"Ann Example\"", with: "\"<b>Ann</b> & \\\"Co\\\"\"")
        let schedule = try ChartSchedules.decode(text)
        let html = try MARGrid(person: schedule.chartPeople()[0], from: ChartSchedules.day(1), to: ChartSchedules.day(2)).html
        #expect(html.contains("&lt;b&gt;Ann&lt;/b&gt; &amp; &quot;Co&quot;"))
        #expect(!html.contains("<b>Ann</b>"))
    }
}
