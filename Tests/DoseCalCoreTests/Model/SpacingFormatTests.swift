import DoseCalTestSupport
import Foundation
import Testing

@testable import DoseCalCore

/// The version 2 keys of spacing (decisions 0230, 0231): a medication's `spacing` and the
/// `gradual` time policy, read, refused in a version 1 file, and written back as read.
@Suite struct SpacingFormatTests {
    static func version2(_ fields: String) -> String {
        scheduleText(medication: fields).replacingOccurrences(of: "\"version\": 1", with: "\"version\": 2")
    }

    @Test func readsSpacingAndTheGradualPolicy() throws {
        let text = Self.version2(
            #""spacing": {"minimumHours": 3.5, "maximumHours": 13.5}, "timePolicy": {"kind": "gradual", "maxShiftHours": 1.5}"#)
        let m = try ScheduleCodec.decode(Data(text.utf8), file: "t.json").medications[0]
        #expect(m.spacing == Spacing(minimum: 12_600, maximum: 48_600))
        #expect(m.timePolicy == .gradual(maxShiftMinutes: 90))
        let plain = try ScheduleCodec.decode(
            Data(Self.version2(#""spacing": {"minimumHours": 0}, "timePolicy": {"kind": "gradual"}"#).utf8), file: "t.json")
        #expect(plain.medications[0].spacing == Spacing(minimum: nil, maximum: nil))
        #expect(plain.medications[0].timePolicy == .gradual(maxShiftMinutes: 120))
    }

    @Test func writesThemBackAsRead() throws {
        for fields in [
            #""timePolicy": {"kind": "gradual"}, "spacing": {"minimumHours": 4}"#,
            #""timePolicy": {"kind": "gradual", "maxShiftHours": 0.5}, "spacing": {"minimumHours": 0, "maximumHours": 30}"#,
        ] {
            let schedule = try ScheduleCodec.decode(Data(Self.version2(fields).utf8), file: "t.json")
            let written = String(decoding: ScheduleCodec.encode(schedule), as: UTF8.self)
            #expect(written.contains(#""version": 2"#))
            #expect(written.contains(fields.replacingOccurrences(of: ", \"spacing\"", with: ",\n      \"spacing\"")))
            #expect(try ScheduleCodec.decode(Data(written.utf8), file: "t.json") == schedule)
        }
    }

    static let errorCases: [(String, String)] = [
        (
            #""spacing": {"minimumHours": 4}"#,
            "t.json:5: medications[0].spacing: spacing needs schedule format version 2; set \"version\": 2 at the top of the file (a version 1 file reads as before without it)"
        ),
        (
            #""timePolicy": {"kind": "gradual"}"#,
            "t.json:5: medications[0].timePolicy.kind: the gradual time policy needs schedule format version 2; set \"version\": 2 at the top of the file (a version 1 file reads as before without it)"
        ),
    ]

    @Test(arguments: errorCases)
    func version1RefusesThem(fields: String, expected: String) {
        #expect(decodeError(scheduleText(medication: fields)) == expected)
    }

    static let version2Cases: [(String, String)] = [
        (
            #""spacing": {"maximumHours": 12}"#,
            "t.json:5: medications[0].spacing: missing required key \"minimumHours\" (the least hours between two consecutive doses, like 4; 0 for no least time)"
        ),
        (
            #""spacing": {"minimumHours": 4.1}"#,
            "t.json:5: medications[0].spacing.minimumHours: 4.1 is not a multiple of 0.25; use hours between doses from 0 to 8760, in steps of 0.25 (a quarter of an hour), like 4 or 1.5"
        ),
        (
            #""spacing": {"minimumHours": 6, "maximumHours": 5}"#,
            "t.json:5: medications[0].spacing.maximumHours: 5 is less than minimumHours 6; the most time between doses cannot be less than the least"
        ),
        (
            #""spacing": {"minimumHours": 6, "most": 5}"#,
            "t.json:5: medications[0].spacing: unknown key \"most\"; known keys: minimumHours, maximumHours (keys starting with \"x-\" are ignored)"
        ),
        (
            #""timePolicy": {"kind": "gradual", "maxShiftHours": 13}"#,
            "t.json:5: medications[0].timePolicy.maxShiftHours: 13 is out of range; use hours a dose may move in a day from 0.5 to 12, in steps of 0.25 (a quarter of an hour), like 4 or 1.5"
        ),
        (
            #""recurrence": {"kind": "everyNHours", "hours": 8}, "timePolicy": {"kind": "gradual"}"#,
            "t.json:5: medications[0].timePolicy.kind: an everyNHours recurrence needs the fixedInterval policy; use {\"kind\": \"fixedInterval\"} or leave timePolicy out"
        ),
    ]

    @Test(arguments: version2Cases)
    func reportsBadValues(fields: String, expected: String) {
        #expect(decodeError(Self.version2(fields)) == expected)
    }
}
