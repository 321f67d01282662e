import DoseCal
import DoseCalEntry
import ICal

/// Exit codes, and the one function that maps errors to them.
enum ExitCode {
    static let ok: Int32 = 0
    static let problems: Int32 = 1
    static let badInput: Int32 = 2
    static let usage: Int32 = 64
    static let `internal`: Int32 = 70

    static func report(_ error: any Error, command: String, console: Console) -> Int32 {
        let code = code(of: error)
        switch error {
        case let e as UsageError:
            console.error("dosecal \(command): \(e.message)\nSee: dosecal help \(command)")
        case let e as InputError:
            console.error("dosecal \(command): \(e.message)")
        case is ImportError:
            // A bad --match or --zone: wrong use of the command line.
            console.error("dosecal \(command): \(error)\nSee: dosecal help \(command)")
        default:
            // Bad input or data: each layer's description says what and where.
            if code == `internal` {
                console.error("dosecal \(command): internal error: \(error). Please report this.")
            } else {
                console.error("dosecal \(command): \(error)")
            }
        }
        return code
    }

    /// The documented exit code of `error`; an error that wraps another (a sync stopped by the
    /// schedule, the phone's calendar or the merge) has the code of the one it wraps.
    static func code(of error: any Error) -> Int32 {
        switch error {
        case is UsageError, is ImportError:
            return usage
        case let e as SyncError:
            return e.underlying.map(code(of:)) ?? badInput
        case let e as PublishError:
            return e.isUsage ? usage : badInput
        case is InputError, is FileError, is ScheduleError, is ReminderError, is ReconcileError, is ICalError, is EntryError,
            is FHIRError,
            is AtomicFile.WriteError:
            return badInput
        default:
            return `internal`
        }
    }
}

/// Wrong use of the command line (exit 64).
struct UsageError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

/// Input that cannot be used: a missing file, a feed we did not write (exit 2).
struct InputError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
