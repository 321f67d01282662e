public import CalendarTime
import Foundation

/// One medication and when it is taken.
public struct Medication: Sendable, Equatable {
    /// Stable identifier, unique in the schedule; UIDs derive from it, so it never changes.
    public var id: String
    /// The id of the person who takes it (format version 2), as the file gives it; nil: the
    /// schedule's only person, or nobody named (`Schedule.person(of:)`).
    public var person: String?
    public var name: String
    /// Strength, e.g. "500 mg", "250 mg/5 ml" (per tablet, puff ... or per volume).
    public var strength: String?
    /// What the medicine is (format version 2); nil when the file does not say.
    public var form: DoseForm?
    /// The unit of `amount`, the doses' amounts and the supply (format version 2: the form's
    /// default when the file names none). Nil: units the file does not name, as in version 1,
    /// whose words take the form from the dose text or name (tablets when neither says).
    public var unit: DoseUnit?
    /// Dose text, e.g. "1 tablet" (version 1; version 2 says the dose with `amount` and `unit`).
    public var dose: String?
    /// The amount of each dose, in `unit` (may be fractional: 0.5 for half a tablet); version 1's
    /// `pillsPerDose`.
    public var amount: Double
    /// Amounts of the doses on some weekdays or at some slots; the other doses take `amount`.
    public var doses: [DoseRule]
    public var notes: String?
    /// The dose slots: one wall-clock time each, with a stable slot id.
    public var times: [DoseSlot]
    public var recurrence: Recurrence
    /// First day of the schedule.
    public var start: LocalDate
    /// Last day (inclusive), if the course ends.
    public var end: LocalDate?
    public var timePolicy: TimePolicy
    public var reminder: Reminder
    public var supply: Supply?
    /// Consecutive dose steps; empty when the dose never changes. Sorted by `from`; the first step
    /// starts on `start`.
    public var taper: [TaperStep]
    /// One-off moves: the dose of a slot on a date taken at another time that day (or on another
    /// day), in file order. Reconcile writes these for an occurrence moved in the calendar.
    public var rescheduled: [RescheduledDose]
    /// The allowed time between consecutive doses, as the schedule declares it; nil: the default
    /// (`WallClockEngine.spacing(of:)`, decision 0230).
    public var spacing: Spacing?

    /// `pillsPerDose` is the amount of each dose (`amount`), under version 1's name.
    public init(
        id: String, name: String, strength: String? = nil, dose: String? = nil, pillsPerDose: Double = 1,
        notes: String? = nil, times: [DoseSlot], recurrence: Recurrence = .daily, start: LocalDate,
        end: LocalDate? = nil, timePolicy: TimePolicy = .wallClock, reminder: Reminder = Reminder(),
        supply: Supply? = nil, taper: [TaperStep] = [], rescheduled: [RescheduledDose] = [], spacing: Spacing? = nil,
        form: DoseForm? = nil, unit: DoseUnit? = nil, doses: [DoseRule] = [], person: String? = nil
    ) {
        self.id = id
        self.person = person
        self.name = name
        self.strength = strength
        self.form = form
        self.unit = unit
        self.dose = dose
        self.amount = pillsPerDose
        self.doses = doses
        self.notes = notes
        self.times = times
        self.recurrence = recurrence
        self.start = start
        self.end = end
        self.timePolicy = timePolicy
        self.reminder = reminder
        self.supply = supply
        self.taper = taper
        self.rescheduled = rescheduled
        self.spacing = spacing
    }
}

extension Medication {
    /// Version 1's name of `amount`: units per dose.
    public var pillsPerDose: Double {
        get { amount }
        set { amount = newValue }
    }
}

/// A one-off move: the dose of `slot` due on `date` is taken at `time` on `toDate` (nil: that same
/// date) instead.
public struct RescheduledDose: Sendable, Equatable {
    public var slot: String
    public var date: LocalDate
    public var time: LocalTime
    /// The day the dose moves to; nil: the same day (decision 0105).
    public var toDate: LocalDate?
    /// Every-N-hours slots only (several doses a day): which of that day's doses moves, by its
    /// original wall-clock time in the home zone; nil for every other slot (decision 0138).
    public var at: LocalTime?

    public init(slot: String, date: LocalDate, time: LocalTime, toDate: LocalDate? = nil, at: LocalTime? = nil) {
        self.slot = slot
        self.date = date
        self.time = time
        self.toDate = toDate
        self.at = at
    }

    /// The day the dose is taken.
    public var takenOn: LocalDate { toDate ?? date }
}

/// A dose slot: a wall-clock time with a stable id (editing the time keeps the id, so the UID).
public struct DoseSlot: Sendable, Equatable {
    public var id: String
    public var time: LocalTime
    /// The last day this dose time is taken (inclusive); nil: until the medication ends. Set by
    /// reconcile when one series of several was deleted in the calendar (decision 0025).
    public var until: LocalDate?
    public init(id: String, time: LocalTime, until: LocalDate? = nil) {
        self.id = id
        self.time = time
        self.until = until
    }

    /// Whether the slot has a dose on `date` (before or on `until`).
    public func isActive(on date: LocalDate) -> Bool { until.map { date <= $0 } ?? true }
}

/// Which days (or hours) a medication is taken.
public enum Recurrence: Sendable, Equatable {
    /// Every day.
    case daily
    /// Chosen weekdays, every `interval` weeks (interval 12 with one weekday: an injection every 12 weeks).
    /// An empty weekday list means the start date's weekday.
    case weekly(weekdays: [Weekday], interval: Int)
    /// Every N days from the start date.
    case everyNDays(Int)
    /// `daysOn` days taken, then `daysOff` days not, repeating from the start date (21/7, 63/7, 14/14).
    case cycle(daysOn: Int, daysOff: Int)
    /// Every N hours with absolute spacing from the first slot's time on the start date (fixed-interval policy).
    case everyNHours(Int)
    /// Taken when needed, no scheduled doses (no times): at least `minimumHours` apart and at most
    /// `maxPerDay` in any 24 hours (nil: no daily maximum). Doses come only from the log.
    case asNeeded(minimumHours: Int, maxPerDay: Int?)
}

/// How a dose time maps to an instant (docs/time-semantics.md §1).
public enum TimePolicy: Sendable, Equatable {
    /// HH:MM in the zone the person is in on that date (home zone, changed by the itinerary).
    case wallClock
    /// HH:MM in one fixed zone, even while travelling.
    case pinned(zone: Zone)
    /// Absolute spacing: instants fixed in UTC from the first dose, drifting in local time across DST.
    case fixedInterval
    /// Floating local time (no zone): the viewer's zone. Only Apple's clients honour it.
    case floating
    /// Like `wallClock`, but after an itinerary stop each slot's doses move toward the new zone's
    /// wall clock by at most `maxShiftMinutes` a day, then follow it (decision 0231).
    case gradual(maxShiftMinutes: Int)
}

extension TimePolicy {
    /// The zone of the pinned policy; nil for the others.
    public var pinnedZone: Zone? {
        if case .pinned(let zone) = self { return zone }
        return nil
    }

    /// Whether doses follow the itinerary to each new zone's wall clock (wall clock, gradual):
    /// their series are cut at travel dates.
    public var followsTravel: Bool {
        switch self {
        case .wallClock, .gradual: true
        case .pinned, .fixedInterval, .floating: false
        }
    }

    /// The gradual policy's largest move a day, in seconds; nil for the other policies.
    public var maxShiftPerDay: Int? {
        if case .gradual(let minutes) = self { return minutes * 60 }
        return nil
    }
}

/// The alarm attached to each dose.
public struct Reminder: Sendable, Equatable {
    public var enabled: Bool
    /// Minutes before the dose time (0 = at the dose time; negative = after).
    public var minutesBefore: Int
    /// Extra repetitions after the first alarm (VALARM REPEAT), 0 for none.
    public var repeatCount: Int
    /// Minutes between repetitions (VALARM DURATION).
    public var repeatIntervalMinutes: Int

    public init(enabled: Bool = true, minutesBefore: Int = 0, repeatCount: Int = 0, repeatIntervalMinutes: Int = 10) {
        self.enabled = enabled
        self.minutesBefore = minutesBefore
        self.repeatCount = repeatCount
        self.repeatIntervalMinutes = repeatIntervalMinutes
    }
}

/// The supply on hand as of a date, and when to warn.
public struct Supply: Sendable, Equatable {
    /// Units on hand at the start of `asOf` (before that day's doses), in the medication's supply
    /// unit (`Medication.supplyUnit`: tablets, ml ...; version 1: pills). The file's `amount`
    /// (version 2) or `pills` (version 1).
    public var pills: Double
    public var asOf: LocalDate
    /// Warn this many days before the run-out date.
    public var warningDays: Int
    /// Wall-clock time of the refill reminder.
    public var refillReminderTime: LocalTime

    public init(
        pills: Double, asOf: LocalDate, warningDays: Int = 7, refillReminderTime: LocalTime = LocalTime(hour: 9, minute: 0)!
    ) {
        self.pills = pills
        self.asOf = asOf
        self.warningDays = warningDays
        self.refillReminderTime = refillReminderTime
    }
}

/// One step of a taper: from `from` (until the next step's `from`, or the medication's end) the dose
/// and optionally the times change.
public struct TaperStep: Sendable, Equatable {
    public var from: LocalDate
    /// The amount of each dose in this step, in the medication's unit; nil keeps the medication's.
    public var amount: Double?
    /// Amounts of the doses on some weekdays or at some slots in this step; nil keeps the
    /// medication's `doses`.
    public var doses: [DoseRule]?
    /// Dose text in this step (version 1); nil keeps the medication's.
    public var dose: String?
    /// Slot times in this step, by slot id; a slot not listed keeps its time. Nil keeps all.
    public var times: [DoseSlot]?

    /// `pillsPerDose` is the step's `amount`, under version 1's name.
    public init(
        from: LocalDate, pillsPerDose: Double? = nil, dose: String? = nil, times: [DoseSlot]? = nil, doses: [DoseRule]? = nil
    ) {
        self.from = from
        self.amount = pillsPerDose
        self.doses = doses
        self.dose = dose
        self.times = times
    }

    /// Version 1's name of `amount`.
    public var pillsPerDose: Double? {
        get { amount }
        set { amount = newValue }
    }
}

/// One entry of the append-only dose log.
public struct DoseLogEntry: Sendable, Equatable {
    public enum Status: String, Sendable, Equatable, CaseIterable {
        case taken, skipped, missed
    }
    /// Medication id.
    public var medication: String
    /// Slot id, when the entry is about a scheduled dose.
    public var slot: String?
    /// The scheduled date of the dose the entry is about (local date), when known.
    public var date: LocalDate?
    public var status: Status
    /// When it was recorded or taken (an instant; written in RFC 3339 with offset).
    public var at: Date

    public init(medication: String, slot: String? = nil, date: LocalDate? = nil, status: Status, at: Date) {
        self.medication = medication
        self.slot = slot
        self.date = date
        self.status = status
        self.at = at
    }
}
