import DoseCal
import ICal
import Testing

@Suite struct ContentHashTests {
    typealias F = ClientFixtures

    /// The export, parsed; `edit` changes its first dose VEVENT; then written and read back.
    static func exportEdited(_ edit: (inout ICalComponent) -> Void) throws -> ReturnedSeries {
        var calendar = try #require(try ICalParser.parse(F.bytes("dosecal-demo-export.ics")).calendar)
        let index = try #require(calendar.components.firstIndex { $0.property("UID")?.value == F.metformin0800 })
        edit(&calendar.components[index])
        let text = ICalSerializer.serialize(calendar)
        return try #require(try ReturnedCalendar(parsing: Array(text.utf8)).series(uid: F.metformin0800))
    }

    static func replace(_ name: String, with value: String, in event: inout ICalComponent) {
        event.properties.removeAll { $0.name == name }
        event.add(ICalProperty(name, value))
    }

    @Test func bookkeepingAndPropertyOrderDoNotChangeTheHash() throws {
        let original = try Self.exportEdited { _ in }
        let edited = try Self.exportEdited { event in
            Self.replace("DTSTAMP", with: "20261204T101010Z", in: &event)
            Self.replace("SEQUENCE", with: "7", in: &event)
            Self.replace("LAST-MODIFIED", with: "20261204T101010Z", in: &event)
            event.add(ICalProperty("X-MOZ-LASTACK", "20261204T130512Z"))
            event.add(ICalProperty("X-MOZ-SNOOZE-TIME-1796389200000000", "20261204T131000Z"))
            event.add(ICalProperty("CREATED", "20261121T090000Z"))
            event.properties.reverse()
            event.components[0].add(ICalProperty("ACKNOWLEDGED", "20261204T130512Z"))
            event.components.append(
                ICalComponent(
                    "VALARM",
                    properties: [
                        ICalProperty("ACTION", "NONE"), ICalProperty("X-APPLE-DEFAULT-ALARM", "TRUE"),
                        ICalProperty("TRIGGER", "19760401T005545Z", parameters: [ICalParameter("VALUE", "DATE-TIME")]),
                    ]))
        }
        #expect(edited.contentHash == original.contentHash, "\(edited.canonicalText)\n---\n\(original.canonicalText)")
        #expect(edited.alarmHash == original.alarmHash)
        #expect(original.alarmHash != nil)
    }

    @Test func aDTSTARTEditChangesTheHash() throws {
        let original = try Self.exportEdited { _ in }
        let edited = try Self.exportEdited { event in
            event.properties.removeAll { $0.name == "DTSTART" }
            event.add(ICalProperty("DTSTART", "20260105T083000", parameters: [ICalParameter("TZID", "America/New_York")]))
        }
        #expect(edited.contentHash != original.contentHash)
        #expect(edited.alarmHash == original.alarmHash)
    }

    @Test func anAlarmOffsetEditChangesOnlyTheAlarmHash() throws {
        let original = try Self.exportEdited { _ in }
        let edited = try Self.exportEdited { event in Self.replace("TRIGGER", with: "-PT10M", in: &event.components[0]) }
        #expect(edited.contentHash == original.contentHash)
        #expect(edited.alarmHash != original.alarmHash)
    }

    @Test func theSameDeletionsHashTheSameFromEveryClient() throws {
        // Google (TZID EXDATE lines, DTEND, no alarm), Thunderbird (UTC EXDATEs, X-MOZ, full
        // VTIMEZONE), khal (one comma list): one decision, one hash.
        let hashes = try ["google-delete-one.ics", "thunderbird-xmoz.ics", "khal-comma-exdate.ics"].map {
            try #require(try F.read($0).series(uid: F.metformin0800)).contentHash
        }
        #expect(Set(hashes).count == 1)
        let google = try #require(try F.read("google-delete-one.ics").series(uid: F.metformin0800))
        #expect(google.alarmHash == nil)
        // Thunderbird's `TRIGGER;VALUE=DURATION:PT0S` is our `TRIGGER:PT0S`.
        let export = try #require(try F.read("dosecal-demo-export.ics").series(uid: F.metformin0800))
        let thunderbird = try #require(try F.read("thunderbird-xmoz.ics").series(uid: F.metformin0800))
        #expect(thunderbird.alarmHash == export.alarmHash)
        #expect(export.alarmHash != nil)
    }

    @Test func windowsAndIANANamesOfTheSameZoneHashTheSame() throws {
        let iana = try Self.exportEdited { _ in }
        let windows = try Self.exportEdited { event in
            event.properties.removeAll { $0.name == "DTSTART" }
            event.add(ICalProperty("DTSTART", "20260105T080000", parameters: [ICalParameter("TZID", "Eastern Standard Time")]))
        }
        #expect(windows.contentHash == iana.contentHash)
    }

    @Test func aSeriesEditInGoogleChangesTheHash() throws {
        let before = try #require(try F.read("google-delete-one.ics").series(uid: F.metformin0800))
        let after = try #require(try F.read("google-series-edit.ics").series(uid: F.metformin0800))
        #expect(before.contentHash != after.contentHash)
        #expect(after.master?.startTime == .instant(1_767_619_800))  // 2026-01-05T08:30:00-05:00
    }
}
