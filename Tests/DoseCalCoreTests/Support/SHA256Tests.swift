import DoseCalCore
import Testing

@Test func sha256MatchesNISTVectors() {
    #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
        SHA256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    #expect(SHA256.hex(String(repeating: "a", count: 1000)).count == 64)
    #expect(
        SHA256.hex(
            "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu")
            == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
    #expect(
        SHA256.hex(String(repeating: "a", count: 1_000_000))
            == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    // A collection without contiguous storage gives the same digest.
    #expect(SHA256.digest(Array("cba".utf8).reversed()) == SHA256.digest(Array("abc".utf8)))
}

/// Messages around the 55/56/64-byte padding edges and several blocks, against digests from
/// `sha256sum` (GNU coreutils).
@Test func sha256AtBlockEdges() {
    #expect(SHA256.hex(String(repeating: "a", count: 55)) == "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318")
    #expect(SHA256.hex(String(repeating: "a", count: 56)) == "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a")
    #expect(SHA256.hex(String(repeating: "a", count: 64)) == "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb")
    #expect(SHA256.hex(String(repeating: "a", count: 1000)) == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    // A collection without contiguous storage takes the copying path.
    let lazy = SHA256.digest("abc".utf8.lazy.map { $0 })
    #expect(lazy.map { String($0, radix: 16) }.joined().hasPrefix("ba7816bf8f1cfea41414"))
    #expect(lazy.count == 32)
}

/// The first hex digits of a digest (what a UID takes) are the digest's own.
@Test func sha256HexPrefix() {
    #expect(SHA256.hex("abc", digits: 24) == "ba7816bf8f01cfea414140de")
    #expect(SHA256.hex("abc", digits: 64) == SHA256.hex("abc"))
    #expect(SHA256.hex("abc", digits: 7) == "ba7816b")
    #expect(SHA256.hex(of: Array("abc".utf8)) == SHA256.hex("abc"))
}
