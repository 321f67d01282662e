/// A number's decimal digits without making a String (the status and the etags write thousands).
enum DecimalDigits {
    /// `body` given the ASCII digits of `magnitude`, as `String(magnitude)` spells them, in a
    /// buffer on the stack.
    static func with<R>(_ magnitude: UInt64, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for UInt64.max's 20 digits
        return withUnsafeMutableBytes(of: &digits) { buffer in
            var v = magnitude
            var i = buffer.count
            repeat {
                i -= 1
                buffer[i] = UInt8(truncatingIfNeeded: 0x30 + v % 10)
                v /= 10
            } while v > 0
            return body(UnsafeRawBufferPointer(rebasing: buffer[i...]))
        }
    }
}
