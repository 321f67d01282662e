/// Why a publish stopped (the CLI exits 2, or 64 for a wrong option): before writing anything,
/// but for a record damaged in its middle, a folder that cannot be listed or a write that fails,
/// met as the run goes: the feeds of the batches done are complete and the record and the index
/// are as they were, so the next publish does them again. A bad schedule is not an error: it is a
/// problem of its entry in the index, and the others are published.
public enum PublishError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Another publish into the same site folder holds its lock.
    case locked(site: String)
    case io(path: String, reason: String)
    /// The record of earlier publishes cannot be read.
    case badRecord(path: String, line: Int, reason: String)
    /// The secret the feed names are made from cannot be read or is not one dosecal wrote.
    case badSecret(path: String, reason: String)
    /// The state folder records another site folder than the one given.
    case otherSite(state: String, recorded: String, given: String)
    /// `--rotate` named no schedule and no feed of the index.
    case unknownFeed(String)
    /// The site folder and the schedules folder (or the state folder) are inside one another.
    case nested(inner: String, outer: String)

    /// A wrong command-line value (exit 64) rather than bad data.
    public var isUsage: Bool {
        switch self {
        case .unknownFeed, .nested, .otherSite: return true
        default: return false
        }
    }

    public var description: String {
        switch self {
        case .locked(let site):
            return "another dosecal publish into \(site) is running (the folder is locked); try again when it ends"
        case .io(let path, let reason):
            return "\(path): \(reason)"
        case .badRecord(let path, let line, let reason):
            return "\(path), line \(line): not a dosecal publish record: \(reason). Move it away to publish every "
                + "schedule again (feed names are kept in it: keep a copy)"
        case .badSecret(let path, let reason):
            return "\(path): \(reason). The feed names are made from this secret: restore it from a backup; "
                + "remove it only to give every feed a new link"
        case .otherSite(let state, let recorded, let given):
            return "\(state) publishes to \(recorded), not \(given); give --out \(recorded), or --state DIR to keep "
                + "the names of another site apart"
        case .unknownFeed(let id):
            return "--rotate \(id): no schedule or feed of that name in the index; give a schedule path relative to "
                + "SCHEDULES_DIR (as the index lists it) or a feed name"
        case .nested(let inner, let outer):
            return "\(inner) is inside \(outer); the site folder is served to everyone, so it must be apart from the "
                + "schedules (health data) and from the publish state (the secret)"
        }
    }
}
