/// A chart as one self-contained HTML document: inline CSS, no script, no web font, no address
/// of anything outside it, so that it opens, prints and renders offline the same everywhere
/// (decision 0260). The same bytes for the same pages and paper.
public struct ChartDocument: Sendable, Equatable {
    /// The document's title ("Medication administration record, December 2026").
    public var title: String
    /// The paper its print CSS asks for.
    public var paper: ChartPaper
    /// The pages' `<section>`s, in order.
    public var sections: [String]

    public init(title: String, paper: ChartPaper, sections: [String]) {
        self.title = title
        self.paper = paper
        self.sections = sections
    }

    /// The whole document.
    public var html: String {
        var out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        out += "<title>\(HTMLText.escape(title))</title>\n<style>\n\(ChartStyle.css(paper))</style>\n</head>\n<body>\n"
        out += "<h1>\(HTMLText.escape(title))</h1>\n"
        for section in sections { out += section }
        return out + "</body>\n</html>\n"
    }
}
