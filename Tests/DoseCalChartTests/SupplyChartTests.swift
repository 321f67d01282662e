import DoseCalChart
import DoseCalCore
import Testing

/// The supply chart: what `status` says is left, day by day, and the forecast's days.
struct SupplyChartTests {
    /// Metformin twice a day from 3 February with 10 tablets; the morning of the 3rd taken, the
    /// evening skipped, the evening of the 4th missed, an extra tablet on the 5th.
    private func schedule(privacy: Bool = false) throws -> Schedule {
        let text = """
            {"version": 2, "homeZone": "Europe/London", "feed": {"privacy": \(privacy)},
             "medications": [
              {"id": "metformin", "name": "Metformin", "strength": "500 mg", "form": "tablet", "amount": 1,
               "times": [{"id": "morning", "time": "08:00"}, {"id": "evening", "time": "20:00"}],
               "start": "2026-02-03", "end": "2026-02-20",
               "supply": {"amount": 10, "asOf": "2026-02-03", "warningDays": 2}}],
             "log": [
              {"medication": "metformin", "status": "taken", "at": "2026-02-03T08:05:00Z", "slot": "morning", "date": "2026-02-03"},
              {"medication": "metformin", "status": "skipped", "at": "2026-02-03T20:00:00Z", "slot": "evening", "date": "2026-02-03"},
              {"medication": "metformin", "status": "missed", "at": "2026-02-04T21:00:00Z", "slot": "evening", "date": "2026-02-04"},
              {"medication": "metformin", "status": "taken", "at": "2026-02-05T13:30:00Z"}]}
            """
        return try ChartSchedules.decode(text)
    }

    private func chart(privacy: Bool = false) throws -> SupplyChart {
        try SupplyChart(
            person: try schedule(privacy: privacy).chartPeople()[0], from: ChartSchedules.day(1), to: ChartSchedules.day(10))
    }

    @Test func whatIsLeftAtTheEndOfEachDay() throws {
        let line = try #require(try chart().lines.first)
        #expect(line.label == "Metformin 500 mg tablets")
        #expect(line.unit == "tablets")
        #expect(line.left == [nil, nil, 9, 8, 5, 3, 1, 0, 0, 0])
        #expect(line.recorded == 10)
        #expect(line.recordedOn == ChartSchedules.day(3))
        #expect(line.refillBy == ChartSchedules.day(6))
        #expect(line.runOut == ChartSchedules.day(8))
    }

    @Test func theSameNumbersAsStatus() throws {
        let schedule = try schedule()
        let line = try #require(try chart().lines.first)
        // The end of 5 February in London.
        let left = ReminderStatus(schedule: schedule, at: 0).pillsLeft(of: schedule.medications[0], at: 1_770_335_999)
        #expect(line.left[4] == left)
    }

    @Test func plainSVG11() throws {
        let svg = SupplyChart.svg([try chart()])
        #expect(
            svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\"")
        )
        #expect(svg.hasSuffix("</svg>\n"))
        #expect(svg.components(separatedBy: "http").count == 2)  // the namespace only
        for banned in ["<script", "href", "<style", "<image", "<foreignObject", "url("] {
            #expect(!svg.contains(banned), "\(banned)")
        }
        #expect(
            svg.contains(
                "<text x=\"56\" y=\"16\" font-size=\"12\" font-weight=\"bold\">Metformin 500 mg tablets: tablets left</text>"))
        #expect(svg.contains(">runs out 2026-02-08</text>"))
        #expect(svg.contains(">refill by 2026-02-06</text>"))
        #expect(SupplyChart.svg([try chart()]) == svg)
    }

    @Test func theHTMLSaysItInWordsToo() throws {
        let html = try chart().html
        #expect(
            html.contains("Metformin 500 mg tablets: 10 tablets on 2026-02-03; refill by 2026-02-06; runs out on 2026-02-08."))
        #expect(html.contains("<svg role=\"img\" aria-labelledby=\"supply-1\""))
        #expect(!html.contains("http"))
    }

    @Test func privacyModeNamesNoMedicine() throws {
        let svg = SupplyChart.svg([try chart(privacy: true)])
        #expect(!svg.contains("Metformin"))
        #expect(svg.contains("Medication 1: tablets left"))
    }

    @Test func scaleTops() {
        #expect(SupplyChart.scale(0) == 1)
        #expect(SupplyChart.scale(9) == 10)
        #expect(SupplyChart.scale(30) == 50)
        #expect(SupplyChart.scale(150) == 200)
        #expect(SupplyChart.scale(1000) == 1000)
    }
}
