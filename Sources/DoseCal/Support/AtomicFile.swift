import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes files so that a reader never sees half a file: a temporary file in the same folder,
/// fsync, rename over the target, fsync of the folder. New files are readable by the owner only
/// (0600).
///
/// The temporary is `.NAME.dosecal-PID.tmp` (`temporaryName`): a leading dot and a `.tmp` suffix,
/// which vdir readers ignore, and a `dosecal-` marker, so that `leftover` recognises exactly the
/// temporaries dosecal writes and never another program's. It is created exclusively and without
/// following a symbolic link, so a link planted under that name is never written through.
public enum AtomicFile {
    public struct WriteError: Error, CustomStringConvertible, Sendable {
        public var path: String
        public var reason: String
        public var description: String { "cannot write \(path): \(reason)" }
    }

    /// Replaces (or creates) `path` with `data`, mode 0600 unless `mode` says otherwise. With
    /// `syncFolder: false` the folder is not fsynced: a caller writing many files calls
    /// `syncFolder(_:)` once after the last (the vdir executor does, before its status). With
    /// `replacing: false` the file is only created: when `path` exists (also when it appears
    /// meanwhile) nothing is written and the error says so.
    ///
    /// First the temporaries that killed writes of `path` left are removed (`removeLeftovers`), so
    /// the next write of a file cleans up after any interrupted one.
    public static func write(
        _ data: some ContiguousBytes, to path: String, mode: mode_t = 0o600, syncFolder: Bool = true, replacing: Bool = true
    ) throws(WriteError) {
        let (dir, name) = split(path)
        _ = removeLeftovers(in: dir) { $0 == name }
        let temp = temporary(for: path)
        try writeTemporary(data, to: temp, target: path, mode: mode, sync: true)
        do throws(Errno) {
            if replacing {
                try Syscalls.rename(temp, path)
            } else {
                defer { try? Syscalls.unlink(temp) }
                try Syscalls.link(temp, path)
            }
        } catch {
            try? Syscalls.unlink(temp)
            throw WriteError(path: path, reason: error == .fileExists ? "it exists; not replacing it" : error.description)
        }
        if syncFolder { Self.syncFolder(dir) }
    }

    /// The temporary a write to `path` by this process goes through (`temporaryName`), in the
    /// same folder.
    static func temporary(for path: String) -> String {
        let (dir, name) = split(path)
        return dir + "/" + temporaryName(for: name, processID: Syscalls.processID)
    }

    /// Creates `temp` (never through a link) with `data` and `mode`, its modification time set to
    /// `modified` (seconds since 1970) when given, fsynced when `sync`; removes it on failure.
    /// Errors name `target`.
    static func writeTemporary(
        _ data: some ContiguousBytes, to temp: String, target path: String, mode: mode_t, sync: Bool, modified: Int? = nil
    ) throws(WriteError) {
        try InputFile.checkWritable(count: data.withUnsafeBytes(\.count), path: path)
        do throws(Errno) {
            let fd = try createTemporary(temp, mode: mode)
            do throws(Errno) {
                try PlainFile.write(data, to: fd)
                try Syscalls.fchmod(fd, mode)
                if let modified { try Syscalls.setModified(fd, seconds: modified) }
                if sync { try Syscalls.fsync(fd) }
            } catch {
                Syscalls.close(fd)
                try? Syscalls.unlink(temp)
                throw error
            }
            Syscalls.close(fd)
        } catch {
            throw WriteError(path: path, reason: error.description)
        }
    }

    /// fsync of a folder, so that renames and unlinks in it are on disk.
    public static func syncFolder(_ dir: String) {
        guard let dfd = try? Syscalls.open(dir.isEmpty ? "." : dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC) else { return }
        try? Syscalls.fsync(dfd)
        Syscalls.close(dfd)
    }

    /// `.NAME.dosecal-PID.tmp`: the temporary of a write to `NAME` by process `PID`.
    public static func temporaryName(for name: String, processID: Int32) -> String {
        "." + name + marker + String(processID) + ".tmp"
    }

    /// The target name and process of a temporary `temporaryName` made, or nil for any other
    /// name (an exact match: a leading dot, the target, `.dosecal-`, a process id, `.tmp`).
    public static func leftover(_ name: String) -> (target: String, processID: Int32)? {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return nil }
        let core = name.dropFirst().dropLast(4)
        guard let range = core.range(of: marker, options: .backwards) else { return nil }
        let target = core[..<range.lowerBound]
        let digits = core[range.upperBound...]
        guard !target.isEmpty, (1...10).contains(digits.count), digits.first != "0",
            digits.allSatisfy({ $0.isASCII && $0.isNumber }), let pid = Int32(digits)
        else { return nil }
        return (String(target), pid)
    }

    /// Removes the temporaries an interrupted write to one of `paths` left (`leftover` names in
    /// the same folder whose process no longer runs); returns the names removed, sorted.
    public static func removeLeftovers(of paths: [String]) -> [String] {
        var targets: [String: Set<String>] = [:]
        for path in paths {
            let (dir, name) = split(path)
            targets[dir, default: []].insert(name)
        }
        var removed: [String] = []
        for (dir, names) in targets {
            removed += removeLeftovers(in: dir) { names.contains($0) }
        }
        return removed.sorted()
    }

    /// Removes, in `dir`, the temporaries of writes to names that `isTarget` accepts, left by
    /// processes that no longer run; returns their names, sorted.
    public static func removeLeftovers(in dir: String, where isTarget: (String) -> Bool) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        var removed: [String] = []
        // A temporary's name starts with a dot byte (`leftover` checks the rest): only those sorted.
        for name in names.filter({ $0.utf8.first == UInt8(ascii: ".") }).sorted() {
            guard let temp = leftover(name), isTarget(temp.target) else { continue }
            guard temp.processID == Syscalls.processID || !Syscalls.processExists(temp.processID) else { continue }
            if (try? Syscalls.unlink(dir + "/" + name)) != nil { removed.append(name) }
        }
        return removed
    }

    private static let marker = ".dosecal-"

    private static func split(_ path: String) -> (dir: String, name: String) {
        let url = URL(fileURLWithPath: path)
        return (url.deletingLastPathComponent().path, url.lastPathComponent)
    }

    /// A new temporary; one of this process left by an earlier failed write is removed first.
    static func createTemporary(_ temp: String, mode: mode_t) throws(Errno) -> Int32 {
        do {
            return try PlainFile.create(temp, mode: mode)
        } catch  where error == .fileExists {
            try Syscalls.unlink(temp)
            return try PlainFile.create(temp, mode: mode)
        }
    }
}
