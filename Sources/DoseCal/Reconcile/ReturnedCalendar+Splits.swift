extension ReturnedCalendar {
    /// Finds splits (Google `_R` UIDs, RELATED-TO links, then UNTIL adjacency) and sets each
    /// series' `root` and `dosecalUID`.
    mutating func recoverSplits() {
        let index = positions
        var found: [SeriesSplit] = []
        var linked = Set<[String]>()
        var googleRoots: [String: String] = [:]  // uid -> stripped root UID
        func start(_ uid: String) -> ReturnedTime? { index[uid].flatMap { series[$0].master?.startTime } }
        func link(_ a: String, _ b: String, _ evidence: SeriesSplit.Evidence) {
            guard a != b, linked.insert([a, b].sorted()).inserted else { return }
            let (earlier, later) = ordered(a, b, start(a), start(b))
            found.append(SeriesSplit(earlier: earlier, later: later, evidence: evidence, effective: start(later)))
        }
        // Google: `<root>(_R<date>[T<time>])+@domain`. Several halves named after one parent
        // (Google often names every split after the original) form a chain by start.
        var children: [String: [String]] = [:]
        for s in series {
            guard let parents = ReturnedCalendar.googleParents(of: s.uid) else { continue }
            googleRoots[s.uid] = parents.last
            if let parent = parents.first(where: { index[$0] != nil }) { children[parent, default: []].append(s.uid) }
        }
        for (parent, halves) in children.sorted(by: { $0.key < $1.key }) {
            var previous = parent
            for half in halves.sorted(by: { (start($0) ?? .unknownStart, $0) < (start($1) ?? .unknownStart, $1) }) {
                link(previous, half, .googleSuffix)
                previous = half
            }
        }
        // Apple recurrence sets and Nextcloud siblings.
        var sets: [String: [String]] = [:]
        for s in series {
            guard let relations = s.master?.relations else { continue }
            for value in relations["X-CALENDARSERVER-RECURRENCE-SET"] ?? [] { sets[value, default: []].append(s.uid) }
            for other in relations["SIBLING"] ?? [] where index[other] != nil { link(other, s.uid, .sibling) }
        }
        for (value, members) in sets.sorted(by: { $0.key < $1.key }) {
            let byStart = members.sorted { (start($0) ?? .unknownStart) < (start($1) ?? .unknownStart) }
            for (a, b) in zip(byStart, byStart.dropFirst()) { link(a, b, .recurrenceSet(value)) }
        }
        // No link written: summary, rule shape and UNTIL adjacency.
        for candidate in adjacentPairs(excluding: found) { link(candidate.0, candidate.1, .untilAdjacent) }
        splits = found.sorted { ($0.effective ?? .unknownStart, $0.later) < ($1.effective ?? .unknownStart, $1.later) }
        assignRoots(googleRoots: googleRoots)
    }

    private func ordered(_ a: String, _ b: String, _ sa: ReturnedTime?, _ sb: ReturnedTime?) -> (String, String) {
        switch (sa, sb) {
        case (let x?, let y?): return x <= y ? (a, b) : (b, a)
        default: return (a, b)
        }
    }

    /// Pairs (earlier, later) of series with no explicit link: same summary, same rule apart
    /// from UNTIL/COUNT, the earlier's UNTIL at most one day before the later's start. Two
    /// dosecal UIDs are never paired (dosecal writes taper steps and travel as such pairs).
    /// Candidates are indexed by summary and rule shape, so large calendars stay linear.
    private func adjacentPairs(excluding found: [SeriesSplit]) -> [(String, String)] {
        // A pair holds a series that is not dosecal's (below): a folder of dosecal's items alone
        // has none, and no rule's shape is made for it.
        guard series.contains(where: { !ReturnedCalendar.isDosecalUID($0.uid) }) else { return [] }
        let ended = Set(found.map(\.earlier))
        let started = Set(found.map(\.later))
        struct Key: Hashable {
            var summary: String?
            var shape: String
        }
        // A calendar repeats a few rule texts many times: each text's shape is made once.
        var shapes: [String: String] = [:]
        func shape(_ text: String?) -> String? {
            guard let text else { return nil }
            if let known = shapes[text] { return known }
            let made = ReturnedCalendar.ruleShape(text)
            shapes[text] = made
            return made
        }
        // Two dosecal UIDs are never paired: a dosecal series looks only among the others' endings
        // (in the same order, so the same pair is found), not through every series of a medication.
        var endings: [Key: [ReturnedEvent]] = [:]
        var foreignEndings: [Key: [ReturnedEvent]] = [:]
        for s in series where !ended.contains(s.uid) {
            guard let m = s.master, m.until != nil, m.startTime != nil, let shape = shape(m.ruleText) else {
                continue
            }
            let key = Key(summary: m.summary, shape: shape)
            endings[key, default: []].append(m)
            if !ReturnedCalendar.isDosecalUID(m.uid) { foreignEndings[key, default: []].append(m) }
        }
        // No series ends by UNTIL (most calendars): none can be the earlier half.
        guard !endings.isEmpty else { return [] }
        var result: [(String, String)] = []
        var used = Set<String>()
        for b in series where !started.contains(b.uid) {
            guard let mb = b.master, let bStart = mb.startTime, let shape = shape(mb.ruleText) else {
                continue
            }
            var best: (uid: String, gap: Int)? = nil
            let key = Key(summary: mb.summary, shape: shape)
            for ma in (ReturnedCalendar.isDosecalUID(b.uid) ? foreignEndings[key] : endings[key]) ?? [] {
                guard ma.uid != b.uid, !used.contains(ma.uid), let until = ma.until, let aStart = ma.startTime,
                    aStart < bStart, let gap = ReturnedCalendar.seconds(from: until, to: bStart), (0...86_400).contains(gap)
                else { continue }
                if gap < (best?.gap ?? Int.max) { best = (ma.uid, gap) }
            }
            if let best {
                used.insert(best.uid)
                result.append((best.uid, b.uid))
            }
        }
        return result
    }

    /// Root and dosecal UID of every series from the split chains. Only the series of splits are
    /// grouped; a series in no split is a chain of its own, and keeps what `ReturnedSeries.init`
    /// gave it (its UID as root and, when dosecal's, as dosecal UID) unless it has a Google root.
    private mutating func assignRoots(googleRoots: [String: String]) {
        var parent: [String: String] = [:]
        func find(_ x: String) -> String {
            var x = x
            while let p = parent[x], p != x { x = p }
            return x
        }
        for s in splits {
            let (a, b) = (find(s.earlier), find(s.later))
            if a != b { parent[b] = a }
        }
        let chained = Set(splits.flatMap { [$0.earlier, $0.later] })
        for (uid, google) in googleRoots where !chained.contains(uid) {
            guard let i = positions[uid] else { continue }
            series[i].root = google
            series[i].dosecalUID =
                ReturnedCalendar.isDosecalUID(uid) ? uid : ReturnedCalendar.dosecalUID(forGoogleRoot: google)
        }
        guard !chained.isEmpty else { return }
        var members: [String: [Int]] = [:]
        for (i, s) in series.enumerated() where chained.contains(s.uid) { members[find(s.uid), default: []].append(i) }
        for (_, group) in members { assignRoot(group, googleRoots: googleRoots) }
    }

    /// Root and dosecal UID of the series at `group` (indices in `series` order), one split chain.
    private mutating func assignRoot(_ group: [Int], googleRoots: [String: String]) {
        let uids = group.map { series[$0].uid }
        let byStart = group.sorted {
            (series[$0].master?.startTime ?? .unknownStart) < (series[$1].master?.startTime ?? .unknownStart)
        }
        let own = byStart.map { series[$0].uid }.first(where: ReturnedCalendar.isDosecalUID)
        let google = uids.compactMap { googleRoots[$0] }.first
        let root = own ?? google.flatMap { g in uids.contains(g) ? g : nil } ?? series[byStart[0]].uid
        // A Google root whose local part is a dosecal UID's names that series even when the
        // original is not in the file.
        let dosecal = own ?? uids.compactMap { googleRoots[$0].flatMap(ReturnedCalendar.dosecalUID(forGoogleRoot:)) }.first
        for i in group {
            series[i].root = uids.count > 1 ? root : (googleRoots[series[i].uid] ?? series[i].uid)
            series[i].dosecalUID = dosecal
        }
    }

    /// For `a_R20261203T070000_R20261210T070000@google.com`: the UIDs with one suffix fewer,
    /// then none, and the dosecal form of the root when its local part is one; nil when the UID
    /// has no `_R` suffix.
    static func googleParents(of uid: String) -> [String]? {
        // Most UIDs have no `_R` at all: they are passed without Foundation's search (or a copy).
        guard hasGoogleMark(uid), let at = uid.lastIndex(of: "@") else { return nil }
        let domain = uid[at...]
        var local = Substring(uid[..<at])
        var parents: [String] = []
        while let r = local.range(of: "_R", options: .backwards), isGoogleSuffix(local[r.upperBound...]) {
            local = local[..<r.lowerBound]
            parents.append(String(local) + domain)
        }
        guard !parents.isEmpty else { return nil }
        if let own = dosecalUID(forGoogleRoot: parents.last!), own != parents.last! { parents.append(own) }
        return parents
    }

    /// The UID has `_R` somewhere.
    static func hasGoogleMark(_ uid: String) -> Bool {
        var previous: UInt8 = 0
        for byte in uid.utf8 {
            if previous == UInt8(ascii: "_") && byte == UInt8(ascii: "R") { return true }
            previous = byte
        }
        return false
    }

    /// `\d{8}(T\d{6})?`
    static func isGoogleSuffix(_ s: Substring) -> Bool {
        let c = Array(s.utf8)
        let digits = { (r: Range<Int>) in c[r].allSatisfy { $0 >= 48 && $0 <= 57 } }
        if c.count == 8 { return digits(0..<8) }
        return c.count == 15 && digits(0..<8) && c[8] == UInt8(ascii: "T") && digits(9..<15)
    }

    /// `dose-<hex>@google.com` -> `dose-<hex>@dosecal.app` when the local part is dosecal's.
    static func dosecalUID(forGoogleRoot root: String) -> String? {
        guard let at = root.lastIndex(of: "@") else { return nil }
        return DoseIdentity.uid(localPart: root[..<at])
    }

    /// RRULE parts except UNTIL and COUNT, sorted: what a split keeps.
    static func ruleShape(_ text: String?) -> String? {
        guard let text else { return nil }
        return ruleParts(text).filter { !$0.hasPrefix("UNTIL=") && !$0.hasPrefix("COUNT=") }.sorted().joined(separator: ";")
    }

    /// The `;`-separated parts of RRULE text, upper-cased, empty ones left out.
    static func ruleParts(_ text: String) -> [Substring] {
        TextItems.split(text.uppercased(), separator: UInt8(ascii: ";"), omittingEmpty: true)
    }

    /// Seconds from `a` to `b` when both are instants, or both local or dates.
    static func seconds(from a: ReturnedTime, to b: ReturnedTime) -> Int? {
        switch (a, b) {
        case (.instant(let x), .instant(let y)): return y - x
        case (.date(let x), .date(let y)): return x.days(to: y) * 86_400
        case (.local(let x, let zx), .local(let y, let zy)) where zx == zy: return y.secondsSinceEpoch - x.secondsSinceEpoch
        default: return nil
        }
    }
}
