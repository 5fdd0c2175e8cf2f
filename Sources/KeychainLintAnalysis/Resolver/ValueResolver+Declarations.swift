import KeychainLintModel
import Foundation
import SwiftSyntax

// Declarations: variables, properties and their assignments, bodies, and which `switch` cases may run.
extension ValueResolver {
    func resolveVariables(_ declarations: [VariableDeclaration], _ env: Environment) -> Resolution {
        var result = Resolution()
        for declaration in declarations {
            result = result.merging(resolveVariable(declaration, env))
        }
        return result
    }

    func resolveVariable(_ declaration: VariableDeclaration, _ env: Environment) -> Resolution {
        let key = declaration.key
        guard !env.active.contains(key) else {
            return gap(declaration.binding, env.withFile(declaration.file), "`\(declaration.name)` \(Self.cycleReason)", kind: .cycle)
        }
        let outOfSteps = { self.gap(declaration.binding, env.withFile(declaration.file), self.budgetReason, kind: .stepBudget) }
        guard env.isContextFree else {
            let traced = computeVariable(declaration, key: key, env)
            return traced.gaps.contains(where: { $0.kind == .stepBudget }) ? outOfSteps() : traced
        }
        // A result cut short by a cycle, the depth limit or the step budget depends on where the
        // question came from; caching it would make answers depend on the order files are
        // scanned in.
        return answer(
            for: key, in: \.declarationCache, keepingUnless: Self.isContextDependent, env, outOfSteps: outOfSteps
        ) { computeVariable(declaration, key: key, env) }
    }

    private func computeVariable(_ declaration: VariableDeclaration, key: NodeKey, _ env: Environment) -> Resolution {
        let file = declaration.file
        let binding = declaration.binding
        var inner = env.entering(key, file: file)
        // A member's own code sees `self` only through an explicit receiver value.
        if declaration.enclosingType == nil { inner.selfValue = nil }
        var result = Resolution()
        if let initializer = binding.initializer {
            result = evaluate(initializer.value, inner)
        }
        if let accessors = binding.accessorBlock {
            switch accessors.accessors {
            case .getter(let statements):
                result = result.merging(evaluateBody(statements, inner))
            case .accessors(let list):
                if let getter = list.first(where: { $0.accessorSpecifier.tokenKind == .keyword(.get) }),
                    let body = getter.body
                {
                    result = result.merging(evaluateBody(body.statements, inner))
                }
            }
        }
        if binding.accessorBlock == nil, !declaration.isConstant || binding.initializer == nil,
            let owner = declaration.enclosingType
        {
            result = result.merging(assignments(to: declaration.name, inType: owner, inner))
        }
        if result.isEmpty {
            result = gap(binding, inner, "`\(declaration.name)` has no value the resolver can see")
        }
        let qualified = declaration.enclosingType.map { "\($0).\(declaration.name)" } ?? declaration.name
        let traced = result.through(step(.property, "`\(qualified)`", at: binding.pattern, in: file))
        return traced
    }

    /// Values assigned to a stored property anywhere in its type's bodies (`self.x = …`, `x = …`).
    private func assignments(to name: String, inType typeName: String, _ env: Environment) -> Resolution {
        var result = Resolution()
        for type in index(env).types(named: typeName, mentioning: name) {
            let collector = AssignmentCollector(name: name)
            let file = type.file
            collector.walk(type.node)
            for assignment in collector.assignments {
                var inner = env
                inner.file = file
                let value = evaluate(assignment.rightOperand, inner)
                result = result.merging(
                    value.through(step(.assignment, "assigned", at: assignment, in: file)))
            }
        }
        return result
    }

    /// Values a body returns: `return` statements outside nested closures and functions, or the
    /// single expression of an implicit-return body.
    func evaluateBody(_ statements: CodeBlockItemListSyntax, _ env: Environment) -> Resolution {
        if statements.count == 1, let only = statements.first {
            if let expression = only.item.as(ExprSyntax.self) { return evaluate(expression, env) }
            if let statement = only.item.as(ExpressionStmtSyntax.self) { return evaluate(statement.expression, env) }
        }
        let collector = ReturnCollector(viewMode: .sourceAccurate)
        collector.walk(statements)
        var result = Resolution()
        for returnStmt in collector.returns {
            guard let value = returnStmt.expression else { continue }
            guard let branches = branchSteps(from: Syntax(returnStmt), upTo: Syntax(statements), env) else { continue }
            var traced = evaluate(value, env)
            for branch in branches.reversed() { traced = traced.through(branch) }
            result = result.merging(traced)
        }
        return result
    }

    /// Steps for the `if`/`switch` branches between a node and its enclosing body; nil when a
    /// `switch` over a known value shows the branch cannot run.
    private func branchSteps(from node: Syntax, upTo stop: Syntax, _ env: Environment) -> [TraceStep]? {
        var steps: [TraceStep] = []
        var child = node
        var current = node.parent
        while let parent = current, parent.id != stop.id {
            if let switchCase = parent.as(SwitchCaseSyntax.self),
                let switchExpr = switchCase.parent?.parent?.as(SwitchExprSyntax.self)
            {
                guard caseMayRun(switchCase, of: switchExpr, env) else { return nil }
                steps.append(step(.branch, Self.caseText(switchCase), at: switchCase, in: env.file))
            }
            if let ifExpr = parent.as(IfExprSyntax.self) {
                let condition = SyntaxQueries.shortText(ifExpr.conditions, limit: 40)
                if child.id == ifExpr.body.id {
                    steps.append(step(.branch, "if `\(condition)`", at: ifExpr, in: env.file))
                } else if ifExpr.elseBody.map({ $0.id == child.id }) ?? false {
                    steps.append(step(.branch, "else of `\(condition)`", at: child, in: env.file))
                }
            }
            child = parent
            current = parent.parent
        }
        return steps.reversed()
    }

    /// Whether a `switch` case can run given what is known of the subject (`self` bound to a case,
    /// or a parameter bound to a case by the call being evaluated).
    func caseMayRun(_ switchCase: SwitchCaseSyntax, of switchExpr: SwitchExprSyntax, _ env: Environment) -> Bool {
        guard let caseNames = knownCaseNames(ofSubjectOf: switchExpr, env) else { return true }
        guard case .case(let label) = switchCase.label else {
            // `default:` runs only for a known case that no plain `case .name:` (without `where`
            // or associated-value patterns) catches first.
            return caseNames.contains { !Self.switchExpr(switchExpr, certainlyCatches: $0) }
        }
        for item in label.caseItems {
            guard let patternName = Self.enumCaseName(of: item.pattern) else { return true }
            if caseNames.contains(patternName) { return true }
        }
        // A later `default:` may still run; this case does not.
        return false
    }

    /// The enum case names the subject of a `switch` can have, when all of them are known.
    private func knownCaseNames(ofSubjectOf switchExpr: SwitchExprSyntax, _ env: Environment) -> [String]? {
        let subject = SyntaxQueries.unwrapTransparent(switchExpr.subject)
        var known: Resolution?
        if let reference = subject.as(DeclReferenceExprSyntax.self) {
            if reference.baseName.text == "self" {
                known = env.selfValue
            } else if case .parameter(_, let function)? = LocalScope.lookup(reference.baseName.text, from: Syntax(reference)) {
                known = env.bindings[ParameterKey(function: NodeKey(file: env.file, node: function), name: reference.baseName.text)]
            }
        }
        guard let known, known.gaps.isEmpty, !known.values.isEmpty else { return nil }
        let caseNames: [String] = known.values.compactMap { enumCase(of: $0.value, env)?.name }
        return caseNames.count == known.values.count ? caseNames : nil
    }

    /// Whether an explicit `case .name:` item with no `where` clause and no payload pattern exists.
    static func switchExpr(_ switchExpr: SwitchExprSyntax, certainlyCatches caseName: String) -> Bool {
        for case .switchCase(let switchCase) in switchExpr.cases {
            guard case .case(let label) = switchCase.label else { continue }
            for item in label.caseItems where item.whereClause == nil {
                if let pattern = item.pattern.as(ExpressionPatternSyntax.self),
                    let member = pattern.expression.as(MemberAccessExprSyntax.self),
                    member.declName.baseName.text == caseName
                {
                    return true
                }
            }
        }
        return false
    }

    static func enumCaseName(of pattern: PatternSyntax) -> String? {
        // `case let .valet(x)`: the binding wraps the case pattern.
        let pattern = pattern.as(ValueBindingPatternSyntax.self)?.pattern ?? pattern
        guard let expressionPattern = pattern.as(ExpressionPatternSyntax.self) else { return nil }
        var expression = expressionPattern.expression
        if let call = expression.as(FunctionCallExprSyntax.self) { expression = call.calledExpression }
        if let member = expression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        return nil
    }

    static func caseText(_ switchCase: SwitchCaseSyntax) -> String {
        switch switchCase.label {
        case .default: "default"
        case .case(let label): "case " + SyntaxQueries.shortText(label.caseItems, limit: 40)
        }
    }
}
