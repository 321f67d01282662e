/// The nested objects of a medication: recurrence, timePolicy, reminder and supply.
extension MedicationDecoder {
    static let recurrenceKeys: KeyValuePairs<String, JSONKeys> = [
        "daily": ["kind"],
        "weekly": ["kind", "weekdays", "interval"],
        "everyNDays": ["kind", "days"],
        "cycle": ["kind", "daysOn", "daysOff"],
        "everyNHours": ["kind", "hours"],
        "asNeeded": ["kind", "minimumHours", "maxPerDay"],
    ]
    static let policyKeys: KeyValuePairs<String, JSONKeys> = [
        "wallClock": ["kind"],
        "pinned": ["kind", "zone"],
        "fixedInterval": ["kind"],
        "floating": ["kind"],
        "gradual": ["kind", "maxShiftHours"],
    ]
    static let reminderKeys: JSONKeys = ["enabled", "minutesBefore", "repeat"]
    static let repeatKeys: JSONKeys = ["count", "intervalMinutes"]
    static let supplyKeys: JSONKeys = ["amount", "pills", "asOf", "warningDays", "refillReminderTime"]

    /// Weekday spellings, lower-cased: two-letter codes and full English names.
    static let weekdayNames: [String: Weekday] = {
        let full = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
        var names: [String: Weekday] = [:]
        for (day, name) in zip(Weekday.allCases, full) {
            names[day.rawValue.lowercased()] = day
            names[name] = day
        }
        return names
    }()

    func decodeRecurrence(_ node: JSONNode, at path: FieldPath) throws(ScheduleError) -> Recurrence {
        let (kind, f) = try kindAndFields(node, at: path, what: "a recurrence kind", keys: Self.recurrenceKeys)
        switch kind {
        case "weekly":
            let weekdays = try f.optional("weekdays", decodeWeekdays) ?? []
            let interval =
                try f.optional("interval") { (n, p) throws(ScheduleError) in
                    try reader.integer(n, at: p, in: 1...520, unit: " (weeks between repetitions)")
                } ?? 1
            return .weekly(weekdays: weekdays, interval: interval)
        case "everyNDays":
            return .everyNDays(
                try f.required("days", "days between doses, 1 to 3650") { (n, p) throws(ScheduleError) in
                    try reader.integer(n, at: p, in: 1...3650, unit: " (days)")
                })
        case "cycle":
            let on = try f.required("daysOn", "days taken in each cycle, 1 to 3650") { (n, p) throws(ScheduleError) in
                try reader.integer(n, at: p, in: 1...3650, unit: " (days)")
            }
            let off = try f.required("daysOff", "days paused in each cycle, 0 to 3650") { (n, p) throws(ScheduleError) in
                try reader.integer(n, at: p, in: 0...3650, unit: " (days)")
            }
            return .cycle(daysOn: on, daysOff: off)
        case "everyNHours":
            return .everyNHours(
                try f.required("hours", "hours between doses, 1 to 168") { (n, p) throws(ScheduleError) in
                    try reader.integer(n, at: p, in: 1...168, unit: " (hours)")
                })
        case "asNeeded":
            let hours = try f.required("minimumHours", "the least hours between doses, 1 to 168") {
                (n, p) throws(ScheduleError) in
                try reader.integer(n, at: p, in: 1...168, unit: " (hours between doses)")
            }
            let most = try f.optional("maxPerDay") { (n, p) throws(ScheduleError) in
                try reader.integer(n, at: p, in: 1...48, unit: " (doses in any 24 hours)")
            }
            return .asNeeded(minimumHours: hours, maxPerDay: most)
        default:
            return .daily
        }
    }

    func decodeWeekdays(_ node: JSONNode, at path: FieldPath) throws(ScheduleError) -> [Weekday] {
        let elements = try reader.array(node, at: path)
        guard !elements.isEmpty else {
            throw reader.fail(
                node, path,
                "the list is empty; list at least one day, like [\"MO\"], or leave weekdays out to use the start date's weekday")
        }
        let valid = "use MO, TU, WE, TH, FR, SA, SU or a full English name like \"monday\""
        var days: [Weekday] = []
        for (i, element) in elements.enumerated() {
            let s = try reader.string(element, at: path.element(i), expected: "a weekday (a string)")
            guard let day = Self.weekdayNames[s.lowercased()] else {
                let guess = NameSuggestion.closest(to: s, in: Weekday.allCases.map(\.rawValue) + Self.weekdayNames.keys.sorted())
                throw reader.fail(
                    element, path.element(i),
                    "\(JSONWriter.quoted(s)) is not a weekday\(ScheduleReader.didYouMean(guess)); \(valid)")
            }
            guard !days.contains(day) else {
                throw reader.fail(element, path.element(i), "\(JSONWriter.quoted(s)) is listed twice; list each weekday once")
            }
            days.append(day)
        }
        return days
    }

    func decodeTimePolicy(_ node: JSONNode, at path: FieldPath, recurrence: Recurrence) throws(ScheduleError) -> TimePolicy {
        let (kind, f) = try kindAndFields(node, at: path, what: "a time policy", keys: Self.policyKeys)
        let policy: TimePolicy
        switch kind {
        case "pinned":
            policy = .pinned(
                zone: try f.required("zone", "the IANA time zone the times are pinned to, like \"Europe/Berlin\"", reader.zone))
        case "fixedInterval": policy = .fixedInterval
        case "floating": policy = .floating
        case "gradual":
            try requireVersion2(node["kind"]!, f.path("kind"), what: "the gradual time policy")
            let hours =
                try f.optional("maxShiftHours") { (n, p) throws(ScheduleError) in
                    try reader.hours(n, at: p, in: 0.5...12, what: "hours a dose may move in a day")
                } ?? Self.defaultMaxShiftHours
            policy = .gradual(maxShiftMinutes: Int((hours * 60).rounded()))
        default: policy = .wallClock
        }
        if case .everyNHours = recurrence, policy != .fixedInterval {
            throw reader.fail(
                node["kind"]!, f.path("kind"),
                "an everyNHours recurrence needs the fixedInterval policy; use {\"kind\": \"fixedInterval\"} or leave timePolicy out"
            )
        }
        return policy
    }

    func decodeReminder(_ node: JSONNode, at path: FieldPath) throws(ScheduleError) -> Reminder {
        let f = try reader.fields(node, at: path, known: Self.reminderKeys)
        var reminder = Reminder()
        if let enabled = try f.optional("enabled", reader.bool) { reminder.enabled = enabled }
        if let minutes = try f.optional(
            "minutesBefore",
            { (n, p) throws(ScheduleError) in
                try reader.integer(n, at: p, in: -1440...10080, unit: " (minutes before the dose; negative is after)")
            })
        {
            reminder.minutesBefore = minutes
        }
        if let repeatNode = f["repeat"] {
            let r = try reader.fields(repeatNode, at: f.path("repeat"), known: Self.repeatKeys)
            if let count = try r.optional(
                "count",
                { (n, p) throws(ScheduleError) in
                    try reader.integer(n, at: p, in: 0...20, unit: " (repetitions after the first alarm)")
                })
            {
                reminder.repeatCount = count
            }
            if let interval = try r.optional(
                "intervalMinutes",
                { (n, p) throws(ScheduleError) in
                    try reader.integer(n, at: p, in: 1...1440, unit: " (minutes between repetitions)")
                })
            {
                reminder.repeatIntervalMinutes = interval
            }
        }
        return reminder
    }

    /// `supply`: what is on hand (version 1 `pills`; version 2 `amount`, in the supply's unit,
    /// or `pills` as version 1 writes it).
    func decodeSupply(_ node: JSONNode, at path: FieldPath) throws(ScheduleError) -> Supply {
        let f = try reader.fields(node, at: path, known: Self.supplyKeys)
        try requireVersion2(f, ["amount"])
        var key = "pills"
        if version >= 2, f["pills"] == nil || f["amount"] != nil {
            key = "amount"
            if let both = f["pills"] {
                try reader.report(
                    reader.fail(
                        both, f.path("pills"),
                        "pills and amount both give the amount on hand; keep \"amount\", in the supply's unit"))
            }
        }
        let hint = version >= 2 ? "the amount on hand in the supply's unit, 0 or more" : "units on hand, 0 or more"
        let pills = try f.required(key, hint) { (n, p) throws(ScheduleError) in
            let valid = "use the number of units on hand, 0 or more"
            let d = try reader.number(n, at: p, valid: valid)
            guard d >= 0 else { throw reader.fail(n, p, "\(ScheduleReader.text(n)) is below 0; \(valid)") }
            return d
        }
        var supply = Supply(pills: pills, asOf: try f.required("asOf", "the date the count was made, YYYY-MM-DD", reader.date))
        if let days = try f.optional(
            "warningDays",
            { (n, p) throws(ScheduleError) in
                try reader.integer(n, at: p, in: 0...365, unit: " (days before running out)")
            })
        {
            supply.warningDays = days
        }
        if let time = try f.optional("refillReminderTime", reader.time) { supply.refillReminderTime = time }
        return supply
    }

    /// Reads an object's `kind` (one of `keys`' keys), then checks its other keys against that kind's list.
    private func kindAndFields(
        _ node: JSONNode, at path: FieldPath, what: String, keys: KeyValuePairs<String, JSONKeys>
    ) throws(ScheduleError) -> (String, ScheduleFields) {
        let kinds = keys.map(\.key)
        guard node.isObject else {
            throw reader.fail(node, path, "expected an object like {\"kind\": \"\(kinds[0])\"}, found \(node.summary)")
        }
        guard let kindNode = node["kind"], !kindNode.isNull else {
            throw reader.fail(node, path, "missing required key \"kind\" (one of \(kinds.joined(separator: ", ")))")
        }
        let kind = try reader.choice(kindNode, at: path.member("kind"), what: what, in: kinds)
        let known = keys.first { $0.key == kind }!.value
        let f = try reader.fields(node, at: path, known: known, context: " for kind \(JSONWriter.quoted(kind))")
        return (kind, f)
    }
}
