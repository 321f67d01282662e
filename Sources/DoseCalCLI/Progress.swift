import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What a long command is doing, as one line on standard error that updates in place
/// (`dosecal check: libical expansion 120/800 events`) and is cleared when the work ends.
///
/// Shown only when standard error is a terminal (never in a pipe or a file), never with `--json`,
/// and only for work that lasts more than about a second: the line appears after `delay`
/// (1 s; `DOSECAL_PROGRESS_DELAY_MS` sets it, 0 to see it at once) and is redrawn at most ten
/// times a second. Stages without counts are drawn by a timer, so a long single step shows too.
final class Progress: @unchecked Sendable {
    private let prefix: String
    private let enabled: Bool
    private let delayNanoseconds: UInt64
    private let started = DispatchTime.now().uptimeNanoseconds
    private let lock = NSLock()
    private var text = ""
    private var drawn = ""
    private var lastDraw: UInt64 = 0
    private var timer: DispatchSourceTimer?

    /// - Parameters:
    ///   - command: the command's name, the line's prefix.
    ///   - json: the command prints JSON (no progress then).
    init(command: String, json: Bool, environment: [String: String]) {
        prefix = "dosecal \(command): "
        enabled = !json && Terminal.standardErrorIsTerminal && environment["TERM"] != "dumb"
        let delayMS = environment["DOSECAL_PROGRESS_DELAY_MS"].flatMap { UInt64($0) } ?? 1000
        delayNanoseconds = delayMS * 1_000_000
        guard enabled else { return }
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + .milliseconds(Int(delayMS)), repeating: .milliseconds(250))
        timer.setEventHandler { [weak self] in self?.draw(force: false) }
        timer.resume()
        self.timer = timer
    }

    /// The step now under way, like `expanding the calendar`.
    func stage(_ text: String) { set(text, force: true) }

    /// `done` of `total` `unit` of the current step.
    func count(_ done: Int, of total: Int, _ what: String) { set("\(what) \(done)/\(total)", force: done == total) }

    /// Clears the line (call once, when the work is done or failed).
    func finish() {
        guard enabled else { return }
        timer?.cancel()
        lock.lock()
        defer { lock.unlock() }
        if !drawn.isEmpty { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        drawn = ""
        text = ""
    }

    private func set(_ newText: String, force: Bool) {
        guard enabled else { return }
        lock.lock()
        text = newText
        lock.unlock()
        draw(force: force)
    }

    private func draw(force: Bool) {
        lock.lock()
        defer { lock.unlock() }
        let now = DispatchTime.now().uptimeNanoseconds
        guard !text.isEmpty, text != drawn, now - started >= delayNanoseconds, force || now - lastDraw >= 100_000_000
        else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K\(prefix)\(text)".utf8))
        drawn = text
        lastDraw = now
    }
}
