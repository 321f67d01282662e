import Foundation
import Testing

@testable import DoseCalCore

/// A medication's fingerprint from the file's text: the SHA-256 of exactly its entry's bytes.
@Suite struct MedicationFingerprintTests {
    func texts(_ json: String) -> [String]? {
        let bytes = Array(json.utf8)
        return bytes.withUnsafeBufferPointer { b in
            MedicationTexts.spans(b)?.map { String(decoding: b[$0], as: UTF8.self) }
        }
    }

    @Test func eachEntryIsItsOwnText() {
        let json = """
            \u{FEFF}{"version": 1, "x-a": {"medications": [9]}, "log": ["[", "\\"]"],
             "medications" : [ {"id": "a", "n": "}],\\"{"} ,{"id":"b","t":[[1],{"c":[]}]},
              7 , "s\\"" ,null],
             "seen": []}
            """
        #expect(texts(json) == [#"{"id": "a", "n": "}],\"{"}"#, #"{"id":"b","t":[[1],{"c":[]}]}"#, "7", #""s\"""#, "null"])
        #expect(texts(#"{"medications": []}"#) == [])
        #expect(texts(#"{"medications": [{}]}"#) == ["{}"])
    }

    @Test func noArrayOrAnEscapedRootKeyGivesNone() {
        #expect(texts(#"{"version": 1}"#) == nil)
        #expect(texts(#"{"medic\u0061tions": [{"id": "a"}]}"#) == nil)
        #expect(texts(#"{"feed": {"medications": [1]}}"#) == nil)
    }

    @Test func theFingerprintIsTheHashOfTheText() throws {
        let json = #"{"version": 1, "homeZone": "UTC", "medications": [{"id": "a"}, {"id": "b"}]}"#
        #expect(
            ScheduleCodec.medicationFingerprints(Data(json.utf8)) == [SHA256.hex(#"{"id": "a"}"#), SHA256.hex(#"{"id": "b"}"#)])
    }
}
