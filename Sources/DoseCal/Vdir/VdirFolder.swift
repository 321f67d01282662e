public import Foundation

/// Reading a vdir folder: item files, their etags, and (only for files new or changed since the
/// status was written) their content. Nothing in the folder is followed: an item that is a
/// symbolic link is reported as not an item and left alone, whatever it points to.
public enum VdirFolder {
    /// `mtime(ns)-inode-size` of the regular file at `path`, or nil when there is none (a
    /// symbolic link is not followed: nil). A rewrite through a temporary file changes the inode
    /// even within one mtime tick.
    public static func etag(_ path: String) -> String? {
        guard let st = PlainFile.status(path), st.kind == .regular else { return nil }
        return etag(st)
    }

    static func etag(_ st: FileStatus) -> String { EtagText(st).string }

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
        // Where each file's entry is in `known` (the last one of a file named twice), not a copy.
        var byFile: [String: Dictionary<String, SyncStatus.Entry>.Index] = [:]
        byFile.reserveCapacity(known.entries.count)
        for i in known.entries.indices { byFile[known.entries[i].value.file] = i }
        var files: [FolderState.File] = []
        files.reserveCapacity(names.count)
        let folder = path + "/"
        for name in names where VdirName.isItem(name) {
            let full = folder + name
            guard let st = PlainFile.status(full) else { continue }
            if st.kind == .symbolicLink {
                files.append(FolderState.File(name: name, etag: "", uids: [], hash: nil, problem: symbolicLink))
                continue
            }
            guard st.kind == .regular else {
                // In place of an item it is damage, never a deletion (decision 0201); never opened.
                let what = st.kind == .directory ? "is a folder" : "is a named pipe, socket or device"
                files.append(FolderState.File(name: name, etag: "", uids: [], hash: nil, problem: what + ", not a file"))
                continue
            }
            let text = EtagText(st)
            if let i = byFile[name], case let e = known.entries[i].value, let written = e.written, text.equals(e.etag) {
                files.append(FolderState.File(name: name, etag: e.etag, uids: [e.uid], hash: written.hash))
                continue
            }
            let etag = text.string
            let data: Data
            do {
                guard let bytes = try PlainFile.read(full) else { continue }
                data = bytes
            } catch {
                let problem = error == .symbolicLink ? symbolicLink : "cannot be read (\(error))"
                files.append(FolderState.File(name: name, etag: etag, uids: [], hash: nil, problem: problem))
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

    /// Why an item that is a symbolic link is left alone.
    public static let symbolicLink = "is a symbolic link; dosecal does not follow links in the folder, so it is left alone"

    /// Removes temporary files an interrupted dosecal write left (`AtomicFile.temporaryName` of an
    /// item name, `.NAME.ics.dosecal-PID.tmp`, whose process no longer runs); returns their
    /// names. Other programs' temporary files (any other name) are left.
    public static func removeLeftovers(_ path: String) -> [String] {
        AtomicFile.removeLeftovers(in: path, where: VdirName.isItem)
    }
}
