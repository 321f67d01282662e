/// The paper a chart is printed on, landscape: the page size its print CSS asks for, and so the
/// size of each page of the PDF.
public enum ChartPaper: String, Sendable, CaseIterable, Equatable {
    case a4
    case letter

    /// The CSS `@page` size: "A4 landscape", "letter landscape".
    public var css: String {
        switch self {
        case .a4: "A4 landscape"
        case .letter: "letter landscape"
        }
    }

    /// Width and height of a landscape page in PostScript points (1/72 inch), as a PDF's page
    /// box says them: A4 842 x 595, Letter 792 x 612.
    public var points: (width: Int, height: Int) {
        switch self {
        case .a4: (842, 595)
        case .letter: (792, 612)
        }
    }
}
