import KeychainLintModel
import SwiftSyntax

/// Values of one local variable at one use: starting from its declaration, follows the
/// statements that run before the use, through `if`/`else`, `switch`, `guard` and loops, and
/// keeps every value an assignment or a set mutation (`insert`, `formUnion`, `remove`, …) can
/// leave in it. Each value remembers the branch it came from.
struct LocalFlow {
    let resolver: ValueResolver
    let name: String
    let env: ValueResolver.Environment

    /// Swift `Dictionary` and `NSMutableDictionary` updates (`transferDictionaryMutation`).
    private static let dictionaryMutations: Set<String> = [
        "merge", "updateValue", "removeValue", "setObject", "setValue", "removeObject", "addEntries", "removeAll",
        "removeAllObjects",
    ]

    private static let mutations: Set<String> = [
        "insert", "formUnion", "remove", "subtract", "formIntersection", "formSymmetricDifference", "append",
    ]

    /// Where this flow keeps its states before uses (`FlowCheckpoints`); `nil` when the answer
    /// depends on more than the use (parameters bound by a call, a cycle).
    var checkpoints: FlowCheckpoints?

    func value(at use: Syntax, declaredIn list: CodeBlockItemListSyntax, at declarationIndex: Int, initial: Resolution)
        -> Resolution
    {
        let items: [CodeBlockItemSyntax]
        let useItem: Int?
        /// Follows the statements of a range of `items` from a state.
        let follow: (Range<Int>, Resolution) -> Resolution
        if list.count > LocalScope.LongListIndex.minimumItems {
            // A long list (generated code): only the statements that mention the name can change
            // it, and the others are skipped without being looked at, for every use.
            let index = LocalScope.LongListIndex.of(list)
            items = index.items
            useItem = index.position(ofItemContaining: use).flatMap { $0 > declarationIndex ? $0 : nil }
            follow = { range, state in
                index.items(mentioning: name, in: range).reduce(state) { transfer(Syntax(items[$1].item), $0) }
            }
        } else {
            items = Array(list)
            useItem = items.indices.dropFirst(declarationIndex + 1).first { SyntaxQueries.contains(items[$0], use) }
            follow = { range, state in items[range].reduce(state) { transfer(Syntax($1.item), $0) } }
        }
        let first = declarationIndex + 1
        // No statement after the declaration holds the use: the value after all of them.
        guard let useItem else { return follow(first..<max(first, items.count), initial) }
        let state = state(before: useItem, from: first, initial: initial, follow)
        return descend(into: Syntax(items[useItem].item), state: state, use: use)
    }

    /// The state before statement `useItem` of the declaration's list: from the nearest
    /// checkpoint (charging and crediting what the walk to it took), else from `initial` at
    /// `first`; `follow` walks a range of statements. The state reached becomes a checkpoint
    /// unless it depends on the question (a cycle, a budget that ran out, an answer kept for the question).
    private func state(
        before useItem: Int, from first: Int, initial: Resolution, _ follow: (Range<Int>, Resolution) -> Resolution
    ) -> Resolution {
        guard let checkpoints else { return follow(first..<useItem, initial) }
        let remaining = env.budget.limit - env.budget.used
        let base = checkpoints.nearest(atOrBefore: useItem, remaining: remaining) ?? .start(at: first, initial)
        if base.steps > 0 || !base.names.isEmpty || !base.parameterUses.isEmpty {
            env.budget.charge(base.steps)
            Dependencies.replay(base.names)
            for (function, name) in base.parameterUses { env.parameterUses?.record(function, name) }
        }
        let stepsBefore = env.budget.used
        let usesBefore = env.parameterUses?.log.count ?? 0
        let reusesBefore = env.questionMemo?.reuses
        let (state, names) = Dependencies.collect { follow(base.position..<useItem, base.state) }
        if !state.gaps.contains(where: { $0.kind == .cycle || $0.kind == .stepBudget }), env.questionMemo?.reuses == reusesBefore {
            checkpoints.record(
                FlowCheckpoints.Checkpoint(
                    position: useItem, state: state, steps: base.steps + env.budget.used - stepsBefore,
                    names: base.names.union(names),
                    parameterUses: base.parameterUses + (env.parameterUses?.log.dropFirst(usesBefore) ?? [])))
        }
        return state
    }

    // MARK: Reaching the use

    private func walk(_ statements: CodeBlockItemListSyntax, state: Resolution, use: Syntax) -> Resolution {
        if let checkpoints {
            // A long list is indexed once (each use would otherwise look through it from the start).
            let items: [CodeBlockItemSyntax]
            let useItem: Int?
            if statements.count > LocalScope.LongListIndex.minimumItems {
                let index = LocalScope.LongListIndex.of(statements)
                items = index.items
                useItem = index.position(ofItemContaining: use)
            } else {
                items = Array(statements)
                useItem = items.firstIndex { SyntaxQueries.contains($0, use) }
            }
            if let useItem { return walk(statements, items: items, state: state, toItem: useItem, use: use, checkpoints) }
        }
        var state = state
        for item in statements {
            if SyntaxQueries.contains(item, use) {
                return descend(into: Syntax(item.item), state: state, use: use)
            }
            if declaresName(item) { return state }
            state = transfer(Syntax(item.item), state)
        }
        return state
    }

    /// `walk` to the statement `useItem` that holds the use, resuming from the nearest checkpoint
    /// of the list (charged and credited as `state(before:from:initial:_:)` does), and keeping
    /// the state before that statement as one.
    private func walk(
        _ statements: CodeBlockItemListSyntax, items: [CodeBlockItemSyntax], state entry: Resolution, toItem useItem: Int,
        use: Syntax, _ checkpoints: FlowCheckpoints
    ) -> Resolution {
        let remaining = env.budget.limit - env.budget.used
        let base = checkpoints.nearest(in: statements.id.indexInTree, entry: entry, atOrBefore: useItem, remaining: remaining)
            ?? .start(at: 0, entry)
        if base.steps > 0 || !base.names.isEmpty || !base.parameterUses.isEmpty {
            env.budget.charge(base.steps)
            Dependencies.replay(base.names)
            for (function, name) in base.parameterUses { env.parameterUses?.record(function, name) }
        }
        let stepsBefore = env.budget.used
        let usesBefore = env.parameterUses?.log.count ?? 0
        let reusesBefore = env.questionMemo?.reuses
        // Stopped: a statement declares the name again before the use, which leaves the walk there.
        let ((reached, stopped), names) = Dependencies.collect { () -> (Resolution, Bool) in
            var state = base.state
            for item in items[base.position..<useItem] {
                if declaresName(item) { return (state, true) }
                state = transfer(Syntax(item.item), state)
            }
            return (state, false)
        }
        if stopped { return reached }
        if !reached.gaps.contains(where: { $0.kind == .cycle || $0.kind == .stepBudget }), env.questionMemo?.reuses == reusesBefore {
            checkpoints.record(
                FlowCheckpoints.Checkpoint(
                    position: useItem, state: reached, steps: base.steps + env.budget.used - stepsBefore,
                    names: base.names.union(names),
                    parameterUses: base.parameterUses + (env.parameterUses?.log.dropFirst(usesBefore) ?? [])),
                in: statements.id.indexInTree, entry: entry)
        }
        return descend(into: Syntax(items[useItem].item), state: reached, use: use)
    }

    private func descend(into node: Syntax, state: Resolution, use: Syntax) -> Resolution {
        var node = node
        if let statement = node.as(ExpressionStmtSyntax.self) { node = Syntax(statement.expression) }
        let state = headerChange(node, state)
        if let ifExpr = node.as(IfExprSyntax.self) {
            if SyntaxQueries.contains(ifExpr.body, use) {
                return walk(ifExpr.body.statements, state: state.through(branch("if", ifExpr)), use: use)
            }
            switch ifExpr.elseBody {
            case .ifExpr(let nested)? where SyntaxQueries.contains(nested, use):
                return descend(into: Syntax(nested), state: state, use: use)
            case .codeBlock(let block)? where SyntaxQueries.contains(block, use):
                return walk(block.statements, state: state.through(branch("else of", ifExpr, at: block)), use: use)
            default:
                return state
            }
        }
        if let switchExpr = node.as(SwitchExprSyntax.self) {
            for case .switchCase(let switchCase) in switchExpr.cases where SyntaxQueries.contains(switchCase, use) {
                return walk(switchCase.statements, state: state.through(caseStep(switchCase)), use: use)
            }
            return state
        }
        if let guardStmt = node.as(GuardStmtSyntax.self), SyntaxQueries.contains(guardStmt.body, use) {
            return walk(guardStmt.body.statements, state: state, use: use)
        }
        if let loop = node.as(ForStmtSyntax.self), SyntaxQueries.contains(loop.body, use) {
            return walk(loop.body.statements, state: state.merging(transferBlock(loop.body.statements, state)), use: use)
        }
        if let loop = node.as(WhileStmtSyntax.self), SyntaxQueries.contains(loop.body, use) {
            return walk(loop.body.statements, state: state.merging(transferBlock(loop.body.statements, state)), use: use)
        }
        if let loop = node.as(RepeatStmtSyntax.self), SyntaxQueries.contains(loop.body, use) {
            return walk(loop.body.statements, state: state.merging(transferBlock(loop.body.statements, state)), use: use)
        }
        if let doStmt = node.as(DoStmtSyntax.self) {
            if SyntaxQueries.contains(doStmt.body, use) { return walk(doStmt.body.statements, state: state, use: use) }
            for clause in doStmt.catchClauses where SyntaxQueries.contains(clause.body, use) {
                let afterTry = state.merging(transferBlock(doStmt.body.statements, state))
                return walk(clause.body.statements, state: afterTry, use: use)
            }
        }
        if let ifConfig = node.as(IfConfigDeclSyntax.self) {
            for clause in ifConfig.clauses where SyntaxQueries.contains(clause, use) {
                guard case .statements(let statements)? = clause.elements else { return state }
                // What the clause does before the use, in the configurations that compile it.
                return walk(statements, state: state, use: use)
            }
            return state
        }
        if let block = node.as(CodeBlockSyntax.self) {
            return walk(block.statements, state: state, use: use)
        }
        // The use is inside an expression, a declaration or a closure: the state before it applies.
        return state
    }

    // MARK: Effects of statements that run before the use

    private func transferBlock(_ statements: CodeBlockItemListSyntax, _ state: Resolution) -> Resolution {
        var state = state
        for item in statements {
            if declaresName(item) { return state }
            state = transfer(Syntax(item.item), state)
        }
        return state
    }

    private func transfer(_ node: Syntax, _ state: Resolution) -> Resolution {
        // Each statement followed is a step of the question: generated code can make one use's
        // flow thousands of statements long, for each of thousands of uses.
        guard !env.budget.isExhausted else {
            return state.merging(resolver.gap(node, env, resolver.budgetReason, kind: .stepBudget))
        }
        env.budget.charge(1)
        var node = node
        if let statement = node.as(ExpressionStmtSyntax.self) { node = Syntax(statement.expression) }
        let state = headerChange(node, state)
        if let infix = node.as(InfixOperatorExprSyntax.self), isAssignmentToName(infix) {
            if infix.operator.is(AssignmentExprSyntax.self) {
                return resolver.evaluate(infix.rightOperand, env)
                    .through(resolver.step(.assignment, "assigned", at: infix, in: env.file))
            }
            if infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "+=" {
                let added = resolver.evaluate(infix.rightOperand, env)
                let failure = resolver.gapValue(infix, env, "`\(name) +=` with a value that is not a known option set")
                return resolver.combine([state, added], failure: failure) { SetAlgebra.apply("union", $0[0], $0[1]) }
            }
            return unknownChange(at: infix, state)
        }
        // `query[key] = value`: a dictionary built entry by entry.
        if let infix = node.as(InfixOperatorExprSyntax.self), infix.operator.is(AssignmentExprSyntax.self),
            let subscriptCall = infix.leftOperand.as(SubscriptCallExprSyntax.self),
            subscriptCall.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == name,
            subscriptCall.arguments.count == 1, let keyExpression = subscriptCall.arguments.first?.expression
        {
            let key = resolver.evaluateOrOpaque(keyExpression, env)
            let value = resolver.evaluateEntryValue(infix.rightOperand, key: key, env)
            let location = env.file.valueLocation(of: keyExpression)
            let valueLocation = env.file.valueLocation(of: infix.rightOperand)
            let failure = resolver.gapValue(infix, env, "`\(name)[…] =` on a value that is not a known dictionary")
            chargeCopies(of: state)
            return resolver.combineTraced([state, key, value], failure: failure) { parts in
                DictionaryAlgebra.setting(
                    parts[0].value, key: parts[1].value, value: parts[2].value, location: location, valueLocation: valueLocation,
                    libraryOption: TraceStep.libraryOption(in: parts[2].trace))
            }
        }
        if let call = node.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == name,
            Self.dictionaryMutations.contains(member.declName.baseName.text)
        {
            return transferDictionaryMutation(call, method: member.declName.baseName.text, state)
        }
        if let call = node.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == name
        {
            let method = member.declName.baseName.text
            guard Self.mutations.contains(method), let argument = call.arguments.first else {
                return containsUnknownChange(node) ? unknownChange(at: call, state) : state
            }
            let operand = resolver.evaluate(argument.expression, env)
            let failure = resolver.gapValue(call, env, "`\(name).\(method)` with a value that is not a known option set")
            return resolver.combine([state, operand], failure: failure) { SetAlgebra.apply(method, $0[0], $0[1]) }
                .through(resolver.step(.assignment, "`\(name).\(method)`", at: call, in: env.file))
        }
        if let ifExpr = node.as(IfExprSyntax.self) {
            // A branch that cannot run (`BranchFeasibility`) changes nothing.
            guard resolver.ifBranchMayRun(ifExpr.conditions, when: true, env) else {
                return elseState(of: ifExpr, state)
            }
            let thenState = marking(transferBlock(ifExpr.body.statements, state), from: state, branch("if", ifExpr))
            guard resolver.ifBranchMayRun(ifExpr.conditions, when: false, env) else { return thenState }
            switch ifExpr.elseBody {
            case .ifExpr(let nested)?:
                return thenState.merging(transfer(Syntax(nested), state))
            case .codeBlock(let block)?:
                let elseState = transferBlock(block.statements, state)
                return thenState.merging(marking(elseState, from: state, branch("else of", ifExpr, at: block)))
            case nil:
                return thenState.merging(state)
            }
        }
        if let switchExpr = node.as(SwitchExprSyntax.self) {
            var result = Resolution()
            var hasDefault = false
            for case .switchCase(let switchCase) in switchExpr.cases {
                if case .default = switchCase.label { hasDefault = true }
                guard resolver.caseMayRun(switchCase, of: switchExpr, env) else { continue }
                result = result.merging(marking(transferBlock(switchCase.statements, state), from: state, caseStep(switchCase)))
            }
            return hasDefault || !result.isEmpty ? result : state
        }
        if node.is(GuardStmtSyntax.self) {
            // The else-branch leaves the scope; only its conditions could change the variable.
            return containsUnknownChange(node) ? unknownChange(at: node, state) : state
        }
        if let loop = node.as(ForStmtSyntax.self) {
            return state.merging(transferBlock(loop.body.statements, state))
        }
        if let loop = node.as(WhileStmtSyntax.self) {
            return state.merging(transferBlock(loop.body.statements, state))
        }
        if let loop = node.as(RepeatStmtSyntax.self) {
            return transferBlock(loop.body.statements, state)
        }
        if let doStmt = node.as(DoStmtSyntax.self) {
            var result = transferBlock(doStmt.body.statements, state)
            for clause in doStmt.catchClauses {
                result = result.merging(transferBlock(clause.body.statements, state))
            }
            return result
        }
        if let ifConfig = node.as(IfConfigDeclSyntax.self) {
            // The scan cannot know which configuration ships (as for a local declared in the
            // clauses): each clause's statements may run, or, without `#else`, none of them.
            var result = Resolution()
            var hasElse = false
            for clause in ifConfig.clauses {
                if clause.poundKeyword.tokenKind == .poundElse { hasElse = true }
                guard case .statements(let statements)? = clause.elements else {
                    result = result.merging(state)
                    continue
                }
                result = result.merging(marking(transferBlock(statements, state), from: state, clauseStep(clause)))
            }
            return hasElse ? result : result.merging(state)
        }
        if containsUnknownChange(node) { return unknownChange(at: node, state) }
        return state
    }

    /// The trace step of an `#if` clause, named by its condition (`#if os(iOS)`, `#else`).
    private func clauseStep(_ clause: IfConfigClauseSyntax) -> TraceStep {
        resolver.step(.branch, LocalScope.clauseText(clause), at: clause, in: env.file)
    }

    /// Conditions, subjects and sequences of `if`/`switch`/loops (`if update(&name) { … }`) run
    /// too, but only their bodies are followed statement by statement: a change the resolver does
    /// not model there is a gap, like anywhere else.
    private func headerChange(_ node: Syntax, _ state: Resolution) -> Resolution {
        let header: Syntax?
        if let ifExpr = node.as(IfExprSyntax.self) {
            header = Syntax(ifExpr.conditions)
        } else if let switchExpr = node.as(SwitchExprSyntax.self) {
            header = Syntax(switchExpr.subject)
        } else if let loop = node.as(ForStmtSyntax.self) {
            header = Syntax(loop.sequence)
        } else if let loop = node.as(WhileStmtSyntax.self) {
            header = Syntax(loop.conditions)
        } else if let loop = node.as(RepeatStmtSyntax.self) {
            header = Syntax(loop.condition)
        } else {
            header = nil
        }
        guard let header, containsUnknownChange(header) else { return state }
        return unknownChange(at: header, state)
    }

    /// The state after an `if` whose condition is false: its `else` branch's, or the state before.
    private func elseState(of ifExpr: IfExprSyntax, _ state: Resolution) -> Resolution {
        switch ifExpr.elseBody {
        case .ifExpr(let nested)?:
            return transfer(Syntax(nested), state)
        case .codeBlock(let block)?:
            return marking(transferBlock(block.statements, state), from: state, branch("else of", ifExpr, at: block))
        case nil:
            return state
        }
    }

    /// `query.merge(other) { … }`, `query.updateValue(v, forKey: k)`, `query.removeValue(forKey: k)`,
    /// and `NSMutableDictionary`'s `setObject(v, forKey: k)`, `setValue(v, forKey: k)`,
    /// `removeObject(forKey: k)`, `addEntries(from: other)`, `removeAllObjects()`.
    private func transferDictionaryMutation(_ call: FunctionCallExprSyntax, method: String, _ state: Resolution) -> Resolution {
        chargeCopies(of: state)
        let arguments = Array(call.arguments)
        let failure = resolver.gapValue(call, env, "`\(name).\(method)` on a value that is not a known dictionary")
        switch method {
        case "removeAll" where call.trailingClosure == nil && arguments.allSatisfy({ $0.label?.text == "keepingCapacity" }),
            "removeAllObjects" where arguments.isEmpty:
            return resolver.combine([state], failure: failure) { parts in
                switch parts[0] {
                case .dictionary: .dictionary([])
                case .array: .array([])
                default: nil
                }
            }
        case "setObject" where arguments.count == 2 && arguments[1].label?.text == "forKey",
            "setValue" where arguments.count == 2 && arguments[1].label?.text == "forKey",
            "updateValue" where arguments.count == 2:
            let key = resolver.evaluateOrOpaque(arguments[1].expression, env)
            let value = resolver.evaluateEntryValue(arguments[0].expression, key: key, env)
            let location = env.file.valueLocation(of: arguments[1].expression)
            let valueLocation = env.file.valueLocation(of: arguments[0].expression)
            return resolver.combineTraced([state, key, value], failure: failure) {
                DictionaryAlgebra.setting(
                    $0[0].value, key: $0[1].value, value: $0[2].value, location: location, valueLocation: valueLocation,
                    libraryOption: TraceStep.libraryOption(in: $0[2].trace))
            }
        case "removeObject" where arguments.count == 1 && arguments[0].label?.text == "forKey",
            "removeValue" where arguments.count == 1:
            let key = resolver.evaluateOrOpaque(arguments[0].expression, env)
            return resolver.combine([state, key], failure: failure) { DictionaryAlgebra.removing($0[0], key: $0[1]) }
        case "addEntries" where arguments.count == 1 && arguments[0].label?.text == "from",
            "merge" where !arguments.isEmpty:
            let other = resolver.evaluate(arguments[0].expression, env)
            return resolver.combine([state, other], failure: failure) { DictionaryAlgebra.merging($0[0], $0[1]) }
        default:
            return unknownChange(at: call, state)
        }
    }

    /// Values a branch produced (not those that merely flowed through it) remember the branch.
    /// Changing one entry copies every dictionary the variable may hold: the step costs their
    /// size, so a dictionary built entry by entry in generated code spends the question's budget
    /// at the pace it spends time.
    private func chargeCopies(of state: Resolution) {
        var entries = 0
        for traced in state.values {
            if case .dictionary(let items) = traced.value { entries += items.count }
        }
        env.budget.charge(entries)
    }

    /// `step` is only built when a value changed: its text quotes the branch condition, and most
    /// branches leave the value alone.
    private func marking(_ result: Resolution, from before: Resolution, _ step: @autoclosure () -> TraceStep) -> Resolution {
        // Compared, not hashed: a branch that did not change the value (the common case) shares
        // its storage with `before`, which makes equality immediate, while hashing a dictionary
        // built entry by entry costs its whole size at every statement (quadratic in generated code).
        if result.values == before.values { return result }
        let step = step()
        let values = result.values.map { before.values.contains($0) ? $0 : $0.passing(step) }
        return Resolution(values: values, gaps: result.gaps)
    }

    private func isAssignmentToName(_ infix: InfixOperatorExprSyntax) -> Bool {
        let isAssignment = infix.operator.is(AssignmentExprSyntax.self)
            || (infix.operator.as(BinaryOperatorExprSyntax.self).map { $0.operator.text.hasSuffix("=")
                && !["==", "!=", "<=", ">=", "===", "!=="].contains($0.operator.text) } ?? false)
        return isAssignment && infix.leftOperand.as(DeclReferenceExprSyntax.self)?.baseName.text == name
    }

    /// Changes the resolver does not model: an assignment inside a closure, `&name`, tuple assignment.
    private func containsUnknownChange(_ node: Syntax) -> Bool {
        let finder = ChangeFinder(name: name)
        finder.walk(node)
        return finder.found
    }

    private func unknownChange(at node: some SyntaxProtocol, _ state: Resolution) -> Resolution {
        state.merging(resolver.gap(node, env, "`\(name)` is changed in a way the resolver does not follow"))
    }

    private func declaresName(_ item: CodeBlockItemSyntax) -> Bool {
        guard let decl = item.item.as(VariableDeclSyntax.self) else { return false }
        // A tuple pattern (`let (name, error) = f()`) declares its names as well.
        return decl.bindings.contains { TuplePatternElement.path(of: name, in: $0.pattern) != nil }
    }

    private func branch(_ word: String, _ ifExpr: IfExprSyntax, at node: (some SyntaxProtocol)? = Optional<IfExprSyntax>.none)
        -> TraceStep
    {
        let condition = SyntaxQueries.shortText(ifExpr.conditions, limit: 40)
        if let node { return resolver.step(.branch, "\(word) `\(condition)`", at: node, in: env.file) }
        return resolver.step(.branch, "\(word) `\(condition)`", at: ifExpr, in: env.file)
    }

    private func caseStep(_ switchCase: SwitchCaseSyntax) -> TraceStep {
        resolver.step(.branch, ValueResolver.caseText(switchCase), at: switchCase, in: env.file)
    }
}

private final class ChangeFinder: SyntaxVisitor {
    let name: String
    var found = false

    init(name: String) {
        self.name = name
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: InfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        if let op = node.operator.as(BinaryOperatorExprSyntax.self)?.operator.text,
            ["==", "!=", "<=", ">=", "===", "!=="].contains(op)
        {
            return .visitChildren
        }
        let assigns = node.operator.is(AssignmentExprSyntax.self)
            || (node.operator.as(BinaryOperatorExprSyntax.self)?.operator.text.hasSuffix("=") ?? false)
        if assigns, node.leftOperand.tokens(viewMode: .sourceAccurate).contains(where: { $0.tokenKind == .identifier(name) }) {
            found = true
        }
        return .visitChildren
    }

    override func visit(_ node: InOutExprSyntax) -> SyntaxVisitorContinueKind {
        if node.expression.as(DeclReferenceExprSyntax.self)?.baseName.text == name { found = true }
        return .visitChildren
    }
}
