import KeychainLintModel
import Foundation
import SwiftSyntax

// Names: locals (through branches), parameters, and what a reference is bound to.
extension ValueResolver {
    func evaluateReference(_ reference: DeclReferenceExprSyntax, _ env: Environment) -> Resolution {
        let name = reference.baseName.text
        // Read inside a clause over the same name, it is one of the cases the clause matches
        // (SubjectNarrowing.swift).
        let narrowing = caseNarrowing(of: ExprSyntax(reference), at: Syntax(reference), in: env.file)
        if name == "self" {
            return env.selfValue.map { narrowed($0, by: narrowing, env) } ?? gap(reference, env, "`self` is not a known value here")
        }
        if let binding = env.file.localBindings.value(for: reference.id.indexInTree, { LocalScope.lookup(name, from: Syntax(reference)) }) {
            return narrowed(evaluateLocal(name, binding, use: Syntax(reference), env), by: narrowing, env)
        }
        if let typeName = enclosingTypeName(of: reference, in: env.file) {
            let members = index(env).properties(named: name, inType: typeName)
            if !members.isEmpty {
                // On the instances the method runs on, when they are known (InstanceSelf.swift),
                // and on the cases a clause over `self` around it matches.
                let inner = narrowingSelf(at: Syntax(reference), env)
                return narrowed(
                    evaluateSelfInstanceMember(name, at: Syntax(reference), inner) { resolveVariables(members, inner) }, by: narrowing, env)
            }
        }
        guard let declared = index(env).variables(named: name, limit: Self.maximumDeclaringFiles) else {
            return gap(reference, env, "`\(name)` may be declared in more than \(Self.maximumDeclaringFiles) files: not followed", kind: .searchLimit)
        }
        let globals = declared.filter { $0.enclosingType == nil }
        if globals.count == 1 { return resolveVariable(globals[0], env) }
        if globals.count > 1 {
            return gap(reference, env, "`\(name)` is declared \(globals.count) times in the scan")
        }
        if !index(env).functions(named: name).isEmpty || index(env).isDeclaredType(name) {
            return gap(reference, env, "`\(name)` is a function or type, not a value")
        }
        if index(env).isDeclaredOutsideScope(name, limit: Self.maximumDeclaringFiles) {
            return gap(reference, env, "`\(name)` is declared only outside this module and the modules it uses")
        }
        // Not declared anywhere in the scan: an SDK constant such as `kSecAttrAccessibleAlways`.
        return .value(.symbol(name))
    }

    func evaluateLocal(_ name: String, _ binding: LocalBinding, use: Syntax, _ env: Environment) -> Resolution {
        switch binding {
        case .variable(_, let patternBinding, let list, let itemIndex):
            let key = NodeKey(file: env.file, node: patternBinding)
            guard !env.active.contains(key) || env.activeLocalReads[key].map({ use.position.utf8Offset < $0 }) == true else {
                return gap(use, env, "`\(name)` \(Self.cycleReason)", kind: .cycle)
            }
            // With no parameters bound and no `self`, the value at a use depends on the use alone.
            guard env.isContextFree else {
                return evaluateLocalVariable(name, patternBinding, key: key, list: list, itemIndex: itemIndex, use: use, env)
            }
            return answer(for: UseKey(use: NodeKey(file: env.file, node: use), depth: env.depth), in: \.localUseCache, at: use, env) {
                evaluateLocalVariable(name, patternBinding, key: key, list: list, itemIndex: itemIndex, use: use, env)
            }
        case .parameter(let parameter, let function):
            let key = ParameterKey(function: NodeKey(file: env.file, node: function), name: name)
            if let bound = env.bindings[key] { return bound.resolution }
            return evaluateParameterFromCallers(parameter, function: function, use: use, env)
        case .optionalBinding(let condition):
            if let initializer = condition.initializer {
                let result = evaluate(initializer.value, env)
                let bound = Resolution(values: result.values.filter { $0.value != .null }, gaps: result.gaps)
                return storesAfterVariableBinding(name, condition, bound: bound, use: use, env) ?? bound
            }
            // `if let name` re-binds the outer `name`.
            if let outer = LocalScope.lookup(name, from: Syntax(condition)) {
                // Like `if let name = name`: the bound value is the outer one without `nil`.
                let result = evaluateLocal(name, outer, use: Syntax(condition), env)
                return Resolution(values: result.values.filter { $0.value != .null }, gaps: result.gaps)
            }
            return gap(use, env, "`\(name)` is bound to an outer value the resolver cannot see")
        case .tupleElement(let element):
            // TupleValues.swift.
            return evaluateTupleElementLocal(name, element, use: use, env)
        case .casePayload(let payload):
            // CasePayload.swift.
            return evaluateCasePayload(payload, use: use, env)
        case .conditional(let declaration):
            return evaluateConditionalLocal(name, declaration, use: use, env)
        case .opaque(let reason):
            return gap(use, env, reason)
        }
    }

    /// The value of a `guard var x = e` or `if var x = e` binding at `use`, through the statements
    /// between the binding and the use (`x[key] = value` changes a dictionary bound so, as it does
    /// a `var` declared alone): after the `guard`, in its list; inside the `if`'s first block.
    /// Nil for a `let` binding, or where the use is not in either place.
    private func storesAfterVariableBinding(
        _ name: String, _ condition: OptionalBindingConditionSyntax, bound: Resolution, use: Syntax, _ env: Environment
    ) -> Resolution? {
        guard condition.bindingSpecifier.tokenKind == .keyword(.var),
            let statement = condition.parent?.parent?.parent
        else { return nil }
        let key = NodeKey(file: env.file, node: Syntax(condition))
        guard !env.active.contains(key) else { return nil }
        var inner = env.enteringLocal(key)
        inner.activeLocalReads[key] = use.position.utf8Offset
        if statement.is(GuardStmtSyntax.self), let item = statement.parent?.as(CodeBlockItemSyntax.self),
            let list = item.parent?.as(CodeBlockItemListSyntax.self),
            let index = list.firstIndex(where: { $0.id == item.id }).map({ list.distance(from: list.startIndex, to: $0) })
        {
            return LocalFlow(resolver: self, name: name, env: inner).value(at: use, declaredIn: list, at: index, initial: bound)
        }
        if let ifExpr = statement.as(IfExprSyntax.self), SyntaxQueries.contains(ifExpr.body, use) {
            return LocalFlow(resolver: self, name: name, env: inner).value(at: use, declaredIn: ifExpr.body.statements, at: -1, initial: bound)
        }
        return nil
    }

    /// A local declared in `#if` clauses: every clause's value is possible (the scan cannot know
    /// which configuration ships), each through its clause's statements, then the statements
    /// between `#endif` and the use. The trace names the clause's condition.
    private func evaluateConditionalLocal(_ name: String, _ declaration: ConditionalDeclaration, use: Syntax, _ env: Environment)
        -> Resolution
    {
        var result = Resolution()
        for (condition, binding) in declaration.clauses {
            guard case .variable(_, let patternBinding, let clauseList, let clauseIndex) = binding else {
                result = result.merging(evaluateLocal(name, binding, use: use, env))
                continue
            }
            let key = NodeKey(file: env.file, node: patternBinding)
            guard !env.active.contains(key) else {
                result = result.merging(gap(use, env, "`\(name)` \(Self.cycleReason)", kind: .cycle))
                continue
            }
            let inner = env.enteringLocal(key)
            var state = patternBinding.initializer.map { evaluate($0.value, inner) } ?? Resolution()
            // The use lies after `#endif`: the clause's statements all run before it.
            state = LocalFlow(resolver: self, name: name, env: inner)
                .value(at: use, declaredIn: clauseList, at: clauseIndex, initial: state)
            state = LocalFlow(resolver: self, name: name, env: inner)
                .value(at: use, declaredIn: declaration.list, at: declaration.itemIndex, initial: state)
            result = result.merging(
                state.through(step(.branch, condition, at: patternBinding, in: env.file))
                    .through(step(.variable, "`\(name)`", at: patternBinding.pattern, in: env.file)))
        }
        if result.isEmpty { return gap(use, env, "`\(name)` has no value the resolver can see") }
        return result
    }

    private func evaluateLocalVariable(
        _ name: String, _ patternBinding: PatternBindingSyntax, key: NodeKey, list: CodeBlockItemListSyntax, itemIndex: Int,
        use: Syntax, _ env: Environment
    ) -> Resolution {
        var inner = env.enteringLocal(key)
        inner.activeLocalReads[key] = use.position.utf8Offset
        var initial = Resolution()
        if let initializer = patternBinding.initializer {
            initial = evaluate(initializer.value, inner)
        }
        var flow = LocalFlow(resolver: self, name: name, env: inner)
        // The walk from the declaration is the same for every use when nothing but the
        // declaration decides it: uses share its checkpoints.
        if usesFlowCheckpoints, env.isContextFree, !initial.gaps.contains(where: { $0.kind == .cycle || $0.kind == .stepBudget }) {
            flow.checkpoints = flowCheckpoints(for: UseKey(use: key, depth: env.depth))
        }
        let result = flow.value(at: use, declaredIn: list, at: itemIndex, initial: initial)
        if result.isEmpty { return gap(use, env, "`\(name)` has no value the resolver can see") }
        return result.through(step(.variable, "`\(name)`", at: patternBinding.pattern, in: env.file))
    }
}
