public import DoseCalCore

extension MARGrid {
    /// The record of `person` over `from...to` (at most `mostDays` days), names hidden in
    /// privacy mode.
    public init(person: ChartPerson, from: LocalDate, to: LocalDate) throws(ChartError) {
        let count = from.days(to: to) + 1
        guard (1...Self.mostDays).contains(count) else {
            throw ChartError.range(from: "\(from)", to: "\(to)", most: Self.mostDays, view: "mar")
        }
        let builder = MARBuilder(person: person, from: from, to: to)
        self.person = person
        days = builder.days
        stops = person.timeline.stops.filter { $0.from >= from && $0.from <= to }
        var rows: [Row] = []
        var steps: [Step] = []
        for (index, m) in person.medications.enumerated() {
            if m.recurrence.isAsNeeded {
                rows.append(builder.asNeededRow(m))
                continue
            }
            rows += builder.scheduledRows(m, index: index)
            rows += builder.extraRow(m).map { [$0] } ?? []
            steps += builder.steps(of: m)
        }
        self.rows = rows
        self.steps = steps
    }
}

/// What building one grid reads once: the engine, the ledger, the doses of the range.
struct MARBuilder {
    let person: ChartPerson
    let engine: WallClockEngine
    let ledger: DoseLedger
    let expansion: DoseExpansion
    let days: [LocalDate]

    init(person: ChartPerson, from: LocalDate, to: LocalDate) {
        self.person = person
        engine = WallClockEngine(schedule: person.schedule)
        ledger = DoseLedger(engine: engine)
        expansion = DoseExpansion(engine: engine, from: from, to: to)
        days = (0...from.days(to: to)).map { from.adding(days: $0) }
    }

    var from: LocalDate { days[0] }
    var to: LocalDate { days[days.count - 1] }

    var privacy: Bool { person.privacy }

    /// "Metformin 500 mg", or "Medication 2" in privacy mode.
    func label(_ m: Medication) -> String { person.label(m) }

    /// A local time as the person reads it: "08:04".
    func clock(_ instant: Int) -> String { person.timeline.time(at: instant).clock }

    /// The dose of `m` on `day` in words; empty in privacy mode.
    func words(_ m: Medication, amount: Double, on day: LocalDate) -> String {
        privacy ? "" : MedicationWords.dose(of: m, amount: amount, text: engine.step(of: m, on: day)?.dose ?? m.dose)
    }

    /// The marks of `m`'s rows on `day`: a taper step beginning, a travel stop its doses follow.
    func marks(_ m: Medication, on day: LocalDate) -> [MARCell.Mark] {
        var marks: [MARCell.Mark] = []
        if let step = m.taper.firstIndex(where: { $0.from == day }), day >= m.start { marks.append(.taperStep(step + 1)) }
        if m.timePolicy.followsTravel, person.timeline.stops.contains(where: { $0.from == day }) {
            marks.append(.travel)
        }
        return marks
    }

    /// The cell of a day without a dose of the row: a cycle's day off, or no dose.
    func noDose(_ m: Medication, on day: LocalDate) -> MARCell {
        var none = ChartCode.noDose
        if case .cycle = m.recurrence, day >= m.start, day <= m.end ?? day, !m.recurrence.includes(day, start: m.start) {
            none = .notRequired
        }
        return MARCell(none: none, marks: marks(m, on: day))
    }

    /// Whether `m` is taken at all on `day` (between its start and end).
    func isCourse(_ m: Medication, _ day: LocalDate) -> Bool { day >= m.start && day <= m.end ?? day }
}
