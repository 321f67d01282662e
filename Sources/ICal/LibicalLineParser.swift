internal import CLibical

/// Sole owner of one libical line parser (`icalparser_new`, freed with `icalparser_free`): fed
/// one unfolded content line at a time (`icalparser_add_line`), it gives back each top-level
/// component when its END arrives. The caller holds `Libical.lock` for its whole life.
final class LibicalLineParser {
    private let raw: OpaquePointer
    /// NUL-terminated copy of the line being added (reused).
    private var buffer: [CChar] = []

    init() { raw = icalparser_new() }

    deinit { icalparser_free(raw) }

    /// Adds one content line (no line ending); the component it completes, if any.
    func add(_ line: [UInt8]) -> OwnedComponent? {
        buffer.removeAll(keepingCapacity: true)
        buffer.reserveCapacity(line.count + 1)
        for byte in line { buffer.append(CChar(bitPattern: byte)) }
        buffer.append(0)
        guard let done = buffer.withUnsafeMutableBufferPointer({ icalparser_add_line(raw, $0.baseAddress) }) else {
            return nil
        }
        return OwnedComponent(taking: done)
    }
}
