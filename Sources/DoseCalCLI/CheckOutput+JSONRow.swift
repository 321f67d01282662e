import CalendarTime
import DoseCal

/// A `check --json` row written at once: its bytes go through a pointer into room made for the
/// whole row, then into the document in one append, instead of a checked append per member.
/// The same bytes as `CheckOutput.dose(_:medication:into:)`; a row it cannot write that way
/// (a string that needs an escape, a date outside the years 0...9999) is left to that.
extension CheckJSONWriter {
    /// Writes `row` (its medication shown as `medication`) and returns true, or writes nothing
    /// and returns false.
    mutating func fastDose(_ row: DoseCheck, medication: String) -> Bool {
        let strings = (row.uid?.utf8.count ?? 0) + medication.utf8.count + row.slotID.utf8.count
        let bound = 256 + 48 * row.notes.count + strings + (row.zone?.identifier.utf8.count ?? 0)
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bound) { room in
            var c = RowCursor(base: room.baseAddress!)
            guard c.dose(row, medication: medication, zone: &lastZone) else { return false }
            out.append(contentsOf: UnsafeBufferPointer(start: room.baseAddress, count: c.count))
            return true
        }
    }
}

/// Bytes written through a pointer into room already made (no capacity check per byte).
struct RowCursor {
    let base: UnsafeMutablePointer<UInt8>
    var count = 0
    /// The day of the row's last instant, and where its `YYYY-MM-DD` bytes were written.
    private var lastDay = Int.min
    private var lastDayAt = 0

    init(base: UnsafeMutablePointer<UInt8>) { self.base = base }

    /// The row's members in `dose`'s order; false when a string needs an escape or a value is
    /// outside this writer's forms.
    mutating func dose(
        _ row: DoseCheck, medication: String, zone: inout (identifier: String, quoted: [UInt8])?
    ) -> Bool {
        raw("{\"uid\": ")
        guard quoted(row.uid) else { return false }
        raw(", \"medication\": ")
        guard quoted(medication) else { return false }
        raw(", \"slot\": ")
        guard quoted(row.slotID) else { return false }
        raw(", \"day\": ")
        if let day = row.day {
            guard (0...9999).contains(day.year) else { return false }
            byte(0x22)
            date(day)
            byte(0x22)
        } else {
            raw("null")
        }
        raw(", \"local\": ")
        if let local = row.local { time(local.time) } else { raw("null") }
        raw(", \"zone\": ")
        guard quotedZone(row.zone?.identifier, known: &zone) else { return false }
        guard instant(", \"expected\": ", row.expected), instant(", \"feed\": ", row.calendar) else { return false }
        switch row.status {
        case .ok: raw(", \"status\": \"ok\"")
        case .moved: raw(", \"status\": \"moved\"")
        case .missing: raw(", \"status\": \"missing\"")
        case .extra: raw(", \"status\": \"extra\"")
        case .duplicate: raw(", \"status\": \"duplicate\"")
        case .unchecked: raw(", \"status\": \"unchecked\"")
        }
        for note in row.notes {
            let written: Bool
            switch note {
            case .gap(let shifted):
                raw(", \"gap\": ")
                time(shifted.time)
                written = true
            case .overlap:
                raw(", \"overlap\": true")
                written = true
            case .libical(let i): written = instant(", \"libical\": ", i)
            case .ios(let i): written = instant(", \"ios\": ", i)
            case .homeZone(let i): written = instant(", \"homeZone\": ", i)
            case .zoneData(let i): written = instant(", \"systemZoneData\": ", i)
            case .plan(let i): written = instant(", \"plan\": ", i)
            }
            guard written else { return false }
        }
        byte(UInt8(ascii: "}"))
        return true
    }

    mutating func raw(_ s: StaticString) {
        (base + count).initialize(from: s.utf8Start, count: s.utf8CodeUnitCount)
        count += s.utf8CodeUnitCount
    }

    mutating func byte(_ b: UInt8) {
        base[count] = b
        count += 1
    }

    /// `"…"` for a string that needs no escape (false for one that does), or null.
    mutating func quoted(_ s: String?) -> Bool {
        guard let s else {
            raw("null")
            return true
        }
        byte(0x22)
        let plain =
            s.utf8.withContiguousStorageIfAvailable { copyPlain($0) } ?? Array(s.utf8).withUnsafeBufferPointer { copyPlain($0) }
        byte(0x22)
        return plain
    }

    private mutating func copyPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !bytes.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) else { return false }
        if let start = bytes.baseAddress { (base + count).initialize(from: start, count: bytes.count) }
        count += bytes.count
        return true
    }

    /// `"…"` of a zone's identifier (or null), copied from `known` (the last zone written) when
    /// it is the same; false when it needs an escape.
    mutating func quotedZone(_ identifier: String?, known: inout (identifier: String, quoted: [UInt8])?) -> Bool {
        guard let identifier else {
            raw("null")
            return true
        }
        if let last = known, last.identifier == identifier {
            last.quoted.withUnsafeBufferPointer { (base + count).initialize(from: $0.baseAddress!, count: $0.count) }
            count += last.quoted.count
            return true
        }
        let start = count
        guard quoted(identifier) else { return false }
        known = (identifier, Array(UnsafeBufferPointer(start: base + start, count: count - start)))
        return true
    }

    /// `prefix`, then `"YYYY-MM-DDTHH:MM:SSZ"` (RFC 3339 in UTC) or null; false outside the years 0...9999.
    mutating func instant(_ prefix: StaticString, _ instant: Int?) -> Bool {
        raw(prefix)
        guard let instant else {
            raw("null")
            return true
        }
        guard instant >= -62_167_219_200 && instant < 253_402_300_800 else { return false }
        // Floor division.
        let days = instant >= 0 ? instant / 86_400 : -1 - (-1 - instant) / 86_400
        let rest = instant - days * 86_400
        byte(0x22)
        if days == lastDay {
            (base + count).initialize(from: base + lastDayAt, count: 10)
            count += 10
        } else {
            lastDay = days
            lastDayAt = count
            date(LocalDate(daysSinceEpoch: days))
        }
        byte(UInt8(ascii: "T"))
        digits(rest / 3600)
        byte(UInt8(ascii: ":"))
        digits(rest % 3600 / 60)
        byte(UInt8(ascii: ":"))
        digits(rest % 60)
        byte(UInt8(ascii: "Z"))
        byte(0x22)
        return true
    }

    /// `"HH:MM"`.
    mutating func time(_ t: LocalTime) {
        byte(0x22)
        digits(t.hour)
        byte(UInt8(ascii: ":"))
        digits(t.minute)
        byte(0x22)
    }

    /// `YYYY-MM-DD` of a year in 0...9999.
    mutating func date(_ d: LocalDate) {
        digits(d.year / 100)
        digits(d.year % 100)
        byte(UInt8(ascii: "-"))
        digits(d.month)
        byte(UInt8(ascii: "-"))
        digits(d.day)
    }

    /// Two decimal digits of `n` (0...99).
    mutating func digits(_ n: Int) {
        byte(UInt8(truncatingIfNeeded: 0x30 + n / 10))
        byte(UInt8(truncatingIfNeeded: 0x30 + n % 10))
    }
}
