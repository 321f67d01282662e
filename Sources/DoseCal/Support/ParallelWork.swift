import Dispatch
import Foundation

/// Runs independent pieces of work on several threads (Dispatch's `concurrentPerform`): `jobs`
/// workers take the next index until none is left, so a slow piece holds up one worker only.
/// The results come back in index order, whatever order they finished in.
///
/// The work must be safe to run at once on several threads: value types, and libical only
/// behind `Libical.lock` (which every libical call takes).
public enum ParallelWork {
    /// `work(i)` for every `i` in `0..<count`, on at most `jobs` threads at a time.
    public static func map<Result: Sendable>(
        _ count: Int, jobs: Int, _ work: @Sendable (Int) -> Result
    ) -> [Result] {
        guard count > 0 else { return [] }
        let shared = Shared<Result>(count: count)
        let workers = max(1, min(jobs, count))
        if workers == 1 {
            return (0..<count).map(work)
        }
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let i = shared.next() { shared.store(work(i), at: i) }
        }
        return shared.results()
    }

    /// The next index and the results, behind one lock.
    private final class Shared<Result: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var nextIndex = 0
        private let count: Int
        private var stored: [Result?]

        init(count: Int) {
            self.count = count
            stored = Array(repeating: nil, count: count)
        }

        func next() -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard nextIndex < count else { return nil }
            nextIndex += 1
            return nextIndex - 1
        }

        func store(_ result: Result, at i: Int) {
            lock.lock()
            stored[i] = result
            lock.unlock()
        }

        func results() -> [Result] {
            lock.lock()
            defer { lock.unlock() }
            return stored.map { $0! }
        }
    }
}
