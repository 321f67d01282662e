/// Why an import cannot run.
public enum ImportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `--match` is not a regular expression.
    case badPattern(String)
    /// `--zone` is not an IANA zone.
    case badZone(String)

    public var description: String {
        switch self {
        case .badPattern(let p): return "--match \(p) is not a regular expression (ICU syntax, e.g. 'pill|tablet|\\d+ ?mg')"
        case .badZone(let z): return "--zone \(z) is not an IANA time zone name; use one like Europe/Berlin"
        }
    }
}
