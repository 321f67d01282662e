import Foundation
import ICal

/// One dose time read from a calendar (a recurring event, or a run of single events), before
/// dose times of the same medication are gathered into one `Medication`.
struct ImportedDose: Sendable {
    var summary: String
    var time: WallTime
    var recurrence: Recurrence
    var start: LocalDate
    var end: LocalDate?
    var timePolicy: TimePolicy
    var reminder: Reminder
    var from: String
    var notes: [String]

    /// Dose times that can share one medication: everything but the time.
    var groupKey: String {
        "\(summary)\u{1F}\(recurrence)\u{1F}\(start)\u{1F}\(end.map(\.description) ?? "")\u{1F}\(timePolicy)\u{1F}\(reminder)"
    }
}

/// The parts of a dose title: "Metformin 500 mg (1 tablet)" -> name "Metformin", strength
/// "500 mg", dose "1 tablet"; "Vitamin D3 50,000 IU (1 dose)" -> pills 1, no dose text.
struct DoseTitle: Sendable, Equatable {
    var name: String
    var strength: String?
    var dose: String?
    var pillsPerDose: Double = 1

    init(_ summary: String) {
        var head = summary.trimmingCharacters(in: .whitespaces)
        if head.hasSuffix(")"), let open = head.range(of: " (") {
            let inner = String(head[open.upperBound..<head.index(before: head.endIndex)])
            head = String(head[..<open.lowerBound])
            let parts = inner.split(separator: " ")
            if parts.count == 2, ["dose", "doses"].contains(parts[1]), let n = Double(parts[0]), n > 0 {
                pillsPerDose = n
            } else if !inner.isEmpty {
                dose = inner
            }
        }
        if let match = head.range(of: #" \d[\d.,]*\s?(mg|mcg|µg|ug|g|ml|IU|iu|units?)$"#, options: .regularExpression) {
            strength = String(head[match].dropFirst())
            head = String(head[..<match.lowerBound])
        }
        name = head.isEmpty ? summary : head
    }
}
