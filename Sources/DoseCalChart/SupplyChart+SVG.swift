import CalendarTime
import DoseCalCore

/// The supply chart drawn in plain SVG 1.1 (lines, polylines and text only; no script, no
/// style sheet, no font or image from outside): per medication a panel with what is left day
/// by day, the supply record's day, the refill day (dashed) and the run-out day (thick), all
/// black and grey so that a black-and-white copy says everything.
extension SupplyChart {
    static let width = 760
    static let panelHeight = 200
    private static let left = 56
    private static let right = 16
    private static let top = 28
    private static let bottom = 30

    /// A standalone SVG 1.1 document of `charts` (one per person): each person's title, then
    /// their medications' panels, one under the other.
    public static func svg(_ charts: [SupplyChart]) -> String {
        let height = charts.reduce(0) { $0 + 30 + max(1, $1.lines.count) * panelHeight }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"\(width)\" height=\"\(height)\" "
        out += "viewBox=\"0 0 \(width) \(height)\" font-family=\"DejaVu Sans, Arial, sans-serif\">\n"
        out += "<title>\(HTMLText.escape(charts.map(\.title).joined(separator: "; ")))</title>\n"
        var y = 0
        for chart in charts {
            out += "<text x=\"8\" y=\"\(y + 18)\" font-size=\"13\">\(HTMLText.escape(chart.title))</text>\n"
            y += 30
            for line in chart.lines {
                out += "<g transform=\"translate(0,\(y))\">\n\(chart.panel(line))</g>\n"
                y += panelHeight
            }
            if chart.lines.isEmpty {
                out += "<text x=\"8\" y=\"\(y + 20)\" font-size=\"11\">No supply is recorded.</text>\n"
                y += panelHeight
            }
        }
        return out + "</svg>\n"
    }

    /// "Supply, Mia, 2026-12-01 to 2027-02-28".
    public var title: String {
        "Supply" + (person.name.map { ", \($0)" } ?? "") + ", \(days[0]) to \(days[days.count - 1])"
    }

    /// One medication's panel: axes, what is left, the three days marked.
    func panel(_ line: Line) -> String {
        let most = Self.scale(max(line.recorded, line.left.compactMap { $0 }.max() ?? 0))
        let bottomY = Self.panelHeight - Self.bottom
        var out = "<text x=\"\(Self.left)\" y=\"16\" font-size=\"12\" font-weight=\"bold\">"
        out += "\(HTMLText.escape(line.label)): \(HTMLText.escape(line.unit)) left</text>\n"
        out += "<line x1=\"\(Self.left)\" y1=\"\(Self.top)\" x2=\"\(Self.left)\" y2=\"\(bottomY)\" stroke=\"#000\"/>\n"
        out +=
            "<line x1=\"\(Self.left)\" y1=\"\(bottomY)\" x2=\"\(Self.width - Self.right)\" y2=\"\(bottomY)\" stroke=\"#000\"/>\n"
        out += label(x: Self.left - 4, y: Double(Self.top) + 4, "\(AmountWords.number(most))", anchor: "end")
        out += label(x: Self.left - 4, y: Double(bottomY) + 4, "0", anchor: "end")
        out += label(x: Self.left, y: Double(bottomY) + 16, "\(days[0])", anchor: "start")
        out += label(x: Self.width - Self.right, y: Double(bottomY) + 16, "\(days[days.count - 1])", anchor: "end")
        let points = line.left.enumerated().compactMap { i, v in v.map { "\(Self.number(x(i))),\(Self.number(y($0, most)))" } }
        if !points.isEmpty {
            out += "<polyline points=\"\(points.joined(separator: " "))\" fill=\"none\" stroke=\"#000\" stroke-width=\"1.5\"/>\n"
        }
        out += marker(line.recordedOn, "recorded \(AmountWords.number(line.recorded))", dash: "2,2", width: 1, row: 0)
        if let day = line.refillBy { out += marker(day, "refill by \(day)", dash: "6,3", width: 1, row: 1) }
        if let day = line.runOut { out += marker(day, "runs out \(day)", dash: nil, width: 2.5, row: 2) }
        return out
    }

    /// A vertical line at `day` with `text` beside it on text row `row` (so that labels of
    /// near days do not overlap); nothing when `day` is not shown.
    private func marker(_ day: LocalDate, _ text: String, dash: String?, width: Double, row: Int) -> String {
        guard let i = days.firstIndex(of: day) else { return "" }
        let xs = Self.number(x(i))
        var out = "<line x1=\"\(xs)\" y1=\"\(Self.top)\" x2=\"\(xs)\" y2=\"\(Self.panelHeight - Self.bottom)\" "
        out += "stroke=\"#5a5a5a\" stroke-width=\"\(Self.number(width))\""
        out += (dash.map { " stroke-dasharray=\"\($0)\"" } ?? "") + "/>\n"
        let anchor = x(i) > Double(Self.width) * 0.7 ? "end" : "start"
        return out + label(x: x(i) + (anchor == "end" ? -3 : 3), y: Double(Self.top + 10 + 12 * row), text, anchor: anchor)
    }

    private func label(x: Double, y: Double, _ text: String, anchor: String) -> String {
        "<text x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" font-size=\"10\" text-anchor=\"\(anchor)\">\(HTMLText.escape(text))</text>\n"
    }

    private func label(x: Int, y: Double, _ text: String, anchor: String) -> String {
        label(x: Double(x), y: y, text, anchor: anchor)
    }

    /// The x of day `i`.
    private func x(_ i: Int) -> Double {
        let plot = Double(Self.width - Self.left - Self.right)
        return Double(Self.left) + (days.count > 1 ? plot * Double(i) / Double(days.count - 1) : plot / 2)
    }

    /// The y of `value` on a scale up to `most`.
    private func y(_ value: Double, _ most: Double) -> Double {
        let plot = Double(Self.panelHeight - Self.top - Self.bottom)
        return Double(Self.top) + plot * (1 - min(max(value, 0), most) / most)
    }

    /// The top of the scale: `value` rounded up to 1, 2 or 5 times a power of ten (at least 1).
    public static func scale(_ value: Double) -> Double {
        var power = 1.0
        while power * 10 <= value { power *= 10 }
        for step in [1.0, 2.0, 5.0, 10.0] where step * power >= value { return step * power }
        return 10 * power
    }

    /// A coordinate to one decimal, the same text on every platform ("12.5", "40").
    static func number(_ value: Double) -> String { AmountWords.number((value * 10).rounded() / 10) }
}
