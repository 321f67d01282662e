import DoseCalCore

/// The times of day of a plain instruction, and when it is taken only when needed.
extension InstructionRules {
    static let events: [(String, String, String)] = [
        (#"(?:in the |every |each )?mornings?|qam"#, "MORN", "in the morning"),
        (#"(?:at )?(?:noon|midday|lunchtime)"#, "NOON", "at noon"),
        (#"(?:in the |every |each )?afternoons?"#, "AFT", "in the afternoon"),
        (#"(?:in the |every |each )?evenings?|qpm"#, "EVE", "in the evening"),
        (#"(?:at )?bedtime|(?:at )?night(?:ly)?|qhs|hs"#, "HS", "at bedtime"),
        (#"(?:on )?waking"#, "WAKE", "on waking"),
        (#"before breakfast"#, "ACM", "before breakfast"), (#"before lunch"#, "ACD", "before lunch"),
        (#"before (?:dinner|supper)"#, "ACV", "before dinner"), (#"before meals|ac"#, "AC", "before meals"),
        (#"after breakfast"#, "PCM", "after breakfast"), (#"after lunch"#, "PCD", "after lunch"),
        (#"after (?:dinner|supper)"#, "PCV", "after dinner"), (#"after meals|pc"#, "PC", "after meals"),
        (#"with breakfast"#, "CM", "with breakfast"), (#"with lunch"#, "CD", "with lunch"),
        (#"with (?:dinner|supper)"#, "CV", "with dinner"), (#"with (?:meals|food)"#, "C", "with meals"),
    ]

    /// "at 08:00 and 20:00", "at 8 am", then the events of the day.
    static let times: [Rule] =
        [
            Rule(pattern: #"at\s+(\d{1,2}(?::\d{2})?\s*(?:am|pm)?)(?:\s*(?:,|and)\s*(\d{1,2}(?::\d{2})?\s*(?:am|pm)?))*"#) {
                r, g throws(EntryError) in try r.atTimes(g.compactMap { $0 })
            }
        ]
        + events.map { pattern, code, words in
            Rule(pattern: "(?:" + pattern + ")") { r, _ throws(EntryError) in
                r.repeats.when.append(code)
                r.understood.append(words)
            }
        }

    /// "as needed", "prn", "at most 8 a day", "at least 6 hours apart", "for 10 days".
    static let needs: [Rule] = [
        Rule(pattern: #"(?:as|when|if) (?:needed|required)|prn|p\.r\.n\.?"#) { r, _ throws(EntryError) in
            r.asNeeded = true
            r.understood.append("when needed")
        },
        Rule(
            pattern: #"(?:at most|max(?:imum)?|no more than|up to)\s+"# + number + #"(?:\s*"# + unit
                + #")?\s*(?:a|per|in)\s*(?:day|24 hours)"#
        ) { r, g throws(EntryError) in
            r.maxPerDay = amount(g[0]!)
            r.maxUnit = g[1].flatMap(unit)
            r.understood.append("at most \(g[0]!)\(g[1].map { " \($0)" } ?? "") a day")
        },
        Rule(pattern: #"(?:at least|minimum|no sooner than)\s+(\d+)\s*(?:hours?|hrs?|h)(?:\s+apart)?"#) {
            r, g throws(EntryError) in
            r.every(Double(g[0]!)!, "h", "at least \(g[0]!) hours apart")
        },
        Rule(pattern: #"for\s+"# + number + #"\s+(days?|weeks?)"#) { r, g throws(EntryError) in
            r.repeats.boundsDuration = (amount(g[0]!), g[1]!.hasPrefix("w") ? "wk" : "d")
            r.understood.append("for \(g[0]!) \(g[1]!)")
        },
    ]
}

extension InstructionReading {
    mutating func perDay(_ n: Int, _ words: String) {
        (repeats.frequency, repeats.period, repeats.periodUnit) = (n, 1, "d")
        understood.append(words)
    }

    mutating func every(_ n: Double, _ unit: String, _ words: String) {
        (repeats.frequency, repeats.period, repeats.periodUnit) = (1, n, unit)
        understood.append(words)
    }

    mutating func onDays(_ names: [String]) {
        let days: [String: Weekday] = [
            "mon": .monday, "tue": .tuesday, "wed": .wednesday, "thu": .thursday, "fri": .friday, "sat": .saturday,
            "sun": .sunday,
        ]
        repeats.dayOfWeek += names.compactMap { days[String($0.prefix(3))] }
        (repeats.period, repeats.periodUnit) = (1, "wk")
        repeats.frequency = repeats.dayOfWeek.count
        understood.append("on " + DosageConverter.list(repeats.dayOfWeek.map(EntryWords.dayName)))
    }

    mutating func atTimes(_ texts: [String]) throws(EntryError) {
        for t in texts {
            let s = t.replacingOccurrences(of: " ", with: "")
            let pm = s.hasSuffix("pm")
            let am = s.hasSuffix("am")
            let digits = (pm || am) ? String(s.dropLast(2)) : s
            let parts = digits.split(separator: ":").compactMap { Int($0) }
            guard var hour = parts.first, (am || pm) || parts.count == 2, (0...23).contains(hour) else {
                throw .unreadInstruction(text: text, understood: understood.joined(separator: ", "), unread: "at \(t)")
            }
            if pm, hour < 12 { hour += 12 }
            if am, hour == 12 { hour = 0 }
            guard let time = LocalTime(hour: hour, minute: parts.count > 1 ? parts[1] : 0) else {
                throw .unreadInstruction(text: text, understood: understood.joined(separator: ", "), unread: "at \(t)")
            }
            repeats.timeOfDay.append(time)
        }
        understood.append("at " + DosageConverter.list(repeats.timeOfDay.map(\.description)))
    }

    /// "1-0-1": amounts in the morning, at noon, in the evening (and at bedtime); "1-0-2" with
    /// different amounts is a dosage per amount, taken together.
    mutating func morningNoonEvening(_ amounts: [Double], count: Int) throws(EntryError) {
        let codes = ["MORN", "NOON", "EVE", "HS"]
        let words = ["in the morning", "at noon", "in the evening", "at bedtime"]
        let taken = amounts.prefix(count).enumerated().filter { $0.element > 0 }
        guard let first = taken.first?.element else { throw .notExact("no dose at any time of day (all amounts 0)") }
        repeats.when = taken.map { codes[$0.offset] }
        dose = DoseAmount(value: first, unit: nil)
        for (i, amount) in taken {
            if let k = amountsByTime.firstIndex(where: { $0.amount == amount }) {
                amountsByTime[k].when.append(codes[i])
            } else {
                amountsByTime.append((amount, [codes[i]]))
            }
        }
        understood.append(
            taken.allSatisfy({ $0.element == first })
                ? "\(AmountWords.number(first)) " + DosageConverter.list(taken.map { words[$0.offset] })
                : DosageConverter.list(taken.map { "\(AmountWords.number($0.element)) \(words[$0.offset])" }))
    }
}
