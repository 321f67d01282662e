/// File names for items dosecal creates in a vdir folder.
///
/// vdir (pimutils/vdirsyncer `docs/vdir.rst`) only asks that a name end in `.ics` and that
/// programs never rely on a name: items are found by the UID inside. dosecal's names are safe
/// whatever the UID: no path separator, no leading dot (hidden, and vdirsyncer ignores dot
/// folders), no control character, at most 80 bytes before `.ics`.
public enum VdirName {
    static let maxStem = 80

    /// `dose-<hex>@dosecal.app` -> `dose-<hex>.ics`; a UID made of letters, digits, `-` and `_`
    /// (at most 80) -> `UID.ics`; anything else -> its safe characters (at most 40) + `-` + 16 hex
    /// digits of its SHA-256, so that two UIDs never share a name.
    public static func fileName(forUID uid: String) -> String {
        if let stem = DoseIdentity.localPart(ofUID: uid), isPlain(String(stem)) { return stem + ".ics" }
        if isPlain(uid) { return uid + ".ics" }
        let kept = String(uid.unicodeScalars.filter(isPlainScalar).drop { $0 == "-" }.prefix(40).map(Character.init))
        let digest = String(SHA256.hex(uid).prefix(16))
        return (kept.isEmpty ? "item" : kept) + "-" + digest + ".ics"
    }

    /// `fileName(forUID:)`, or with `-2`, `-3`, ... before `.ics` when a file of that name exists.
    public static func fileName(forUID uid: String, avoiding taken: Set<String>) -> String {
        let base = fileName(forUID: uid)
        if !taken.contains(base) { return base }
        let stem = base.dropLast(4)
        var n = 2
        while taken.contains("\(stem)-\(n).ics") { n += 1 }
        return "\(stem)-\(n).ics"
    }

    /// Whether a file in a vdir folder is an item: its name's last bytes are `.ics`, with at least
    /// one byte before them (so no temporary, `.tmp`, is one). Bytes, as vdirsyncer compares the
    /// extension (by code points), not `Character`s: a name whose `.` joins the character before it
    /// is an item too. Called for every file of the folder on every sync.
    public static func isItem(_ name: String) -> Bool {
        let u = name.utf8
        guard u.count > 4 else { return false }
        var i = u.index(u.endIndex, offsetBy: -4)
        for byte in ".ics".utf8 {
            guard u[i] == byte else { return false }
            i = u.index(after: i)
        }
        return true
    }

    private static func isPlain(_ s: String) -> Bool {
        !s.isEmpty && s.utf8.count <= maxStem && s.unicodeScalars.allSatisfy(isPlainScalar) && !s.hasPrefix("-")
    }

    private static func isPlainScalar(_ c: Unicode.Scalar) -> Bool {
        (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || (c >= "0" && c <= "9") || c == "-" || c == "_"
    }
}
