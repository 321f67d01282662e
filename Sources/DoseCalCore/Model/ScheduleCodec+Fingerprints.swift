import Foundation

/// Fingerprints of a schedule file's medications from its bytes: the SHA-256 of each entry's
/// JSON text as the file holds it, without encoding the decoded values again (a sync after
/// changes compares them with the last clean sync's, `VdirSync.medicationFingerprints`).
///
/// Equal texts decode to equal medications under the same home zone and build (the rest of
/// what a medication's items depend on is in the sync's key), so an equal fingerprint means an
/// unchanged entry; a text that changes only in layout is a changed entry, the safe side.
extension ScheduleCodec {
    /// One fingerprint per element of the root object's `medications` array, in file order, of
    /// a file `decode` accepted (so strict JSON); nil when the array is not found or a key of the
    /// root object holds an escape (its name is then not read here).
    public static func medicationFingerprints(_ data: Data) -> [String]? {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            return MedicationTexts.spans(bytes).map { spans in
                spans.map { SHA256.hex(of: UnsafeBufferPointer(rebasing: bytes[$0])) }
            }
        }
    }
}

extension ScheduleCodec {
    /// Whether `data`, which decoded as `schedule`, is byte for byte what `encode(schedule)` writes,
    /// without encoding every medication again: true when it is; false when a medication's text,
    /// the text around them or between two differs from what `encode` writes there; nil when this
    /// cannot tell, the medications' texts not found (the caller compares with the whole
    /// encoding). `fingerprints`: `medicationFingerprints(data)`.
    /// `canonical`: per medication, the fingerprint of its text as `encode` writes it in a file of
    /// `schedule`'s written version, when known (nil: it is encoded here). The text around the
    /// medications is compared with the encoding of `schedule` holding only the medications
    /// encoded here (at least two when it has two, for the text between them).
    public static func isEncoding(_ data: Data, of schedule: Schedule, fingerprints: [String], canonical: [String?])
        -> Bool?
    {
        let n = schedule.medications.count
        guard n > 0, fingerprints.count == n, canonical.count == n else { return nil }
        var encodedHere = canonical.indices.filter { canonical[$0] == nil }
        for i in 0..<min(n, 2) where encodedHere.count < min(n, 2) && !encodedHere.contains(i) { encodedHere.append(i) }
        encodedHere.sort()
        // Equal texts have equal fingerprints: one that differs is a text `encode` does not write.
        for i in canonical.indices where canonical[i] != nil && !encodedHere.contains(i) {
            guard canonical[i] == fingerprints[i] else { return false }
        }
        var frame = schedule
        frame.version = ScheduleEncoder.writtenVersion(schedule)
        frame.medications = encodedHere.map { schedule.medications[$0] }
        let framed = encode(frame)
        return data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Bool? in
            framed.withUnsafeBytes { (rawFrame: UnsafeRawBufferPointer) -> Bool? in
                let (a, b) = (raw.bindMemory(to: UInt8.self), rawFrame.bindMemory(to: UInt8.self))
                guard let spans = MedicationTexts.spans(a), let inFrame = MedicationTexts.spans(b), spans.count == n,
                    inFrame.count == encodedHere.count
                else { return nil }
                for (k, i) in encodedHere.enumerated() {
                    guard SHA256.hex(of: UnsafeBufferPointer(rebasing: b[inFrame[k]])) == fingerprints[i] else { return false }
                }
                // The frame's text around and between its medications is the whole encoding's.
                let same = { (x: Range<Int>, y: Range<Int>) in a[x].elementsEqual(b[y]) }
                guard same(0..<spans[0].lowerBound, 0..<inFrame[0].lowerBound),
                    same(spans[n - 1].upperBound..<a.count, inFrame[inFrame.count - 1].upperBound..<b.count)
                else { return false }
                guard n > 1 else { return true }
                let gap = inFrame[0].upperBound..<inFrame[1].lowerBound
                for i in 1..<n where !same(spans[i - 1].upperBound..<spans[i].lowerBound, gap) { return false }
                return true
            }
        }
    }
}

/// Where each element of the root `medications` array starts and ends in valid JSON text: a scan
/// of strings (with their escapes) and brackets, no values built.
enum MedicationTexts {
    static func spans(_ b: UnsafeBufferPointer<UInt8>) -> [Range<Int>]? {
        var scan = Scan()
        var i = b.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < b.count {
            let c = b[i]
            switch c {
            case 0x20, 0x09, 0x0A, 0x0D:
                i += 1
                continue
            case UInt8(ascii: "\""):
                let start = i
                i += 1
                while i < b.count && b[i] != UInt8(ascii: "\"") { i += b[i] == UInt8(ascii: "\\") ? 2 : 1 }
                guard scan.string(b, start + 1..<min(i, b.count)) else { return nil }
            case UInt8(ascii: "{"), UInt8(ascii: "["): scan.open(at: i, object: c == UInt8(ascii: "{"))
            case UInt8(ascii: "}"), UInt8(ascii: "]"): scan.close()
            case UInt8(ascii: ","): scan.comma()
            default: scan.element(at: i)
            }
            i += 1
            scan.lastEnd = i
        }
        return scan.found ? scan.spans : nil
    }

    private struct Scan {
        /// Open arrays and objects.
        var depth = 0
        /// In the root object where the next string is a key.
        var expectKey = false
        var keyIsMedications = false
        /// Inside the medications array (its elements are at depth 2).
        var inside = false
        var found = false
        var elementStart: Int? = nil
        var lastEnd = 0
        var spans: [Range<Int>] = []

        mutating func element(at i: Int) {
            if inside && depth == 2 && elementStart == nil { elementStart = i }
        }

        /// A string whose text is `text`; false when it is a root key with an escape.
        mutating func string(_ b: UnsafeBufferPointer<UInt8>, _ text: Range<Int>) -> Bool {
            element(at: text.lowerBound - 1)
            guard depth == 1 && expectKey else { return true }
            expectKey = false
            if b[text].contains(UInt8(ascii: "\\")) { return false }
            keyIsMedications = b[text].elementsEqual("medications".utf8)
            return true
        }

        mutating func open(at i: Int, object: Bool) {
            element(at: i)
            if depth == 1 && !object && keyIsMedications {
                inside = true
                found = true
            }
            depth += 1
            if depth == 1 && object { expectKey = true }
        }

        mutating func close() {
            depth -= 1
            if inside && depth == 1 {
                if let s = elementStart { spans.append(s..<lastEnd) }
                elementStart = nil
                inside = false
            }
        }

        mutating func comma() {
            if depth == 1 {
                expectKey = true
                keyIsMedications = false
            }
            if inside && depth == 2, let s = elementStart {
                spans.append(s..<lastEnd)
                elementStart = nil
            }
        }
    }
}
