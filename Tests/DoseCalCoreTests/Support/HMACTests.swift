import DoseCalCore
import Testing

/// RFC 4231's HMAC-SHA256 test cases 1, 2, 3, 6 and 7 (keys shorter than, and longer than, a
/// block), and a key of exactly one block.
@Test(arguments: [
    (
        [UInt8](repeating: 0x0b, count: 20), Array("Hi There".utf8),
        "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
    ),
    (
        Array("Jefe".utf8), Array("what do ya want for nothing?".utf8),
        "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
    ),
    (
        [UInt8](repeating: 0xaa, count: 20), [UInt8](repeating: 0xdd, count: 50),
        "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"
    ),
    (
        [UInt8](repeating: 0xaa, count: 131), Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
        "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
    ),
    (
        [UInt8](repeating: 0xaa, count: 131),
        Array(
            ("This is a test using a larger than block-size key and a larger than block-size data. The key needs to be "
                + "hashed before being used by the HMAC algorithm.").utf8),
        "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"
    ),
    ([UInt8](repeating: 0x6b, count: 64), [], "83026a325aaee70e36cfe607536aa1054104ad1077c36134810d4ccded1ccd3b"),
])
func hmacSHA256MatchesRFC4231(_ key: [UInt8], _ message: [UInt8], _ expected: String) {
    #expect(SHA256.hmacHex(key: key, message: message) == expected)
    #expect(SHA256.hmacHex(key: key, message: message, digits: 32) == String(expected.prefix(32)))
}
