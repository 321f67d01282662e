import CSHA256

/// SHA-256 (FIPS 180-4), for stable identifiers (dosecal's UIDs, vdir file names) and content
/// hashes. The toolchain on Linux ships no hashing API, so this is the standard algorithm in a
/// few lines, working on the message bytes in place; where the CPU has SHA-256 instructions
/// (x86-64's SHA extensions, asked of CPUID once) the blocks are compressed by them instead
/// (`CSHA256`, a few lines of C). Tests pin the NIST vectors and a sweep of lengths against
/// Python's `hashlib`, and the two compressions against each other.
public enum SHA256 {
    /// Whether blocks go through the CPU's SHA-256 instructions.
    static let hasInstructions = dosecal_sha256_hardware() != 0

    private static let k: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    /// The 32-byte digest of `message`.
    public static func digest(_ message: some Collection<UInt8>) -> [UInt8] { digest(message, instructions: hasInstructions) }

    /// The digest, its blocks compressed by the CPU's instructions (when it has them) or (false)
    /// by `compress`.
    static func digest(_ message: some Collection<UInt8>, instructions: Bool) -> [UInt8] {
        withState(of: message, instructions: instructions) { h in
            var out = [UInt8](repeating: 0, count: 32)
            for i in 0..<8 {
                out[i * 4] = UInt8(h[i] >> 24)
                out[i * 4 + 1] = UInt8((h[i] >> 16) & 0xff)
                out[i * 4 + 2] = UInt8((h[i] >> 8) & 0xff)
                out[i * 4 + 3] = UInt8(h[i] & 0xff)
            }
            return out
        }
    }

    /// `body` given the final hash state (eight words) of `message`.
    private static func withState<R>(
        of message: some Collection<UInt8>, instructions: Bool = hasInstructions, _ body: (UnsafeBufferPointer<UInt32>) -> R
    ) -> R {
        if let result = message.withContiguousStorageIfAvailable({ withState(of: $0, instructions: instructions, body) }) {
            return result
        }
        return Array(message).withUnsafeBufferPointer { withState(of: $0, instructions: instructions, body) }
    }

    /// The state of contiguous bytes: all whole 64-byte blocks straight from the buffer, then the
    /// padded tail (one or two blocks). State, schedule window and tail live on the stack; the
    /// round constants are reached once per message.
    private static func withState<R>(
        of data: UnsafeBufferPointer<UInt8>, instructions: Bool = hasInstructions, _ body: (UnsafeBufferPointer<UInt32>) -> R
    ) -> R {
        k.withUnsafeBufferPointer { k in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 24) { words in
                let state = UnsafeMutableBufferPointer(rebasing: words[0..<8])
                let window = UnsafeMutableBufferPointer(rebasing: words[8..<24])
                for (i, v) in initial.enumerated() { state[i] = v }
                let whole = data.count / 64
                let compress = instructions && hasInstructions ? Self.compressByInstructions : Self.compress
                compress(UnsafeRawBufferPointer(data), whole, state, window, k)
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { tail in
                    let bytes = UnsafeMutableRawBufferPointer(tail)
                    let rest = data.count - whole * 64
                    bytes.initializeMemory(as: UInt8.self, repeating: 0)
                    bytes.copyMemory(from: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(data)[(whole * 64)...]))
                    bytes[rest] = 0x80
                    let length = rest + 1 <= 56 ? 64 : 128
                    bytes.storeBytes(of: (UInt64(data.count) * 8).bigEndian, toByteOffset: length - 8, as: UInt64.self)
                    compress(UnsafeRawBufferPointer(bytes), length / 64, state, window, k)
                }
                return body(UnsafeBufferPointer(state))
            }
        }
    }

    private static let initial: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]

    /// `compress` by the CPU's SHA-256 instructions, with the same round constants `k` (`w`
    /// unused: the instructions keep the schedule in registers).
    private static func compressByInstructions(
        _ bytes: UnsafeRawBufferPointer, blocks: Int, _ h: UnsafeMutableBufferPointer<UInt32>,
        _ w: UnsafeMutableBufferPointer<UInt32>, _ k: UnsafeBufferPointer<UInt32>
    ) {
        guard blocks > 0, let start = bytes.baseAddress else { return }
        dosecal_sha256_blocks(h.baseAddress, start.assumingMemoryBound(to: UInt8.self), blocks, k.baseAddress)
    }

    /// The first `blocks` 64-byte blocks of `bytes` into `h`. The message schedule is a rolling
    /// window of 16 words in `w`, extended sixteen words at a time just before the rounds that use
    /// them; the rounds go sixteen at a time so the working variables rotate by renaming alone
    /// and every schedule slot is a constant.
    private static func compress(
        _ bytes: UnsafeRawBufferPointer, blocks: Int, _ h: UnsafeMutableBufferPointer<UInt32>,
        _ w: UnsafeMutableBufferPointer<UInt32>, _ k: UnsafeBufferPointer<UInt32>
    ) {
        for block in 0..<blocks {
            for i in 0..<16 {
                w[i] = UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: block &* 64 &+ i &* 4, as: UInt32.self))
            }
            var (a, b, c, d, e, f, g, hh) = (h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7])
            for j in stride(from: 0, to: 64, by: 16) {
                if j > 0 { extend(w) }
                round(a, b, c, &d, e, f, g, &hh, k[j] &+ w[0])
                round(hh, a, b, &c, d, e, f, &g, k[j &+ 1] &+ w[1])
                round(g, hh, a, &b, c, d, e, &f, k[j &+ 2] &+ w[2])
                round(f, g, hh, &a, b, c, d, &e, k[j &+ 3] &+ w[3])
                round(e, f, g, &hh, a, b, c, &d, k[j &+ 4] &+ w[4])
                round(d, e, f, &g, hh, a, b, &c, k[j &+ 5] &+ w[5])
                round(c, d, e, &f, g, hh, a, &b, k[j &+ 6] &+ w[6])
                round(b, c, d, &e, f, g, hh, &a, k[j &+ 7] &+ w[7])
                round(a, b, c, &d, e, f, g, &hh, k[j &+ 8] &+ w[8])
                round(hh, a, b, &c, d, e, f, &g, k[j &+ 9] &+ w[9])
                round(g, hh, a, &b, c, d, e, &f, k[j &+ 10] &+ w[10])
                round(f, g, hh, &a, b, c, d, &e, k[j &+ 11] &+ w[11])
                round(e, f, g, &hh, a, b, c, &d, k[j &+ 12] &+ w[12])
                round(d, e, f, &g, hh, a, b, &c, k[j &+ 13] &+ w[13])
                round(c, d, e, &f, g, hh, a, &b, k[j &+ 14] &+ w[14])
                round(b, c, d, &e, f, g, hh, &a, k[j &+ 15] &+ w[15])
            }
            h[0] &+= a
            h[1] &+= b
            h[2] &+= c
            h[3] &+= d
            h[4] &+= e
            h[5] &+= f
            h[6] &+= g
            h[7] &+= hh
        }
    }

    /// The next sixteen schedule words into the window: slot `i` holds word `t` with
    /// `t % 16 == i`, so word `t - 16` is replaced in place. Written out so every slot is a
    /// constant.
    @inline(__always) private static func extend(_ w: UnsafeMutableBufferPointer<UInt32>) {
        schedule(w, 0)
        schedule(w, 1)
        schedule(w, 2)
        schedule(w, 3)
        schedule(w, 4)
        schedule(w, 5)
        schedule(w, 6)
        schedule(w, 7)
        schedule(w, 8)
        schedule(w, 9)
        schedule(w, 10)
        schedule(w, 11)
        schedule(w, 12)
        schedule(w, 13)
        schedule(w, 14)
        schedule(w, 15)
    }

    /// Schedule word `t` (`t % 16 == i`) from words `t - 16`, `t - 15`, `t - 7` and `t - 2`.
    @inline(__always) private static func schedule(_ w: UnsafeMutableBufferPointer<UInt32>, _ i: Int) {
        let w15 = w[(i &+ 1) & 15]
        let w2 = w[(i &+ 14) & 15]
        let s0 = rotr(w15 ^ rotr(w15, 11), 7) ^ (w15 >> 3)
        let s1 = rotr(w2 ^ rotr(w2, 2), 17) ^ (w2 >> 10)
        w[i] &+= s0 &+ w[(i &+ 9) & 15] &+ s1
    }

    /// One round with the working variables named in their current roles: `d` becomes the
    /// next `e` and `h` the next `a`; the others move by the caller renaming them.
    @inline(__always) private static func round(
        _ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32,
        _ e: UInt32, _ f: UInt32, _ g: UInt32, _ h: inout UInt32, _ kw: UInt32
    ) {
        // Σ1(e) = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25) and Σ0(a) = rotr(a, 2) ^ rotr(a, 13) ^
        // rotr(a, 22), each folded into nested rotations (fewer register copies).
        let t1 = h &+ rotr(e ^ rotr(e ^ rotr(e, 14), 5), 6) &+ (g ^ (e & (f ^ g))) &+ kw
        let t2 = rotr(a ^ rotr(a ^ rotr(a, 9), 11), 2) &+ ((a & b) | (c & (a | b)))
        d &+= t1
        h = t1 &+ t2
    }

    /// Lower-case hex of the digest of `text`'s UTF-8 bytes.
    public static func hex(_ text: String) -> String { hex(text, digits: 64) }

    /// The first `digits` (up to 64) lower-case hex digits of the digest of `text`'s UTF-8 bytes.
    public static func hex(_ text: String, digits: Int) -> String {
        var text = text
        return text.withUTF8 { bytes in withState(of: bytes) { hex($0, digits: digits) } }
    }

    /// Lower-case hex of the digest of `message`.
    public static func hex(of message: some Collection<UInt8>) -> String { withState(of: message) { hex($0, digits: 64) } }

    /// `prefix`, the first `digits` (up to 64) lower-case hex digits of the digest of `message`,
    /// and `suffix`, written into one string.
    public static func hex(of message: [UInt8], digits: Int, prefix: String, suffix: String) -> String {
        withState(of: message) { hex($0, digits: digits, prefix: prefix, suffix: suffix) }
    }

    /// Lower-case hex of `bytes`.
    public static func hex(_ bytes: [UInt8]) -> String {
        String(unsafeUninitializedCapacity: bytes.count * 2) { out in
            for (i, b) in bytes.enumerated() {
                out[i * 2] = hexDigit(b >> 4)
                out[i * 2 + 1] = hexDigit(b & 0x0f)
            }
            return bytes.count * 2
        }
    }

    /// `prefix`, the first `digits` hex digits of a state's eight big-endian words, and `suffix`.
    private static func hex(
        _ state: UnsafeBufferPointer<UInt32>, digits: Int, prefix: String = "", suffix: String = ""
    ) -> String {
        let count = min(max(digits, 0), 64)
        let head = prefix.utf8.count
        return String(unsafeUninitializedCapacity: head + count + suffix.utf8.count) { out in
            copy(prefix, to: out, at: 0)
            for d in 0..<count { out[head &+ d] = hexDigit(UInt8((state[d >> 3] >> (28 &- 4 &* UInt32(d & 7))) & 0x0f)) }
            return head + count + copy(suffix, to: out, at: head + count)
        }
    }

    /// Copies `text`'s UTF-8 bytes into `out` from `start`; how many.
    @discardableResult private static func copy(_ text: String, to out: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        var text = text
        return text.withUTF8 { bytes in
            _ = UnsafeMutableBufferPointer(rebasing: out[start..<(start + bytes.count)]).initialize(from: bytes)
            return bytes.count
        }
    }

    @inline(__always) private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? 0x30 + nibble : 0x57 + nibble
    }

    @inline(__always) private static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }
}
