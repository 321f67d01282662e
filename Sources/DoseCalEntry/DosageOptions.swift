public import DoseCalCore

/// `dosecal add` and `edit`'s options for how a medicine is taken, as typed, made into the same
/// `Dosage` the FHIR reader and the plain-instruction reader make (docs/entry.md).
public struct DosageOptions: Sendable, Equatable {
    /// `--times 08:00,20:00`.
    public var times: String?
    /// `--every 2d`, `1w`, `8h`.
    public var every: String?
    /// `--weekdays mo,fr`.
    public var weekdays: String?
    /// `--for 10d` (days or weeks).
    public var forLength: String?
    /// `--from 2026-12-04`.
    public var from: String?
    /// `--amount 2`: the amount of a dose, in `unit` (the form's default unit).
    public var amount: String?
    /// `--unit mg`.
    public var unit: String?
    /// `--as-needed`, `--minimum-hours 6`, `--max-per-day 4`.
    public var asNeeded: Bool
    public var minimumHours: String?
    public var maxPerDay: String?

    public init(
        times: String? = nil, every: String? = nil, weekdays: String? = nil, forLength: String? = nil, from: String? = nil,
        amount: String? = nil, unit: String? = nil, asNeeded: Bool = false, minimumHours: String? = nil,
        maxPerDay: String? = nil
    ) {
        self.times = times
        self.every = every
        self.weekdays = weekdays
        self.forLength = forLength
        self.from = from
        self.amount = amount
        self.unit = unit
        self.asNeeded = asNeeded
        self.minimumHours = minimumHours
        self.maxPerDay = maxPerDay
    }

    /// Whether any option says how the medicine is taken.
    public var saysTiming: Bool { times != nil || every != nil || weekdays != nil || asNeeded }

    /// The options over each of `base` (an instruction's dosages, "1-0-2" has one per amount):
    /// only the course (`--for`, `--from`) can change dosages taken together.
    public func dosages(over base: [Dosage], form: DoseForm?) throws(EntryError) -> [Dosage] {
        guard base.count > 1 else { return [try dosage(over: base.first ?? Dosage(), form: form)] }
        if saysTiming || amount != nil || unit != nil || minimumHours != nil || maxPerDay != nil {
            throw .invalid(
                "the instruction gives different amounts at different times: say them all in it, with --for and --from only")
        }
        var result: [Dosage] = []
        for d in base { result.append(try dosage(over: d, form: form)) }
        return result
    }

    /// The options over `base` (a plain instruction's dosage, or an empty one): each option given
    /// replaces that part.
    public func dosage(over base: Dosage = Dosage(), form: DoseForm?) throws(EntryError) -> Dosage {
        var d = base
        var r = d.timing.repeats ?? TimingRepeat()
        if let times { r.timeOfDay = try Self.times(times) }
        // A new rhythm replaces a cycle of days on and off.
        if every != nil || weekdays != nil || asNeeded { d.extras.cycle = nil }
        if let every {
            let (value, unit) = try Self.length(every, option: "--every", units: ["h": "h", "d": "d", "w": "wk"])
            (r.period, r.periodUnit, r.frequency) = (value, unit, 1)
            if unit == "d", !r.timeOfDay.isEmpty { r.frequency = r.timeOfDay.count }
        }
        if let weekdays {
            r.dayOfWeek = try Self.weekdays(weekdays)
            if r.periodUnit == nil { (r.period, r.periodUnit) = (1, "wk") }
        }
        if r.periodUnit == nil, !r.timeOfDay.isEmpty { (r.frequency, r.period, r.periodUnit) = (r.timeOfDay.count, 1, "d") }
        if r.periodUnit == "wk", !r.dayOfWeek.isEmpty { r.frequency = r.dayOfWeek.count * max(1, r.timeOfDay.count) }
        if let forLength {
            let (value, unit) = try Self.length(forLength, option: "--for", units: ["d": "d", "w": "wk"])
            r.boundsDuration = (value, unit)
        }
        if let from {
            guard let day = LocalDate(parsing: from) else {
                throw .invalid("--from \(from) is not a date; use YYYY-MM-DD, like 2026-12-04")
            }
            r.boundsStart = day
        }
        try applyAsNeeded(&d, &r)
        try applyAmount(&d, form: form)
        if r != TimingRepeat() { d.timing.repeats = r }
        return d
    }

    private func applyAsNeeded(_ d: inout Dosage, _ r: inout TimingRepeat) throws(EntryError) {
        guard asNeeded || minimumHours != nil || maxPerDay != nil else { return }
        guard asNeeded || d.asNeeded else { throw .invalid("--minimum-hours and --max-per-day are for --as-needed") }
        d.asNeeded = true
        if let minimumHours {
            guard let h = Int(minimumHours), (1...168).contains(h) else {
                throw .invalid("--minimum-hours \(minimumHours) is not whole hours from 1 to 168")
            }
            (r.frequency, r.period, r.periodUnit) = (1, Double(h), "h")
        }
        if let maxPerDay {
            guard let n = Int(maxPerDay), (1...48).contains(n) else {
                throw .invalid("--max-per-day \(maxPerDay) is not a number from 1 to 48")
            }
            d.maxDosePerPeriod = (Double(n), nil, 24)
        }
    }

    private func applyAmount(_ d: inout Dosage, form: DoseForm?) throws(EntryError) {
        var unit = d.dose?.unit ?? form?.defaultUnit
        if let text = self.unit {
            guard let u = DoseUnit(rawValue: text.lowercased()) else {
                throw .invalid(
                    "--unit \(text) is not a unit; use one of " + DoseUnit.allCases.map(\.rawValue).joined(separator: ", "))
            }
            unit = u
        }
        if let amount {
            guard let value = Double(amount), value > 0, value.isFinite else {
                throw .invalid("--amount \(amount) is not an amount; use a number above 0, like 1 or 0.5")
            }
            d.dose = DoseAmount(value: value, unit: unit)
        } else if var dose = d.dose, self.unit != nil {
            dose.unit = unit
            d.dose = dose
        }
        // A daily maximum in doses is in the dose's amount.
        if let most = d.maxDosePerPeriod, most.unit == nil {
            d.maxDosePerPeriod = (most.amount * (d.dose?.value ?? 1), d.dose?.unit, most.hours)
        }
    }

    /// `08:00,20:00`.
    static func times(_ text: String) throws(EntryError) -> [LocalTime] {
        var result: [LocalTime] = []
        for part in text.split(separator: ",") {
            guard let t = LocalTime(parsing: part.trimmingCharacters(in: .whitespaces)) else {
                throw .invalid("--times: \"\(part)\" is not a time; use HH:MM from 00:00 to 23:59, like --times 08:00,20:00")
            }
            result.append(t)
        }
        guard !result.isEmpty else { throw .invalid("--times needs at least one time, like --times 08:00") }
        return result
    }

    /// `mo,fr` or `monday,friday`.
    static func weekdays(_ text: String) throws(EntryError) -> [Weekday] {
        var result: [Weekday] = []
        for part in text.split(separator: ",") {
            let p = part.trimmingCharacters(in: .whitespaces).lowercased()
            guard let day = Weekday.allCases.first(where: { $0.rawValue.lowercased() == p || Self.name($0) == p }) else {
                throw .invalid(
                    "--weekdays: \"\(part)\" is not a weekday; use mo, tu, we, th, fr, sa, su or full names, like --weekdays mo,fr"
                )
            }
            result.append(day)
        }
        return result
    }

    static func name(_ d: Weekday) -> String {
        ["MO": "monday", "TU": "tuesday", "WE": "wednesday", "TH": "thursday", "FR": "friday", "SA": "saturday", "SU": "sunday"][
            d.rawValue]!
    }

    /// `8h`, `2d`, `1w`: a whole number and a unit among `units`.
    static func length(_ text: String, option: String, units: [String: String]) throws(EntryError) -> (Double, String) {
        let t = text.lowercased()
        guard let last = t.last, let unit = units[String(last)], let n = Int(t.dropLast()), n >= 1 else {
            let examples = units.keys.sorted().map { "2\($0)" }.joined(separator: ", ")
            throw .invalid("\(option) \(text) is not a length; use a whole number and a unit, like \(examples)")
        }
        return (Double(n), unit)
    }
}
