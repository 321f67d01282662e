import DoseCal
import ICal

/// Exit codes, and the one function that maps errors to them.
enum ExitCode {
    static let ok: Int32 = 0
    static let problems: Int32 = 1
    static let badInput: Int32 = 2
    static let usage: Int32 = 64
    static let `internal`: Int32 = 70

    static func report(_ error: any Error, command: String, console: Console) -> Int32 {
        switch error {
        case let e as UsageError:
            console.error("dosecal \(command): \(e.message)\nSee: dosecal help \(command)")
            return usage
        case let e as InputError:
            console.error("dosecal \(command): \(e.message)")
            return badInput
        case is ScheduleError, is ReminderError, is ReconcileError, is ICalError, is SyncError, is AtomicFile.WriteError:
            // Bad input or data: each layer's description says what and where.
            console.error("dosecal \(command): \(error)")
            return badInput
        default:
            console.error("dosecal \(command): internal error: \(error). Please report this.")
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
