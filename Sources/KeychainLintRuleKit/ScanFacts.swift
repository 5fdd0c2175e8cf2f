import Foundation
import KeychainLintModel

/// The scan-wide facts rules compute once and share between files, threads and languages (the
/// Face ID plan of every app, the stores of application passwords): each is computed on first use
/// and kept for the rest of the scan.
public final class ScanFacts: @unchecked Sendable {
    private let lock = NSLock()
    private var facts: [FactID: any FactBox] = [:]
    /// One lock per fact, held while it is computed: a scan-wide fact can take seconds, and two
    /// threads computing the same one at once would only double that.
    private var factLocks: [FactID: NSLock] = [:]
    private var factNames: [String: Set<String>] = [:]

    public init() {}

    /// A scan-wide fact, computed once, on first use (by whichever thread asks first; the others
    /// wait for it), and cached. `compute` must be deterministic and must not ask for the same fact
    /// (it may ask for others, which must not ask for it in turn).
    public func fact<T>(_ key: ScanFact<T>, _ compute: () -> T) -> T {
        Dependencies.recordFact(key.name)
        let id = FactID(name: key.name, type: ObjectIdentifier(T.self))
        if let cached = lock.withLock({ facts[id] }) as? Fact<T> {
            return cached.value
        }
        let factLock = lock.withLock { () -> NSLock in
            if let existing = factLocks[id] { return existing }
            let created = NSLock()
            factLocks[id] = created
            return created
        }
        factLock.lock()
        defer { factLock.unlock() }
        if let cached = lock.withLock({ facts[id] }) as? Fact<T> {
            return cached.value
        }
        let (value, recorded) = Dependencies.isolated(compute)
        lock.withLock {
            facts[id] = Fact(value: value)
            // A fact built on other facts depends on their names too (they are computed by now).
            var names = recorded.names
            for inner in recorded.facts where inner != key.name { names.formUnion(factNames[inner] ?? []) }
            factNames[key.name] = names
        }
        return value
    }

    /// A fact is stored under its name and its value's type, so that two facts can never read
    /// each other's values, whatever their names.
    private struct FactID: Hashable {
        let name: String
        let type: ObjectIdentifier
    }

    private protocol FactBox {}

    /// A fact's value, boxed: an Optional fact that is nil must not read as "not computed yet"
    /// (`nil as? T` succeeds when `T` is Optional).
    private struct Fact<T>: FactBox {
        let value: T
    }

    /// The names each fact computed so far looked up (for the result cache).
    public var factDependencies: [String: Set<String>] {
        lock.withLock { factNames }
    }
}

/// The key of a scan-wide fact (`ScanFacts.fact`): its type fixes the type of the fact's value,
/// and its name — unique among facts, prefixed with the rule's id — is what the result cache
/// records as a dependency of the files whose findings used it.
public struct ScanFact<Value>: Sendable {
    public let name: String

    public init(_ name: String) {
        self.name = name
    }
}
