import DoseCal
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Prints a chart's HTML to PDF with headless Chromium, the real renderer (decision 0262): the
/// page in a private temporary folder, Chromium's own profile there too, its `@page` size the
/// paper's. No Chromium on PATH is an input error that says how to install it.
struct ChartPrinter {
    /// The programs looked for on PATH, in order: Debian's package installs `chromium`.
    static let programs = ["chromium", "chromium-browser", "google-chrome"]
    /// How long Chromium may take to print, in seconds.
    static let timeout: TimeInterval = 120

    var environment: [String: String]

    /// The PDF bytes of `html`, its creation and modification dates `day` at midnight UTC.
    func pdf(of html: Data, dated day: LocalDate) throws -> Data {
        guard let program = program() else {
            throw InputError(
                "cannot write a PDF: headless Chromium is not installed (looked for \(Self.programs.joined(separator: ", ")) "
                    + "on PATH); install it (Debian: apt-get install chromium) or write .html and print that")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dosecal-chart-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("chart.html")
        let out = folder.appendingPathComponent("chart.pdf")
        try html.write(to: page)
        let log = try run(
            program, arguments: arguments(page: page, out: out, profile: folder.appendingPathComponent("profile")),
            errors: folder.appendingPathComponent("errors.txt"))
        guard let pdf = try? Data(contentsOf: out), pdf.starts(with: Data("%PDF-".utf8)) else {
            throw InputError("cannot write a PDF: \(program) printed no PDF\(log.isEmpty ? "" : ": " + log)")
        }
        return Self.dating(pdf, day)
    }

    /// `pdf` with the value of every `/CreationDate (...)` and `/ModDate (...)` (Chromium's
    /// clock) replaced in place by `day` at 00:00 UTC in a form of the same length
    /// (`D:20261201000000+00'00'`, `...Z` or no offset), so no byte moves and the
    /// cross-reference offsets stay right (decision 0262). A value of another length is left.
    static func dating(_ pdf: Data, _ day: LocalDate) -> Data {
        var bytes = [UInt8](pdf)
        let stamp = "D:\(day.basicFormat)000000"
        let forms = [stamp + "+00'00'", stamp + "+00'00", stamp + "Z", stamp]
        for key in ["/CreationDate (", "/ModDate ("] {
            let pattern = [UInt8](key.utf8)
            var at = 0
            while let start = find(pattern, in: bytes, from: at) {
                let open = start + pattern.count
                guard let close = bytes[open...].firstIndex(of: UInt8(ascii: ")")) else { break }
                if let form = forms.first(where: { $0.utf8.count == close - open }) {
                    bytes.replaceSubrange(open..<close, with: Array(form.utf8))
                }
                at = close
            }
        }
        return Data(bytes)
    }

    /// The first place of `pattern` in `bytes` at or after `from`.
    private static func find(_ pattern: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        guard pattern.count <= bytes.count else { return nil }
        var i = from
        while i + pattern.count <= bytes.count {
            if bytes[i] == pattern[0] && bytes[i..<i + pattern.count].elementsEqual(pattern) { return i }
            i += 1
        }
        return nil
    }

    /// Chromium's arguments: headless, no first-run work, no header or footer, the page's own
    /// paper size; without the sandbox when run as root (Chromium refuses it otherwise).
    private func arguments(page: URL, out: URL, profile: URL) -> [String] {
        var args = [
            "--headless", "--disable-gpu", "--no-first-run", "--no-default-browser-check", "--disable-extensions",
            "--disable-background-networking", "--disable-sync", "--user-data-dir=\(profile.path)",
            "--no-pdf-header-footer", "--print-to-pdf=\(out.path)",
        ]
        if geteuid() == 0 { args.append("--no-sandbox") }
        return args + [page.absoluteString]
    }

    /// The first of `programs` on PATH.
    private func program() -> String? {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for name in Self.programs {
            for dir in path.split(separator: ":") where !dir.isEmpty {
                let candidate = "\(dir)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }

    /// Runs `program` to its end (killed after `timeout`), its standard error into the file
    /// `errors`; the last line written there when it failed, else empty.
    private func run(_ program: String, arguments: [String], errors: URL) throws -> String {
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil, attributes: [.posixPermissions: 0o600])
        let errorFile = try FileHandle(forWritingTo: errors)
        defer { try? errorFile.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.standardError = errorFile
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let done = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in done.signal() }
        try process.run()
        if done.wait(timeout: .now() + Self.timeout) == .timedOut {
            process.terminate()
            throw InputError("cannot write a PDF: \(program) did not finish within \(Int(Self.timeout)) seconds")
        }
        guard process.terminationStatus != 0 else { return "" }
        let text = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").last.map(String.init) ?? "exit status \(process.terminationStatus)"
    }
}
