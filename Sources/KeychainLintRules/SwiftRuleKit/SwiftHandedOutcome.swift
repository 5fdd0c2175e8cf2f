import KeychainLintAnalysis
import KeychainLintCore
import KeychainLintModel
import KeychainLintRuleKit
import SwiftSyntax

// The Swift front end's reading of an `evaluatePolicy` outcome handed on to other code
// (`HandedOutcome`): the reply calls a completion handler the enclosing function received, or is
// that handler, and the function's callers in the scan test what they are given.

extension RuleContext {
    public func handedOutcome(_ evaluation: PolicyEvaluation) -> HandedOutcome? {
        guard case .swift(let expression) = evaluation.call.expression, let call = expression.syntax.as(FunctionCallExprSyntax.self)
        else { return nil }
        return memo(HandedOutcomeKey(position: call.position)) { SwiftHandedOutcomes.handedOutcome(of: call, in: self) }
    }
}

private struct HandedOutcomeKey: Hashable {
    let position: AbsolutePosition
}

/// How the Swift front end follows a handed-on outcome to its callers' gates.
enum SwiftHandedOutcomes {
    /// What the hand-off passes at each argument position of the handler.
    struct Handoff {
        let node: Syntax
        let parameter: FunctionParameterSyntax
        let function: FunctionDeclSyntax
        /// The argument positions that carry the success flag, and those that carry the error.
        let successArguments: [Int]
        let errorArguments: [Int]
        let carries: HandedValue
    }

    static func handedOutcome(of call: FunctionCallExprSyntax, in context: RuleContext) -> HandedOutcome? {
        guard let handoff = handoff(of: call) else { return nil }
        let place = SourcePlace(location: context.file.valueLocation(of: handoff.node), snippet: SyntaxQueries.shortText(handoff.node, limit: 200))
        return HandedOutcome(
            handoff: place, carries: handoff.carries, function: spelled(handoff.function),
            receivers: receivers(of: handoff, in: context))
    }

    /// `name(label:)` as Swift spells the function.
    static func spelled(_ function: FunctionDeclSyntax) -> String {
        let labels = function.signature.parameterClause.parameters.map { $0.firstName.text + ":" }.joined()
        return "\(function.name.text)(\(labels))"
    }

    // MARK: - The hand-off in the reply

    /// The first call in the reply closure of a function-typed parameter of the enclosing function
    /// that passes the outcome on, or the reply given as that parameter (`reply: completion`).
    static func handoff(of call: FunctionCallExprSyntax) -> Handoff? {
        if let closure = SwiftOutcomeTests.replyClosure(of: call) {
            let (success, error) = SwiftPolicyEvaluations.parameterNames(of: closure)
            guard success != nil || error != nil, let function = enclosingFunction(of: Syntax(closure)) else { return nil }
            let readsSuccess =
                SwiftPolicyEvaluations.use(success: success, error: error, uses: ReferenceCollector.references(in: closure)).readsSuccess
            for handler in HandoffCallCollector.calls(in: closure) {
                guard let parameter = handlerParameter(handler, of: function) else { continue }
                var successArguments: [Int] = []
                var errorArguments: [Int] = []
                for (index, argument) in SyntaxQueries.argumentExpressions(of: handler).enumerated() {
                    let names = Set(ReferenceCollector.references(in: argument).map(\.baseName.text))
                    if let success, names.contains(success) {
                        successArguments.append(index)
                    } else if let error, names.contains(error) {
                        errorArguments.append(index)
                    }
                }
                if successArguments.isEmpty && errorArguments.isEmpty {
                    // `completion(.success(()))` or `completion(true)` inside a test of the outcome:
                    // the first argument carries the branch it is sent in.
                    guard SyntaxQueries.argumentExpressions(of: handler).count >= 1,
                        let tested = testedOutcome(around: Syntax(handler), upTo: closure, success: success, error: error)
                    else { continue }
                    return Handoff(
                        node: Syntax(handler), parameter: parameter, function: function, successArguments: [0], errorArguments: [],
                        carries: tested == .success || readsSuccess ? .success : .errorAlone)
                }
                return Handoff(
                    node: Syntax(handler), parameter: parameter, function: function, successArguments: successArguments,
                    errorArguments: errorArguments, carries: readsSuccess ? .success : .errorAlone)
            }
            return nil
        }
        // `reply: completion`: the caller's closure receives the success flag and the error.
        guard let reply = SyntaxQueries.argument(labeled: "reply", of: call)?.expression,
            let reference = SyntaxQueries.unwrapTransparent(reply).as(DeclReferenceExprSyntax.self),
            let function = enclosingFunction(of: Syntax(call)),
            case .parameter(let parameter) = SyntaxQueries.binding(of: reference.baseName.text, at: reference),
            isFunctionTyped(parameter), belongs(parameter, to: function)
        else { return nil }
        return Handoff(
            node: Syntax(reply), parameter: parameter, function: function, successArguments: [0], errorArguments: [1], carries: .success)
    }

    /// The parameter a call calls (`completion(…)`, `completion?(…)`), when it is a function-typed
    /// parameter of `function` itself.
    static func handlerParameter(_ call: FunctionCallExprSyntax, of function: FunctionDeclSyntax) -> FunctionParameterSyntax? {
        var callee = call.calledExpression
        if let optional = callee.as(OptionalChainingExprSyntax.self) { callee = optional.expression }
        guard let reference = callee.as(DeclReferenceExprSyntax.self),
            case .parameter(let parameter) = SyntaxQueries.binding(of: reference.baseName.text, at: reference),
            isFunctionTyped(parameter), belongs(parameter, to: function)
        else { return nil }
        return parameter
    }

    static func isFunctionTyped(_ parameter: FunctionParameterSyntax) -> Bool {
        var type = parameter.type
        while let attributed = type.as(AttributedTypeSyntax.self) { type = attributed.baseType }
        if let optional = type.as(OptionalTypeSyntax.self) { type = optional.wrappedType }
        if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first { type = only.type }
        while let attributed = type.as(AttributedTypeSyntax.self) { type = attributed.baseType }
        return type.is(FunctionTypeSyntax.self)
    }

    static func belongs(_ parameter: FunctionParameterSyntax, to function: FunctionDeclSyntax) -> Bool {
        function.signature.parameterClause.parameters.contains { $0.id == parameter.id }
    }

    /// The function declaration whose body holds `node` (closures inside it included).
    static func enclosingFunction(of node: Syntax) -> FunctionDeclSyntax? {
        var current = node.parent
        while let candidate = current {
            if let function = candidate.as(FunctionDeclSyntax.self) { return function }
            if candidate.is(InitializerDeclSyntax.self) || candidate.is(AccessorBlockSyntax.self) || candidate.is(MemberBlockSyntax.self) {
                return nil
            }
            current = candidate.parent
        }
        return nil
    }

    /// Which outcome a test around `node` (inside the reply) reads: an `if` or `guard` whose
    /// condition names the success flag, or else the error.
    static func testedOutcome(around node: Syntax, upTo closure: ClosureExprSyntax, success: String?, error: String?) -> HandedValue? {
        var current = node.parent
        var found: HandedValue?
        while let candidate = current, candidate.id != closure.id {
            let conditions: ConditionElementListSyntax?
            if let ifExpr = candidate.as(IfExprSyntax.self) {
                conditions = ifExpr.conditions
            } else if let guardStmt = candidate.as(GuardStmtSyntax.self) {
                conditions = guardStmt.conditions
            } else {
                conditions = nil
            }
            if let conditions {
                let names = Set(ReferenceCollector.references(in: conditions).map(\.baseName.text))
                    .union(conditions.compactMap { $0.condition.as(OptionalBindingConditionSyntax.self)?.pattern.trimmedDescription })
                if let success, names.contains(success) { return .success }
                if let error, names.contains(error) { found = .errorAlone }
            }
            current = candidate.parent
        }
        // A `guard` before the hand-off, in the same block, tests it too.
        if found == nil, let item = enclosingItem(of: node, upTo: closure), let list = item.parent?.as(CodeBlockItemListSyntax.self) {
            for earlier in list.prefix(while: { $0.id != item.id }) {
                guard let guardStmt = earlier.item.as(GuardStmtSyntax.self) else { continue }
                let names = Set(ReferenceCollector.references(in: guardStmt.conditions).map(\.baseName.text))
                if let success, names.contains(success) { return .success }
                if let error, names.contains(error) { found = .errorAlone }
            }
        }
        return found
    }

    private static func enclosingItem(of node: Syntax, upTo closure: ClosureExprSyntax) -> CodeBlockItemSyntax? {
        var current = node.parent
        while let candidate = current, candidate.id != closure.id {
            if let item = candidate.as(CodeBlockItemSyntax.self) { return item }
            current = candidate.parent
        }
        return nil
    }

    // MARK: - The callers

    /// The callers of the enclosing function in the scan, and the tests of the handed-on values
    /// in the closures they pass for the handler. A caller that passes something other than a
    /// closure written there is not read.
    static func receivers(of handoff: Handoff, in context: RuleContext) -> OutcomeReceivers {
        let parameters = Array(handoff.function.signature.parameterClause.parameters)
        guard let position = parameters.firstIndex(where: { $0.id == handoff.parameter.id }) else { return .unseen }
        let sites = context.scan.index.callSites(named: handoff.function.name.text)
        var matched = 0
        var gates: [OutcomeGate] = []
        for site in sites.prefix(EvaluatedContext.maximumSenders) {
            let (file, call) = site.resolved
            guard let argument = argument(for: position, of: parameters, in: call) else { continue }
            matched += 1
            guard let closure = SyntaxQueries.unwrapTransparent(argument).as(ClosureExprSyntax.self) else { continue }
            if let gate = gate(in: closure, handoff: handoff, file: file) { gates.append(gate) }
        }
        return matched == 0 ? .unseen : .followed(gates)
    }

    /// The argument `call` passes for the parameter at `position`, when its labels fit the
    /// parameters (defaulted ones may be left out; a trailing closure is the last).
    static func argument(for position: Int, of parameters: [FunctionParameterSyntax], in call: FunctionCallExprSyntax) -> ExprSyntax? {
        let labels = SyntaxQueries.labels(of: call)
        let expressions = SyntaxQueries.argumentExpressions(of: call)
        let trailing = call.trailingClosure != nil ? labels.count - 1 : nil
        var index = 0
        for (parameterIndex, parameter) in parameters.enumerated() {
            let label: String? = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
            let fits = index < labels.count && (labels[index] == label || (index == trailing && parameterIndex == parameters.count - 1))
            if fits {
                if parameterIndex == position { return expressions[index] }
                index += 1
            } else if parameter.defaultValue == nil {
                return nil
            }
        }
        return nil
    }

    /// The first test in a caller's closure of what the hand-off passes: of the success flag
    /// when the closure reads it, else of the error (a nil test, an `if let`).
    static func gate(in closure: ClosureExprSyntax, handoff: Handoff, file: SourceFile) -> OutcomeGate? {
        let names = closureParameterNames(closure)
        func name(_ index: Int) -> String? { index < names.count && names[index] != "_" ? names[index] : nil }
        let references = ReferenceCollector.references(in: closure.statements)
        let successNames = Set(handoff.successArguments.compactMap(name))
        let errorNames = Set(handoff.errorArguments.compactMap(name))
        let readsSuccess = references.contains { successNames.contains($0.baseName.text) }
        let tested = readsSuccess ? successNames : errorNames
        let errorAlone = !readsSuccess || handoff.carries == .errorAlone
        for reference in references where tested.contains(reference.baseName.text) {
            guard let condition = condition(around: Syntax(reference)) else { continue }
            let location = file.location(of: condition)
            let test = SyntaxQueries.shortText(condition, limit: 60)
            return OutcomeGate(
                test: test,
                step: TraceStep(
                    kind: .branch, text: "decides: `\(test)` in a caller of `\(spelled(handoff.function))`", file: file.path,
                    line: location.line, column: location.column),
                errorAlone: errorAlone)
        }
        // `if let error { … }` binds the name without referring to it.
        for binding in OptionalBindingCollector.bindings(in: closure.statements) where tested.contains(binding.pattern.trimmedDescription) {
            guard binding.initializer == nil || binding.initializer.map({ tested.contains($0.value.trimmedDescription) }) == true else { continue }
            let location = file.location(of: binding)
            let test = SyntaxQueries.shortText(binding, limit: 60)
            return OutcomeGate(
                test: test,
                step: TraceStep(
                    kind: .branch, text: "decides: `\(test)` in a caller of `\(spelled(handoff.function))`", file: file.path,
                    line: location.line, column: location.column),
                errorAlone: errorAlone)
        }
        return nil
    }

    /// The condition of an `if`, `guard`, `while`, `switch` or `?:` that holds `node`, as written.
    static func condition(around node: Syntax) -> Syntax? {
        var current = node
        while let parent = current.parent {
            if parent.is(ConditionElementSyntax.self) { return parent }
            if let switchExpr = parent.as(SwitchExprSyntax.self), switchExpr.subject.id == current.id { return current }
            if let ternary = parent.as(TernaryExprSyntax.self), ternary.condition.id == current.id { return current }
            if parent.is(CodeBlockItemSyntax.self) || parent.is(ClosureExprSyntax.self) || parent.is(LabeledExprSyntax.self) { return nil }
            current = parent
        }
        return nil
    }

    /// Parameter names of a closure, in order (`$0`, `$1`… without a signature).
    static func closureParameterNames(_ closure: ClosureExprSyntax) -> [String] {
        switch closure.signature?.parameterClause {
        case .simpleInput(let shorthand)?: shorthand.map { $0.name.text }
        case .parameterClause(let clause)?: clause.parameters.map { ($0.secondName ?? $0.firstName).text }
        case nil: ["$0", "$1", "$2"]
        }
    }
}

/// Every call under a node, in source order.
private final class HandoffCallCollector: SyntaxVisitor {
    var calls: [FunctionCallExprSyntax] = []

    static func calls(in node: some SyntaxProtocol) -> [FunctionCallExprSyntax] {
        let collector = HandoffCallCollector(viewMode: .sourceAccurate)
        collector.walk(node)
        return collector.calls
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        calls.append(node)
        return .visitChildren
    }
}

/// Every `if let` / `guard let` condition under a node.
private final class OptionalBindingCollector: SyntaxVisitor {
    var bindings: [OptionalBindingConditionSyntax] = []

    static func bindings(in node: some SyntaxProtocol) -> [OptionalBindingConditionSyntax] {
        let collector = OptionalBindingCollector(viewMode: .sourceAccurate)
        collector.walk(node)
        return collector.bindings
    }

    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
        bindings.append(node)
        return .visitChildren
    }
}
