import CalendarTime
import DoseCal

/// `check --json`: the report written straight into UTF-8 bytes, row by row, in the layout
/// `JSONValue.text` gives (two-space indentation, each dose one line), without building a tree
/// of a year's rows first.
extension CheckOutput {
    func jsonBytes() -> [UInt8] {
        var w = CheckJSONWriter()
        w.out.reserveCapacity(200 * report.doses.count + 4096)
        w.raw("{\n")
        // A check the budget cut says so first.
        if let cut = report.cut {
            let unchecked = report.count(.unchecked)
            w.text("  \"expansionCut\": {\"complete\": \(!cut.leavesDosesUnchecked), \"limit\": \(cut.limit), ")
            w.text("\"eventsNotExpanded\": \(cut.series.count), \"libicalEventsLeftOut\": \(cut.libicalSeries.count), ")
            w.text("\"dosesNotChecked\": \(unchecked), \"message\": ")
            w.string(Self.incomplete(cut, unchecked: unchecked, home: schedule.home))
            w.raw("},\n")
        }
        w.member("checked", checked, first: true)
        w.member("from", report.from.description)
        w.member("to", report.to.description)
        w.member("homeZone", schedule.homeZone)
        w.member("gapPolicy", report.gapPolicy.rawValue)
        let statuses = [DoseCheck.Status.ok, .moved, .missing, .extra, .duplicate] + (report.cut == nil ? [] : [.unchecked])
        w.text(",\n  \"summary\": {\"expected\": \(report.counts.expected)")
        for status in statuses { w.text(", \"\(status.rawValue)\": \(report.count(status))") }
        // The rows read in place (not copied out of the report one by one).
        report.doses.withUnsafeBufferPointer { rows in
            w.raw("},\n  \"doses\": [")
            for i in rows.indices {
                w.raw(i == 0 ? "\n    " : ",\n    ")
                let medication = jsonName(rows[i].medicationID)
                if !w.fastDose(rows[i], medication: medication) { dose(rows[i], medication: medication, into: &w) }
            }
        }
        w.raw(report.doses.isEmpty ? "]" : "\n  ]")
        spacingJSON(into: &w)
        w.raw(",\n  \"warnings\": [")
        for (i, warning) in report.warnings.enumerated() {
            if i > 0 { w.raw(", ") }
            w.string(warning)
        }
        w.text("],\n  \"foreignSeries\": \(report.foreignSeries),\n  \"zoneData\": {\"foundation\": ")
        w.string(zoneData.foundation)
        w.raw(", \"system\": ")
        w.string(zoneData.system)
        w.raw("}\n}\n")
        return w.out
    }

    /// One row as a one-line object: the dose's members, then one member per note.
    private func dose(_ row: DoseCheck, medication: String, into w: inout CheckJSONWriter) {
        w.raw("{\"uid\": ")
        w.string(row.uid)
        w.raw(", \"medication\": ")
        w.string(medication)
        w.raw(", \"slot\": ")
        w.string(row.slotID)
        w.raw(", \"day\": ")
        if let day = row.day { w.quotedDate(day) } else { w.raw("null") }
        w.raw(", \"local\": ")
        if let local = row.local { w.quotedTime(local.time) } else { w.raw("null") }
        w.raw(", \"zone\": ")
        w.string(row.zone?.identifier)
        w.instant(", \"expected\": ", row.expected)
        w.instant(", \"feed\": ", row.calendar)
        w.raw(", \"status\": ")
        w.string(row.status.rawValue)
        for note in row.notes {
            switch note {
            case .gap(let shifted):
                w.raw(", \"gap\": ")
                w.quotedTime(shifted.time)
            case .overlap: w.raw(", \"overlap\": true")
            case .libical(let i): w.instant(", \"libical\": ", i)
            case .ios(let i): w.instant(", \"ios\": ", i)
            case .homeZone(let i): w.instant(", \"homeZone\": ", i)
            case .zoneData(let i): w.instant(", \"systemZoneData\": ", i)
            case .plan(let i): w.instant(", \"plan\": ", i)
            }
        }
        w.raw("}")
    }
}

/// The byte buffer `CheckOutput.jsonBytes` writes into.
struct CheckJSONWriter {
    var out: [UInt8] = []
    /// The zone of the last row `fastDose` wrote, quoted: a report's rows share a few zones.
    var lastZone: (identifier: String, quoted: [UInt8])?
    /// The day of the last instant written and its `YYYY-MM-DD` bytes: a report's instants come
    /// day by day, so most of them reuse their day's digits.
    private var lastDay = Int.min
    private var lastDayBytes: [UInt8] = []

    /// Text made at run time (counts in the summary).
    mutating func text(_ s: String) {
        var s = s
        s.withUTF8 { out.append(contentsOf: $0) }
    }

    /// Literal text (the layout's punctuation and the keys).
    mutating func raw(_ s: StaticString) {
        s.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    /// A top-level member of the document (`"key": "value"` on its own line).
    mutating func member(_ key: String, _ value: String, first: Bool = false) {
        raw(first ? "  " : ",\n  ")
        string(key)
        raw(": ")
        string(value)
    }

    /// A JSON string, or null.
    mutating func string(_ s: String?) {
        guard var s else { return raw("null") }
        // Most values need no escape: their bytes are copied as they are.
        let plain = s.withUTF8 { bytes -> Bool in
            guard !bytes.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) else { return false }
            out.append(0x22)
            out.append(contentsOf: bytes)
            out.append(0x22)
            return true
        }
        if !plain { JSONValue.appendQuoted(s, to: &out) }
    }

    /// `prefix` (`, "key": `), then `"YYYY-MM-DDTHH:MM:SSZ"` (RFC 3339 in UTC) or null.
    mutating func instant(_ prefix: StaticString, _ instant: Int?) {
        raw(prefix)
        guard let instant else { return raw("null") }
        // Floor division; the years 0...9999 lie well inside these bounds.
        guard instant >= -62_167_219_200 && instant < 253_402_300_800 else {
            return string(RFC3339.utc(instant))
        }
        let days = instant >= 0 ? instant / 86_400 : -1 - (-1 - instant) / 86_400
        let rest = instant - days * 86_400
        if days != lastDay {
            let start = out.count
            date(LocalDate(daysSinceEpoch: days))
            lastDayBytes = Array(out[start...])
            out.removeSubrange(start...)
            lastDay = days
        }
        // The 22 bytes in one append; the date's 10 are its day's.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 22) { b in
            b[0] = 0x22
            for k in 0..<10 { b[1 + k] = lastDayBytes[k] }
            b[11] = UInt8(ascii: "T")
            Self.digits(rest / 3600, into: b, at: 12)
            b[14] = UInt8(ascii: ":")
            Self.digits(rest % 3600 / 60, into: b, at: 15)
            b[17] = UInt8(ascii: ":")
            Self.digits(rest % 60, into: b, at: 18)
            b[20] = UInt8(ascii: "Z")
            b[21] = 0x22
            out.append(contentsOf: b)
        }
    }

    /// Two decimal digits of `n` (0...99) at `b[at]` and `b[at + 1]`.
    private static func digits(_ n: Int, into b: UnsafeMutableBufferPointer<UInt8>, at: Int) {
        b[at] = UInt8(truncatingIfNeeded: 0x30 + n / 10)
        b[at + 1] = UInt8(truncatingIfNeeded: 0x30 + n % 10)
    }

    /// `"HH:MM"`, as the text report's times read.
    mutating func quotedTime(_ t: LocalTime) {
        out.append(0x22)
        digits(t.hour)
        out.append(UInt8(ascii: ":"))
        digits(t.minute)
        out.append(0x22)
    }

    /// `"YYYY-MM-DD"`, as `LocalDate.description` writes it.
    mutating func quotedDate(_ d: LocalDate) {
        guard (0...9999).contains(d.year) else { return string(d.description) }
        out.append(0x22)
        date(d)
        out.append(0x22)
    }

    private mutating func date(_ d: LocalDate) {
        digits(d.year / 100)
        digits(d.year % 100)
        out.append(UInt8(ascii: "-"))
        digits(d.month)
        out.append(UInt8(ascii: "-"))
        digits(d.day)
    }

    /// Two decimal digits of `n` (0...99).
    private mutating func digits(_ n: Int) {
        out.append(UInt8(truncatingIfNeeded: 0x30 + n / 10))
        out.append(UInt8(truncatingIfNeeded: 0x30 + n % 10))
    }
}
