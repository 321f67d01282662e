import ICal

/// An earlier export read for its revisions from its own lines (decision 0110): the UID,
/// SEQUENCE and LAST-MODIFIED of each event and the hash of its lines as written, without
/// libical and without building its values again.
///
/// The revisions are the ones `FeedRevision.revisions(in:)` gives for the parsed file wherever
/// the file holds what dosecal's writer wrote (its lines are then what writing its values gives);
/// `build(_:)` checks every event whose hash differs that way, so the feed is the same in every
/// case. `init` returns nil for a file outside the plain shape read here (not CRLF, another
/// PRODID, unexpected nesting, values in other forms): read it with `ICalParser` instead.
public struct PreviousFeed: Sendable {
    /// The revisions by UID, hashed from the lines as written.
    public private(set) var revisions: [String: FeedRevision] = [:]
    /// Each UID's VEVENTs (master and overrides, file order) as byte ranges of `bytes`.
    private var blocks: [String: [Range<Int>]] = [:]
    private let bytes: [UInt8]

    public init?(bytes: [UInt8]) {
        self.bytes = bytes
        guard let events = PreviousFeedLines.events(in: bytes) else { return nil }
        var masters: [(uid: String, event: PreviousFeedLines.Event)] = []
        var overrides: [String: [String]] = [:]
        for event in events {
            blocks[event.uid, default: []].append(event.range)
            if event.isOverride {
                overrides[event.uid, default: []].append(SHA256.hex(of: event.content))
            } else {
                masters.append((event.uid, event))
            }
        }
        for (uid, event) in masters {
            let hash = FeedRevision.combinedHash(master: SHA256.hex(of: event.content), overrides: overrides[uid] ?? [])
            revisions[uid] = FeedRevision(sequence: event.sequence, lastModified: event.lastModified, contentHash: hash)
        }
    }

    /// `builder`'s feed against this earlier export: the feed it builds with
    /// `previous: FeedRevision.revisions(in:)` of the parsed file.
    public func build(_ builder: FeedBuilder) -> Feed {
        rebuilt(builder, { $0.build() }, revisions: { $0.items.map { ($0.uid, $0.revision) } })
    }

    /// `builder`'s file against this earlier export: the bytes of `build(_:)`'s feed.
    public func write(_ builder: FeedBuilder) -> WrittenFeed {
        rebuilt(builder, { $0.write() }, revisions: { $0.items.map { ($0.uid, $0.revision) } })
    }

    /// What `make` gives for `builder` with these revisions, made again with the parsed reading's
    /// revisions where an event's lines differ from what its content writes now (a file saved
    /// again by another program, say): the parsed reading decides, as it always did.
    private func rebuilt<Output>(
        _ builder: FeedBuilder, _ make: (FeedBuilder) -> Output, revisions built: (Output) -> [(String, FeedRevision?)]
    ) -> Output {
        var builder = builder
        builder.previous = revisions
        let output = make(builder)
        var corrected = revisions
        for (uid, revision) in built(output) {
            guard let built = revision, let old = revisions[uid], old.contentHash != built.contentHash,
                let parsed = parsedRevision(uid), parsed != old
            else { continue }
            corrected[uid] = parsed
        }
        guard corrected != revisions else { return output }
        builder.previous = corrected
        return make(builder)
    }

    /// The revision of `uid` as `FeedRevision.revisions(in:)` reads it from the parsed events.
    func parsedRevision(_ uid: String) -> FeedRevision? {
        var text = Array("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:\(FeedBuilder.productID)\r\n".utf8)
        for range in blocks[uid] ?? [] { text += bytes[range] }
        text += Array("END:VCALENDAR\r\n".utf8)
        guard let calendar = try? ICalParser.parse(text).calendar else { return nil }
        return FeedRevision.revisions(in: calendar)[uid]
    }
}
