#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The system's zone setting, read as the C library reads it: the one place the CLI calls
/// `readlink(2)` on `/etc/localtime`.
enum SystemZone {
    /// The IANA name `/etc/localtime` links to (`/usr/share/zoneinfo/Europe/Berlin` ->
    /// `Europe/Berlin`); nil when it is no such link (a copied file, or none), and the caller
    /// asks Foundation instead. Foundation's answer loads its zone data, about 2 MiB.
    static func linkedName(path: String = "/etc/localtime") -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink(path, &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        let target = buffer[0..<n].map { UInt8(bitPattern: $0) }
        let marker = Array("zoneinfo/".utf8)
        guard target.count > marker.count,
            let start = (0...(target.count - marker.count)).last(where: { target[$0..<($0 + marker.count)].elementsEqual(marker) }
            )
        else { return nil }
        let name = String(decoding: target[(start + marker.count)...], as: UTF8.self)
        return name.isEmpty || name.hasPrefix("posix/") || name.hasPrefix("right/") ? nil : name
    }
}
