import DoseCal
import Foundation

/// What a sync's feed is built from, as one fingerprint (`VdirSync.inputs`): the schedule file's
/// bytes, the travel stop `--zone` makes (with the date it starts), and everything outside the
/// schedule that can change the bytes of the feed: this program's build (the executable file's
/// size, inode and time) and the system's zone data (`TZDIR`, `tzdata.zi`'s size, inode and
/// time). When in doubt a part is included: a changed part only costs a full run.
enum SyncInputs {
    static func fingerprint(schedule bytes: Data, travel: String, environment: [String: String]) -> String {
        let parts = [
            "schedule " + SHA256.hex(of: bytes), "bytes \(bytes.count)", "travel " + travel, build(environment: environment),
        ]
        return parts.joined(separator: "\n")
    }

    /// The parts outside the schedule (`VdirSync.build`): the program's build and the zone data.
    static func build(environment: [String: String]) -> String {
        let zoneDirectory = environment["TZDIR"] ?? "/usr/share/zoneinfo"
        return "program " + fileIdentity("/proc/self/exe") + "\nzones " + zoneDirectory + " "
            + fileIdentity(zoneDirectory + "/tzdata.zi")
    }

    /// Size, inode, modification time and change time of the file `path` points to; "-" when
    /// there is none.
    static func fileIdentity(_ path: String) -> String { FileStatus.identity(of: path) }
}
