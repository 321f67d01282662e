import ICal

extension Reconciler {
    /// The schedule's feed read back from its text, which `write` gives (`FeedBuilder.write()`;
    /// the built values differ from it: libical drops WKST=MO, reorders BYDAY). When the records
    /// show it is the base (`oursIsBase`), the feed is not written and the base's reading is that
    /// reading (`isBase`); so too when the text is `baseText` apart from the DTSTAMP and
    /// LAST-MODIFIED values, which nothing compared reads.
    func ownReading(writing write: () -> [UInt8]) throws(ICalError) -> (calendar: ReturnedCalendar, isBase: Bool) {
        if let base, oursIsBase { return (base, true) }
        let text = write()
        if let base, let baseText, Reconciler.sameApartFromStamps(text, baseText) { return (base, true) }
        return (try ReturnedCalendar(parsing: text), false)
    }

    /// Whether two calendar texts have the same lines, but for the values of DTSTAMP and
    /// LAST-MODIFIED lines (of the same length: dosecal writes them in UTC).
    ///
    /// The texts are compared eight bytes at a time up to their next difference; only a line
    /// holding a difference is read as a line (a base and the feed written again differ in little
    /// but their stamps).
    static func sameApartFromStamps(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in sameApartFromStamps(x, y) } }
    }

    /// As `sameApartFromStamps(_:_:)`, over the texts' bytes.
    private static func sameApartFromStamps(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        let newline = UInt8(ascii: "\n")
        // Where the next line starts in each text; the lines before were found the same.
        var (i, j) = (0, 0)
        while true {
            let same = commonPrefix(a, from: i, b, from: j)
            if i + same == a.count && j + same == b.count { return true }
            // The line holding the difference (or either end) starts as far from `i` as from `j`.
            var start = i + same
            while start > i && a[start - 1] != newline { start -= 1 }
            let (p, q) = (start, j + (start - i))
            let (endP, endQ) = (lineEnd(a, from: p), lineEnd(b, from: q))
            guard sameApartFromStamp(a[p..<endP], b[q..<endQ]) else { return false }
            if endP == a.count || endQ == b.count { return endP == a.count && endQ == b.count }
            (i, j) = (endP + 1, endQ + 1)
        }
    }

    /// The lines DTSTAMP and LAST-MODIFIED start with.
    private static let stampNames = [Array("DTSTAMP:".utf8), Array("LAST-MODIFIED:".utf8)]

    /// Two lines are the same, or both are DTSTAMP or both LAST-MODIFIED lines.
    private static func sameApartFromStamp(
        _ p: Slice<UnsafeBufferPointer<UInt8>>, _ q: Slice<UnsafeBufferPointer<UInt8>>
    ) -> Bool {
        p.elementsEqual(q) || stampNames.contains { p.starts(with: $0) && q.starts(with: $0) }
    }

    /// Where the line starting at `start` ends: its newline, or the end of `text`.
    private static func lineEnd(_ text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var end = start
        while end < text.count && text[end] != UInt8(ascii: "\n") { end += 1 }
        return end
    }

    /// How many bytes from `i` in `a` equal those from `j` in `b`, compared eight at a time.
    static func commonPrefix(_ a: UnsafeBufferPointer<UInt8>, from i: Int, _ b: UnsafeBufferPointer<UInt8>, from j: Int)
        -> Int
    {
        let n = min(a.count - i, b.count - j)
        guard n > 0, let pa = a.baseAddress, let pb = b.baseAddress else { return 0 }
        let (x, y) = (UnsafeRawPointer(pa + i), UnsafeRawPointer(pb + j))
        var k = 0
        let word = { (p: UnsafeRawPointer, k: Int) in p.loadUnaligned(fromByteOffset: k, as: UInt64.self) }
        while k + 8 <= n && word(x, k) == word(y, k) { k += 8 }
        while k < n && pa[i + k] == pb[j + k] { k += 1 }
        return k
    }
}
