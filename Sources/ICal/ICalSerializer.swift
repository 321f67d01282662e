internal import CLibical

/// Writes Swift values as RFC 5545 text through libical.
///
/// Builds a temporary libical tree (`icalcomponent_new`, `icalproperty_new`,
/// `icalproperty_set_value_from_string`, `icalparameter_new_from_value_string`), serialises it
/// with `icalcomponent_as_ical_string_r`, frees it, and then folds every line at 75 octets without
/// splitting a UTF-8 character, with CRLF line ends. The same value always gives the same bytes.
public enum ICalSerializer {
    public static func serialize(_ component: ICalComponent) throws(ICalError) -> String {
        let text: String = try Libical.withLock { () throws(ICalError) -> String in
            let root = try build(component)
            return root.serialized()
        }
        return Folding.refold(text)
    }

    /// Builds an owned libical component for `component`. Caller holds the lock.
    private static func build(_ component: ICalComponent) throws(ICalError) -> OwnedComponent {
        let kind = icalcomponent_string_to_kind(component.name)
        let raw: OpaquePointer?
        if kind == ICAL_NO_COMPONENT || kind == ICAL_X_COMPONENT {
            raw = icalcomponent_new_x(component.name)
        } else {
            raw = icalcomponent_new(kind)
        }
        guard let raw else { throw .unserializable(property: component.name, value: "") }
        let owned = OwnedComponent(taking: raw)
        for property in component.properties {
            guard let p = makeProperty(property) else {
                throw .unserializable(property: property.name, value: property.value)
            }
            icalcomponent_add_property(owned.raw, p)  // libical owns p now
        }
        for child in component.components {
            owned.adopt(try build(child))
        }
        return owned
    }

    /// A new property owned by the caller, or nil when libical rejects it.
    private static func makeProperty(_ property: ICalProperty) -> OpaquePointer? {
        let kind = icalproperty_string_to_kind(property.name)
        let isX = kind == ICAL_X_PROPERTY || kind == ICAL_NO_PROPERTY
        guard let p = icalproperty_new(isX ? ICAL_X_PROPERTY : kind) else { return nil }
        if isX { icalproperty_set_x_name(p, property.name) }
        var valueType = "NO"
        for parameter in property.parameters {
            if parameter.name == "VALUE", let v = parameter.values.first { valueType = v }
            guard let pa = makeParameter(parameter) else {
                icalproperty_free(p)
                return nil
            }
            icalproperty_add_parameter(p, pa)
        }
        icalerror_clear_errno()
        icalproperty_set_value_from_string(p, property.value, valueType)
        if icalproperty_get_value(p) == nil {
            icalproperty_free(p)
            return nil
        }
        return p
    }

    private static func makeParameter(_ parameter: ICalParameter) -> OpaquePointer? {
        let kind = icalparameter_string_to_kind(parameter.name)
        let joined = parameter.values.joined(separator: ",")
        if kind == ICAL_X_PARAMETER || kind == ICAL_NO_PARAMETER || kind == ICAL_IANA_PARAMETER {
            guard let pa = icalparameter_new(ICAL_X_PARAMETER) else { return nil }
            icalparameter_set_xname(pa, parameter.name)
            icalparameter_set_xvalue(pa, joined)
            return pa
        }
        return icalparameter_new_from_value_string(kind, joined)
    }
}

/// RFC 5545 §3.1 line folding.
public enum Folding {
    /// Unfolds `text` and folds it again: CRLF line ends, no line longer than 75 octets, never
    /// splitting a UTF-8 sequence.
    public static func refold(_ text: String) -> String {
        var out: [UInt8] = []
        let bytes = Array(text.utf8)
        out.reserveCapacity(bytes.count + bytes.count / 60 * 3)
        var logical: [UInt8] = []
        func emit() {
            guard !logical.isEmpty else { return }
            fold(logical, into: &out)
            logical.removeAll(keepingCapacity: true)
        }
        var i = 0
        let n = bytes.count
        while i < n {
            var j = i
            while j < n && bytes[j] != 13 && bytes[j] != 10 { j += 1 }
            if j > i && (bytes[i] == 32 || bytes[i] == 9) && !logical.isEmpty {
                logical.append(contentsOf: bytes[(i + 1)..<j])
            } else {
                emit()
                logical.append(contentsOf: bytes[i..<j])
            }
            if j < n && bytes[j] == 13 { j += 1 }
            if j < n && bytes[j] == 10 { j += 1 }
            i = j
        }
        emit()
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `line` folded at 75 octets (continuations start with one space) and CRLF.
    static func fold(_ line: [UInt8], into out: inout [UInt8]) {
        var start = 0
        var limit = 75
        while line.count - start > limit {
            var cut = start + limit
            while cut > start && line[cut] & 0xC0 == 0x80 { cut -= 1 }  // not inside a UTF-8 sequence
            out.append(contentsOf: line[start..<cut])
            out.append(contentsOf: [13, 10, 32])
            start = cut
            limit = 74  // the leading space counts
        }
        out.append(contentsOf: line[start...])
        out.append(contentsOf: [13, 10])
    }
}
