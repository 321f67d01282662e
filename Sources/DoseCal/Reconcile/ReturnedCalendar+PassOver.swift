public import ICal

extension ReturnedCalendar {
    /// The events reconcile can do without (decision 0167): a single event (no RRULE, no
    /// RECURRENCE-ID) with no RELATED-TO, whose UID names neither a dosecal series (`dose`) nor a
    /// Google split (`_R`). Such an event can never belong to a dosecal series or be linked to
    /// one, so it plays no part in any result of reconcile.
    public static let reconcilePassOver = EventPassOver(
        properties: ["RRULE", "RECURRENCE-ID", "RELATED-TO"], uidMarks: ["_R", "dose"])

    /// Reads `bytes` for reconcile: as `init(parsing:)`, with the events of `reconcilePassOver`
    /// passed over. When another event of the file names a passed-over event (its UID, a
    /// RELATED-TO value, a Google split's parent), the file is read again in full: the result is
    /// always what `init(parsing:)` gives for every dosecal series.
    public init(parsingForReconcile bytes: [UInt8]) throws(ICalError) {
        let parsed = try ICalParser.parse(bytes, passingOver: ReturnedCalendar.reconcilePassOver)
        let read = ReturnedCalendar(parsed)
        if read.names(parsed.passedOver) {
            self.init(try ICalParser.parse(bytes))
        } else {
            self = read
        }
    }

    /// Whether a series of this calendar has the UID of an event in `passed`, or names one by a
    /// RELATED-TO value or as the parent of a Google split.
    func names(_ passed: [PassedOverEvent]) -> Bool {
        guard !passed.isEmpty else { return false }
        let uids = Set(passed.map(\.uid))
        for s in series {
            if uids.contains(s.uid) { return true }
            if let parents = ReturnedCalendar.googleParents(of: s.uid), parents.contains(where: uids.contains) { return true }
            for event in [s.master].compactMap({ $0 }) + s.overrides {
                if event.relations.values.contains(where: { $0.contains(where: uids.contains) }) { return true }
            }
        }
        return false
    }
}
