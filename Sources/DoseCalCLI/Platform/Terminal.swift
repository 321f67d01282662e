#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether output goes to a person: the one place the CLI calls `isatty(3)`.
enum Terminal {
    /// Standard error is a terminal (progress lines are shown only then).
    static var standardErrorIsTerminal: Bool { isatty(2) == 1 }
}
