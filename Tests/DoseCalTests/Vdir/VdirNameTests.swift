import DoseCal
import Foundation
import Testing

@Suite struct VdirNameTests {
    @Test func dosecalUIDsDropTheDomain() {
        #expect(VdirName.fileName(forUID: "dose-0123456789abcdef01234567@dosecal.app") == "dose-0123456789abcdef01234567.ics")
    }

    @Test func plainUIDsAreKept() {
        #expect(VdirName.fileName(forUID: "A1b2_c3-d4") == "A1b2_c3-d4.ics")
    }

    @Test func unsafeUIDsGetSafeBoundedNames() {
        for uid in ["../../etc/passwd", ".hidden", "a/b", "x\ny", String(repeating: "é", count: 300), "", "-rf"] {
            let name = VdirName.fileName(forUID: uid)
            #expect(!name.contains("/"), "\(name)")
            #expect(!name.hasPrefix("."), "\(name)")
            #expect(!name.hasPrefix("-"), "\(name)")
            #expect(name.hasSuffix(".ics"))
            #expect(name.utf8.count <= 84)
            #expect(name.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 32 })
        }
        #expect(
            VdirName.fileName(forUID: "../../etc/passwd") == "etcpasswd-" + SHA256.hex("../../etc/passwd").prefix(16) + ".ics")
        #expect(VdirName.fileName(forUID: "a/b") != VdirName.fileName(forUID: "a:b"))
    }

    @Test func takenNamesGetANumber() {
        #expect(VdirName.fileName(forUID: "x", avoiding: ["x.ics", "x-2.ics"]) == "x-3.ics")
    }

    @Test func itemsAreIcsFilesButNotTemporaryOnes() {
        #expect(VdirName.isItem("a.ics"))
        #expect(VdirName.isItem("3f2c0a6e-1b1e-4a55-9b52-0f8d0f3b9c11.ics"))
        #expect(!VdirName.isItem(".a.ics.123.tmp"))
        #expect(!VdirName.isItem("color"))
        #expect(!VdirName.isItem("a.ics.tmp"))
    }
}

@Suite struct VdirContentTests {
    let base = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//dosecal//dosecal 0.1//EN\r
        BEGIN:VEVENT\r
        UID:dose-1@dosecal.app\r
        DTSTAMP:20261130T120000Z\r
        SEQUENCE:0\r
        DTSTART;TZID=America/New_York:20261201T080000\r
        RRULE:FREQ=DAILY\r
        SUMMARY:Dose\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    @Test func volatilePropertiesOrderAndLineEndsDoNotCount() throws {
        let rewritten = """
            BEGIN:VCALENDAR
            PRODID:-//Radicale//NONSGML Radicale Server//EN
            VERSION:2.0
            BEGIN:VEVENT
            SUMMARY:Dose
            RRULE:FREQ=DAILY
            DTSTART;TZID=America/New_York:20261201T080000
            UID:dose-1@dosecal.app
            DTSTAMP:20270101T000000Z
            LAST-MODIFIED:20270101T000000Z
            SEQUENCE:4
            X-MOZ-LASTACK:20270101T000000Z
            END:VEVENT
            END:VCALENDAR

            """
        let a = try VdirContent(bytes: Data(base.utf8))
        let b = try VdirContent(bytes: Data(rewritten.utf8))
        #expect(a.uids == ["dose-1@dosecal.app"])
        #expect(a.hash == b.hash)
    }

    @Test func aMovedStartIsAnEdit() throws {
        let moved = base.replacingOccurrences(of: "T080000", with: "T083000")
        #expect(try VdirContent(bytes: Data(base.utf8)).hash != VdirContent(bytes: Data(moved.utf8)).hash)
    }

    @Test func anOverrideIsAnEdit() throws {
        let override = base.replacingOccurrences(
            of: "END:VCALENDAR",
            with: "BEGIN:VEVENT\r\nUID:dose-1@dosecal.app\r\nRECURRENCE-ID;TZID=America/New_York:20261202T080000\r\n"
                + "DTSTART;TZID=America/New_York:20261202T090000\r\nSUMMARY:Dose\r\nEND:VEVENT\r\nEND:VCALENDAR")
        let c = try VdirContent(bytes: Data(override.utf8))
        #expect(c.uids == ["dose-1@dosecal.app"])
        #expect(c.hash != (try VdirContent(bytes: Data(base.utf8))).hash)
    }
}
