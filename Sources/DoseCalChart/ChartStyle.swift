/// The charts' CSS, written into each document: black on white with shading and borders only,
/// so that a black-and-white copy says everything; each person on a new landscape page when
/// printed.
enum ChartStyle {
    static func css(_ paper: ChartPaper) -> String {
        """
        @page { size: \(paper.css); margin: 8mm; }
        html { color: #000; background: #fff; font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; }
        body { margin: 0; font-size: 9pt; }
        h1 { font-size: 12pt; margin: 0 0 2mm; }
        h2 { font-size: 9pt; margin: 2mm 0 1mm; }
        .page { break-before: page; }
        .page:first-of-type { break-before: auto; }
        .who { text-align: left; font-weight: normal; font-size: 9pt; padding: 1mm 0; }
        table { border-collapse: collapse; width: 100%; table-layout: fixed; }
        caption { text-align: left; font-weight: bold; padding-bottom: 1mm; }
        thead { display: table-header-group; }
        tr { break-inside: avoid; }
        th, td { border: 0.5pt solid #000; padding: 0.4mm; vertical-align: top; overflow-wrap: anywhere; }
        table.mar { font-size: 6.5pt; }
        table.mar col.med { width: 31mm; }
        table.mar col.time { width: 11mm; }
        table.mar col.dose { width: 22mm; }
        table.mar th.med { text-align: left; overflow-wrap: break-word; }
        table.mar td { text-align: center; height: 5mm; font-size: 5.5pt; padding: 0.3mm 0; white-space: nowrap; }
        table.mar td.time, table.mar td.dose { font-size: 6.5pt; white-space: normal; }
        table.mar td.time, table.mar td.dose { text-align: left; padding: 0.4mm; }
        td.shaded { background: #d0d0d0; color: #404040; }
        .sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
        .wd { font-weight: normal; }
        .mark { font-weight: bold; }
        abbr { text-decoration: none; }
        tr.extra th, tr.extra td.time { font-style: italic; }
        .notes ul { margin: 0; padding-left: 5mm; }
        .key dl { display: grid; grid-template-columns: max-content 1fr max-content 1fr max-content 1fr; gap: 0 2mm; margin: 0; }
        .key dt { font-weight: bold; }
        .key dd { margin: 0; }
        table.week td { text-align: left; }
        table.week ul { list-style: none; margin: 0; padding: 0; }
        table.week li { margin-bottom: 1mm; }
        .supply svg { width: 100%; height: auto; }
        @media print { body { font-size: 8pt; } }

        """
    }
}
