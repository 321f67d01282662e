import DoseCal
import Foundation

/// How a sync report is shown: a few lines, or JSON. Names files and UIDs; the merged phone edits
/// are described as `dosecal reconcile` does, in the schedule's own words.
struct SyncOutput {
    var report: VdirSync.Report
    var folder: String
    var dryRun: Bool
    /// Names medications in the merged changes' JSON (by position in privacy mode); nil when
    /// the schedule was not decoded (a no-op sync, which merges nothing; never masked otherwise).
    var label: MedicationLabel?

    var created: [String] {
        if let o = report.outcome { return o.created }
        return report.plan.actions.compactMap { if case .create(_, let f) = $0 { return f } else { return nil } }
    }
    var updated: [String] {
        if let o = report.outcome { return o.updated }
        return report.plan.actions.compactMap { if case .update(_, let f, _) = $0 { return f } else { return nil } }
    }
    var deleted: [String] {
        if let o = report.outcome { return o.deleted }
        return report.plan.actions.compactMap { if case .delete(_, let f, _) = $0 { return f } else { return nil } }
    }
    var inStep: Int { report.inStep }

    func text() -> String {
        let mode = dryRun ? " (dry run: nothing written)" : ""
        var lines = [
            "dosecal sync \(folder)\(mode): \(created.count) new, \(updated.count) changed, \(deleted.count) deleted, "
                + "\(inStep) in step"
        ]
        if dryRun {
            lines += created.map { "  new:     \($0)" } + updated.map { "  change:  \($0)" } + deleted.map { "  delete:  \($0)" }
        }
        for uid in report.folderChanges.foreignAdded {
            lines.append("  not dosecal's, left alone: \(report.plan.status.entries[uid]?.file ?? uid)")
        }
        for u in report.plan.unusable { lines.append("  not an item, left alone: \(u.file) \(u.reason)") }
        for name in report.removedLeftovers { lines.append("  removed a temporary file of an interrupted sync: \(name)") }
        if let merge = report.merge {
            let verb = dryRun ? "would bring back" : "brought back"
            if !merge.changes.changes.isEmpty { lines.append("From the phone (\(verb) into the schedule):") }
            lines += merge.changes.changes.map { "  \($0.description)" }
            lines += merge.changes.conflicts.map { "  conflict: \($0.description)" }
            lines += merge.changes.unmapped.map { "  not brought back: \($0.description): \($0.reason)" }
            lines += merge.changes.damaged.map { "  damaged on the phone, nothing changed in the schedule: \($0.description)" }
            lines += merge.changes.absent.map { "  missing, not read as deleted: \($0.description): \($0.reason)" }
            lines += merge.repaired.map {
                "  repaired from the schedule: \($0.file) (the phone's copy kept in the sync store as \($0.backup))"
            }
        }
        let damaged = Set(report.merge?.changes.damaged.map(\.uid) ?? [])
        for c in report.conflicts where !damaged.contains(c.uid) { lines.append("  conflict: \(c.message)") }
        if !report.conflicts.isEmpty {
            lines.append("\(report.conflicts.count) conflict(s) remain; nothing of them was overwritten (exit 1).")
        }
        // File names and UIDs come from other programs: one line each, whatever they hold.
        return lines.map(OutputText.escaped).joined(separator: "\n")
    }

    func json() -> String {
        let changes = report.folderChanges
        var edited: [String] = []
        var removed: [String] = []
        for (uid, change) in changes.owned.sorted(by: { $0.key < $1.key }) {
            if case .edited = change { edited.append(uid) } else { removed.append(uid) }
        }
        let strings = { (list: [String]) in JSONValue(array: list.map { JSONValue($0) }) }
        let conflicts = report.conflicts.map { c in
            JSONValue(object: [
                "uid": JSONValue(c.uid), "kind": JSONValue(c.kind.rawValue), "files": strings(c.files),
                "message": JSONValue(c.message),
            ])
        }
        let duplicates = changes.duplicates.sorted { $0.key < $1.key }.map { (uid, files) in
            JSONValue(object: ["uid": JSONValue(uid), "files": strings(files)])
        }
        let value = JSONValue(object: [
            "folder": JSONValue(folder), "dryRun": JSONValue(dryRun),
            "created": strings(created), "updated": strings(updated), "deleted": strings(deleted), "inStep": JSONValue(inStep),
            "conflicts": JSONValue(array: conflicts),
            "folderChanges": JSONValue(object: [
                "edited": strings(edited), "deleted": strings(removed), "duplicates": JSONValue(array: duplicates),
                "foreignAdded": strings(changes.foreignAdded),
            ]),
            "unusable": JSONValue(
                array: report.plan.unusable.map {
                    JSONValue(object: ["file": JSONValue($0.file), "reason": JSONValue($0.reason)])
                }),
            "removedTemporaryFiles": strings(report.removedLeftovers),
            "merged": report.merge.flatMap { m in label.map { $0.masking(m.changes.json) } } ?? JSONValue(.null),
            "repaired": JSONValue(
                array: (report.merge?.repaired ?? []).map {
                    JSONValue(object: ["uid": JSONValue($0.uid), "file": JSONValue($0.file), "backup": JSONValue($0.backup)])
                }),
        ])
        return String(value.text.dropLast())
    }
}
