extension PosixTimeZone {
    /// Reads a POSIX TZ string with the RFC 8536 extensions (hours of a change time from -167 to
    /// 167). Without a rule after the daylight name the US rule `M3.2.0,M11.1.0` applies.
    public init(parsing text: String) throws(ZoneDataError) {
        var scanner = PosixScanner(text: text)
        standardName = try scanner.name()
        standardOffset = -(try scanner.duration(maxHours: 24))
        guard !scanner.atEnd else {
            daylight = nil
            return
        }
        let name = try scanner.name()
        var offset = standardOffset + 3600
        if !scanner.atEnd && scanner.peek != UInt8(ascii: ",") { offset = -(try scanner.duration(maxHours: 24)) }
        let start: Change
        let end: Change
        if scanner.atEnd {
            start = Change(date: .monthWeek(month: 3, week: 2, weekday: .sunday), time: 7200)
            end = Change(date: .monthWeek(month: 11, week: 1, weekday: .sunday), time: 7200)
        } else {
            try scanner.expect(",")
            start = try scanner.change()
            try scanner.expect(",")
            end = try scanner.change()
        }
        guard scanner.atEnd else { throw scanner.error("the end of the string") }
        daylight = Daylight(name: name, offset: offset, start: start, end: end)
    }
}

/// Reads the parts of a POSIX TZ string left to right.
struct PosixScanner {
    let text: String
    let bytes: [UInt8]
    var position = 0

    init(text: String) {
        self.text = text
        self.bytes = Array(text.utf8)
    }

    var atEnd: Bool { position >= bytes.count }
    var peek: UInt8? { atEnd ? nil : bytes[position] }

    func error(_ expected: String) -> ZoneDataError { .badRule(text, position: position, expected: expected) }

    mutating func expect(_ character: Character) throws(ZoneDataError) {
        guard peek == character.asciiValue else { throw error("\"\(character)\"") }
        position += 1
    }

    /// `EST` (three or more letters) or `<-03>`, `<+0530>` (letters, digits, + and -).
    mutating func name() throws(ZoneDataError) -> String {
        if peek == UInt8(ascii: "<") {
            position += 1
            let start = position
            while let c = peek, c != UInt8(ascii: ">") {
                guard isLetter(c) || isDigit(c) || c == UInt8(ascii: "+") || c == UInt8(ascii: "-") else {
                    throw error("letters, digits, + or - in a quoted name")
                }
                position += 1
            }
            let name = String(decoding: bytes[start..<position], as: UTF8.self)
            try expect(">")
            guard name.count >= 3 else { throw error("a quoted name of three or more characters") }
            return name
        }
        let start = position
        while let c = peek, isLetter(c) { position += 1 }
        guard position - start >= 3 else { throw error("a zone name of three or more letters, or one in <>") }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// `[+-]hh[:mm[:ss]]` in seconds, hours at most `maxHours`.
    mutating func duration(maxHours: Int) throws(ZoneDataError) -> Int {
        var sign = 1
        if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") {
            sign = peek == UInt8(ascii: "-") ? -1 : 1
            position += 1
        }
        let hours = try number(maxDigits: 3, range: 0...maxHours)
        var seconds = hours * 3600
        if peek == UInt8(ascii: ":") {
            position += 1
            seconds += try number(maxDigits: 2, range: 0...59) * 60
            if peek == UInt8(ascii: ":") {
                position += 1
                seconds += try number(maxDigits: 2, range: 0...59)
            }
        }
        return sign * seconds
    }

    /// `Jn`, `n` or `Mm.w.d`, then an optional `/time` (default 02:00).
    mutating func change() throws(ZoneDataError) -> PosixTimeZone.Change {
        let date: PosixTimeZone.RuleDate
        if peek == UInt8(ascii: "J") {
            position += 1
            date = .julian(try number(maxDigits: 3, range: 1...365))
        } else if peek == UInt8(ascii: "M") {
            position += 1
            let month = try number(maxDigits: 2, range: 1...12)
            try expect(".")
            let week = try number(maxDigits: 1, range: 1...5)
            try expect(".")
            let day = try number(maxDigits: 1, range: 0...6)
            date = .monthWeek(month: month, week: week, weekday: Weekday.allCases[(day + 6) % 7])
        } else {
            date = .zeroBased(try number(maxDigits: 3, range: 0...365))
        }
        var time = 7200
        if peek == UInt8(ascii: "/") {
            position += 1
            time = try duration(maxHours: 167)
        }
        return PosixTimeZone.Change(date: date, time: time)
    }

    mutating func number(maxDigits: Int, range: ClosedRange<Int>) throws(ZoneDataError) -> Int {
        let start = position
        while let c = peek, isDigit(c), position - start < maxDigits { position += 1 }
        guard position > start, let value = Int(decimal: bytes[start..<position]), range.contains(value) else {
            position = start
            throw error("a number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= UInt8(ascii: "a") && (c | 0x20) <= UInt8(ascii: "z") }
    func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
}
