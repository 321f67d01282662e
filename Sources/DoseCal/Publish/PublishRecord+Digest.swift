extension PublishRecord {
    /// A SHA-256 digest held in four words (a record of many entries keeps no strings for them),
    /// written as 64 hex digits.
    public struct Digest: Sendable, Equatable {
        var words: (UInt64, UInt64, UInt64, UInt64)

        /// The SHA-256 digest of `bytes`.
        public init(of bytes: some Collection<UInt8>) {
            let d = SHA256.digest(bytes)
            let word = { (i: Int) in d[i * 8..<i * 8 + 8].reduce(UInt64(0)) { $0 << 8 | UInt64($1) } }
            words = (word(0), word(1), word(2), word(3))
        }

        /// The digest written as 64 hex digits; nil for anything else.
        init?(hex: some Collection<UInt8>) {
            guard hex.count == 64 else { return nil }
            var w: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
            var i = hex.startIndex
            var valid = true
            /// The next 16 digits as one word.
            func word() -> UInt64 {
                var n: UInt64 = 0
                for _ in 0..<16 {
                    let c = hex[i]
                    hex.formIndex(after: &i)
                    let v = Digest.values[Int(c)]
                    valid = valid && v < 16
                    n = n << 4 | UInt64(v & 0x0f)
                }
                return n
            }
            w = (word(), word(), word(), word())
            guard valid else { return nil }
            words = w
        }

        /// 64 lower-case hex digits.
        public var hex: String {
            [words.0, words.1, words.2, words.3].map { word in
                let digits = String(word, radix: 16)
                return String(repeating: "0", count: 16 - digits.count) + digits
            }.joined()
        }

        public static func == (a: Digest, b: Digest) -> Bool { a.words == b.words }

        /// The value of each byte as a lower-case hex digit; 0xff for any other byte.
        private static let values: [UInt8] = (0...255).map { c in
            switch c {
            case 0x30...0x39: return UInt8(c - 0x30)
            case 0x61...0x66: return UInt8(c - 0x57)
            default: return 0xff
            }
        }
    }
}
