/// The unguessable name of a published feed (docs/publish.md, decision 0220): 128 bits of
/// HMAC-SHA256 under a secret kept outside the site, of the schedule's identity and its
/// generation, in lower-case hex, with `.ics`. Only the holder of the secret can make a name, a
/// name says nothing about the schedule, and the same identity and generation always give the
/// same name; a new generation gives a new name (`--rotate`).
public enum FeedName {
    /// Hex digits of a name (128 bits).
    public static let digits = 32

    /// The name of generation `generation` of the feed of `identity` (a schedule's path relative
    /// to the schedules folder; with several people per schedule, the path and the person).
    public static func make(secret: [UInt8], identity: String, generation: Int) -> String {
        let message = Array("dosecal-feed\u{1F}\(identity)\u{1F}\(generation)".utf8)
        return SHA256.hmacHex(key: secret, message: message, digits: digits) + ".ics"
    }

    /// Whether `name` has the form of a feed name (32 lower-case hex digits and `.ics`).
    public static func isFeedName(_ name: String) -> Bool {
        let utf8 = Array(name.utf8)
        guard utf8.count == digits + 4, name.hasSuffix(".ics") else { return false }
        return utf8.prefix(digits).allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
