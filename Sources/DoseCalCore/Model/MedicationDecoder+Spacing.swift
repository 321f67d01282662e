/// The keys of schedule format version 2 that belong to spacing: a medication's `spacing`, and
/// the `gradual` time policy (decisions 0230, 0231).
extension MedicationDecoder {
    static let spacingKeys: JSONKeys = ["minimumHours", "maximumHours"]

    /// The gradual policy's `maxShiftHours` when the file leaves it out.
    static let defaultMaxShiftHours = 2.0

    /// `spacing`: `{"minimumHours": H, "maximumHours": H}`, the maximum optional; a minimum of 0
    /// means no least time.
    func decodeSpacing(_ node: JSONNode, at path: FieldPath) throws(ScheduleError) -> Spacing {
        try requireVersion2(node, path, what: "spacing")
        let f = try reader.fields(node, at: path, known: Self.spacingKeys)
        let minimum = try f.required(
            "minimumHours", "the least hours between two consecutive doses, like 4; 0 for no least time"
        ) { (n, p) throws(ScheduleError) in
            try reader.hours(n, at: p, in: 0...8760, what: "hours between doses")
        }
        let maximum = try f.optional("maximumHours") { (n, p) throws(ScheduleError) in
            let hours = try reader.hours(n, at: p, in: 0.25...8760, what: "hours between doses")
            guard hours >= minimum else {
                throw reader.fail(
                    n, p,
                    "\(ScheduleReader.text(n)) is less than minimumHours \(JSONWriter.number(minimum)); the most time between doses cannot be less than the least"
                )
            }
            return hours
        }
        return Spacing(minimum: minimum > 0 ? Int(minimum * 3600) : nil, maximum: maximum.map { Int($0 * 3600) })
    }

    /// Fails when the file's version is below 2: `what` needs schedule format version 2.
    func requireVersion2(_ node: JSONNode, _ path: FieldPath, what: String) throws(ScheduleError) {
        try reader.requireVersion2(node, path, what: what, version: version)
    }
}

extension ScheduleReader {
    /// The one gate of every version 2 key: fails when the file's `version` is below 2, saying
    /// that `what` needs schedule format version 2.
    func requireVersion2(_ node: JSONNode, _ path: FieldPath, what: String, version: Int) throws(ScheduleError) {
        guard version < 2 else { return }
        throw fail(
            node, path,
            "\(what) needs schedule format version 2; set \"version\": 2 at the top of the file (a version 1 file reads as before without it)"
        )
    }

    /// A number of hours in `range`, in steps of 0.25 (a quarter of an hour).
    func hours(_ node: JSONNode, at path: FieldPath, in range: ClosedRange<Double>, what: String) throws(ScheduleError)
        -> Double
    {
        let bounds = "from \(JSONWriter.number(range.lowerBound)) to \(JSONWriter.number(range.upperBound))"
        let valid = "use \(what) \(bounds), in steps of 0.25 (a quarter of an hour), like 4 or 1.5"
        let d = try number(node, at: path, valid: valid)
        guard range.contains(d) else { throw fail(node, path, "\(Self.text(node)) is out of range; \(valid)") }
        guard (d * 4).rounded() == d * 4 else {
            throw fail(node, path, "\(Self.text(node)) is not a multiple of 0.25; \(valid)")
        }
        return d
    }
}
