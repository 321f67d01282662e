/// HMAC-SHA256 (RFC 2104): a keyed hash, for names that only the holder of the key can make
/// (published feed names); tests pin RFC 4231's vectors.
extension SHA256 {
    /// The 32-byte HMAC-SHA256 of `message` under `key`.
    public static func hmac(key: [UInt8], message: some Collection<UInt8>) -> [UInt8] {
        var block = key.count > 64 ? digest(key) : key
        block += [UInt8](repeating: 0, count: 64 - block.count)
        let inner = digest(block.map { $0 ^ 0x36 } + message)
        return digest(block.map { $0 ^ 0x5c } + inner)
    }

    /// Lower-case hex of the first `digits` (up to 64) hex digits of `hmac(key:message:)`.
    public static func hmacHex(key: [UInt8], message: some Collection<UInt8>, digits: Int = 64) -> String {
        String(hex(hmac(key: key, message: message)).prefix(max(0, min(digits, 64))))
    }
}
