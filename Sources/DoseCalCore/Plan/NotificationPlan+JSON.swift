import CalendarTime

extension NotificationPlan {
    /// The plan as JSON (docs/reminders.md): window, budget arithmetic, top-up instant and a
    /// `requests` array, each with `identifier`, `trigger` and `fires` (RFC 3339 UTC). Medication
    /// and slot ids are left out when `privacy` is true.
    public func json(privacy: Bool) -> String {
        var root = ObjectBuilder()
        root.add("from", .string(Self.rfc3339(from)))
        root.add("to", .string(Self.rfc3339(to)))
        root.add("budget", .int(budget))
        root.add("margin", .int(margin))
        root.add("capacity", .int(capacity))
        root.add("requested", .int(requests.count + dropped.count))
        root.add("planned", .int(requests.count))
        root.add("coveredUntil", .string(Self.rfc3339(coveredUntil)))
        root.add("topUpBy", .string(Self.rfc3339(topUpBy)))
        root.add("requests", JSONValue(.array(requests.map { Self.json($0, privacy: privacy) })))
        root.add("dropped", JSONValue(.array(dropped.map { Self.json($0, privacy: privacy) })))
        return JSONWriter.document(root.value)
    }

    /// `2026-12-01T13:00:00Z`.
    public static func rfc3339(_ instant: Int) -> String { RFC3339.utc(instant) }

    private static func json(_ r: NotificationRequest, privacy: Bool) -> JSONValue {
        var o = ObjectBuilder()
        o.add("identifier", .string(r.identifier))
        var t = ObjectBuilder()
        switch r.trigger {
        case .repeating(let hour, let minute, let weekday):
            t.add("repeats", .bool(true))
            if let weekday { t.add("weekday", .string(weekday.rawValue)) }
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
        o.add("trigger", t.value)
        o.add("fires", .string(rfc3339(r.fires)))
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
        }
        o.add("uid", .string(r.uid))
        return o.value
    }
}
