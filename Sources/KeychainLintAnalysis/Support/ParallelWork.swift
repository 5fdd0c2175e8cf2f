import KeychainLintModel
import Foundation

/// Runs `work` for every index in `0..<count` on a bounded pool of threads and returns the
/// results in index order, so the output does not depend on scheduling. Threads get a large stack:
/// parsing, operator folding and syntax-tree walks recurse as deep as the code nests (bounded by
/// `SyntaxLimits`), several times deeper in a debug build. Only the pages used are ever backed
/// by memory.
public enum ParallelWork {
    public static let stackSize = 512 * 1024 * 1024
    /// For work that does not recurse (reading files): many such threads may run at once.
    public static let smallStackSize = 4 * 1024 * 1024

    /// Like `map`, for work done on behalf of the calling thread's analysis (a scan-wide fact, a
    /// search that parses files): the names the workers look up are credited to the caller's
    /// dependency frame, as if it had done the work itself.
    public static func mapForCaller<T>(count: Int, threads: Int, _ work: @escaping @Sendable (Int) -> T) -> [T] {
        guard Dependencies.isRecording else { return map(count: count, threads: threads, work) }
        let results = map(count: count, threads: threads) { index in Dependencies.record { work(index) } }
        for (_, recorded) in results {
            Dependencies.replay(recorded.names)
            Dependencies.replayLimits(recorded.limits)
            for fact in recorded.facts { Dependencies.recordFact(fact) }
        }
        return results.map(\.0)
    }

    public static func map<T>(
        count: Int, threads requested: Int, stackSize: Int = stackSize, _ work: @escaping @Sendable (Int) -> T
    ) -> [T] {
        let threadCount = max(1, min(requested, count))
        if threadCount == 1 {
            return (0..<count).map(work)
        }
        let results = ResultSlots<T>(count: count)
        let next = Counter()
        let group = DispatchGroup()
        for _ in 0..<threadCount {
            group.enter()
            let thread = Thread {
                while true {
                    let index = next.take()
                    if index >= count { break }
                    results.set(index, work(index))
                }
                group.leave()
            }
            thread.stackSize = stackSize
            thread.start()
        }
        group.wait()
        return results.values()
    }

    /// Worker threads to use: every core unless the user asked for fewer.
    public static var defaultThreadCount: Int { ProcessInfo.processInfo.activeProcessorCount }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func take() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value - 1
    }
}

private final class ResultSlots<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [T?]

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ value: T) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    func values() -> [T] {
        lock.lock()
        defer { lock.unlock() }
        return slots.map { $0! }
    }
}
