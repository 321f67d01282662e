public import DoseCalCore

/// A medication said back as dosages: the other direction of `DosageConverter` (FHIR export,
/// `dosecal edit`). `DosageConverter.convert` of the result gives the medication back, for the
/// kinds a dosage can say (a cycle cannot: its dosage is text only).
extension Dosage {
    /// One dosage, or one per taper step (with `sequence` and the step's days).
    public static func of(_ m: Medication) -> [Dosage] {
        let steps = m.taper.isEmpty ? [TaperStep(from: m.start)] : m.taper
        return steps.enumerated().map { i, step in
            let last = i + 1 < steps.count ? steps[i + 1].from.adding(days: -1) : m.end
            var times = m.times.map(\.time)
            for moved in step.times ?? [] {
                if let k = m.times.firstIndex(where: { $0.id == moved.id }) { times[k] = moved.time }
            }
            var d = Dosage(
                sequence: steps.count > 1 ? i + 1 : nil, text: EntryWords.describe(m),
                dose: DoseAmount(value: step.amount ?? m.amount, unit: m.unit))
            var r = TimingRepeat(boundsStart: step.from, boundsEnd: last, timeOfDay: times.sorted())
            switch m.recurrence {
            case .daily: (r.frequency, r.period, r.periodUnit) = (times.count, 1, "d")
            case .weekly(let days, let interval):
                r.dayOfWeek = days.isEmpty ? [m.start.weekday] : days
                (r.frequency, r.period, r.periodUnit) = (r.dayOfWeek.count * times.count, Double(interval), "wk")
            case .everyNDays(let n): (r.frequency, r.period, r.periodUnit) = (times.count, Double(n), "d")
            case .everyNHours(let h): (r.frequency, r.period, r.periodUnit) = (1, Double(h), "h")
            case .cycle: r.timeOfDay = []
            case .asNeeded(let minimum, let most):
                d.asNeeded = true
                r.timeOfDay = []
                (r.frequency, r.period, r.periodUnit) = (1, Double(minimum), "h")
                if let most { d.maxDosePerPeriod = (Double(most) * (step.amount ?? m.amount), m.unit, 24) }
            }
            if case .cycle = m.recurrence {
                d.timing = DosageTiming()
            } else {
                d.timing = DosageTiming(repeats: r)
            }
            return d
        }
    }
}
