/// libical's text of an RRULE value (what libical gives back for it), made without asking
/// libical for the forms whose reading libical 3.0 is known to give: the parts in libical's
/// order (FREQ; UNTIL or COUNT; INTERVAL when not 1; BYSECOND, BYMINUTE, BYHOUR, BYDAY with its
/// weekdays Monday first, BYMONTHDAY, BYMONTH), WKST=MO left out, every other list as written.
///
/// Anything else gives nil and libical is asked (`PropertyReader`): a name or value not in upper
/// case, an empty part, a part twice, BYSETPOS, BYYEARDAY, BYWEEKNO, an X- or RFC 7529 part, WKST
/// other than MO, a weekday twice in BYDAY or a `+` before its ordinal, a number with a leading
/// zero or out of its range, an UNTIL that is not a valid date or time, UNTIL with COUNT.
/// `LibicalRuleTextTests` compares it with libical's reading over generated rules of every such form.
enum LibicalRuleText {
    /// The parts written, in libical's order.
    private enum Slot: Int, CaseIterable {
        case frequency, end, interval, bySecond, byMinute, byHour, byDay, byMonthDay, byMonth
    }

    /// What a part's value may be.
    private enum Form {
        case frequency, until, byDay, weekStart
        case number(ClosedRange<Int>)
        case list(ClosedRange<Int>)
    }

    private typealias Entry = (name: [UInt8], slot: Slot?, form: Form)

    private static func entry(_ name: String, _ slot: Slot?, _ form: Form) -> Entry { (Array(name.utf8), slot, form) }

    private static let names: [Entry] = [
        entry("FREQ", .frequency, .frequency), entry("UNTIL", .end, .until), entry("COUNT", .end, .number(1...99_999)),
        entry("INTERVAL", .interval, .number(1...999)), entry("BYSECOND", .bySecond, .list(0...59)),
        entry("BYMINUTE", .byMinute, .list(0...59)), entry("BYHOUR", .byHour, .list(0...23)), entry("BYDAY", .byDay, .byDay),
        entry("BYMONTHDAY", .byMonthDay, .list(-31...31)), entry("BYMONTH", .byMonth, .list(1...12)),
        entry("WKST", nil, .weekStart),
    ]

    private static let frequencies = ["SECONDLY", "MINUTELY", "HOURLY", "DAILY", "WEEKLY", "MONTHLY", "YEARLY"]
        .map { Array($0.utf8) }
    /// Monday first: libical's order of BYDAY's weekdays under WKST=MO.
    private static let weekdays = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"].map { Array($0.utf8) }

    /// libical's text of the RRULE value `value`, or nil when libical must be asked.
    static func normalised(_ value: UnsafeBufferPointer<UInt8>) -> String? {
        var parts = [Range<Int>?](repeating: nil, count: Slot.allCases.count)
        var weekStart = false
        var byDay: [(weekday: Int, item: Range<Int>)] = []
        var start = 0
        while start <= value.count {
            var end = start
            while end < value.count && value[end] != UInt8(ascii: ";") { end += 1 }
            var eq = start
            while eq < end && value[eq] != UInt8(ascii: "=") { eq += 1 }
            guard eq < end, let entry = names.first(where: { value[start..<eq].elementsEqual($0.name) }) else { return nil }
            let text = eq + 1..<end
            guard let slot = entry.slot else {
                // WKST: libical leaves out its default, Monday; any other changes BYDAY's order.
                guard !weekStart, value[text].elementsEqual(weekdays[0]) else { return nil }
                weekStart = true
                start = end + 1
                continue
            }
            guard parts[slot.rawValue] == nil, valid(entry.form, value[text], byDay: &byDay) else { return nil }
            parts[slot.rawValue] = start..<end
            start = end + 1
        }
        guard let frequency = parts[Slot.frequency.rawValue] else { return nil }
        // An ordinal weekday belongs to a monthly or yearly rule only (RFC 5545 §3.3.10).
        let periodic = ["FREQ=MONTHLY", "FREQ=YEARLY"].contains { value[frequency].elementsEqual($0.utf8) }
        guard periodic || byDay.allSatisfy({ $0.item.count == 2 }) else { return nil }
        return write(value, parts: parts, byDay: byDay)
    }

    /// The value written from the parts found (each `NAME=value` as written; `byDay`: BYDAY's
    /// items with their weekdays).
    private static func write(
        _ value: UnsafeBufferPointer<UInt8>, parts: [Range<Int>?], byDay: [(weekday: Int, item: Range<Int>)]
    ) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(value.count)
        for slot in Slot.allCases {
            guard let part = parts[slot.rawValue] else { continue }
            if slot == .interval && value[part].elementsEqual("INTERVAL=1".utf8) { continue }
            if !out.isEmpty { out.append(UInt8(ascii: ";")) }
            guard slot == .byDay else {
                out += value[part]
                continue
            }
            out += "BYDAY=".utf8
            for (k, day) in byDay.sorted(by: { $0.weekday < $1.weekday }).enumerated() {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                out += value[day.item]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether a part's value `v` is of the known forms of `form`; BYDAY's items are added to
    /// `byDay`. Zero is a list item only where the range starts at it (BYHOUR, BYMINUTE, BYSECOND).
    private static func valid(
        _ form: Form, _ v: Slice<UnsafeBufferPointer<UInt8>>, byDay: inout [(weekday: Int, item: Range<Int>)]
    ) -> Bool {
        switch form {
        case .frequency: return frequencies.contains { v.elementsEqual($0) }
        case .until: return isUntil(v)
        case .number(let range): return number(v, range) != nil
        case .list(let range): return isList(v) { number($0, range).map { $0 != 0 || range.lowerBound == 0 } ?? false }
        case .weekStart: return false
        case .byDay:
            return isList(v) { item in
                guard item.count >= 2, let weekday = weekdays.firstIndex(where: { item.suffix(2).elementsEqual($0) }),
                    !byDay.contains(where: { $0.weekday == weekday })
                else { return false }
                let ordinal = item.dropLast(2)
                guard ordinal.isEmpty || number(ordinal, -53...53).map({ $0 != 0 }) == true else { return false }
                byDay.append((weekday, item.startIndex..<item.endIndex))
                return true
            }
        }
    }

    /// Non-empty items separated by commas, each `item`.
    private static func isList(_ v: Slice<UnsafeBufferPointer<UInt8>>, _ item: (Slice<UnsafeBufferPointer<UInt8>>) -> Bool)
        -> Bool
    {
        var start = v.startIndex
        while true {
            var end = start
            while end < v.endIndex && v[end] != UInt8(ascii: ",") { end += 1 }
            guard end > start, item(v[start..<end]) else { return false }
            if end == v.endIndex { return true }
            start = end + 1
        }
    }

    /// The integer written as digits without a leading zero, after a `-` when `range` takes
    /// negatives (never `-0`), in `range`; else nil.
    private static func number(_ v: Slice<UnsafeBufferPointer<UInt8>>, _ range: ClosedRange<Int>) -> Int? {
        var digits = v[...]
        let negative = digits.first == UInt8(ascii: "-")
        if negative {
            guard range.lowerBound < 0 else { return nil }
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.count <= 5, digits.count == 1 || digits.first != UInt8(ascii: "0") else { return nil }
        var n = 0
        for d in digits {
            guard d >= 0x30 && d <= 0x39 else { return nil }
            n = n * 10 + Int(d - 0x30)
        }
        if negative {
            guard n != 0 else { return nil }
            n = -n
        }
        return range.contains(n) ? n : nil
    }

    /// `YYYYMMDD`, or `YYYYMMDDTHHMMSS` with or without `Z`: a valid date (years 1900 to 2199)
    /// and time of day.
    private static func isUntil(_ v: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        let b = Array(v)
        guard b.count == 8 || b.count == 15 || (b.count == 16 && b[15] == UInt8(ascii: "Z")) else { return false }
        func field(_ at: Int, _ length: Int) -> Int? {
            var n = 0
            for d in b[at..<at + length] {
                guard d >= 0x30 && d <= 0x39 else { return nil }
                n = n * 10 + Int(d - 0x30)
            }
            return n
        }
        guard let year = field(0, 4), let month = field(4, 2), let day = field(6, 2), (1900...2199).contains(year),
            (1...12).contains(month), day >= 1, day <= daysIn(month, year)
        else { return false }
        guard b.count > 8 else { return true }
        guard b[8] == UInt8(ascii: "T"), let h = field(9, 2), let m = field(11, 2), let s = field(13, 2) else { return false }
        return h <= 23 && m <= 59 && s <= 59
    }

    private static func daysIn(_ month: Int, _ year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
