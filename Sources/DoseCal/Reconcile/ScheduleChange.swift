public import ICal

/// One edit made in the calendar, in the schedule's terms, with a plain-words description
/// ("Metformin 08:00 -> 08:30 from 2026-12-03").
public struct ScheduleChange: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The slot's time changes: on every dose (`from` nil), or from `from` (through `through`,
        /// nil: open-ended). Expressed as a taper step with `times` (or the slot's own time).
        case slotTime(slotID: String, from: LocalDate?, through: LocalDate?, old: LocalTime, new: LocalTime)
        /// One dose moved within its day: a `rescheduled` entry.
        case rescheduled(slotID: String, date: LocalDate, old: LocalTime, new: LocalTime)
        /// One dose moved to another day: a `rescheduled` entry with `toDate` (decision 0105).
        case movedToDay(slotID: String, date: LocalDate, old: LocalTime, toDate: LocalDate, new: LocalTime)
        /// One dose of an every-N-hours slot moved (the slot's dose at `at` on `date`, home zone,
        /// now at `new` on `toDate`): a `rescheduled` entry with `at` (decision 0138).
        case movedHourlyDose(slotID: String, date: LocalDate, at: LocalTime, toDate: LocalDate, new: LocalTime)
        /// The medication's repeat rule changed (one slot's series, or all of them alike).
        case recurrence(old: Recurrence, new: Recurrence)
        /// One dose deleted: a `skipped` log entry.
        case skipped(slotID: String, date: LocalDate, time: LocalTime)
        /// The medication stops: no dose on or after `from` (its `end` becomes the day before).
        case stopped(from: LocalDate)
        /// One dose time of several stops: no dose of the slot on or after `from` (its `until`
        /// becomes the day before).
        case slotStopped(slotID: String, from: LocalDate)
        /// The reminder's lead (and repetition) changed.
        case reminder(old: Reminder, new: Reminder)
    }

    public var medicationID: String
    public var kind: Kind
    /// Plain words, naming the medication as the schedule does.
    public var description: String

    public init(medicationID: String, kind: Kind, description: String) {
        self.medicationID = medicationID
        self.kind = kind
        self.description = description
    }

    /// The slot the change concerns; nil for changes to the whole medication.
    public var slotID: String? {
        switch kind {
        case .slotTime(let slot, _, _, _, _), .rescheduled(let slot, _, _, _), .skipped(let slot, _, _),
            .slotStopped(let slot, _), .movedToDay(let slot, _, _, _, _), .movedHourlyDose(let slot, _, _, _, _):
            slot
        case .stopped, .reminder, .recurrence: nil
        }
    }

    /// The first dose date the change concerns; nil for every dose (a whole series, the
    /// repeat rule, the reminder).
    public var firstDate: LocalDate? {
        switch kind {
        case .slotTime(_, let from, _, _, _): from
        case .recurrence, .reminder: nil
        case .movedToDay(_, let d, _, _, _), .movedHourlyDose(_, let d, _, _, _): d
        case .rescheduled(_, let d, _, _), .skipped(_, let d, _): d
        case .stopped(let from), .slotStopped(_, let from): from
        }
    }

    /// A stable order: medication, then the first date the change concerns (a reminder last),
    /// then the description.
    var sortKey: (String, LocalDate, String) {
        let date: LocalDate
        if case .reminder = kind {
            date = LocalDate(daysSinceEpoch: Int.max / 100_000)
        } else {
            date = firstDate ?? LocalDate(daysSinceEpoch: Int.min / 100_000)
        }
        return (medicationID, date, description)
    }
}

/// Both sides changed the same dose (or the same reminder) differently: left untouched unless a
/// preference says which side wins.
public struct ReconcileConflict: Sendable, Equatable, CustomStringConvertible {
    public var medicationID: String
    public var slotID: String?
    /// The first and last dose date concerned (nil for the reminder).
    public var from: LocalDate?
    public var through: LocalDate?
    /// What the schedule says now, and what the calendar says, in plain words.
    public var schedule: String
    public var calendar: String
    public var description: String

    public init(
        medicationID: String, slotID: String?, from: LocalDate?, through: LocalDate?, schedule: String, calendar: String,
        description: String
    ) {
        self.medicationID = medicationID
        self.slotID = slotID
        self.from = from
        self.through = through
        self.schedule = schedule
        self.calendar = calendar
        self.description = description
    }
}

/// A calendar edit the schedule cannot express, reported with the reason (never dropped silently).
public struct UnmappedEdit: Sendable, Equatable, CustomStringConvertible {
    public var medicationID: String
    public var slotID: String?
    public var date: LocalDate?
    public var reason: String
    public var description: String

    public init(medicationID: String, slotID: String?, date: LocalDate?, reason: String, description: String) {
        self.medicationID = medicationID
        self.slotID = slotID
        self.date = date
        self.reason = reason
        self.description = description
    }
}

/// What a reconcile found: the changes to bring into the schedule, the conflicts left alone, the
/// edits the schedule cannot express, and warnings (no medicine names in those).
public struct ChangeSet: Sendable, Equatable {
    public var changes: [ScheduleChange]
    public var conflicts: [ReconcileConflict]
    public var unmapped: [UnmappedEdit]
    public var warnings: [String]
    /// Dosecal series that came back damaged: their slots were left out, nothing changed.
    public var damaged: [SeriesDamage] = []
    /// Dose times whose series the calendar lacks without showing them deleted (decision 0200):
    /// left out, nothing changed. Not part of `isEmpty`: absence is no edit.
    public var absent: [AbsentSeries] = []
    /// Reminders the calendar reports as seen (hints, decision 0097): the latest per medication
    /// and slot, sorted. Not part of `isEmpty`: a hint is no edit.
    public var seen: [SeenHint] = []

    public init(
        changes: [ScheduleChange] = [], conflicts: [ReconcileConflict] = [], unmapped: [UnmappedEdit] = [],
        warnings: [String] = []
    ) {
        self.changes = changes
        self.conflicts = conflicts
        self.unmapped = unmapped
        self.warnings = warnings
    }

    /// Nothing to bring back and nothing in conflict.
    public var isEmpty: Bool { changes.isEmpty && conflicts.isEmpty && unmapped.isEmpty && damaged.isEmpty }
}

/// Which side wins a conflict.
public enum ReconcilePreference: String, Sendable, CaseIterable {
    /// Keep the schedule's value.
    case schedule
    /// Take the calendar's value.
    case calendar
}
