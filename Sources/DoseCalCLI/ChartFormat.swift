import DoseCal
import DoseCalChart
import Foundation

/// What `chart -o FILE` writes, by FILE's ending: HTML (also `-`: standard output), or PDF
/// printed from that HTML by headless Chromium (`ChartPrinter`), or SVG (the supply view).
enum ChartFormat {
    case html
    case pdf
    case svg

    /// The format of `output`; a usage error for any other ending.
    init(_ output: String) throws {
        let lower = output.lowercased()
        if output == "-" || lower.hasSuffix(".html") || lower.hasSuffix(".htm") {
            self = .html
        } else if lower.hasSuffix(".pdf") {
            self = .pdf
        } else if lower.hasSuffix(".svg") {
            self = .svg
        } else {
            throw UsageError("-o \(output): the chart is written as .html, .pdf or .svg (or - for HTML on standard output)")
        }
    }

    /// Writes `document` to `output` (0600; nothing written when printing fails); a PDF is
    /// dated `day` (the chart's first day), so the same chart gives the same bytes.
    func write(_ document: ChartDocument, to output: String, context: Context, dated day: LocalDate) throws {
        let html = Data(document.html.utf8)
        switch self {
        case .html:
            if output == "-" {
                context.console.raw(html)
            } else {
                try AtomicFile.write(html, to: output)
            }
        case .svg:
            throw UsageError("-o \(output): SVG is the supply view's")
        case .pdf:
            let pdf = try ChartPrinter(environment: context.environment).pdf(of: html, dated: day)
            try AtomicFile.write(pdf, to: output)
        }
    }

    /// Writes the supply `charts` (one per person) as one SVG 1.1 file: each person's panels
    /// one under the other.
    func write(svg charts: [SupplyChart], to output: String) throws {
        let text = SupplyChart.svg(charts)
        try AtomicFile.write(Data(text.utf8), to: output)
    }
}
