public import DoseCalCore

/// A medication said back as dosages: the other direction of `DosageConverter` (FHIR export,
/// `dosecal edit`). `DosageConverter.convert` of the result gives the medication back, dose for
/// dose: slot ids, a cycle and a time policy in dosecal's extensions (`DosageExtras`), amounts by
/// weekday or slot as several dosages taken together (equal `sequence`), taper steps as
/// sequences with bounds. What no dosage can say (moved doses, a slot's last day) is said in the
/// `notSaid` extension, which import refuses with its words.
extension Dosage {
    /// One dosage per taper step (with `sequence` and the step's days), each split by amount.
    public static func of(_ m: Medication) -> [Dosage] {
        let steps = m.taper.isEmpty ? [TaperStep(from: m.start)] : m.taper
        var result: [Dosage] = []
        for (i, step) in steps.enumerated() {
            let last = i + 1 < steps.count ? steps[i + 1].from.adding(days: -1) : m.end
            var slots = m.times.map { DoseSlot(id: $0.id, time: $0.time) }
            for moved in step.times ?? [] {
                if let k = slots.firstIndex(where: { $0.id == moved.id }) { slots[k].time = moved.time }
            }
            var d = dosage(m, slots: slots, from: step.from, to: last, amount: step.amount ?? m.amount)
            d.sequence = steps.count > 1 ? i + 1 : nil
            if let reason = notSaid(m) {
                d.extras.notSaid = reason
                result.append(d)
                continue
            }
            result += split(d, m, step: m.taper.isEmpty ? nil : step, slots: slots)
        }
        return result
    }

    /// The dosage of `slots` from `from` to `to`, every dose `amount`.
    private static func dosage(_ m: Medication, slots: [DoseSlot], from: LocalDate, to: LocalDate?, amount: Double)
        -> Dosage
    {
        let times = slots.map(\.time).sorted()
        var d = Dosage(text: EntryWords.describe(m), dose: DoseAmount(value: amount, unit: m.unit))
        d.extras.slots = slots.sorted { $0.time < $1.time }
        var r = TimingRepeat(boundsStart: from, boundsEnd: to, timeOfDay: times)
        switch m.recurrence {
        case .daily: (r.frequency, r.period, r.periodUnit) = (times.count, 1, "d")
        case .weekly(let days, let interval):
            r.dayOfWeek = days.isEmpty ? [m.start.weekday] : days
            (r.frequency, r.period, r.periodUnit) = (r.dayOfWeek.count * times.count, Double(interval), "wk")
        case .everyNDays(let n): (r.frequency, r.period, r.periodUnit) = (times.count, Double(n), "d")
        case .everyNHours(let h): (r.frequency, r.period, r.periodUnit) = (1, Double(h), "h")
        case .cycle(let on, let off):
            (r.frequency, r.period, r.periodUnit) = (times.count, 1, "d")
            d.extras.cycle = (on, off)
        case .asNeeded(let minimum, let most):
            d.asNeeded = true
            r.timeOfDay = []
            d.extras.slots = []
            (r.frequency, r.period, r.periodUnit) = (1, Double(minimum), "h")
            if let most { d.maxDosePerPeriod = (Double(most) * amount, m.unit, 24) }
        }
        let implied: TimePolicy = m.recurrence.isEveryNHours ? .fixedInterval : .wallClock
        if m.timePolicy != implied { d.extras.timePolicy = m.timePolicy }
        d.timing = DosageTiming(repeats: r)
        return d
    }

    /// Why no dosage can say `m`'s doses; nil when dosages can.
    static func notSaid(_ m: Medication) -> String? {
        if !m.rescheduled.isEmpty {
            return "\(m.rescheduled.count) dose(s) moved to another time (a dosage has no one-off moves)"
        }
        if let slot = m.times.first(where: { $0.until != nil }) {
            return "the dose at \(slot.time) stops on \(slot.until!), before the medication does"
        }
        guard m.hasDoseRules else { return nil }
        switch m.recurrence {
        case .asNeeded: return "amounts by weekday or time of a medicine taken when needed"
        case .daily, .weekly: return nil
        default:
            let rules = m.doses + m.taper.flatMap { $0.doses ?? [] }
            return rules.contains { !$0.weekdays.isEmpty }
                ? "amounts by weekday on days that are not weekly (every N days, a cycle, every N hours)" : nil
        }
    }

    /// `d` split into one dosage per amount: the slots that take the same amounts on the same
    /// days together, and per amount the weekdays that take it.
    private static func split(_ d: Dosage, _ m: Medication, step: TaperStep?, slots: [DoseSlot]) -> [Dosage] {
        guard m.hasDoseRules, let r = d.timing.repeats, !d.asNeeded else { return [d] }
        let days = r.dayOfWeek.isEmpty ? Weekday.allCases : r.dayOfWeek
        var groups: [(amounts: [Double], slots: [DoseSlot])] = []
        for slot in slots.sorted(by: { $0.time < $1.time }) {
            let amounts = days.map { m.amount(of: slot.id, weekday: $0, in: step) }
            if let k = groups.firstIndex(where: { $0.amounts == amounts }) {
                groups[k].slots.append(slot)
            } else {
                groups.append((amounts, [slot]))
            }
        }
        var result: [Dosage] = []
        for g in groups {
            var byAmount: [(amount: Double, days: [Weekday])] = []
            for (day, a) in zip(days, g.amounts) {
                if let k = byAmount.firstIndex(where: { $0.amount == a }) {
                    byAmount[k].days.append(day)
                } else {
                    byAmount.append((a, [day]))
                }
            }
            for (amount, own) in byAmount {
                var part = d
                part.dose = DoseAmount(value: amount, unit: m.unit)
                part.extras.slots = g.slots
                var rr = r
                rr.timeOfDay = g.slots.map(\.time)
                if own.count < days.count { rr.dayOfWeek = own }
                rr.frequency = (rr.periodUnit == "wk" ? rr.dayOfWeek.count : 1) * g.slots.count
                part.timing.repeats = rr
                result.append(part)
            }
        }
        return result
    }
}
