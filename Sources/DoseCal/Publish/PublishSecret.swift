import Foundation

/// The key feed names are made with (`FeedName`): 32 random bytes, made once per state folder and
/// kept there (`secret`, 0600), never in the site. Whoever holds it can make every feed's name;
/// whoever does not can only guess 128-bit names.
///
/// The file is one header line and the key in hex: `dosecal-publish-secret 1` and 64 hex digits.
public struct PublishSecret: Sendable {
    public let bytes: [UInt8]

    static let header = "dosecal-publish-secret 1"

    /// A fingerprint of the key for the record (16 hex digits of SHA-256 of a label and the key):
    /// it tells a replaced secret from the one the names were made with, and gives the key away
    /// no more than any feed name does.
    public var tag: String { SHA256.hmacHex(key: bytes, message: Array("dosecal-secret-tag".utf8), digits: 16) }

    /// The secret in the file at `path`; when there is none, `fresh()` (32 random bytes from the
    /// caller: the library reads no randomness) is written there first (0600).
    public static func load(_ path: String, fresh: () -> [UInt8]) throws(PublishError) -> PublishSecret {
        let data: Data?
        do { data = try PlainFile.read(path) } catch { throw .badSecret(path: path, reason: "cannot read it: it \(error)") }
        guard let data else {
            let bytes = fresh()
            guard bytes.count == 32 else { throw .badSecret(path: path, reason: "a new secret must be 32 bytes") }
            let text = header + "\n" + SHA256.hex(bytes) + "\n"
            do { try AtomicFile.write(Data(text.utf8), to: path) } catch {
                throw .io(path: path, reason: "cannot keep the secret: \(error.reason)")
            }
            return PublishSecret(bytes: bytes)
        }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        guard lines.count == 2, lines[0] == header, let bytes = hexBytes(lines[1]), bytes.count == 32 else {
            throw .badSecret(path: path, reason: "not a dosecal publish secret (\"\(header)\" and 64 hex digits)")
        }
        return PublishSecret(bytes: bytes)
    }

    private static func hexBytes(_ text: Substring) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        for i in stride(from: 0, to: digits.count, by: 2) {
            guard let hi = value(digits[i]), let lo = value(digits[i + 1]) else { return nil }
            bytes.append(hi << 4 | lo)
        }
        return bytes
    }

    private static func value(_ digit: UInt8) -> UInt8? {
        switch digit {
        case 0x30...0x39: return digit - 0x30
        case 0x61...0x66: return digit - 0x57
        default: return nil
        }
    }
}
