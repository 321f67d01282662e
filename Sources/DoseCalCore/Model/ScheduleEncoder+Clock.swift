/// The `clock` object: only what the schedule's clock says, keys in the documented order.
extension ScheduleEncoder {
    static func clock(_ c: PersonalClock) -> JSONValue {
        var o = ObjectBuilder()
        let when = PersonalClock.whenCodes.compactMap { k in c.when[k].map { (k, JSONValue(.string($0.description))) } }
        if !when.isEmpty { o.add("when", JSONValue(members: when)) }
        let meals = PersonalClock.mealNames.compactMap { k in c.meals[k].map { (k, JSONValue(.string($0.description))) } }
        if !meals.isEmpty { o.add("meals", JSONValue(members: meals)) }
        if let m = c.beforeMealMinutes { o.add("beforeMealMinutes", .int(m)) }
        if let m = c.afterMealMinutes { o.add("afterMealMinutes", .int(m)) }
        let perDay = (1...6).compactMap { n in c.timesPerDay[n].map { (String(n), times($0)) } }
        if !perDay.isEmpty { o.add("timesPerDay", JSONValue(members: perDay)) }
        let codes = PersonalClock.codeNames.compactMap { k in c.codes[k].map { (k, times($0)) } }
        if !codes.isEmpty { o.add("codes", JSONValue(members: codes)) }
        return o.value
    }

    private static func times(_ list: [LocalTime]) -> JSONValue {
        JSONValue(.array(list.map { JSONValue(.string($0.description)) }))
    }
}
