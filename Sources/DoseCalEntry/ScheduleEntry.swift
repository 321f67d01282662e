public import DoseCalCore

/// Adding, changing and removing medications of a schedule (`dosecal add`, `edit`, `remove`):
/// pure functions from a schedule to a new one, run by the command under the schedule's lock
/// (`ScheduleFile.update`, the one writer). Every medication comes from a `Dosage` through
/// `DosageConverter`.
public enum ScheduleEntry {
    /// A new schedule (format version 2) with no medications.
    public static func new(zone: Zone, clock: PersonalClock = PersonalClock()) -> Schedule {
        Schedule(version: 2, home: zone, medications: [], clock: clock)
    }

    /// `schedule` with the medication(s) of `facts` taken as `dosage` says, added at the end; the
    /// id is `facts.id`, or one made from the name when empty. `today` is the day in the person's
    /// zone (the start when the dosage gives none).
    public static func adding(_ facts: MedicationFacts, _ dosages: [Dosage], to schedule: Schedule, today: LocalDate)
        throws(EntryError) -> (schedule: Schedule, added: [ConvertedMedication])
    {
        var facts = facts
        if facts.id.isEmpty { facts.id = id(for: facts.name, in: schedule) }
        if schedule.medications.contains(where: { $0.id == facts.id }) {
            throw .refused("the schedule already has a medication with the id \"\(facts.id)\"; give another with --id")
        }
        let zone = schedule.timeline(ofPerson: facts.person).home
        let converted = try DosageConverter(clock: schedule.clock, zone: zone, today: today).convert(facts, dosages)
        var new = schedule
        new.version = max(2, new.version)
        new.medications += converted.map(\.medication)
        return (new, converted)
    }

    /// `schedule` with the medication `id` taken as `dosage` says instead, from `dosage`'s start
    /// (else the medication's): its id, name, strength, person, notes and supply kept.
    public static func replacingDosage(of id: String, with dosages: [Dosage], in schedule: Schedule, today: LocalDate)
        throws(EntryError) -> (schedule: Schedule, changed: ConvertedMedication)
    {
        guard let i = schedule.medications.firstIndex(where: { $0.id == id }) else {
            throw .refused("no medication has the id \"\(id)\"")
        }
        let old = schedule.medications[i]
        let facts = MedicationFacts(
            id: old.id, name: old.name, strength: old.strength, form: old.form, person: old.person, notes: old.notes)
        let zone = schedule.timeline(of: old).home
        let converted = try DosageConverter(
            clock: schedule.clock, zone: zone, today: old.start, todayIs: "the medication's start"
        )
        .convert(facts, dosages)
        guard converted.count == 1, var m = converted.first else {
            throw .notExact("the new dosage is \(converted.count) medications; add them with dosecal add and remove this one")
        }
        m.medication.supply = old.supply
        m.medication.reminder = old.reminder
        var new = schedule
        new.version = max(2, new.version)
        new.medications[i] = m.medication
        return (new, m)
    }

    /// `schedule` without the medication `id`. One with log entries is refused: the log is the
    /// record of what was taken (end it with `edit --end` instead). `label` names the medication
    /// in the refusal instead of its id (privacy mode: "Medication 2").
    public static func removing(_ id: String, from schedule: Schedule, called label: String? = nil) throws(EntryError)
        -> Schedule
    {
        guard schedule.medications.contains(where: { $0.id == id }) else { throw .refused("no medication has the id \"\(id)\"") }
        let logged = schedule.log.filter { $0.medication == id }.count
        guard logged == 0 else {
            throw .refused(
                "\(label ?? "medication \"\(id)\"") has \(logged) log entr\(logged == 1 ? "y" : "ies"), the record of what was taken; end it instead with: dosecal edit SCHEDULE \(label == nil ? id : "MEDICATION") --end DATE"
            )
        }
        var new = schedule
        new.medications.removeAll { $0.id == id }
        new.seen.removeAll { $0.medication == id }
        return new
    }

    /// An id from a name (`Amoxicillin 500 mg` → `amoxicillin-500-mg`), unique in `schedule`.
    public static func id(for name: String, in schedule: Schedule) -> String {
        var base = ""
        for c in name.lowercased().unicodeScalars {
            if ("a"..."z").contains(c) || ("0"..."9").contains(c) {
                base.unicodeScalars.append(c)
            } else if !base.isEmpty, !base.hasSuffix("-") {
                base += "-"
            }
        }
        while base.hasSuffix("-") { base.removeLast() }
        base = String(base.prefix(48))
        if base.isEmpty { base = "medication" }
        let taken = Set(schedule.medications.map(\.id))
        var id = base
        var n = 1
        while taken.contains(id) || (2...9).contains(where: { taken.contains("\(id)-\($0)") }) {
            n += 1
            id = "\(base)-\(n)"
        }
        return id
    }
}
