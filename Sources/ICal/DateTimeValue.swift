import Foundation

/// An iCalendar DATE or DATE-TIME value in one of its four forms (RFC 5545 §3.3.4, §3.3.5).
public enum DateTimeValue: Sendable, Hashable, CustomStringConvertible {
    /// `VALUE=DATE:20260105`
    case date(LocalDate)
    /// `20260105T080000`: wall-clock time in whatever zone the viewer is in.
    case floating(LocalDateTime)
    /// `20260105T130000Z`: the UTC wall time of an instant.
    case utc(LocalDateTime)
    /// `TZID=America/New_York:20260105T080000`.
    case zoned(LocalDateTime, tzid: String)

    /// A property with this value: `DTSTART;TZID=...:...`, `DTSTART;VALUE=DATE:...`.
    public func property(_ name: String) -> ICalProperty {
        switch self {
        case .date(let d): return ICalProperty(name, d.basicFormat, parameters: [ICalParameter("VALUE", "DATE")])
        case .floating(let t): return ICalProperty(name, t.basicFormat)
        case .utc(let t): return ICalProperty(name, t.basicFormat + "Z")
        case .zoned(let t, let tzid): return ICalProperty(name, t.basicFormat, parameters: [ICalParameter("TZID", tzid)])
        }
    }

    /// The value text without parameters (`20260105T080000`, `...Z`, `20260105`).
    public var valueText: String {
        switch self {
        case .date(let d): return d.basicFormat
        case .floating(let t), .zoned(let t, _): return t.basicFormat
        case .utc(let t): return t.basicFormat + "Z"
        }
    }

    /// Reads a DATE or DATE-TIME value, given its TZID parameter if any.
    public init?(parsing text: some StringProtocol, tzid: String? = nil) {
        if let basic = text.utf8.withContiguousStorageIfAvailable({ DateTimeValue.basic($0, tzid: tzid) }), let basic {
            self = basic
            return
        }
        let s = text.trimmingCharacters(in: .whitespaces)
        if s.count == 8, let d = LocalDate(parsing: s) {
            self = .date(d)
            return
        }
        guard s.count >= 15, let tIndex = s.firstIndex(of: "T") else { return nil }
        guard let d = LocalDate(parsing: s[..<tIndex]) else { return nil }
        var timePart = s[s.index(after: tIndex)...]
        let isUTC = timePart.hasSuffix("Z")
        if isUTC { timePart = timePart.dropLast() }
        guard let t = LocalTime(parsing: timePart) else { return nil }
        let local = LocalDateTime(date: d, time: t)
        if isUTC {
            self = .utc(local)
        } else if let tzid, !tzid.isEmpty {
            self = .zoned(local, tzid: tzid)
        } else {
            self = .floating(local)
        }
    }

    /// The plain forms (`20260105`, `20260105T080000`, `...Z`) read straight from the bytes;
    /// nil for anything else (which the general reading then handles).
    static func basic(_ b: UnsafeBufferPointer<UInt8>, tzid: String?) -> DateTimeValue? {
        guard b.count == 8 || b.count == 15 || b.count == 16 else { return nil }
        func number(_ offset: Int, _ length: Int) -> Int? {
            var n = 0
            for i in offset..<(offset + length) {
                guard b[i] >= 0x30 && b[i] <= 0x39 else { return nil }
                n = n * 10 + Int(b[i] - 0x30)
            }
            return n
        }
        guard let y = number(0, 4), let m = number(4, 2), let d = number(6, 2), let date = LocalDate(year: y, month: m, day: d)
        else { return nil }
        if b.count == 8 { return .date(date) }
        guard b[8] == UInt8(ascii: "T"), b.count == 15 || b[15] == UInt8(ascii: "Z"), let h = number(9, 2),
            let mi = number(11, 2), let se = number(13, 2), let time = LocalTime(hour: h, minute: mi, second: se)
        else { return nil }
        let local = LocalDateTime(date: date, time: time)
        if b.count == 16 { return .utc(local) }
        if let tzid, !tzid.isEmpty { return .zoned(local, tzid: tzid) }
        return .floating(local)
    }

    /// Reads the value of a DTSTART-like property (TZID parameter honoured).
    public init?(property: ICalProperty) {
        self.init(parsing: property.value, tzid: property.parameter("TZID"))
    }

    public var description: String {
        switch self {
        case .date(let d): return d.description
        case .floating(let t): return t.description
        case .utc(let t): return t.description + "Z"
        case .zoned(let t, let tzid): return "\(t) \(tzid)"
        }
    }
}
