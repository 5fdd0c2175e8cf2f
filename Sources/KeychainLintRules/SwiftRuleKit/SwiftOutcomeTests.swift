import KeychainLintAnalysis
import KeychainLintCore
import KeychainLintModel
import KeychainLintRuleKit
import SwiftSyntax

// The Swift front end's side of the tests of an `evaluatePolicy` outcome: where the reply closure
// is, and the awaited form's own syntax (`try`, `try?`, `await`, `do`/`catch` around the call).
// What the reply's code does on each path is read into the model (`SwiftBodies`) and judged by
// the one reading of it (`ReplyOutcomeReading`).

extension RuleContext {
    public func outcomeTests(_ call: ProgramCall) -> [OutcomeTest] {
        guard case .swift(let expression) = call.expression, let syntax = expression.syntax.as(FunctionCallExprSyntax.self)
        else { return [] }
        if let closure = SwiftOutcomeTests.replyClosure(of: syntax) {
            let (success, error) = SwiftPolicyEvaluations.parameterNames(of: closure)
            return ReplyOutcomeReading.tests(in: SwiftBodies(file: file).statements(closure.statements), success: success, error: error)
        }
        return SwiftOutcomeTests.testsAround(awaited: syntax, file: file) + SwiftOutcomeTests.failureTakenForSuccess(awaited: syntax, file: file)
            + SwiftOutcomeTests.ignored(awaited: syntax, file: file)
    }
}

/// How the Swift front end finds the code that tests an evaluation's outcome.
enum SwiftOutcomeTests {
    /// The reply handler written at the call: a trailing closure or a `reply:` closure.
    static func replyClosure(of call: FunctionCallExprSyntax) -> ClosureExprSyntax? {
        if let trailing = call.trailingClosure { return trailing }
        return SyntaxQueries.argument(labeled: "reply", of: call)?.expression.as(ClosureExprSyntax.self)
    }

    // MARK: The async form

    /// `do { try await context.evaluatePolicy(…); guarded } catch { failure }`: one test per `catch`.
    static func testsAround(awaited call: FunctionCallExprSyntax, file: SourceFile) -> [OutcomeTest] {
        var node = Syntax(call)
        while let parent = node.parent, !parent.is(CodeBlockItemSyntax.self) { node = parent }
        guard let item = node.parent?.as(CodeBlockItemSyntax.self), let list = item.parent?.as(CodeBlockItemListSyntax.self),
            let doStmt = list.parent?.parent?.as(DoStmtSyntax.self), doStmt.body.statements.id == list.id
        else { return [] }
        let bodies = SwiftBodies(file: file)
        var guarded = OutcomeActions()
        // `return try await context.evaluatePolicy(…)`: the success path returns `true`, the only
        // value the awaited call gives when it does not throw.
        if let returned = item.item.as(ReturnStmtSyntax.self), let value = returned.expression, let awaited = awaited(call),
            awaited.value.id == Syntax(value).id, awaited.tryExpr?.questionOrExclamationMark == nil
        {
            guarded.insert(OutcomeAction(key: "returntrue", text: "return true", place: bodies.place(returned)))
        }
        let after = list.drop(while: { $0.id != item.id }).dropFirst().flatMap { bodies.statements(of: $0) }
        guarded.formUnion(ReplyOutcomeReading.successActions(after))
        return doStmt.catchClauses.map { clause in
            ReplyOutcomeReading.branches(guarded: guarded, failure: bodies.statements(clause.body.statements), side: .catchOfAwait)
        }
    }

    /// `(try? await context.evaluatePolicy(…)) ?? true` or `… != false`: the error the call throws
    /// when the authentication fails or is cancelled becomes nil, and nil passes. A value thrown
    /// away decides nothing.
    static func failureTakenForSuccess(awaited call: FunctionCallExprSyntax, file: SourceFile) -> [OutcomeTest] {
        guard let awaited = awaited(call), awaited.isOptionalTry, let infix = awaited.value.parent?.as(InfixOperatorExprSyntax.self),
            infix.leftOperand.id == awaited.value.id, let op = nilPassingOperator(infix), !isDiscarded(Syntax(infix))
        else { return [] }
        return [.failureTakenForSuccess(written: "(\(awaited.abbreviated(call))) \(op)", at: SwiftBodies(file: file).place(infix))]
    }

    /// The operator and literal of `x ?? true` or `x != false`, where `x` is an optional Bool:
    /// nil gives true.
    static func nilPassingOperator(_ infix: InfixOperatorExprSyntax) -> String? {
        guard let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text,
            let literal = SyntaxQueries.unwrapTransparent(infix.rightOperand).as(BooleanLiteralExprSyntax.self)
        else { return nil }
        let value = literal.literal.tokenKind == .keyword(.true)
        switch (op, value) {
        case ("??", true): return "?? true"
        case ("!=", false): return "!= false"
        default: return nil
        }
    }

    /// `_ = try? await context.evaluatePolicy(…)` (or the `try?` as a statement of its own) and
    /// then an action in the same block: it runs whether the authentication succeeded or not. The
    /// context's own members (`context.invalidate()`) are not the action.
    static func ignored(awaited call: FunctionCallExprSyntax, file: SourceFile) -> [OutcomeTest] {
        guard let awaited = awaited(call), awaited.isOptionalTry, let (statement, discard) = discardingStatement(awaited.value) else { return [] }
        let receiver = SyntaxQueries.receiver(of: call).map { SwiftBodies.normalized($0) + "." }
        guard let action = firstAction(after: statement, besides: receiver, in: file) else { return [] }
        return [.outcomeIgnored(written: discard + awaited.abbreviated(call), at: SwiftBodies(file: file).place(statement), action: action)]
    }

    /// The first action of the statements after `statement` in its block, leaving out those whose
    /// key starts with `besides` (the evaluated context's own members).
    static func firstAction(after statement: CodeBlockItemSyntax, besides prefix: String? = nil, in file: SourceFile) -> OutcomeAction? {
        guard let list = statement.parent?.as(CodeBlockItemListSyntax.self) else { return nil }
        let bodies = SwiftBodies(file: file)
        for later in list.drop(while: { $0.id != statement.id }).dropFirst() {
            if let action = ReplyOutcomeReading.firstAction(of: bodies.statements(of: later), besides: prefix) { return action }
        }
        return nil
    }

    // MARK: The awaited value

    /// An awaited call with what is written around it: `try`/`try?`, `await` and parentheses.
    struct AwaitedCall {
        /// The outermost of them: the value the code goes on with.
        let value: Syntax
        let tryExpr: TryExprSyntax?

        var isOptionalTry: Bool { tryExpr?.questionOrExclamationMark?.tokenKind == .postfixQuestionMark }

        /// `try? await context.evaluatePolicy(…)`: the call as written, its arguments left out.
        func abbreviated(_ call: FunctionCallExprSyntax) -> String {
            let tried = tryExpr.map { $0.questionOrExclamationMark.map { "try\($0.text) " } ?? "try " } ?? ""
            let arguments = call.arguments.isEmpty && call.trailingClosure == nil ? "()" : "(…)"
            return "\(tried)await \(SyntaxQueries.shortText(call.calledExpression, limit: 60))\(arguments)"
        }
    }

    /// The call with the `try`, `await` and parentheses around it; nil when it is not awaited.
    static func awaited(_ call: FunctionCallExprSyntax) -> AwaitedCall? {
        var node = Syntax(call)
        var isAwaited = false
        var tryExpr: TryExprSyntax?
        while let parent = node.parent {
            if parent.is(AwaitExprSyntax.self) {
                isAwaited = true
            } else if let tried = parent.as(TryExprSyntax.self) {
                tryExpr = tried
            } else if !parent.is(UnsafeExprSyntax.self) && !isParentheses(parent) {
                break
            }
            node = parent
        }
        return isAwaited ? AwaitedCall(value: node, tryExpr: tryExpr) : nil
    }

    /// The statement that throws `value` away (`value` alone, `_ = value`, `let _ = value`), and
    /// what it writes before `value` (``, `_ = `, `let _ = `).
    static func discardingStatement(_ value: Syntax) -> (CodeBlockItemSyntax, String)? {
        guard let parent = value.parent else { return nil }
        if let item = parent.as(CodeBlockItemSyntax.self) {
            return isImplicitlyReturned(item) ? nil : (item, "")
        }
        if let assignment = parent.as(InfixOperatorExprSyntax.self), assignment.operator.is(AssignmentExprSyntax.self),
            assignment.leftOperand.is(DiscardAssignmentExprSyntax.self), assignment.rightOperand.id == value.id,
            let item = assignment.parent?.as(CodeBlockItemSyntax.self)
        {
            return (item, "_ = ")
        }
        if let initializer = parent.as(InitializerClauseSyntax.self), let binding = initializer.parent?.as(PatternBindingSyntax.self),
            binding.pattern.is(WildcardPatternSyntax.self), let list = binding.parent?.as(PatternBindingListSyntax.self), list.count == 1,
            let declaration = list.parent?.as(VariableDeclSyntax.self), let item = declaration.parent?.as(CodeBlockItemSyntax.self)
        {
            return (item, declaration.bindingSpecifier.text + " _ = ")
        }
        return nil
    }

    static func isDiscarded(_ value: Syntax) -> Bool { discardingStatement(value) != nil }

    /// The only statement of a closure, or of a function or accessor that returns a value: Swift
    /// returns it.
    private static func isImplicitlyReturned(_ item: CodeBlockItemSyntax) -> Bool {
        guard let list = item.parent?.as(CodeBlockItemListSyntax.self), list.count == 1 else { return false }
        if list.parent?.is(ClosureExprSyntax.self) == true || list.parent?.is(AccessorBlockSyntax.self) == true { return true }
        guard let owner = list.parent?.parent else { return false }
        if let function = owner.as(FunctionDeclSyntax.self) { return function.signature.returnClause != nil }
        return owner.is(AccessorDeclSyntax.self)
    }

    /// A parenthesised expression's nodes (`( … )` is a one-element tuple).
    static func isParentheses(_ node: Syntax) -> Bool {
        if let tuple = node.as(TupleExprSyntax.self) { return tuple.elements.count == 1 && tuple.elements.first?.label == nil }
        if let element = node.as(LabeledExprSyntax.self) { return element.label == nil && element.parent?.parent?.is(TupleExprSyntax.self) == true }
        return node.is(LabeledExprListSyntax.self) && node.parent?.is(TupleExprSyntax.self) == true
    }
}
