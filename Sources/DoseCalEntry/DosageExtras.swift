public import DoseCalCore

/// What a dosecal medication says beyond FHIR R4's `Dosage`, carried in documented dosecal
/// extensions (docs/fhir.md, "dosecal's extensions") so that export then import gives the same
/// doses: the slot ids of the dose times, a cycle of days on and off, a time policy other than
/// the one the timing implies, and what the export could not say at all.
///
/// The cycle, the time policy and what was not said change what the timing means, so they are
/// `modifierExtension`s: a reader that does not know them must not take the dosage as written.
public struct DosageExtras: Sendable, Equatable {
    /// The slot of each dose time (its id and time), in the dosage's own times.
    public var slots: [DoseSlot]
    /// Days taken, then days not, repeating from the medication's first day (21 and 7).
    public var cycle: (daysOn: Int, daysOff: Int)?
    /// The time policy, when not the one the timing implies (fixed interval for every N hours,
    /// wall clock for the rest).
    public var timePolicy: TimePolicy?
    /// Why the export could not say this medication's doses (moved doses, a slot's last day ...):
    /// import refuses the dosage with these words.
    public var notSaid: String?

    public init(
        slots: [DoseSlot] = [], cycle: (daysOn: Int, daysOff: Int)? = nil, timePolicy: TimePolicy? = nil,
        notSaid: String? = nil
    ) {
        self.slots = slots
        self.cycle = cycle
        self.timePolicy = timePolicy
        self.notSaid = notSaid
    }

    public static func == (a: DosageExtras, b: DosageExtras) -> Bool {
        a.slots == b.slots && a.cycle?.daysOn == b.cycle?.daysOn && a.cycle?.daysOff == b.cycle?.daysOff
            && a.timePolicy == b.timePolicy && a.notSaid == b.notSaid
    }

    static let slotURL = "urn:dosecal:fhir:slot"
    static let cycleURL = "urn:dosecal:fhir:cycle"
    static let policyURL = "urn:dosecal:fhir:time-policy"
    static let notSaidURL = "urn:dosecal:fhir:not-said"

    /// The `extension` list of a Dosage: one `slot` per dose time, `"morning 08:00"`.
    var extensions: [JSONValue] {
        slots.map { Self.string(Self.slotURL, "\($0.id) \($0.time)") }
    }

    /// The `modifierExtension` list of a Dosage.
    var modifiers: [JSONValue] {
        var list: [JSONValue] = []
        if let c = cycle {
            list.append(
                JSONValue(members: [
                    ("url", JSONValue(Self.cycleURL)),
                    (
                        "extension",
                        JSONValue(array: [
                            JSONValue(members: [("url", JSONValue("daysOn")), ("valueInteger", JSONValue(c.daysOn))]),
                            JSONValue(members: [("url", JSONValue("daysOff")), ("valueInteger", JSONValue(c.daysOff))]),
                        ])
                    ),
                ]))
        }
        if let p = timePolicy { list.append(Self.string(Self.policyURL, Self.words(p))) }
        if let n = notSaid { list.append(Self.string(Self.notSaidURL, n)) }
        return list
    }

    private static func string(_ url: String, _ value: String) -> JSONValue {
        JSONValue(members: [("url", JSONValue(url)), ("valueString", JSONValue(value))])
    }

    /// A time policy in the extension's words: `wall clock`, `fixed interval`, `floating`,
    /// `pinned America/Chicago`, `gradual 120` (minutes a day at most).
    static func words(_ p: TimePolicy) -> String {
        switch p {
        case .wallClock: "wall clock"
        case .fixedInterval: "fixed interval"
        case .floating: "floating"
        case .pinned(let zone): "pinned \(zone.identifier)"
        case .gradual(let minutes): "gradual \(minutes)"
        }
    }

    /// The extensions of a Dosage JSON read back; a modifier extension dosecal does not know
    /// is refused (it changes what the dosage means).
    init(reading d: JSONValue) throws(EntryError) {
        self.init()
        for e in d["extension"]?.arrayValue ?? [] where e["url"]?.stringValue == Self.slotURL {
            let parts = (e["valueString"]?.stringValue ?? "").split(separator: " ")
            guard parts.count == 2, let time = LocalTime(parsing: parts[1]) else {
                throw .notExact("the slot extension \(e.summary) is not \"ID HH:MM\"")
            }
            slots.append(DoseSlot(id: String(parts[0]), time: time))
        }
        for e in d["modifierExtension"]?.arrayValue ?? [] {
            let url = e["url"]?.stringValue ?? "(no url)"
            switch url {
            case Self.cycleURL:
                let sub = { (name: String) in e["extension"]?.arrayValue?.first { $0["url"]?.stringValue == name } }
                guard let on = sub("daysOn")?["valueInteger"]?.intValue, let off = sub("daysOff")?["valueInteger"]?.intValue,
                    on >= 1, off >= 1
                else { throw .notExact("the cycle extension \(e.summary) has no whole daysOn and daysOff") }
                cycle = (on, off)
            case Self.policyURL: timePolicy = try Self.policy(e["valueString"]?.stringValue ?? "")
            case Self.notSaidURL: notSaid = e["valueString"]?.stringValue ?? "the export could not say these doses"
            default:
                throw .notExact("a modifier extension dosecal does not know (\(url)): it changes what the dosage means")
            }
        }
    }

    private static func policy(_ s: String) throws(EntryError) -> TimePolicy {
        switch s {
        case "wall clock": return .wallClock
        case "fixed interval": return .fixedInterval
        case "floating": return .floating
        default:
            if s.hasPrefix("pinned "), let zone = Zone(String(s.dropFirst(7))) { return .pinned(zone: zone) }
            if s.hasPrefix("gradual "), let minutes = Int(s.dropFirst(8)), minutes > 0 {
                return .gradual(maxShiftMinutes: minutes)
            }
            throw .notExact(
                "the time policy \"\(s)\" is not one dosecal knows: wall clock, fixed interval, floating, pinned ZONE, gradual MINUTES"
            )
        }
    }
}
