import Foundation

/// `VdirFolder.etag`'s text (`mtime(ns)-inode-size`) written into a fixed buffer: compared with a
/// recorded etag without making a String, which most files of a scan never need.
struct EtagText {
    /// Room for four 20-character numbers and three separators.
    private var storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    private var count = 0

    init(_ st: FileStatus) {
        append(st.modifiedSeconds)
        append(byte: UInt8(ascii: "."))
        append(st.modifiedNanoseconds)
        append(byte: UInt8(ascii: "-"))
        append(magnitude: st.inode)
        append(byte: UInt8(ascii: "-"))
        append(Int(st.size))
    }

    /// The text as a String (`"\(seconds).\(nanoseconds)-\(inode)-\(size)"`).
    var string: String {
        withUnsafeBytes(of: storage) { String(decoding: UnsafeRawBufferPointer(rebasing: $0[..<count]), as: UTF8.self) }
    }

    /// Whether `text` is this etag.
    func equals(_ text: String) -> Bool {
        withUnsafeBytes(of: storage) { $0[..<count].elementsEqual(text.utf8) }
    }

    /// Whether `bytes` are this etag's text.
    func equals(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count == count else { return false }
        guard count > 0 else { return true }
        return withUnsafeBytes(of: storage) { memcmp($0.baseAddress!, bytes.baseAddress!, count) == 0 }
    }

    private mutating func append(byte: UInt8) {
        let at = count
        withUnsafeMutableBytes(of: &storage) { $0[at] = byte }
        count += 1
    }

    /// `String(n)`: a `-` before the digits of a negative number.
    private mutating func append(_ n: Int) {
        if n < 0 { append(byte: UInt8(ascii: "-")) }
        append(magnitude: UInt64(n.magnitude))
    }

    private mutating func append(magnitude: UInt64) {
        let at = count
        let written = DecimalDigits.with(magnitude) { digits in
            withUnsafeMutableBytes(of: &storage) { bytes in
                UnsafeMutableRawBufferPointer(rebasing: bytes[at..<(at + digits.count)]).copyMemory(from: digits)
            }
            return digits.count
        }
        count += written
    }
}
