import CalendarTime

extension NotificationPlan {
    /// The version of each request's `userInfo` payload; raised when its keys change meaning.
    public static let payloadVersion = 1

    /// The plan as JSON (docs/reminders.md): window, budget arithmetic, top-up instant, the
    /// `categories` an app registers and a `requests` array, each with `identifier`, `content`,
    /// `userInfo`, `trigger` (Apple's date components: `weekday` 1-7, Sunday = 1) and `fires`
    /// (RFC 3339 UTC). When `privacy` is true no medication id appears: the top-level
    /// `medication` and `slot` keys are left out and `userInfo` numbers medications
    /// ("Medication 2"). With `pending`, also `add`, `remove`, `keep` and `ignored`.
    public func json(privacy: Bool, pending: PendingDiff? = nil) -> String {
        var root = ObjectBuilder()
        root.add("from", .string(RFC3339.utc(from)))
        root.add("to", .string(RFC3339.utc(to)))
        root.add("budget", .int(budget))
        root.add("margin", .int(margin))
        root.add("capacity", .int(capacity))
        root.add("requested", .int(requests.count + droppedCount))
        root.add("planned", .int(requests.count))
        root.add("coveredUntil", .string(RFC3339.utc(coveredUntil)))
        root.add("topUpBy", .string(RFC3339.utc(topUpBy)))
        root.add("categories", JSONValue(.array(NotificationCategory.all.map(Self.json))))
        root.add("requests", JSONValue(.array(requests.map { Self.json($0, privacy: privacy) })))
        root.add("dropped", JSONValue(.array(dropped.map { Self.json($0, privacy: privacy) })))
        if let pending {
            for (key, ids) in [
                ("add", pending.add), ("remove", pending.remove), ("keep", pending.keep), ("ignored", pending.ignored),
            ] {
                root.add(key, JSONValue(.array(ids.map { JSONValue(.string($0)) })))
            }
        }
        return JSONWriter.document(root.value)
    }

    /// Apple's weekday number: 1 for Sunday, 2 for Monday ... 7 for Saturday.
    public static func appleWeekday(_ day: Weekday) -> Int { (day.index + 1) % 7 + 1 }

    /// A trigger as the JSON object `plan` writes and `plan --pending` compares.
    public static func json(_ trigger: NotificationTrigger) -> JSONValue {
        var t = ObjectBuilder()
        switch trigger {
        case .repeating(let hour, let minute, let weekday):
            t.add("repeats", .bool(true))
            if let weekday { t.add("weekday", .int(appleWeekday(weekday))) }
            t.add("hour", .int(hour))
            t.add("minute", .int(minute))
        case .once(let local, let zone):
            t.add("repeats", .bool(false))
            t.add("year", .int(local.date.year))
            t.add("month", .int(local.date.month))
            t.add("day", .int(local.date.day))
            t.add("hour", .int(local.time.hour))
            t.add("minute", .int(local.time.minute))
            t.add("timeZone", zone.map { .string($0) } ?? .null)
        }
        return t.value
    }

    private static func json(_ r: NotificationRequest, privacy: Bool) -> JSONValue {
        var o = ObjectBuilder()
        o.add("identifier", .string(r.identifier))
        o.add("content", json(r.content))
        o.add("userInfo", userInfo(r))
        o.add("trigger", json(r.trigger))
        o.add("fires", .string(RFC3339.utc(r.fires)))
        switch r.purpose {
        case .dose(let medicationID, let slotID):
            o.add("kind", .string("dose"))
            if !privacy {
                o.add("medication", .string(medicationID))
                o.add("slot", .string(slotID))
            }
        case .supplyWarning(let medicationID):
            o.add("kind", .string("supplyWarning"))
            if !privacy { o.add("medication", .string(medicationID)) }
        case .nextDoseAllowed(let medicationID):
            o.add("kind", .string("nextDoseAllowed"))
            if !privacy { o.add("medication", .string(medicationID)) }
        }
        o.add("uid", .string(r.uid))
        return o.value
    }

    /// The routing payload: medication (its id, or its position in privacy mode: the thread),
    /// slot, dose day, feed UID and payload version.
    private static func userInfo(_ r: NotificationRequest) -> JSONValue {
        var o = ObjectBuilder()
        o.add("payloadVersion", .int(payloadVersion))
        o.add("medication", .string(r.content.threadIdentifier))
        switch r.purpose {
        case .dose(_, let slotID):
            o.add("kind", .string("dose"))
            o.add("slot", .string(slotID))
        case .supplyWarning:
            o.add("kind", .string("supplyWarning"))
            o.add("slot", .null)
        case .nextDoseAllowed:
            o.add("kind", .string("nextDoseAllowed"))
            o.add("slot", .null)
        }
        o.add("doseDate", r.doseDate.map { .string($0.description) } ?? .null)
        o.add("feedUID", .string(r.uid))
        return o.value
    }

    private static func json(_ c: NotificationContent) -> JSONValue {
        var o = ObjectBuilder()
        o.add("title", .string(c.title))
        o.add("body", .string(c.body))
        o.add("categoryIdentifier", .string(c.categoryIdentifier))
        o.add("threadIdentifier", .string(c.threadIdentifier))
        o.add("interruptionLevel", .string(c.interruptionLevel))
        return o.value
    }

    private static func json(_ c: NotificationCategory) -> JSONValue {
        var o = ObjectBuilder()
        o.add("identifier", .string(c.identifier))
        o.add(
            "actions",
            JSONValue(
                .array(
                    c.actions.map { a in
                        var x = ObjectBuilder()
                        x.add("identifier", .string(a.identifier))
                        x.add("title", .string(a.title))
                        x.add("options", JSONValue(.array(a.options.map { JSONValue(.string($0)) })))
                        return x.value
                    })))
        o.add("hiddenPreviewsBodyPlaceholder", .string(c.hiddenPreviewsBodyPlaceholder))
        return o.value
    }
}
