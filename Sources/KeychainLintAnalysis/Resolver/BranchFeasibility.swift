import KeychainLintModel
import SwiftSyntax

// Branches that cannot run. A value assigned or returned in a branch is a possible value only when
// the branch can run: `if strict { return a } else { return b }` called as `f(strict: true)` can
// only return `a`, and a `switch` over a parameter that every caller passes `.whenUnlocked` runs
// only that case. What decides it is the same knowledge the resolver has of the tested name.

extension ValueResolver {
    /// The values of a name a branch tests, when all of them are known: `self` when a member is
    /// evaluated on a known enum case; a parameter bound by the call being evaluated; or a
    /// parameter read with no call being evaluated, from what the scan's callers pass, when no
    /// code outside the scan can call the function (it is not `public` or `open`, or it is in a
    /// framework that only the scan's apps link, `ModuleScope.isClosedToOtherCode`: the scan is
    /// then taken as the whole program, as it is when a parameter's value comes from its
    /// callers). Nil when anything is unknown: a gap, no caller, a value of another kind.
    func knownSubject(_ expression: ExprSyntax, _ env: Environment) -> Resolution? {
        let subject = SyntaxQueries.unwrapTransparent(expression)
        guard let reference = subject.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil else { return nil }
        let name = reference.baseName.text
        var known: Resolution?
        if name == "self" {
            known = env.selfValue
        } else if case .parameter(_, let function)? = LocalScope.lookup(name, from: Syntax(reference)) {
            if let bound = env.bindings[ParameterKey(function: NodeKey(file: env.file, node: function), name: name)] {
                known = bound.resolution
            } else if !SyntaxQueries.isCallableFromOtherModules(function) || isClosedToOtherCode(env) {
                known = evaluate(ExprSyntax(reference), env)
            }
        }
        // Inside a clause over the same name, only the cases it matches (SubjectNarrowing.swift).
        guard let known = known.map({ narrowed($0, by: caseNarrowing(of: subject, at: Syntax(subject), in: env.file), env) }),
            known.gaps.isEmpty, !known.values.isEmpty
        else { return nil }
        return known
    }

    /// Whether only the scan's code can call the code of the file being evaluated, though it may
    /// be `public` (`ModuleScope.isClosedToOtherCode`).
    func isClosedToOtherCode(_ env: Environment) -> Bool {
        index.scope?.isClosedToOtherCode(env.file.id) ?? false
    }

    /// The Bool values a branch condition can have, when all are known: a single condition that
    /// is a known name (`strict`) or its negation (`!strict`). Nil otherwise: a condition list, a
    /// comparison, an `if let`.
    func knownConditionValues(_ conditions: ConditionElementListSyntax, _ env: Environment) -> Set<Bool>? {
        guard conditions.count == 1, let only = conditions.first, case .expression(let expression) = only.condition
        else { return nil }
        return knownBoolValues(expression, env)
    }

    func knownBoolValues(_ expression: ExprSyntax, _ env: Environment) -> Set<Bool>? {
        let inner = SyntaxQueries.unwrapTransparent(expression)
        if let prefix = inner.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            return knownBoolValues(prefix.expression, env).map { Set($0.map { !$0 }) }
        }
        guard let known = knownSubject(inner, env) else { return nil }
        var values = Set<Bool>()
        for traced in known.values {
            guard case .bool(let flag) = traced.value else { return nil }
            values.insert(flag)
        }
        return values
    }

    /// Whether the branch of an `if` taken when its condition is `outcome` can run.
    func ifBranchMayRun(_ conditions: ConditionElementListSyntax, when outcome: Bool, _ env: Environment) -> Bool {
        knownConditionValues(conditions, env)?.contains(outcome) ?? true
    }

    /// Whether the branch of a ternary taken when its condition is `outcome` can run.
    func ternaryBranchMayRun(_ ternary: TernaryExprSyntax, when outcome: Bool, _ env: Environment) -> Bool {
        knownBoolValues(ternary.condition, env)?.contains(outcome) ?? true
    }
}
