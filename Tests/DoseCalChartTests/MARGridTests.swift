import DoseCalChart
import DoseCalCore
import Testing

/// The administration record's rows and cells, from a literal schedule and log.
struct MARGridTests {
    private func grid(privacy: Bool = false) throws -> MARGrid {
        let schedule = try ChartSchedules.decode(ChartSchedules.february(privacy: privacy))
        let people = schedule.chartPeople()
        #expect(people.count == 1)
        return try MARGrid(person: people[0], from: ChartSchedules.day(1), to: ChartSchedules.day(28))
    }

    private func row(_ grid: MARGrid, _ label: String, _ time: String) throws -> MARGrid.Row {
        try #require(grid.rows.first { $0.label == label && $0.time == time })
    }

    @Test func rowsAreOnePerMedicationSlotAndAmountThenExtraAndAsNeeded() throws {
        let grid = try grid()
        #expect(grid.days.count == 28)
        #expect(
            grid.rows.map(\.label) == [
                "Metformin 500 mg tablets", "Metformin 500 mg tablets", "Metformin 500 mg tablets",
                "Norethisterone 5 mg tablets", "Paracetamol 500 mg tablets",
            ])
        #expect(grid.rows.map(\.time) == ["08:00", "20:00", "extra doses", "22:00", "as needed"])
        #expect(grid.rows[0].dose == "1 tablet (500 mg)")
        #expect(grid.rows[4].dose == "2 tablets (1000 mg); at least 4 hours apart, at most 4 in 24 hours")
    }

    @Test func cellsSayWhatTheLogSays() throws {
        let grid = try grid()
        let morning = try row(grid, "Metformin 500 mg tablets", "08:00")
        #expect(morning.cells[0] == MARCell(none: .noDose))  // 1 February: before the start
        #expect(morning.cells[2].entries == [MARCell.Entry(code: .administered, time: "08:05")])
        #expect(morning.cells[3].entries == [MARCell.Entry(code: nil)])  // due, nothing recorded
        #expect(morning.cells[19].entries == [MARCell.Entry(code: nil)])  // 20 February: the end
        #expect(morning.cells[20] == MARCell(none: .noDose))
        let evening = try row(grid, "Metformin 500 mg tablets", "20:00")
        #expect(evening.cells[2].entries == [MARCell.Entry(code: .omitted)])
        #expect(evening.cells[3].entries == [MARCell.Entry(code: .missed)])
        let extra = try row(grid, "Metformin 500 mg tablets", "extra doses")
        #expect(extra.cells[4].entries == [MARCell.Entry(code: .extra, time: "13:30")])
        #expect(extra.cells.enumerated().allSatisfy { $0.offset == 4 || $0.element.entries.isEmpty })
    }

    @Test func cycleDaysOffAreNotRequired() throws {
        let pill = try row(try grid(), "Norethisterone 5 mg tablets", "22:00")
        // 2 on, 2 off from 1 February.
        #expect(pill.cells[0].entries == [MARCell.Entry(code: nil)])
        #expect(pill.cells[1].entries == [MARCell.Entry(code: nil)])
        #expect(pill.cells[2] == MARCell(none: .notRequired))
        #expect(pill.cells[3] == MARCell(none: .notRequired))
        #expect(pill.cells[4].entries == [MARCell.Entry(code: nil)])
    }

    @Test func asNeededDosesGivenWithTheirTimes() throws {
        let paracetamol = try row(try grid(), "Paracetamol 500 mg tablets", "as needed")
        #expect(
            paracetamol.cells[5].entries == [
                MARCell.Entry(code: .administered, time: "09:15"), MARCell.Entry(code: .administered, time: "15:40"),
            ])
        #expect(paracetamol.cells[6] == MARCell())  // nothing given, not shaded
    }

    @Test func privacyModeNumbersMedicationsAndSaysNoDose() throws {
        let grid = try grid(privacy: true)
        #expect(grid.rows.map(\.label) == ["Medication 1", "Medication 1", "Medication 1", "Medication 2", "Medication 3"])
        #expect(grid.rows[0].dose == "")
        #expect(grid.rows[4].dose == "at least 4 hours apart, at most 4 in 24 hours")
        #expect(grid.person.name == "Person 1")
    }

    @Test func aRangeOfNoDaysOrMoreThan31IsAnError() throws {
        let person = try ChartSchedules.decode(ChartSchedules.february()).chartPeople()[0]
        #expect(throws: ChartError.self) { try MARGrid(person: person, from: ChartSchedules.day(2), to: ChartSchedules.day(1)) }
        #expect(throws: ChartError.self) {
            try MARGrid(person: person, from: ChartSchedules.day(1), to: ChartSchedules.day(4, month: 3))
        }
    }

    @Test func monthsAreReadAsYearAndMonth() {
        #expect(ChartDates.monthRange("2026-02")! == (ChartSchedules.day(1), ChartSchedules.day(28)))
        #expect(ChartDates.monthRange("2028-02")!.to == LocalDate(year: 2028, month: 2, day: 29)!)
        #expect(ChartDates.monthRange("2026-13") == nil)
        #expect(ChartDates.monthRange("2026-2") == nil)
    }
}
