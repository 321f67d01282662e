/// Where the base of a reconcile lives: what dosecal last exported, kept next to the schedule
/// (`export -o --keep-base` writes it, `reconcile --apply` rewrites it, `reconcile` reads it).
public enum BaseFile {
    /// `meds.json` -> `meds.dosecal-base.ics`.
    public static func path(forSchedule schedule: String) -> String {
        let stem = schedule.hasSuffix(".json") ? String(schedule.dropLast(5)) : schedule
        return stem + ".dosecal-base.ics"
    }
}
