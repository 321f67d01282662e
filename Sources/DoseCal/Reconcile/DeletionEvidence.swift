import ICal

/// What shows that a dosecal series missing from the returned calendar was deleted there
/// (decision 0200). Absence is not deletion: a calendar that lacks a series stops nothing unless
/// it is shown to be a whole copy of what was exported; any other missing series is left out of
/// the comparison and reported as absent (`ChangeSet.absent`).
public enum DeletionEvidence: Sendable, Equatable {
    /// The calendar is a copy (a file, or a vdir folder read by `dosecal reconcile`): a missing
    /// series was deleted only when the copy is shown whole (`ReturnedCalendar.notWholeCopy`).
    case wholeCopy
    /// A sync's status: the series whose items dosecal wrote and that are gone from the folder
    /// (`FolderChanges.deleted`) were deleted; any other missing series is absent for `otherwise`.
    case folder(deleted: Set<String>, otherwise: String)
}

extension ReturnedCalendar {
    /// Why this calendar is not shown to be a whole copy of the export (nil: it is), when it
    /// lacks dose series of the medications `lacking` (decision 0200). A whole copy:
    /// - is compared with the export itself (`hasBase`): without a base, the schedule's own feed
    ///   stands for it, and a dose time added to the schedule since is in no copy of the export;
    /// - is a copy of a calendar, not of an event: it carries the calendar's name (X-WR-CALNAME
    ///   or NAME), as Google, Apple and Exchange write in the exports of a calendar and no event
    ///   exported (Apple, Outlook) or forwarded (an invitation, METHOD other than PUBLISH) on its
    ///   own carries; or it is a vdir folder (one item per resource of a collection);
    /// - was read whole: no item of the folder was left unread, and no repeating event lost its
    ///   UID (it may be the missing series);
    /// - lacks the series of at most one medication: a person deletes a medication (or some of
    ///   its dose times) in the calendar; a copy lacking several is a copy of part of it.
    func notWholeCopy(lacking medications: Set<String>, hasBase: Bool) -> String? {
        if !hasBase {
            return "there is no base (export -o FILE --keep-base, or --base), so what was exported is not known: "
                + "the schedule may hold dose times added since"
        }
        if let method, method != "PUBLISH" {
            return "the calendar is a scheduling message (METHOD:\(method)) about single events, not a copy of the calendar"
        }
        if calendarName == nil && !isFolder {
            return "the calendar carries no calendar name (X-WR-CALNAME or NAME): an event exported or forwarded on its "
                + "own, not a copy of the whole calendar"
        }
        if let unread = unreadItems.keys.min() {
            return "an item of the folder could not be read (\(unread) \(unreadItems[unread]!)); it may hold the series"
        }
        if let lost = eventsWithoutUID.first(where: { $0.ruleText != nil }) {
            return "the calendar holds a repeating event without a UID (line \(lost.line ?? 0)), which may be the series"
        }
        if medications.count > 1 {
            return "the calendar lacks the series of \(medications.count) medications; a copy of the whole calendar lacks "
                + "at most those of the one medication deleted in it"
        }
        return nil
    }
}
