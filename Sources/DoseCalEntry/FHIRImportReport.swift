public import DoseCalCore

/// What `FHIRImporter` made of FHIR resources: the schedule, where each medication came from
/// with what to check, the orders left out as inactive, and what could not be imported and why.
public struct FHIRImportReport: Sendable, Equatable {
    public var schedule: Schedule
    /// Per medication of the schedule (same order): the resource it came from and its notes.
    public var sources: [Source]
    /// Orders that are no longer taken (stopped, completed, cancelled, entered in error ...).
    public var inactive: [Left]
    /// Medication resources that could not become a medication exactly, with the reason.
    public var notImported: [Left]
    /// How many resources were read, of every type.
    public var resourcesRead: Int

    public struct Source: Sendable, Equatable {
        /// `MedicationRequest/medrx0302`.
        public var resource: String
        public var notes: [String]
    }

    public struct Left: Sendable, Equatable {
        public var resource: String
        /// The medicine's name, when the resource gives one.
        public var name: String?
        public var reason: String
    }

    /// The report as lines of plain text, after the line saying what was written.
    public var lines: [String] {
        var lines: [String] = []
        for (m, source) in zip(schedule.medications, sources) {
            let times =
                m.recurrence.isAsNeeded ? "as needed" : m.times.map(\.time.description).joined(separator: ", ")
            lines.append("  \(m.name): \(times) (from \(source.resource))")
            lines += source.notes.map { "    \($0)" }
        }
        if !inactive.isEmpty {
            lines.append("Left out, no longer taken:")
            lines += inactive.map { "  \($0.resource)\($0.name.map { " (\($0))" } ?? ""): \($0.reason)" }
        }
        if !notImported.isEmpty {
            lines.append("Not imported:")
            lines += notImported.map { "  \($0.resource)\($0.name.map { " (\($0))" } ?? ""): \($0.reason)" }
        }
        return lines
    }

    /// `{"medications": [{"id", "name", "from", "notes"}], "inactive": [...], "notImported": [...]}`.
    public var json: JSONValue {
        let meds = zip(schedule.medications, sources).map { m, s in
            JSONValue(object: [
                "id": JSONValue(m.id), "name": JSONValue(m.name), "from": JSONValue(s.resource),
                "notes": JSONValue(array: s.notes.map { JSONValue($0) }),
            ])
        }
        let left = { (list: [Left]) in
            JSONValue(
                array: list.map {
                    JSONValue(object: [
                        "resource": JSONValue($0.resource), "name": JSONValue($0.name), "reason": JSONValue($0.reason),
                    ])
                })
        }
        return JSONValue(object: [
            "medications": JSONValue(array: meds), "inactive": left(inactive), "notImported": left(notImported),
            "resourcesRead": JSONValue(resourcesRead),
        ])
    }
}
