#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The platform calls zone data needs: reading a whole small file, and one lock for the table
/// cache. Every call to the C library for zone data is in this file.
enum ZoneFileSystem {
    /// The bytes of the file at `path`, nil when it cannot be opened or is larger than `limit`.
    static func read(_ path: String, limit: Int = 1 << 20) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if n > 0 { bytes += chunk[0..<n] }
            if bytes.count > limit { return nil }
            if n < chunk.count { break }
        }
        return ferror(file) == 0 ? bytes : nil
    }
}

/// A mutual-exclusion lock (pthread) guarding a value shared by threads.
final class ZoneLock<Value>: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    private var value: Value

    init(_ value: Value) {
        self.value = value
        pthread_mutex_init(&mutex, nil)
    }

    deinit { pthread_mutex_destroy(&mutex) }

    func withLock<R>(_ body: (inout Value) -> R) -> R {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return body(&value)
    }
}
