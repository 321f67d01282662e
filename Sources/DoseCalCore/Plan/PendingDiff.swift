import Foundation

/// One notification request an app already has pending: its identifier and, when the app sends
/// it, its trigger in the plan's JSON form (`{"repeats": true, "weekday": 2, "hour": 8, ...}`).
public struct PendingRequest: Sendable, Equatable {
    public var identifier: String
    public var trigger: JSONValue?

    public init(identifier: String, trigger: JSONValue? = nil) {
        self.identifier = identifier
        self.trigger = trigger
    }
}

/// What an app does to its pending requests to end up with exactly a plan's requests
/// (docs/reminders.md §5): remove `remove`, add the plan's requests named in `add`, leave `keep`.
/// A request whose trigger changed is in both `remove` and `add` (a replacement). Identifiers
/// that are not dosecal's (no feed UID before the `/`: the app's own snoozes, say) are `ignored`,
/// never removed. Applying the diff and planning again at the same instant gives an empty
/// `add` and `remove`.
public struct PendingDiff: Sendable, Equatable {
    public var add: [String] = []
    public var remove: [String] = []
    public var keep: [String] = []
    public var ignored: [String] = []

    public init(plan: NotificationPlan, pending: [PendingRequest]) {
        let planned = Dictionary(plan.requests.map { ($0.identifier, NotificationPlan.json($0.trigger)) }) { a, _ in a }
        var seen: Set<String> = []
        var kept: Set<String> = []
        var replaced: Set<String> = []
        for p in pending where seen.insert(p.identifier).inserted {
            guard Self.isDoseCal(p.identifier) else {
                ignored.append(p.identifier)
                continue
            }
            guard let trigger = planned[p.identifier] else {
                remove.append(p.identifier)
                continue
            }
            if let theirs = p.trigger, !Self.same(theirs, as: trigger) {
                remove.append(p.identifier)
                replaced.insert(p.identifier)
            } else {
                kept.insert(p.identifier)
            }
        }
        for r in plan.requests {
            if kept.contains(r.identifier) {
                keep.append(r.identifier)
            } else if replaced.contains(r.identifier) || !seen.contains(r.identifier) {
                add.append(r.identifier)
            }
        }
    }

    /// Whether `identifier` is one dosecal plans: a feed UID (`dose-…@dosecal.app`), "/", a token.
    public static func isDoseCal(_ identifier: String) -> Bool {
        guard let slash = identifier.firstIndex(of: "/") else { return false }
        let uid = identifier[..<slash]
        return uid.hasPrefix("dose-") && uid.hasSuffix("@" + DoseIdentity.uidDomain)
            && identifier.index(after: slash) < identifier.endIndex
    }

    /// Whether the app's trigger `theirs` has every key of the planned trigger with the same
    /// value (numbers by value; keys the plan does not write are not compared).
    static func same(_ theirs: JSONValue, as planned: JSONValue) -> Bool {
        guard let mine = planned.objectMembers, theirs.objectMembers != nil else { return false }
        return mine.allSatisfy { member in
            guard let value = theirs[member.key] else { return member.value.isNull }
            switch (member.value.kind, value.kind) {
            case (.number(let a, _), .number(let b, _)): return a == b
            case (.string(let a), .string(let b)): return a == b
            case (.bool(let a), .bool(let b)): return a == b
            case (.null, .null): return true
            default: return false
            }
        }
    }
}
