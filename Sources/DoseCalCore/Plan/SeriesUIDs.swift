/// The UIDs of one slot's series parts, each worked out once: runs of doses share their part,
/// so the last one is compared first, then the ones seen before.
struct SeriesUIDs {
    private let slot: SlotKey
    private var known: [SeriesPart: String] = [:]
    private var last: (part: SeriesPart, uid: String)?

    init(_ slot: SlotKey) { self.slot = slot }

    /// The UID of `part` of this slot's series.
    mutating func uid(of part: SeriesPart) -> String {
        if let last, last.part == part { return last.uid }
        let uid = known[part] ?? DoseIdentity.series(slot, part).uid
        known[part] = uid
        last = (part, uid)
        return uid
    }
}
