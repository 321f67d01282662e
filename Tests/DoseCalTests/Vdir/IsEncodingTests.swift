import DoseCalTestSupport
import Foundation
import Testing

@testable import DoseCal

/// Whether a schedule file is dosecal's encoding of what it holds, told without encoding every
/// medication again (a sync's merge decides so whether the file it replaces needs a backup):
/// true only when it is; false when the text differs anywhere; nil, never a wrong answer, when
/// the medications' texts cannot be found (the caller then compares with the whole encoding).
@Suite struct IsEncodingTests {
    func check(_ text: Data, canonical known: Bool) throws -> Bool? {
        let schedule = try ScheduleCodec.decode(text, file: "schedule.json")
        let fingerprints = try #require(ScheduleCodec.medicationFingerprints(text))
        let encoded = try #require(ScheduleCodec.medicationFingerprints(ScheduleCodec.encode(schedule)))
        let canonical: [String?] =
            known ? encoded.enumerated().map { $0.offset == 0 ? nil : $0.element } : encoded.map { _ in nil }
        return ScheduleCodec.isEncoding(text, of: schedule, fingerprints: fingerprints, canonical: canonical)
    }

    @Test(arguments: Fixtures.scheduleNames) func aFileDosecalWroteIs(_ name: String) throws {
        let schedule = try Fixtures.schedule(name)
        guard !schedule.medications.isEmpty else { return }
        let text = ScheduleCodec.encode(try ScheduleCodec.decode(ScheduleCodec.encode(schedule), file: name))
        #expect(try check(text, canonical: true) == true, "\(name)")
        #expect(try check(text, canonical: false) == true, "\(name)")
    }

    @Test(arguments: Fixtures.scheduleNames) func aFileInAnotherLayoutIsNot(_ name: String) throws {
        let schedule = try Fixtures.schedule(name)
        guard !schedule.medications.isEmpty else { return }
        let text = String(decoding: ScheduleCodec.encode(schedule), as: UTF8.self)
        let layouts = [
            text.replacingOccurrences(of: "\n  ", with: "\n   "),  // every line
            text.replacingOccurrences(of: "\"medications\": [", with: "\"medications\":  ["),  // before them
            text + "\n",  // after them
            text.replacingOccurrences(of: "},\n    {", with: "}, \n    {"),  // between two
        ]
        for layout in layouts where layout != text {
            #expect(try check(Data(layout.utf8), canonical: true) == false, "\(name)")
            #expect(try check(Data(layout.utf8), canonical: false) == false, "\(name)")
            #expect(ScheduleCodec.encode(try ScheduleCodec.decode(Data(layout.utf8), file: name)) != Data(layout.utf8))
        }
    }

    /// A medication given as canonical whose text in the file is another: not the encoding.
    @Test func aMedicationWrittenOtherwiseIsNot() throws {
        let schedule = try Fixtures.schedule("family.json")
        #expect(schedule.medications.count > 2)
        let text = String(decoding: ScheduleCodec.encode(schedule), as: UTF8.self)
        let last = try #require(text.range(of: "\"id\": \"\(schedule.medications.last!.id)\""))
        let edited = text.replacingCharacters(in: last, with: "\"id\":  \"\(schedule.medications.last!.id)\"")
        #expect(try check(Data(edited.utf8), canonical: true) == false)
        #expect(try check(Data(edited.utf8), canonical: false) == false)
    }

    /// A root key written with an escape: the medications' texts are not looked for, so this
    /// cannot tell.
    @Test func aRootKeyWithAnEscapeCannotTell() throws {
        let encoded = ScheduleCodec.encode(try Fixtures.schedule("family.json"))
        let text = String(decoding: encoded, as: UTF8.self)
        let escaped = Data(text.replacingOccurrences(of: "\"homeZone\"", with: "\"homeZon\\u0065\"").utf8)
        #expect(escaped != encoded)
        let schedule = try ScheduleCodec.decode(escaped, file: "schedule.json")
        #expect(ScheduleCodec.medicationFingerprints(escaped) == nil)
        let fingerprints = try #require(ScheduleCodec.medicationFingerprints(encoded))
        let none = [String?](repeating: nil, count: fingerprints.count)
        #expect(ScheduleCodec.isEncoding(escaped, of: schedule, fingerprints: fingerprints, canonical: none) == nil)
        #expect(ScheduleCodec.isEncoding(escaped, of: schedule, fingerprints: fingerprints, canonical: fingerprints) == nil)
    }
}
