public import DoseCalCore

/// The one way a `Dosage` becomes a dosecal `Medication` (docs/entry.md): FHIR import, plain
/// instructions and `dosecal add` all come here.
///
/// Exact or nothing: what the dosage leaves open is taken from the person's clock (and said in
/// the notes), what cannot be kept exactly is refused with the reason (`EntryError.notExact`).
/// Time is a parameter: `today` is the start when the dosage gives none.
public struct DosageConverter: Sendable {
    public var clock: PersonalClock
    /// The zone the person lives in (a count of doses is counted in it).
    public var zone: Zone
    /// The first day when a dosage gives none.
    public var today: LocalDate
    /// What `today` is, in the notes: "today", "the import's --now", "the statement's start".
    public var todayIs: String

    public init(clock: PersonalClock, zone: Zone, today: LocalDate, todayIs: String = "today") {
        self.clock = clock
        self.zone = zone
        self.today = today
        self.todayIs = todayIs
    }

    /// The medications of `facts` taken as `dosages` say: one, with taper steps when later
    /// dosages follow each other day after day with the same times; one per dosage when they
    /// are taken together (equal sequence) or follow with gaps.
    public func convert(_ facts: MedicationFacts, _ dosages: [Dosage]) throws(EntryError) -> [ConvertedMedication] {
        guard !dosages.isEmpty else { throw .notExact("no dosage: the data says no timing and no dose") }
        let ordered = dosages.enumerated().sorted {
            ($0.element.sequence ?? 0, $0.offset) < ($1.element.sequence ?? 0, $1.offset)
        }
        .map(\.element)
        var plans: [DosePlan] = []
        for dosage in ordered { plans.append(try plan(dosage, facts: facts)) }
        plans = Self.grouped(plans).flatMap { together($0).map { [$0] } ?? $0 }
        if plans.count == 1 { return [try medication(facts, plans[0], id: facts.id)] }
        let sequences = Set(plans.map(\.sequence))
        if sequences.count == plans.count, let taper = try taper(facts, plans) { return [taper] }
        if sequences.count == plans.count {
            for (a, b) in zip(plans, plans.dropFirst()) where a.end == nil || !b.startGiven || b.start <= a.end! {
                throw .notExact(
                    "dosage \(b.sequence) follows dosage \(a.sequence), but "
                        + (a.end == nil ? "dosage \(a.sequence) has no end" : "dosage \(b.sequence) gives no start after it")
                        + ", so when one stops and the other starts is not said")
            }
        }
        var result: [ConvertedMedication] = []
        for (i, p) in plans.enumerated() {
            result.append(try medication(facts, p, id: i == 0 ? facts.id : "\(facts.id)-\(i + 1)"))
        }
        return result
    }

    /// The medication of one plan, its end counted when the dosage gives a number of doses.
    func medication(_ facts: MedicationFacts, _ p: DosePlan, id: String) throws(EntryError) -> ConvertedMedication {
        let slots = p.slots
        var m = Medication(
            id: id, name: facts.name, strength: facts.strength, notes: facts.notes, times: slots,
            recurrence: p.recurrence, start: p.start, end: p.end,
            timePolicy: p.policy ?? (p.recurrence.isEveryNHours ? .fixedInterval : .wallClock), form: p.form, unit: p.unit,
            person: facts.person)
        m.amount = p.amount
        m.doses = p.rules(slots)
        var notes = p.notes
        if let count = p.count {
            m.end = try end(of: m, afterDoses: count)
            notes.append("\(count) doses in all: the last on \(m.end!)")
        }
        if let supply = facts.supply { m.supply = try self.supply(supply, of: m, start: p.start) }
        return ConvertedMedication(medication: m, notes: notes)
    }

    /// Units on hand, in the medication's supply unit.
    private func supply(_ s: (amount: Double, unit: DoseUnit?, asOf: LocalDate?), of m: Medication, start: LocalDate)
        throws(EntryError) -> Supply
    {
        let unit = m.supplyUnit ?? m.unit
        if let given = s.unit, let unit, given != unit {
            throw .notExact("the supply is in \(given.plural), the doses in \(unit.plural): dosecal counts both in one unit")
        }
        guard s.amount >= 0, s.amount.isFinite else { throw .invalid("a supply of \(s.amount) is not an amount; use 0 or more") }
        return Supply(pills: s.amount, asOf: s.asOf ?? start)
    }
}

/// One dosage as dosecal takes it: days, times, first and last day, amount.
struct DosePlan: Sendable {
    var sequence: Int
    var recurrence: Recurrence
    var times: [LocalTime]
    var start: LocalDate
    /// Whether the dosage gave its start (else `today`).
    var startGiven: Bool
    var end: LocalDate?
    /// A number of doses the end is counted from.
    var count: Int?
    var amount: Double
    var unit: DoseUnit?
    var form: DoseForm?
    var notes: [String]
    /// The slot ids of `times` (dosecal's slot extension), else "1", "2" ... in time order.
    var slotIDs: [LocalTime: String] = [:]
    /// The time policy dosecal's extension gives; nil: the one the timing implies.
    var policy: TimePolicy?
    /// Amounts of some doses (dosages taken together): on `days` (empty: every dose day) at `times`.
    var amounts: [(days: [Weekday], times: [LocalTime], amount: Double)] = []

    /// The dose slots, in time order.
    var slots: [DoseSlot] {
        times.enumerated().map { DoseSlot(id: slotIDs[$0.element] ?? String($0.offset + 1), time: $0.element) }
    }

    /// `amounts` as the medication's dose rules.
    func rules(_ slots: [DoseSlot]) -> [DoseRule] {
        amounts.map { a in
            let ids = slots.filter { a.times.contains($0.time) }.map(\.id)
            return DoseRule(weekdays: a.days, slots: ids.count == slots.count ? [] : ids, amount: a.amount)
        }
    }
}

extension Recurrence {
    var isEveryNHours: Bool {
        if case .everyNHours = self { return true }
        return false
    }
}
