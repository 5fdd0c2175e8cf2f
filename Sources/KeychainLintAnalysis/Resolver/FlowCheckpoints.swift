import KeychainLintModel
import Foundation
import SwiftSyntax

/// States of one local variable's flow, each taken just before a statement of its declaration's
/// list that held a use: the next use further down continues from the nearest one instead of
/// following every statement again from the declaration.
///
/// Without them a function with a thousand uses of one variable (generated code, a long
/// hand-written setup routine) follows a million statements, each copying the variable's values.
/// A checkpoint keeps what the walk to it cost and looked up, and a question that resumes there
/// is charged and credited exactly as if it had walked, so answers and budgets do not depend on
/// which use was asked first (the same rule as `ValueResolver`'s cached answers).
final class FlowCheckpoints: @unchecked Sendable {
    struct Checkpoint {
        /// Index, in the declaration's statement list, of the statement the state is before.
        let position: Int
        let state: Resolution
        /// Steps taken from the declaration to here, charged again on resuming.
        let steps: Int
        /// Names looked up on the way (replayed for the result cache's dependencies).
        let names: Set<String>
        /// Parameters read from callers on the way, recorded again on resuming.
        let parameterUses: [(function: NodeKey, name: String)]

        static func start(at position: Int, _ state: Resolution) -> Checkpoint {
            Checkpoint(position: position, state: state, steps: 0, names: [], parameterUses: [])
        }
    }

    /// Checkpoints kept per flow: uses beyond this many still resume from the nearest kept one.
    static let maximumCount = 1_024

    private let lock = NSLock()
    /// Sorted by position.
    private var checkpoints: [Checkpoint] = []

    /// The checkpoint nearest before or at `position` whose cost still leaves steps in a budget
    /// with `remaining` steps: resuming from a later one would skip the place where a walk from
    /// the declaration runs out, and its gap would be reported elsewhere.
    func nearest(atOrBefore position: Int, remaining: Int) -> Checkpoint? {
        lock.withLock {
            var low = 0
            var high = checkpoints.count
            while low < high {
                let middle = (low + high) / 2
                if checkpoints[middle].position <= position { low = middle + 1 } else { high = middle }
            }
            // Costs grow with the position: the first one that fits, walking back, is the nearest.
            var candidate = low - 1
            while candidate >= 0, checkpoints[candidate].steps >= remaining { candidate -= 1 }
            return candidate >= 0 ? checkpoints[candidate] : nil
        }
    }

    func record(_ checkpoint: Checkpoint) {
        lock.withLock {
            guard checkpoints.count < Self.maximumCount else { return }
            var low = 0
            var high = checkpoints.count
            while low < high {
                let middle = (low + high) / 2
                if checkpoints[middle].position < checkpoint.position { low = middle + 1 } else { high = middle }
            }
            if low < checkpoints.count, checkpoints[low].position == checkpoint.position { return }
            checkpoints.insert(checkpoint, at: low)
        }
    }

    /// Checkpoints inside one nested statement list (an `if` body, a `case`, a loop), kept with
    /// the state the walk entered the list with: a use inside a clause resumes from the nearest
    /// one before it only when the list is entered with the same state, and positions are
    /// indexes in that list. Without them, a thousand uses of a dictionary inside one `if`
    /// followed every statement of the clause again for each use.
    struct NestedList {
        let entry: Resolution
        /// Sorted by position; steps are counted from the entry.
        var checkpoints: [Checkpoint] = []
    }

    private var nested: [SyntaxIdentifier.SyntaxIndexInTree: NestedList] = [:]

    /// As `nearest(atOrBefore:remaining:)`, in the nested list `list` entered with `entry`.
    func nearest(in list: SyntaxIdentifier.SyntaxIndexInTree, entry: Resolution, atOrBefore position: Int, remaining: Int) -> Checkpoint? {
        lock.withLock {
            guard let kept = nested[list], kept.entry == entry else { return nil }
            var candidate = kept.checkpoints.lastIndex { $0.position <= position } ?? -1
            while candidate >= 0, kept.checkpoints[candidate].steps >= remaining { candidate -= 1 }
            return candidate >= 0 ? kept.checkpoints[candidate] : nil
        }
    }

    /// Keeps a checkpoint of the nested list `list` entered with `entry` (none when the list
    /// was first entered with another state).
    func record(_ checkpoint: Checkpoint, in list: SyntaxIdentifier.SyntaxIndexInTree, entry: Resolution) {
        lock.withLock {
            var kept = nested[list] ?? NestedList(entry: entry)
            guard kept.checkpoints.count < Self.maximumCount, kept.entry == entry else { return }
            let low = kept.checkpoints.firstIndex { $0.position >= checkpoint.position } ?? kept.checkpoints.count
            if low < kept.checkpoints.count, kept.checkpoints[low].position == checkpoint.position { return }
            kept.checkpoints.insert(checkpoint, at: low)
            nested[list] = kept
        }
    }
}
