public import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Reading a vdir folder: item files, their etags, and (only for files new or changed since the
/// status was written) their content.
public enum VdirFolder {
    /// `mtime(ns)-inode-size` of the file at `path`, or nil when it does not exist. A rewrite
    /// through a temporary file changes the inode even within one mtime tick.
    public static func etag(_ path: String) -> String? {
        var st = stat()
        guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        return "\(st.st_mtim.tv_sec).\(st.st_mtim.tv_nsec)-\(st.st_ino)-\(st.st_size)"
    }

    /// Scans `path`. A file whose name and etag match a status entry is not read: its UID and
    /// hash come from the status (`known`).
    public static func scan(_ path: String, known: SyncStatus) throws(SyncError) -> FolderState {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
            return FolderState(exists: false, files: [])
        }
        guard isDir.boolValue else { throw .io(path: path, reason: "not a folder; --vdir needs a folder of .ics files") }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw .io(path: path, reason: "cannot list the folder (\(error.localizedDescription))")
        }
        var byFile: [String: SyncStatus.Entry] = [:]
        for e in known.entries.values { byFile[e.file] = e }
        var files: [FolderState.File] = []
        for name in names where VdirName.isItem(name) {
            let full = path + "/" + name
            guard let etag = etag(full) else { continue }
            if let e = byFile[name], e.etag == etag, let written = e.written {
                files.append(FolderState.File(name: name, etag: etag, uids: [e.uid], hash: written.hash))
                continue
            }
            guard let data = FileManager.default.contents(atPath: full) else {
                files.append(FolderState.File(name: name, etag: etag, uids: [], hash: nil, problem: "cannot be read"))
                continue
            }
            files.append(read(name: name, etag: etag, data: data))
        }
        return FolderState(exists: true, files: files)
    }

    /// A file's state from its bytes.
    public static func read(name: String, etag: String, data: Data) -> FolderState.File {
        do {
            let content = try VdirContent(bytes: data)
            if content.uids.isEmpty {
                return FolderState.File(name: name, etag: etag, uids: [], hash: content.hash, data: data, problem: "holds no UID")
            }
            if content.uids.count > 1 {
                return FolderState.File(
                    name: name, etag: etag, uids: content.uids, hash: content.hash, data: data,
                    problem: "holds \(content.uids.count) different UIDs (a vdir item holds one)")
            }
            return FolderState.File(name: name, etag: etag, uids: content.uids, hash: content.hash, data: data)
        } catch {
            return FolderState.File(
                name: name, etag: etag, uids: [], hash: nil, data: data, problem: "is not iCalendar (\(error))")
        }
    }

    /// Removes temporary files an interrupted dosecal write left (`.NAME.ics.PID.tmp`, the
    /// `AtomicFile` pattern); returns their names. Other programs' temporary files are left.
    public static func removeLeftovers(_ path: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        var removed: [String] = []
        for name in names.sorted() where isOurTemporary(name) {
            if unlink(path + "/" + name) == 0 { removed.append(name) }
        }
        return removed
    }

    static func isOurTemporary(_ name: String) -> Bool {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return false }
        let core = name.dropFirst().dropLast(4)
        guard let dot = core.lastIndex(of: "."), core[..<dot].hasSuffix(".ics") else { return false }
        let pid = core[core.index(after: dot)...]
        return !pid.isEmpty && pid.allSatisfy(\.isNumber)
    }
}
