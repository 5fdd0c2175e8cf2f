import KeychainLintModel
import Foundation

/// Answers computed once per scan and shared between threads, each with the names its
/// computation looked up, replayed when a later question takes the answer from here (so the
/// result cache's dependencies are the same whichever file asked first).
final class Memo<Key: Hashable, Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [Key: (value: Value, names: Set<String>, limits: Set<ResolutionGap>)] = [:]

    /// Two threads may compute the same answer at once; both are equal, either is kept.
    func value(for key: Key, _ compute: () -> Value) -> Value {
        if let cached = lock.withLock({ entries[key] }) {
            Dependencies.replay(cached.names)
            Dependencies.replayLimits(cached.limits)
            return cached.value
        }
        let (value, names, limits) = Dependencies.collectWithLimits(compute)
        lock.withLock { entries[key] = (value, names, limits) }
        return value
    }
}
