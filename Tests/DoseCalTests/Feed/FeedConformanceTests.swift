import DoseCal
import Foundation
import ICal
import Testing

@Suite struct FeedConformanceTests {
    @Test(arguments: Fixtures.scheduleNames)
    func exportIsConformingAndReparsesWithoutLibicalErrors(_ name: String) throws {
        let text = try Fixtures.export(name)
        let bytes = Array(text.utf8)
        // CRLF only, lines of at most 75 octets.
        for line in text.components(separatedBy: "\r\n").dropLast() {
            #expect(line.utf8.count <= 75, "\(name): line over 75 octets: \(line)")
            #expect(!line.contains("\n") && !line.contains("\r"))
        }
        #expect(bytes.suffix(2) == [13, 10])
        // libical re-parses it without any X-LIC-ERROR.
        let parsed = try ICalParser.parse(bytes, strict: true)
        #expect(parsed.problems.isEmpty)
        let calendar = try #require(parsed.calendar)
        for required in ["VERSION", "PRODID"] { #expect(calendar.property(required) != nil) }
        let zones = Set(calendar.components(named: "VTIMEZONE").compactMap { $0.property("TZID")?.value })
        for event in calendar.components(named: "VEVENT") {
            #expect(event.property("UID")?.value.hasSuffix("@dosecal.app") == true)
            #expect(event.property("DTSTAMP") != nil)
            for p in event.properties {
                if let tzid = p.parameter("TZID") {
                    #expect(zones.contains(tzid), "\(name): TZID \(tzid) has no VTIMEZONE")
                    #expect(!tzid.contains("freeassociation"))
                }
            }
            for alarm in event.components(named: "VALARM") {
                #expect(alarm.property("ACTION")?.value == "DISPLAY")
                #expect(alarm.property("DESCRIPTION") != nil)
                #expect(alarm.property("TRIGGER")?.parameter("VALUE") == nil, "trigger must be relative to the start")
            }
        }
        // VTIMEZONEs are RRULE-style, not long RDATE lists.
        for vtz in calendar.components(named: "VTIMEZONE") {
            let rdates = vtz.components.flatMap { $0.properties(named: "RDATE") }
            #expect(rdates.count <= 2, "\(name): VTIMEZONE with \(rdates.count) RDATEs")
        }
    }

    @Test(arguments: Fixtures.scheduleNames)
    func exportIsDeterministicAndStableAcrossReruns(_ name: String) throws {
        let first = try Fixtures.export(name)
        #expect(try Fixtures.export(name) == first)
        // A re-run at a later time with the earlier file as previous changes nothing.
        let calendar = try #require(ICalParser.parse(first).calendar)
        let revisions = FeedRevision.revisions(in: calendar)
        #expect(try Fixtures.export(name, previous: revisions, now: Fixtures.now + 86_400) == first)
    }

    @Test func changedItemsBumpSequenceAndLastModifiedOnly() throws {
        var schedule = try Fixtures.schedule("daily.json")
        let before = FeedBuilder(schedule: schedule, now: Fixtures.now).build()
        let revisions = FeedRevision.revisions(in: before.calendar)
        let slotID = schedule.medications[0].times[0].id
        schedule.medications[0].times[0].time = LocalTime(hour: 8, minute: 30)!
        let later = Fixtures.now + 3600
        let after = FeedBuilder(schedule: schedule, previous: revisions, now: later).build()
        #expect(before.items.map(\.uid) == after.items.map(\.uid), "a time edit keeps every UID")
        for (old, new) in zip(before.items, after.items) {
            let changed = new.kind == .dose(slotID: slotID, part: "") && new.medicationID == schedule.medications[0].id
            let seq = new.event.property("SEQUENCE")?.value
            let modified = new.event.property("LAST-MODIFIED")?.value
            if changed {
                #expect(seq == "1")
                #expect(modified == "20261130T130000Z")
                #expect(new.event.property("DTSTART")?.value.hasSuffix("T083000") == true)
            } else if FeedRevision.contentHash(of: old.event) == FeedRevision.contentHash(of: new.event) {
                // Unchanged content must keep its stamps exactly.
                #expect(seq == "0")
                #expect(modified == "20261130T120000Z")
            }
        }
    }

    @Test(arguments: Fixtures.scheduleNames)
    func privacyModeNamesNoMedicine(_ name: String) throws {
        let schedule = try Fixtures.schedule(name)
        let text = try Fixtures.export(name, privacy: true).lowercased()
        for m in schedule.medications {
            var secrets = [m.name, m.id]
            secrets += [m.strength, m.dose, m.notes].compactMap { $0 }
            secrets += m.taper.compactMap(\.dose)
            for secret in secrets where secret.count >= 3 {
                #expect(!text.contains(secret.lowercased()), "\(name): privacy export contains \"\(secret)\"")
            }
        }
        #expect(text.contains("class:private"))
    }
}
