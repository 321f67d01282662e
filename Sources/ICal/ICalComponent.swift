/// One iCalendar component (VCALENDAR, VEVENT, VALARM, VTIMEZONE, ...) as a plain Swift value.
///
/// Properties and sub-components keep file order. `line` is where the component began in the
/// parsed input (nil for built values) and takes no part in equality.
public struct ICalComponent: Sendable, Hashable {
    /// Upper-case component name, e.g. "VEVENT".
    public var name: String
    public var properties: [ICalProperty]
    public var components: [ICalComponent]
    public var line: Int?

    public init(_ name: String, properties: [ICalProperty] = [], components: [ICalComponent] = [], line: Int? = nil) {
        self.name = name.upperCasedName
        self.properties = properties
        self.components = components
        self.line = line
    }

    /// The first property with this name (case-insensitive).
    public func property(_ name: String) -> ICalProperty? {
        let upper = name.upperCasedName
        return properties.first { $0.name.isName(upper) }
    }

    /// All properties with this name, in order.
    public func properties(named name: String) -> [ICalProperty] {
        let upper = name.upperCasedName
        return properties.filter { $0.name.isName(upper) }
    }

    /// Sub-components with this name, in order.
    public func components(named name: String) -> [ICalComponent] {
        let upper = name.upperCasedName
        return components.filter { $0.name == upper }
    }

    /// Appends a property.
    public mutating func add(_ property: ICalProperty) { properties.append(property) }

    public static func == (a: ICalComponent, b: ICalComponent) -> Bool {
        a.name == b.name && a.properties == b.properties && a.components == b.components
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(properties)
        hasher.combine(components)
    }
}

/// One property: a name, parameters in order, and the value exactly as written in iCalendar
/// (escaped TEXT, comma lists as one string).
public struct ICalProperty: Sendable, Hashable {
    public var name: String
    public var parameters: [ICalParameter]
    /// The raw value text; use `text` for an unescaped TEXT value.
    public var value: String
    public var line: Int?

    public init(_ name: String, _ value: String, parameters: [ICalParameter] = [], line: Int? = nil) {
        self.name = name.upperCasedName
        self.value = value
        self.parameters = parameters
        self.line = line
    }

    /// A property whose name is already upper case (a reader's known name): not scanned again.
    init(upper name: String, _ value: String, parameters: [ICalParameter] = [], line: Int? = nil) {
        self.name = name
        self.value = value
        self.parameters = parameters
        self.line = line
    }

    /// A property holding `text`, escaped (RFC 5545 §3.3.11) into the form it is written and read
    /// back in (`TextEscaping.escape`): as a list for a name libical writes so (an X- name,
    /// CATEGORIES), where `;` and `,` stay as they are. A tree of such values reads as its text does.
    public static func text(_ name: String, _ text: String, parameters: [ICalParameter] = []) -> ICalProperty {
        let upper = name.upperCasedName
        let list = PropertyKind(upper).form(valueType: nil) == .list
        return ICalProperty(upper: upper, TextEscaping.escape(text, separators: !list), parameters: parameters)
    }

    /// The value of the first parameter with this name, unquoted.
    public func parameter(_ name: String) -> String? {
        let upper = name.upperCasedName
        return parameters.first { $0.name.isName(upper) }?.values.first
    }

    /// The value read as TEXT (escapes undone).
    public var text: String { TextEscaping.unescape(value) }

    public static func == (a: ICalProperty, b: ICalProperty) -> Bool {
        a.name == b.name && a.parameters == b.parameters && a.value == b.value
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(parameters)
        hasher.combine(value)
    }
}

/// A property parameter: `TZID=America/New_York`, `VALUE=DATE`, `RELTYPE=SIBLING`.
public struct ICalParameter: Sendable, Hashable {
    public var name: String
    /// Unquoted values (most parameters have one).
    public var values: [String]

    public init(_ name: String, _ values: String...) {
        self.name = name.upperCasedName
        self.values = values
    }

    public init(_ name: String, values: [String]) {
        self.name = name.upperCasedName
        self.values = values
    }
}

/// RFC 5545 §3.3.11 TEXT escaping.
public enum TextEscaping {
    /// `s` as a TEXT value is written, and read back (libical's form, `ValueForm.text`): `\`, `;`
    /// and `,` escaped (`;` and `,` only with `separators`), a newline as `\n`; CR, backspace
    /// and form feed left out, nothing after a NUL. Text with none of these is returned as it is.
    public static func escape(_ s: String, separators: Bool = true) -> String {
        let special = { (b: UInt8) in TextValue.escapes(b, separators: separators) }
        let escapes = s.utf8.withContiguousStorageIfAvailable { $0.contains(where: special) } ?? s.utf8.contains(where: special)
        if !escapes { return s }
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count + s.utf8.count / 16)
        TextValue.appendEscaped(s, separators: separators, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    public static func unescape(_ s: String) -> String {
        var t = s
        guard t.withUTF8({ $0.contains(UInt8(ascii: "\\")) }) else { return s }
        var out = ""
        var escaping = false
        for c in s.unicodeScalars {
            if escaping {
                switch c {
                case "n", "N": out += "\n"
                default: out.unicodeScalars.append(c)
                }
                escaping = false
            } else if c == "\\" {
                escaping = true
            } else {
                out.unicodeScalars.append(c)
            }
        }
        if escaping { out += "\\" }
        return out
    }
}

extension String {
    /// The name upper-cased; an ASCII name with no lower-case letter (every name the feed builds)
    /// as it is, without a new string.
    var upperCasedName: String {
        var name = self
        return name.withUTF8 { $0.contains { ($0 >= 0x61 && $0 <= 0x7A) || $0 >= 0x80 } } ? uppercased() : self
    }

    /// Whether this name is `name`: names of different UTF-8 lengths are different names (libical
    /// tells names by their bytes; names mostly differ in length, and `==` on two different short
    /// strings takes the slow comparison), names of one length are compared with `==`.
    @inline(__always)
    func isName(_ name: String) -> Bool { utf8.count == name.utf8.count && self == name }
}
