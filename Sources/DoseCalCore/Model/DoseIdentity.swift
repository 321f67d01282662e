import CalendarTime
import Foundation

/// One dose slot of one medication: what every dose, series, notification and log entry of the
/// slot shares.
public struct SlotKey: Sendable, Hashable, Comparable {
    public var medicationID: String
    public var slotID: String

    public init(medicationID: String, slotID: String) {
        self.medicationID = medicationID
        self.slotID = slotID
    }

    public static func < (a: SlotKey, b: SlotKey) -> Bool { (a.medicationID, a.slotID) < (b.medicationID, b.slotID) }
}

/// Which of a slot's series an event is: the main one (""), one that starts at a taper step or
/// travel date (`from-YYYYMMDD`), the Nth rule of a cycle (`+cN`, after either), and the doses
/// of one weekday whose amount is not the slot's plain one (`+MO`, last).
public struct SeriesPart: Sendable, Hashable, CustomStringConvertible {
    /// The part as it goes into the UID.
    public var description: String

    /// The main series of a slot.
    public static let main = SeriesPart(stretchStart: nil)

    /// The series of the stretch starting at `stretchStart` (nil: the medication's start), of
    /// its `cycleRule`th rule (1-based) when a cycle needs several, and of the doses on
    /// `weekday` when that day's amount has a series of its own.
    public init(stretchStart: LocalDate?, cycleRule: Int? = nil, weekday: Weekday? = nil) {
        let stretch = stretchStart.map { "from-\($0.basicFormat)" } ?? ""
        description = stretch + (cycleRule.map { "+c\($0)" } ?? "") + (weekday.map { "+\($0.rawValue)" } ?? "")
    }

    /// A part as written in a UID's hashed text (an older feed's, for instance).
    public init(_ text: String) { description = text }
}

/// What one of dosecal's calendar items is, and its UID (decision 0001): `dose-` + the first 24
/// hex digits of SHA-256(medication id 0x1F slot id 0x1F part) + `@dosecal.app`; a refill warning
/// has slot "" and part `supply-warning`, an as-needed medicine's next-dose-allowed event part
/// `next-dose-allowed`. The UID never changes with a time edit and names no
/// medicine.
public enum DoseIdentity: Sendable, Hashable {
    /// A dose series of a slot.
    case series(SlotKey, SeriesPart)
    /// A medication's low-supply (refill) warning.
    case supplyWarning(medicationID: String)
    /// An as-needed medicine's "next dose allowed" event.
    case nextDoseAllowed(medicationID: String)

    public static let uidDomain = "dosecal.app"
    private static let uidSuffix = "@" + uidDomain
    private static let supplyWarningPart = "supply-warning"
    private static let nextDoseAllowedPart = "next-dose-allowed"

    public var uid: String {
        switch self {
        case .series(let slot, let part): DoseIdentity.uid(slot.medicationID, slot.slotID, part.description)
        case .supplyWarning(let medicationID): DoseIdentity.uid(medicationID, "", DoseIdentity.supplyWarningPart)
        case .nextDoseAllowed(let medicationID): DoseIdentity.uid(medicationID, "", DoseIdentity.nextDoseAllowedPart)
        }
    }

    /// `dose-` + the first 24 hex digits of the SHA-256 of medication id, slot id and part
    /// (separated by U+001F) + `@dosecal.app`, hashed from one byte buffer and written at once.
    private static func uid(_ medicationID: String, _ slotID: String, _ part: String) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(medicationID.utf8.count + slotID.utf8.count + part.utf8.count + 2)
        text.append(contentsOf: medicationID.utf8)
        text.append(0x1F)
        text.append(contentsOf: slotID.utf8)
        text.append(0x1F)
        text.append(contentsOf: part.utf8)
        return SHA256.hex(of: text, digits: 24, prefix: "dose-", suffix: uidSuffix)
    }

    /// `dose-<24 lower-case hex>@dosecal.app`: the form of every UID dosecal writes.
    public static func isDosecalUID(_ uid: String) -> Bool {
        // Read as bytes: the form is ASCII only, so any other byte is no dosecal UID.
        let bytes = uid.utf8
        guard bytes.count == 5 + 24 + uidSuffix.utf8.count, bytes.starts(with: "dose-".utf8),
            bytes.reversed().starts(with: uidSuffix.utf8.reversed())
        else { return false }
        return bytes.dropFirst(5).prefix(24).allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// The part of a UID before `@dosecal.app`, when it has that domain.
    public static func localPart(ofUID uid: String) -> Substring? {
        uid.hasSuffix(uidSuffix) ? uid.dropLast(uidSuffix.count) : nil
    }

    /// The UID with dosecal's domain for a local part (`dose-<hex>`), when that has dosecal's form.
    public static func uid(localPart: Substring) -> String? {
        let candidate = String(localPart) + uidSuffix
        return isDosecalUID(candidate) ? candidate : nil
    }
}
