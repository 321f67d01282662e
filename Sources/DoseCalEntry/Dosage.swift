public import DoseCalCore

/// How a medicine is taken, in the shape of FHIR R4's `Dosage` (docs/entry.md): what the FHIR
/// reader and the plain-instruction reader both make, and the one input of `DosageConverter`.
///
/// Only what dosecal can act on is kept; a reader that meets something it cannot keep exactly
/// (a continuous rate, a text-only dosage) says so instead of making a `Dosage`.
public struct Dosage: Sendable, Equatable {
    /// The order of this dosage among its medication's (`Dosage.sequence`): a later sequence
    /// follows an earlier one (a taper); equal ones are taken together.
    public var sequence: Int?
    /// The instruction as written (`Dosage.text`), for the words of a report.
    public var text: String?
    public var timing: DosageTiming
    /// Taken only when needed (`asNeededBoolean` true, or an `asNeededCodeableConcept`).
    public var asNeeded: Bool
    /// The amount of one dose (`doseAndRate.doseQuantity` or `doseRange`); nil: none given.
    public var dose: DoseAmount?
    /// At most this many of `dose`'s unit in `maxPerHours` hours (`maxDosePerPeriod`).
    public var maxDosePerPeriod: (amount: Double, unit: DoseUnit?, hours: Double)?
    /// What dosecal says beyond FHIR's Dosage (slot ids, a cycle, a time policy), in its extensions.
    public var extras: DosageExtras

    public init(
        sequence: Int? = nil, text: String? = nil, timing: DosageTiming = DosageTiming(), asNeeded: Bool = false,
        dose: DoseAmount? = nil, maxDosePerPeriod: (amount: Double, unit: DoseUnit?, hours: Double)? = nil,
        extras: DosageExtras = DosageExtras()
    ) {
        self.extras = extras
        self.sequence = sequence
        self.text = text
        self.timing = timing
        self.asNeeded = asNeeded
        self.dose = dose
        self.maxDosePerPeriod = maxDosePerPeriod
    }

    public static func == (a: Dosage, b: Dosage) -> Bool {
        a.sequence == b.sequence && a.text == b.text && a.timing == b.timing && a.asNeeded == b.asNeeded
            && a.dose == b.dose && a.maxDosePerPeriod?.amount == b.maxDosePerPeriod?.amount
            && a.maxDosePerPeriod?.unit == b.maxDosePerPeriod?.unit && a.maxDosePerPeriod?.hours == b.maxDosePerPeriod?.hours
            && a.extras == b.extras
    }
}

/// The amount of one dose: a value in a unit, or a range (`doseRange`: `high` set).
public struct DoseAmount: Sendable, Equatable {
    public var value: Double
    /// The unit; nil when the data names none that dosecal knows (see `unitText`).
    public var unit: DoseUnit?
    /// The unit as the data wrote it, for the words of a refusal.
    public var unitText: String?
    /// The top of a range ("1 to 2 tablets"); nil for one amount.
    public var high: Double?

    public init(value: Double, unit: DoseUnit?, unitText: String? = nil, high: Double? = nil) {
        self.value = value
        self.unit = unit
        self.unitText = unitText ?? unit?.rawValue
        self.high = high
    }
}

/// When doses are taken (`Timing`): single events, a repeat, or a code.
public struct DosageTiming: Sendable, Equatable {
    /// Single doses at these local date-times (`Timing.event`).
    public var events: [LocalDateTime]
    public var repeats: TimingRepeat?
    /// A timing abbreviation (`Timing.code`: BID, TID, Q8H ...), upper case.
    public var code: String?

    public init(events: [LocalDateTime] = [], repeats: TimingRepeat? = nil, code: String? = nil) {
        self.events = events
        self.repeats = repeats
        self.code = code
    }
}

/// `Timing.repeat`: how often, on which days, at which times, within which bounds.
public struct TimingRepeat: Sendable, Equatable {
    /// The first and last day (`boundsPeriod`, read as dates in the person's zone).
    public var boundsStart: LocalDate?
    public var boundsEnd: LocalDate?
    /// How long (`boundsDuration`): a value and a UCUM unit of time (`d`, `wk`, `h` ...).
    public var boundsDuration: (value: Double, unit: String)?
    /// How many doses in all (`count`).
    public var count: Int?
    /// How long each dose lasts (`duration`, `durationUnit`): a reminder is at its start.
    public var duration: (value: Double, unit: String)?
    public var frequency: Int?
    public var frequencyMax: Int?
    public var period: Double?
    public var periodMax: Double?
    /// `s`, `min`, `h`, `d`, `wk`, `mo` or `a`.
    public var periodUnit: String?
    public var dayOfWeek: [Weekday]
    public var timeOfDay: [LocalTime]
    /// EventTiming codes (`MORN`, `HS`, `ACM` ...), as written.
    public var when: [String]
    /// Minutes from the `when` event (before it for AC codes, else after it).
    public var offset: Int?

    public init(
        boundsStart: LocalDate? = nil, boundsEnd: LocalDate? = nil, boundsDuration: (value: Double, unit: String)? = nil,
        count: Int? = nil, frequency: Int? = nil, frequencyMax: Int? = nil, period: Double? = nil,
        periodMax: Double? = nil, periodUnit: String? = nil, dayOfWeek: [Weekday] = [], timeOfDay: [LocalTime] = [],
        when: [String] = [], offset: Int? = nil
    ) {
        self.boundsStart = boundsStart
        self.boundsEnd = boundsEnd
        self.boundsDuration = boundsDuration
        self.count = count
        self.frequency = frequency
        self.frequencyMax = frequencyMax
        self.period = period
        self.periodMax = periodMax
        self.periodUnit = periodUnit
        self.dayOfWeek = dayOfWeek
        self.timeOfDay = timeOfDay
        self.when = when
        self.offset = offset
    }

    public static func == (a: TimingRepeat, b: TimingRepeat) -> Bool {
        a.boundsStart == b.boundsStart && a.boundsEnd == b.boundsEnd && a.boundsDuration?.value == b.boundsDuration?.value
            && a.boundsDuration?.unit == b.boundsDuration?.unit && a.count == b.count
            && a.duration?.value == b.duration?.value && a.duration?.unit == b.duration?.unit
            && a.frequency == b.frequency && a.frequencyMax == b.frequencyMax && a.period == b.period
            && a.periodMax == b.periodMax && a.periodUnit == b.periodUnit && a.dayOfWeek == b.dayOfWeek
            && a.timeOfDay == b.timeOfDay && a.when == b.when && a.offset == b.offset
    }
}
