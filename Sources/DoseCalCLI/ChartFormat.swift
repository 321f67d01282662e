import DoseCal
import DoseCalChart
import Foundation

/// What `chart -o FILE` writes, by FILE's ending: HTML (also `-`: standard output), or PDF
/// printed from that HTML by headless Chromium (`ChartPrinter`).
enum ChartFormat {
    case html
    case pdf

    /// The format of `output`; a usage error for any other ending.
    init(_ output: String) throws {
        let lower = output.lowercased()
        if output == "-" || lower.hasSuffix(".html") || lower.hasSuffix(".htm") {
            self = .html
        } else if lower.hasSuffix(".pdf") {
            self = .pdf
        } else {
            throw UsageError("-o \(output): the chart is written as .html or .pdf (or - for HTML on standard output)")
        }
    }

    /// Writes `document` to `output` (0600; nothing written when printing fails).
    func write(_ document: ChartDocument, to output: String, context: Context) throws {
        let html = Data(document.html.utf8)
        switch self {
        case .html:
            if output == "-" {
                context.console.raw(html)
            } else {
                try AtomicFile.write(html, to: output)
            }
        case .pdf:
            let pdf = try ChartPrinter(environment: context.environment).pdf(of: html)
            try AtomicFile.write(pdf, to: output)
        }
    }
}
