import Foundation

/// Lookups by medication ID in one schedule: the first medication of each ID, each
/// medication's log entries and its seen hints. Each table is built on first use, in one pass,
/// and kept as long as the lookup (a `WallClockEngine` holds one for its schedule, which never
/// changes), so a command that asks about every medication stays linear in the medications and
/// the log instead of searching them once per medication.
public final class ScheduleLookup: @unchecked Sendable {
    private let schedule: Schedule
    private let lock = NSLock()
    private var medicationIndex: [String: Int]?
    private var logIndices: [String: [Int]]?
    private var seenIndices: [String: [Int]]?

    public init(_ schedule: Schedule) { self.schedule = schedule }

    /// The first medication whose ID is `id` (what `medications.first { $0.id == id }` gives).
    public func medication(_ id: String) -> Medication? { position(of: id).map { schedule.medications[$0] } }

    /// The index of the first medication whose ID is `id`.
    public func position(of id: String) -> Int? {
        locked(\.medicationIndex) {
            var result: [String: Int] = [:]
            for (i, m) in schedule.medications.enumerated() where result[m.id] == nil { result[m.id] = i }
            return result
        }[id]
    }

    /// `Schedule.positionalName(of:)`: "Medication 2" for the second medication.
    public func positionalName(of id: String) -> String? { position(of: id).map(Schedule.positionalName(at:)) }

    /// The log entries about medication `id`, in file order.
    public func log(of id: String) -> [DoseLogEntry] {
        locked(\.logIndices) { Self.grouped(schedule.log.lazy.map(\.medication)) }[id]?.map { schedule.log[$0] } ?? []
    }

    /// Whether the log says anything about medication `id`.
    public func hasLog(of id: String) -> Bool {
        locked(\.logIndices) { Self.grouped(schedule.log.lazy.map(\.medication)) }[id] != nil
    }

    /// The seen hints of medication `id`, in file order.
    public func seen(of id: String) -> [SeenReminder] {
        locked(\.seenIndices) { Self.grouped(schedule.seen.lazy.map(\.medication)) }[id]?.map { schedule.seen[$0] } ?? []
    }

    /// The table at `key`, built by `build` when it is not built yet.
    private func locked<T>(_ key: ReferenceWritableKeyPath<ScheduleLookup, T?>, build: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        if let table = self[keyPath: key] { return table }
        let table = build()
        self[keyPath: key] = table
        return table
    }

    /// The positions of each ID in `ids`, in order.
    private static func grouped(_ ids: some Sequence<String>) -> [String: [Int]] {
        var result: [String: [Int]] = [:]
        for (i, id) in ids.enumerated() { result[id, default: []].append(i) }
        return result
    }
}
