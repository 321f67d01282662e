/// An iCalendar DURATION (RFC 5545 §3.3.6) in whole seconds, written in its shortest form.
public struct ICalDuration: Sendable, Hashable, CustomStringConvertible {
    public var seconds: Int
    public init(seconds: Int) { self.seconds = seconds }
    public static func minutes(_ m: Int) -> ICalDuration { ICalDuration(seconds: m * 60) }

    /// `PT0S`, `-PT15M`, `PT1H30M`, `P1D`, `P2W`.
    public var description: String {
        let sign = seconds < 0 ? "-" : ""
        var s = abs(seconds)
        if s == 0 { return "PT0S" }
        if s % (7 * 86_400) == 0 { return "\(sign)P\(s / (7 * 86_400))W" }
        var out = "\(sign)P"
        let days = s / 86_400
        s %= 86_400
        if days > 0 { out += "\(days)D" }
        if s > 0 {
            out += "T"
            if s / 3600 > 0 { out += "\(s / 3600)H" }
            if (s % 3600) / 60 > 0 { out += "\((s % 3600) / 60)M" }
            if s % 60 > 0 { out += "\(s % 60)S" }
        }
        return out
    }
}
