/// What libical 3.0 knows about a property, as far as its written form depends on it: the type
/// of value it holds unless a VALUE parameter says otherwise (`icalproperty_kind_to_value_kind`),
/// and which properties always carry their VALUE parameter. A name libical does not know (X- or
/// IANA) holds an X value. The table is libical 3.0.16's; `SerializerOracleTests` holds every
/// entry to libical itself.
struct PropertyKind {
    /// The default value type; nil for a name libical does not know.
    let defaultType: String?
    /// A TEXT property whose commas and semicolons libical leaves as they are (a list).
    let isList: Bool
    /// The definition requires the VALUE parameter.
    let requiresValue: Bool

    init(_ name: String) {
        let entry = PropertyKind.table[name]
        defaultType = entry?.type
        isList = entry?.isList ?? false
        requiresValue = entry?.requiresValue ?? false
    }

    private struct Entry {
        var type: String
        var isList = false
        var requiresValue = false
    }

    private static let table: [String: Entry] = {
        var table: [String: Entry] = [:]
        for name in textProperties { table[name] = Entry(type: "TEXT", isList: listProperties.contains(name)) }
        for (name, type) in otherProperties { table[name] = Entry(type: type, requiresValue: valueRequired.contains(name)) }
        return table
    }()

    /// The VALUE parameter libical writes (before the other parameters), given the one the
    /// property has (upper case): one that is not the default, and always for the properties
    /// whose definition requires it (RFC 7986 REFRESH-INTERVAL, SOURCE, IMAGE, CONFERENCE).
    /// A DATE-TIME property whose value is a date holds a DATE value, as libical reads it.
    func writtenValueType(_ given: String?, value: String) -> String? {
        if given ?? defaultType == "DATE-TIME", value.utf8.count == 8, !value.contains("T") { return "DATE" }
        guard let given else { return requiresValue ? defaultType : nil }
        return given != defaultType || requiresValue ? given : nil
    }

    /// How the value is written, given the VALUE parameter (upper case) if any.
    func form(valueType given: String?) -> ValueForm {
        switch given ?? defaultType {
        case nil: return .list
        case "TEXT"?: return defaultType == nil || isList ? .list : .text
        case "RECUR"?: return .recur
        default: return .verbatim
        }
    }

    private static let listProperties: Set<String> = ["CATEGORIES", "RESOURCES", "POLL-PROPERTIES"]

    private static let valueRequired: Set<String> = ["REFRESH-INTERVAL", "SOURCE", "IMAGE", "CONFERENCE"]

    private static let textProperties: Set<String> = [
        "ALLOW-CONFLICT", "CALID", "CALMASTER", "CALSCALE", "CAP-VERSION", "CARID", "CATEGORIES", "COMMENT",
        "COMPONENTS", "CONTACT", "DECREED", "DEFAULT-CHARSET", "DEFAULT-LOCALE", "DEFAULT-TZID", "DEFAULT-VCARS",
        "DENY", "DESCRIPTION", "GRANT", "ITIP-VERSION", "LOCATION", "MULTIPART", "OWNER", "PERMISSION", "PRODID",
        "QUERYID", "QUERYNAME", "RECUR-ACCEPTED", "RECUR-EXPAND", "RECUR-LIMIT", "RELATED-TO", "RELCALID", "RESOURCES",
        "SCOPE", "STORES-EXPANDED", "SUMMARY", "TZID", "TZNAME", "UID", "VERSION", "X-LIC-ERROR", "ACCEPT-RESPONSE",
        "POLL-PROPERTIES", "TZID-ALIAS-OF", "NAME", "COLOR", "PATCH-VERSION", "PATCH-TARGET", "PATCH-DELETE",
        "PATCH-PARAMETER",
    ]

    private static let otherProperties: [String: String] = [
        "ACKNOWLEDGED": "DATE-TIME", "ACTION": "ACTION", "ATTACH": "URI", "ATTENDEE": "CAL-ADDRESS",
        "CAR-LEVEL": "CAR-LEVEL", "CLASS": "CLASS", "CMD": "CMD", "COMPLETED": "DATE-TIME", "CREATED": "DATE-TIME",
        "CSID": "URI", "DATE-MAX": "DATE-TIME", "DATE-MIN": "DATE-TIME", "DTEND": "DATE-TIME", "DTSTAMP": "DATE-TIME",
        "DTSTART": "DATE-TIME", "DUE": "DATE-TIME", "DURATION": "DURATION", "EXDATE": "DATE-TIME", "EXPAND": "INTEGER",
        "EXRULE": "RECUR", "FREEBUSY": "PERIOD", "GEO": "FLOAT", "LAST-MODIFIED": "DATE-TIME",
        "MAX-COMPONENT-SIZE": "INTEGER", "MAXDATE": "DATE-TIME", "MAXRESULTS": "INTEGER", "MAXRESULTSSIZE": "INTEGER",
        "METHOD": "METHOD", "MINDATE": "DATE-TIME", "ORGANIZER": "CAL-ADDRESS", "PERCENT-COMPLETE": "INTEGER",
        "PRIORITY": "INTEGER", "QUERY": "QUERY", "QUERY-LEVEL": "QUERY-LEVEL", "RDATE": "DATE-TIME",
        "RECURRENCE-ID": "DATE-TIME", "REPEAT": "INTEGER", "REQUEST-STATUS": "REQUEST-STATUS", "RESTRICTION": "QUERY",
        "RRULE": "RECUR", "SEQUENCE": "INTEGER", "STATUS": "STATUS", "TARGET": "CAL-ADDRESS", "TRANSP": "TRANSP",
        "TRIGGER": "DURATION", "TZOFFSETFROM": "UTC-OFFSET", "TZOFFSETTO": "UTC-OFFSET", "TZURL": "URI", "URL": "URI",
        "X-LIC-CLASS": "X-LIC-CLASS", "X-LIC-CLUSTERCOUNT": "STRING", "X-LIC-MIMECHARSET": "STRING",
        "X-LIC-MIMECID": "STRING", "X-LIC-MIMECONTENTTYPE": "STRING", "X-LIC-MIMEENCODING": "STRING",
        "X-LIC-MIMEFILENAME": "STRING", "X-LIC-MIMEOPTINFO": "STRING", "BUSYTYPE": "BUSYTYPE",
        "POLL-ITEM-ID": "INTEGER", "POLL-MODE": "POLLMODE", "POLL-WINNER": "INTEGER", "VOTER": "CAL-ADDRESS",
        "TZUNTIL": "DATE-TIME", "POLL-COMPLETION": "POLLCOMPLETION", "REPLY-URL": "URI", "RESPONSE": "INTEGER",
        "ESTIMATED-DURATION": "DURATION", "TASK-MODE": "TASKMODE", "REFRESH-INTERVAL": "DURATION", "SOURCE": "URI",
        "IMAGE": "URI", "CONFERENCE": "URI", "PATCH-ORDER": "INTEGER",
    ]
}
