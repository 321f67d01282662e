import Testing

@testable import DoseCal
@testable import ICal

/// The VALARM and RRULE lines written once and copied are the lines the properties write.
@Suite struct EventLinesMemoTests {
    @Test func alarmBlockLines() {
        let block = AlarmBlock(AlarmTimes(Reminder(minutesBefore: 5, repeatCount: 1)), "Take 1, now")
        #expect(
            String(decoding: block.lines.bytes, as: UTF8.self)
                == "BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Take 1\\, now\r\nTRIGGER:-PT5M\r\nREPEAT:1\r\n"
                + "DURATION:PT10M\r\nEND:VALARM\r\n")
        let plain = AlarmBlock(AlarmTimes(Reminder(minutesBefore: -15)), "x")
        #expect(
            String(decoding: plain.lines.bytes, as: UTF8.self)
                == "BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:x\r\nTRIGGER:PT15M\r\nEND:VALARM\r\n")
    }

    /// Copied (twice, the second from the kept lines) == written property by property, for
    /// texts around the folding limits and with characters to escape.
    @Test func alarmBlockCopiedAsWritten() {
        let reminders = [
            Reminder(), Reminder(minutesBefore: 30, repeatCount: 3, repeatIntervalMinutes: 5), Reminder(minutesBefore: -1),
        ]
        for reminder in reminders {
            for length in [0, 1, 40, 58, 59, 60, 61, 62, 70, 71, 72, 73, 150, 300] {
                let text = String(repeating: "a;b,c\\é\n", count: length / 8 + 1).prefix(length)
                let block = AlarmBlock(AlarmTimes(reminder), String(text))
                var copied = EventBytes()
                copied.alarm(block)
                copied.alarm(block)
                var written = EventBytes()
                block.write(into: &written)
                block.write(into: &written)
                #expect(copied.content.bytes == written.content.bytes, "\(length)")
            }
        }
    }

    @Test func ruleLinesAsWritten() {
        let until = RecurrenceRule.Until.utc(
            LocalDateTime(date: LocalDate(year: 2027, month: 1, day: 31)!, time: LocalTime(hour: 7, minute: 0)!))
        let rules = [
            RecurrenceRule(.daily), RecurrenceRule(.daily), RecurrenceRule(.daily, interval: 3), RecurrenceRule(.daily),
            RecurrenceRule(.weekly, byDay: [.init(.monday), .init(.friday)]),
            RecurrenceRule(.weekly, byDay: [.init(.monday), .init(.thursday)]),
            RecurrenceRule(.daily, until: until), RecurrenceRule(.daily, until: until), RecurrenceRule(.daily, count: 4),
        ]
        let memo = RuleLines()
        var copied: [UInt8] = []
        var written = ContentLines()
        for rule in rules {
            copied += memo.lines(rule).bytes
            written.rule(rule)
        }
        #expect(copied == written.bytes)
        #expect(
            String(decoding: memo.lines(RecurrenceRule(.daily, interval: 3)).bytes, as: UTF8.self)
                == "RRULE:FREQ=DAILY;INTERVAL=3\r\n")
    }

    @Test func alarmBlockKeptWhileTheSameIsAsked() {
        let text = FeedText(privacy: false)
        let reminder = Reminder(minutesBefore: 5)
        let first = text.alarmBlock(reminder, title: "Aspirin 100 mg")
        #expect(text.alarmBlock(reminder, title: "Aspirin 100 mg") === first)
        let other = text.alarmBlock(reminder, title: "Aspirin 200 mg")
        #expect(other !== first)
        #expect(other.description == text.alarm(title: "Aspirin 200 mg"))
        let later = text.alarmBlock(Reminder(minutesBefore: 10), title: "Aspirin 200 mg")
        #expect(later !== other)
        #expect(later.times.trigger == "-PT10M")
    }
}
