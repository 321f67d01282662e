import DoseCalCore

/// The supply chart in a page: the person's header, then per medication its SVG panel (inline,
/// no namespace address needed in HTML) and the same facts in words for a screen reader and a
/// copy without the picture.
extension SupplyChart {
    /// The chart's `<section>`.
    public var html: String {
        var out = "<section class=\"page supply\">\n<h2>\(HTMLText.escape(title))</h2>\n" + ChartHeader(person).block
        if lines.isEmpty { out += "<p>No supply is recorded.</p>\n" }
        for (i, line) in lines.enumerated() {
            let id = "supply-\(person.person.map { HTMLText.escape($0.id) + "-" } ?? "")\(i + 1)"
            out += "<figure>\n<svg role=\"img\" aria-labelledby=\"\(id)\" width=\"\(Self.width)\" height=\"\(Self.panelHeight)\" "
            out += "viewBox=\"0 0 \(Self.width) \(Self.panelHeight)\" font-family=\"DejaVu Sans, Arial, sans-serif\">\n"
            out += panel(line) + "</svg>\n<figcaption id=\"\(id)\">\(HTMLText.escape(words(line)))</figcaption>\n</figure>\n"
        }
        return out + "</section>\n"
    }

    /// "Warfarin 5 mg tablets: 30 tablets on 2026-12-01; refill by 2026-12-19; runs out on
    /// 2026-12-24."
    func words(_ line: Line) -> String {
        var text = "\(line.label): \(AmountWords.number(line.recorded)) \(line.unit) on \(line.recordedOn)"
        if let day = line.refillBy { text += "; refill by \(day)" }
        text += line.runOut.map { "; runs out on \($0)." } ?? "; does not run out in the forecast."
        return text
    }
}
