import Foundation

/// "Did you mean ...?": the known name closest to a mistyped one, for keys, enum values, zone
/// names, commands and options alike.
///
/// Closeness is the optimal-string-alignment edit distance (insertions, deletions, substitutions
/// and swaps of two neighbouring characters each count 1); a name equal ignoring case is closest
/// of all. A name is suggested only when it is at most 2 edits away (1 for words of up to 4
/// characters), so that short typos do not get unrelated suggestions.
public enum NameSuggestion {
    /// The candidate closest to `name`, or nil when none is close enough. Ties go to the first.
    public static func closest(to name: String, in candidates: [String]) -> String? {
        let typed = Array(name.lowercased())
        let limit = typed.count <= 4 ? 1 : 2
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != name {
            let lower = Array(candidate.lowercased())
            guard abs(lower.count - typed.count) <= limit else { continue }
            let d = distance(typed, lower)
            if d <= limit, d < (best?.distance ?? .max) { best = (candidate, d) }
        }
        return best?.name
    }

    /// The IANA zone name closest to `name`: `America/Chicgo` -> `America/Chicago`; a bare city
    /// (`Chicago`, `new york`) finds its zone too.
    public static func zone(near name: String) -> String? {
        let zones = offeredZones(ZoneDatabase.system)
        if let match = closest(to: name, in: zones) { return match }
        guard !name.contains("/") else { return nil }
        let cities = zones.map { String($0.split(separator: "/").last ?? "") }
        let spaced = name.replacingOccurrences(of: " ", with: "_")
        guard let city = closest(to: spaced, in: cities) ?? cities.first(where: { $0.lowercased() == spaced.lowercased() })
        else { return nil }
        return zones[cities.firstIndex(of: city)!]
    }

    /// The zone names offered to people: the zone data's own list (`ZoneDatabase.names`, the
    /// same files the feed uses) and `UTC`.
    public static func offeredZones(_ database: ZoneDatabase) -> [String] { database.names + ["UTC"] }

    /// Optimal-string-alignment distance between two character arrays.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { current[j] = min(current[j], before[j - 2] + 1) }
            }
            before = previous
            previous = current
        }
        return previous[b.count]
    }
}
