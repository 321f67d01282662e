import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writes files so that a reader never sees half a file: a temporary file in the same folder
/// (named with a leading dot and a `.tmp` suffix, which vdir readers ignore), fsync, rename over
/// the target, fsync of the folder. New files are readable by the owner only (0600).
public enum AtomicFile {
    public struct WriteError: Error, CustomStringConvertible, Sendable {
        public var path: String
        public var reason: String
        public var description: String { "cannot write \(path): \(reason)" }
    }

    /// Replaces (or creates) `path` with `data`, mode 0600 unless `mode` says otherwise. With
    /// `syncFolder: false` the folder is not fsynced: a caller writing many files calls
    /// `syncFolder(_:)` once after the last (the vdir executor does, before its status).
    public static func write(_ data: Data, to path: String, mode: mode_t = 0o600, syncFolder: Bool = true) throws(WriteError) {
        let temp = temporary(for: path)
        try writeTemporary(data, to: temp, target: path, mode: mode, sync: true)
        if rename(temp, path) != 0 {
            let why = String(cString: strerror(errno))
            unlink(temp)
            throw WriteError(path: path, reason: why)
        }
        if syncFolder { Self.syncFolder(URL(fileURLWithPath: path).deletingLastPathComponent().path) }
    }

    /// The temporary `path` is written through: `.NAME.PID.tmp` in the same folder.
    static func temporary(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent().path + "/." + url.lastPathComponent + ".\(getpid()).tmp"
    }

    /// Creates `temp` with `data` and `mode` (fsynced when `sync`); removes it on failure.
    static func writeTemporary(_ data: Data, to temp: String, target path: String, mode: mode_t, sync: Bool) throws(WriteError) {
        let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard fd >= 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
        var ok = true
        var reason = ""
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count {
                let n = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    ok = false
                    reason = String(cString: strerror(errno))
                    return
                }
                offset += n
            }
        }
        if ok && fchmod(fd, mode) != 0 {
            ok = false
            reason = String(cString: strerror(errno))
        }
        if ok && sync && fsync(fd) != 0 {
            ok = false
            reason = String(cString: strerror(errno))
        }
        close(fd)
        guard ok else {
            unlink(temp)
            throw WriteError(path: path, reason: reason)
        }
    }

    /// fsync of a folder, so that renames and unlinks in it are on disk.
    public static func syncFolder(_ dir: String) {
        let dfd = open(dir.isEmpty ? "." : dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dfd >= 0 {
            fsync(dfd)
            close(dfd)
        }
    }
}
