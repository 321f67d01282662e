/// `clock` (format version 2): the person's times for what prescriptions leave to convention
/// (docs/schedule-format.md "clock").
extension ScheduleDecoder {
    static let clockKeys: JSONKeys = ["when", "meals", "beforeMealMinutes", "afterMealMinutes", "timesPerDay", "codes"]

    /// The schedule's `clock` (version 2 only).
    func decodeClock(_ node: JSONNode, at path: FieldPath, version: Int) throws(ScheduleError) -> PersonalClock {
        try reader.requireVersion2(node, path, what: "clock", version: version)
        return try decodeClock(node, at: path)
    }

    /// A clock object: every key optional, each naming only what it may name.
    func decodeClock(_ node: JSONNode, at path: FieldPath) throws(ScheduleError) -> PersonalClock {
        let f = try reader.fields(node, at: path, known: Self.clockKeys)
        var clock = PersonalClock()
        clock.when =
            try f.optional("when") { (n, p) throws(ScheduleError) in
                try timeMap(n, at: p, keys: PersonalClock.whenCodes, what: "an EventTiming code of a time of day")
            } ?? [:]
        clock.meals =
            try f.optional("meals") { (n, p) throws(ScheduleError) in
                try timeMap(n, at: p, keys: PersonalClock.mealNames, what: "a meal")
            } ?? [:]
        let minutes = { (n: JSONNode, p: FieldPath) throws(ScheduleError) -> Int in
            try reader.integer(n, at: p, in: 0...240, unit: " (minutes)")
        }
        clock.beforeMealMinutes = try f.optional("beforeMealMinutes", minutes)
        clock.afterMealMinutes = try f.optional("afterMealMinutes", minutes)
        let perDay =
            try f.optional("timesPerDay") { (n, p) throws(ScheduleError) in
                try timeLists(n, at: p, keys: (1...6).map(String.init), what: "a number of doses a day")
            } ?? [:]
        clock.timesPerDay = Dictionary(uniqueKeysWithValues: perDay.map { (Int($0.key)!, $0.value) })
        for (count, times) in clock.timesPerDay where times.count != count {
            try reader.report(
                reader.fail(
                    f["timesPerDay"] ?? node, f.path("timesPerDay").member(String(count)),
                    "\(count) times a day needs \(count) time(s), found \(times.count)"))
        }
        clock.codes =
            try f.optional("codes") { (n, p) throws(ScheduleError) in
                try timeLists(n, at: p, keys: PersonalClock.codeNames, what: "a timing abbreviation")
            } ?? [:]
        return clock
    }

    /// An object of `"KEY": "HH:MM"` with keys from `keys`.
    private func timeMap(_ node: JSONNode, at path: FieldPath, keys: [String], what: String) throws(ScheduleError)
        -> [String: LocalTime]
    {
        let f = try reader.fields(node, at: path, known: JSONKeys(keys), context: ", which is not \(what)")
        var result: [String: LocalTime] = [:]
        for key in keys {
            if let time = try f.optional(key, reader.time) { result[key] = time }
        }
        return result
    }

    /// An object of `"KEY": ["HH:MM", ...]` with keys from `keys`; each list non-empty, in time
    /// order, no time twice.
    private func timeLists(_ node: JSONNode, at path: FieldPath, keys: [String], what: String) throws(ScheduleError)
        -> [String: [LocalTime]]
    {
        let f = try reader.fields(node, at: path, known: JSONKeys(keys), context: ", which is not \(what)")
        var result: [String: [LocalTime]] = [:]
        for key in keys {
            guard let list = f[key] else { continue }
            let times = try entries(list, at: f.path(key)) { (n, p) throws(ScheduleError) in try reader.time(n, at: p) }
            guard !times.isEmpty, zip(times, times.dropFirst()).allSatisfy({ $0 < $1 }) else {
                try reader.report(
                    reader.fail(
                        list, f.path(key),
                        "expected at least one time, in order from morning to night with none twice, like [\"08:00\", \"20:00\"]"
                    ))
                continue
            }
            result[key] = times
        }
        return result
    }
}
