import KeychainLintModel
import Foundation
import SwiftSyntax

// What a question carries as it descends (the file, the bound parameters, the depth), and how gaps and trace steps are made.
extension ValueResolver {
    struct ParameterKey: Hashable {
        let function: NodeKey
        let name: String
    }

    /// Steps taken by one question (one thread), against its limit.
    final class StepBudget: @unchecked Sendable {
        let limit: Int
        private(set) var used = 0

        init(limit: Int) {
            self.limit = limit
        }

        var isExhausted: Bool { used >= limit }

        func charge(_ steps: Int) {
            used += steps
        }
    }

    struct Environment {
        var file: SourceFile
        /// Shared by everything one question evaluates.
        var budget: StepBudget
        var depth = 0
        /// Expression nesting inside the declaration being evaluated (reset when entering another).
        var nesting = 0
        /// Declarations being evaluated, to stop cycles.
        var active: Set<NodeKey> = []
        /// For a local variable being evaluated (its binding's key), where the read being followed
        /// is: a read of the same local written before it may still be followed (a dictionary
        /// copied out of the local, changed and stored back, `inner = outer[k]; outer[k] = inner`),
        /// since the value there comes from code before that read. Each such step goes to an
        /// earlier read, so it ends.
        var activeLocalReads: [NodeKey: Int] = [:]
        /// Parameter values bound by the call being evaluated, each computed when the body first
        /// reads it (see `ParameterBinding`).
        var bindings: [ParameterKey: ParameterBinding] = [:]
        /// `self` when a member is evaluated on a known enum case (`Level.legacy.flags`).
        /// Setting it (to a value, or to nil on entering another type's code) also forgets
        /// `selfCases`, which spoke of the `self` before.
        var selfValue: Resolution? { didSet { selfCases = nil } }
        /// What a `switch` or `if case` around the read says of `self` when its value is not
        /// known: a member read on `configuration` inside `case .iCloud:` runs its own
        /// `switch self` for `.iCloud` only (SubjectNarrowing.swift).
        var selfCases: CaseNarrowing?
        /// `self` as the constructions of the instance a followed method call runs on
        /// (`config.privateKey.accessControl()`), when they are known (InstanceSelf.swift).
        var selfInstances: [InstanceSource]?
        /// Records parameters read from callers during one top-level question (one thread).
        var parameterUses: ParameterUses?
        /// Answers cut by a cycle during one top-level question (one thread).
        var questionMemo: QuestionMemo?

        func entering(_ key: NodeKey, file: SourceFile) -> Environment {
            var next = enteringLocal(key)
            next.file = file
            return next
        }

        /// Into a local's declaration in the same file: one level deeper, with expression nesting
        /// counted from the declaration, so the answer does not depend on how deep the use was
        /// asked about.
        func enteringLocal(_ key: NodeKey) -> Environment {
            var next = self
            next.depth += 1
            next.nesting = 0
            next.active.insert(key)
            return next
        }

        var isContextFree: Bool { bindings.isEmpty && selfValue == nil && selfInstances == nil && selfCases == nil }
    }

    static let cycleReason = "depends on itself"
    static let depthReason = "resolution depth limit reached"
    static let nestingReason = "expression nests deeper than \(maximumExpressionNesting) levels: not followed"
    var budgetReason: String { "resolution stopped after \(stepsPerQuestion) steps for one question" }

    static func isContextDependent(_ gap: ResolutionGap) -> Bool {
        switch gap.kind {
        case .cycle, .depthLimit, .stepBudget: true
        // Nesting is counted from the declaration's own expression, whoever asks.
        case .nestingLimit, .searchLimit, .unknown: false
        }
    }

    func gap(_ node: some SyntaxProtocol, _ env: Environment, _ reason: String, kind: ResolutionGap.Kind = .unknown) -> Resolution {
        .gap(gapValue(node, env, reason, kind: kind))
    }

    func gapValue(_ node: some SyntaxProtocol, _ env: Environment, _ reason: String, kind: ResolutionGap.Kind = .unknown) -> ResolutionGap {
        let location = env.file.location(of: node)
        return ResolutionGap(file: env.file.path, line: location.line, column: location.column, reason: reason, kind: kind)
    }

    func step(_ kind: TraceStep.Kind, _ text: String, at node: some SyntaxProtocol, in file: SourceFile) -> TraceStep {
        let location = file.location(of: node)
        return TraceStep(kind: kind, text: text, file: file.path, line: location.line, column: location.column)
    }
}

extension ValueResolver.Environment {
    func withFile(_ file: SourceFile) -> Self {
        var copy = self
        copy.file = file
        return copy
    }

    /// The environment a declaration's own code is read in: none of the parameter bindings,
    /// receiver value or receiver instances of the code being followed, which are not that
    /// code's.
    func outsideTheFollowedCall() -> Self {
        var copy = self
        copy.bindings = [:]
        copy.selfValue = nil
        copy.selfInstances = nil
        return copy
    }
}

/// The value a call passes for one parameter, evaluated when the function's body first reads the
/// parameter and kept for later reads. A body reads few of its parameters in the places a check
/// judges (the accessibility, not the account or the data): an argument evaluated eagerly would
/// follow its own callers across the project for nothing. The answer is the one eager evaluation
/// gives, in the caller's environment as it was at the call; an environment belongs to one
/// question on one thread, and so does its bindings' evaluation.
final class ParameterBinding {
    private var compute: (() -> Resolution)?
    private var computed: Resolution?

    init(_ compute: @escaping () -> Resolution) {
        self.compute = compute
    }

    var resolution: Resolution {
        if let computed { return computed }
        let answer = compute?() ?? Resolution()
        computed = answer
        compute = nil
        return answer
    }
}
