import KeychainLintAnalysis
import KeychainLintCore
import KeychainLintModel
import KeychainLintRuleKit
import SwiftSyntax

// The Swift front end's reading of what an `evaluatePolicy` reply closure (or the `do`/`catch`
// around the awaited call) does on each path, into the model's `OutcomeTest`s: Swift's own control
// flow (`if`, `guard … else`, `switch`, `catch`).

extension RuleContext {
    public func outcomeTests(_ call: ProgramCall) -> [OutcomeTest] {
        guard case .swift(let expression) = call.expression, let syntax = expression.syntax.as(FunctionCallExprSyntax.self)
        else { return [] }
        if let closure = SwiftOutcomeTests.replyClosure(of: syntax) {
            return SwiftOutcomeTests.tests(in: closure, file: file)
        }
        return SwiftOutcomeTests.testsAround(awaited: syntax, file: file) + SwiftOutcomeTests.failureTakenForSuccess(awaited: syntax, file: file)
            + SwiftOutcomeTests.ignored(awaited: syntax, file: file)
    }
}

/// How the Swift front end reads the tests of an evaluation's outcome.
enum SwiftOutcomeTests {
    /// The reply handler written at the call: a trailing closure or a `reply:` closure.
    static func replyClosure(of call: FunctionCallExprSyntax) -> ClosureExprSyntax? {
        if let trailing = call.trailingClosure { return trailing }
        return SyntaxQueries.argument(labeled: "reply", of: call)?.expression.as(ClosureExprSyntax.self)
    }

    // MARK: The closure form

    static func tests(in closure: ClosureExprSyntax, file: SourceFile) -> [OutcomeTest] {
        let (success, error) = SwiftPolicyEvaluations.parameterNames(of: closure)
        let use = SwiftPolicyEvaluations.use(success: success, error: error, in: closure)
        guard let success, use.readsSuccess else {
            // The reply never reads its success flag: a test of the error against nil is what
            // decides, and it lets a failure without an error object through.
            guard let error else { return [] }
            return errorAloneGates(in: closure, error: error, success: success ?? "success", file: file)
        }
        return BranchCollector.branches(in: closure).compactMap { branch in
            switch branch {
            case .ifExpr(let ifExpr): test(ifExpr, success: success, error: error, file: file)
            case .guardStmt(let guardStmt): test(guardStmt, success: success, file: file)
            }
        }
    }

    /// `if error == nil { … }` and `guard error == nil else { … }` in a reply that never reads its
    /// success flag: each such test is the gate.
    private static func errorAloneGates(in closure: ClosureExprSyntax, error: String, success: String, file: SourceFile) -> [OutcomeTest] {
        BranchCollector.branches(in: closure).compactMap { branch in
            let conditions: ConditionElementListSyntax
            switch branch {
            case .ifExpr(let ifExpr):
                guard !ifExpr.body.statements.isEmpty else { return nil }
                conditions = ifExpr.conditions
            case .guardStmt(let guardStmt):
                conditions = guardStmt.conditions
            }
            guard conditions.count == 1, let condition = conditions.first?.condition.as(ExprSyntax.self),
                isNilTest(condition, of: error)
            else { return nil }
            return .errorNilAlone(test: "\(error) == nil", success: success, at: place(condition, in: file))
        }
    }

    private static func test(_ ifExpr: IfExprSyntax, success: String, error: String?, file: SourceFile) -> OutcomeTest? {
        guard ifExpr.conditions.count == 1, let condition = ifExpr.conditions.first?.condition.as(ExprSyntax.self) else { return nil }
        if let error, let alone = errorNilAlone(condition, success: success, error: error) {
            return .errorNilAlone(test: "\(error) == nil", success: success, at: place(alone, in: file))
        }
        let guarded: CodeBlockSyntax
        let failure: Syntax?
        switch test(of: condition, success: success) {
        case true?:
            guarded = ifExpr.body
            failure = ifExpr.elseBody.map { Syntax($0) }
        case false?:
            // `if !success { failure } else { guarded }`
            guard case .codeBlock(let elseBlock)? = ifExpr.elseBody else { return nil }
            guarded = elseBlock
            failure = Syntax(ifExpr.body)
        case nil:
            return nil
        }
        guard let failure else { return nil }
        return branches(guarded: Effects.ofSuccessPath(guarded), failure: failure, side: .successIsFalse(success: success), file: file)
    }

    /// `guard success else { failure }`: the statements after the guard are the guarded action.
    private static func test(_ guardStmt: GuardStmtSyntax, success: String, file: SourceFile) -> OutcomeTest? {
        guard guardStmt.conditions.count == 1, let condition = guardStmt.conditions.first?.condition.as(ExprSyntax.self),
            test(of: condition, success: success) == true,
            let item = guardStmt.parent?.as(CodeBlockItemSyntax.self), let list = item.parent?.as(CodeBlockItemListSyntax.self)
        else { return nil }
        let after = list.drop { $0.id != item.id }.dropFirst()
        var guarded = Effects()
        for statement in after { guarded.formUnion(Effects.ofSuccessPath(statement)) }
        return branches(guarded: guarded, failure: Syntax(guardStmt.body), side: .successIsFalse(success: success), file: file)
    }

    // MARK: The async form

    /// `do { try await context.evaluatePolicy(…); guarded } catch { failure }`: one test per `catch`.
    static func testsAround(awaited call: FunctionCallExprSyntax, file: SourceFile) -> [OutcomeTest] {
        var node = Syntax(call)
        while let parent = node.parent, !parent.is(CodeBlockItemSyntax.self) { node = parent }
        guard let item = node.parent?.as(CodeBlockItemSyntax.self), let list = item.parent?.as(CodeBlockItemListSyntax.self),
            let doStmt = list.parent?.parent?.as(DoStmtSyntax.self), doStmt.body.statements.id == list.id
        else { return [] }
        var guarded = Effects()
        // `return try await context.evaluatePolicy(…)`: the success path returns `true`, the only
        // value the awaited call gives when it does not throw.
        if let returned = item.item.as(ReturnStmtSyntax.self), let value = returned.expression, let awaited = awaited(call),
            awaited.value.id == Syntax(value).id, awaited.tryExpr?.questionOrExclamationMark == nil
        {
            guarded.insert("returntrue", display: "return true", node: Syntax(returned))
        }
        for statement in list.drop(while: { $0.id != item.id }).dropFirst() { guarded.formUnion(Effects.ofSuccessPath(statement)) }
        return doStmt.catchClauses.map { clause in
            branches(guarded: guarded, failure: Syntax(clause.body), side: .catchOfAwait, file: file)
        }
    }

    /// `(try? await context.evaluatePolicy(…)) ?? true` or `… != false`: the error the call throws
    /// when the authentication fails or is cancelled becomes nil, and nil passes. A value thrown
    /// away decides nothing.
    static func failureTakenForSuccess(awaited call: FunctionCallExprSyntax, file: SourceFile) -> [OutcomeTest] {
        guard let awaited = awaited(call), awaited.isOptionalTry, let infix = awaited.value.parent?.as(InfixOperatorExprSyntax.self),
            infix.leftOperand.id == awaited.value.id, let op = nilPassingOperator(infix), !isDiscarded(Syntax(infix))
        else { return [] }
        return [.failureTakenForSuccess(written: "(\(awaited.abbreviated(call))) \(op)", at: place(infix, in: file))]
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
        let receiver = SyntaxQueries.receiver(of: call).map { Effects.normalized($0) + "." }
        guard let action = firstAction(after: statement, besides: receiver) else { return [] }
        return [.outcomeIgnored(
            written: discard + awaited.abbreviated(call), at: place(statement, in: file),
            action: OutcomeAction(key: action.text, text: action.display, place: place(action.node, in: file)))]
    }

    /// The first action of the statements after `statement` in its block, leaving out those whose
    /// text starts with `besides` (the evaluated context's own members).
    static func firstAction(after statement: CodeBlockItemSyntax, besides prefix: String? = nil) -> Effects.Effect? {
        guard let list = statement.parent?.as(CodeBlockItemListSyntax.self) else { return nil }
        for later in list.drop(while: { $0.id != statement.id }).dropFirst() {
            if let effect = Effects.of(later).list.first(where: { effect in prefix.map { !effect.text.hasPrefix($0) } ?? true }) {
                return effect
            }
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

    // MARK: Into the model

    /// The failure branch and the paths inside it (each `case` and each branch of an `if`), each
    /// with its actions.
    private static func branches(guarded: Effects, failure: Syntax, side: FailureSide, file: SourceFile) -> OutcomeTest {
        .branches(
            guarded: actions(guarded, file: file), failurePaths: FailurePaths.of(failure).map { actions(Effects.of($0), file: file) },
            failure: side)
    }

    private static func actions(_ effects: Effects, file: SourceFile) -> [OutcomeAction] {
        effects.list.map { OutcomeAction(key: $0.text, text: $0.display, place: place($0.node, in: file)) }
    }

    static func place(_ node: some SyntaxProtocol, in file: SourceFile) -> SourcePlace {
        SourcePlace(location: file.valueLocation(of: node), snippet: SyntaxQueries.shortText(node, limit: 200))
    }

    // MARK: Tests of the reply's parameters

    /// `success`/`success == true` → true, `!success`/`success == false` → false, else nil.
    static func test(of condition: ExprSyntax, success: String) -> Bool? {
        let condition = SyntaxQueries.unwrapTransparent(condition)
        if Self.isReference(condition, to: success) { return true }
        if let prefix = condition.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!",
            Self.isReference(prefix.expression, to: success)
        {
            return false
        }
        if let infix = condition.as(InfixOperatorExprSyntax.self), let op = infix.operator.as(BinaryOperatorExprSyntax.self),
            Self.isReference(infix.leftOperand, to: success),
            let literal = infix.rightOperand.as(BooleanLiteralExprSyntax.self)
        {
            let value = literal.literal.tokenKind == .keyword(.true)
            switch op.operator.text {
            case "==": return value
            case "!=": return !value
            default: return nil
            }
        }
        return nil
    }

    /// `success || error == nil` (either order): the side that lets a missing error alone through.
    static func errorNilAlone(_ condition: ExprSyntax, success: String, error: String) -> ExprSyntax? {
        guard let infix = SyntaxQueries.unwrapTransparent(condition).as(InfixOperatorExprSyntax.self),
            infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "||"
        else { return nil }
        for (one, other) in [(infix.leftOperand, infix.rightOperand), (infix.rightOperand, infix.leftOperand)]
        where test(of: one, success: success) == true && isNilTest(other, of: error) {
            return other
        }
        return nil
    }

    static func isNilTest(_ expression: ExprSyntax, of name: String) -> Bool {
        guard let infix = SyntaxQueries.unwrapTransparent(expression).as(InfixOperatorExprSyntax.self),
            infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "=="
        else { return false }
        return (isReference(infix.leftOperand, to: name) && infix.rightOperand.is(NilLiteralExprSyntax.self))
            || (isReference(infix.rightOperand, to: name) && infix.leftOperand.is(NilLiteralExprSyntax.self))
    }

    static func isReference(_ expression: ExprSyntax, to name: String) -> Bool {
        SyntaxQueries.unwrapTransparent(expression).as(DeclReferenceExprSyntax.self)?.baseName.text == name
    }
}

/// The `if` and `guard` statements of a reply closure that test its parameters, including those
/// inside closures it dispatches (`DispatchQueue.main.async { if success { … } }`).
private final class BranchCollector: SyntaxVisitor {
    enum Branch {
        case ifExpr(IfExprSyntax)
        case guardStmt(GuardStmtSyntax)
    }

    private var found: [Branch] = []

    static func branches(in closure: ClosureExprSyntax) -> [Branch] {
        let collector = BranchCollector(viewMode: .sourceAccurate)
        collector.walk(closure.statements)
        return collector.found
    }

    override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
        // An `else if` is its own test, found when the walk reaches it.
        found.append(.ifExpr(node))
        return .visitChildren
    }

    override func visit(_ node: GuardStmtSyntax) -> SyntaxVisitorContinueKind {
        found.append(.guardStmt(node))
        return .visitChildren
    }
}

/// A failure branch and the paths inside it: each `case` of a `switch` and each branch of an
/// `if`, since a failure branch often treats one error code (`.userFallback`) differently.
private final class FailurePaths: SyntaxVisitor {
    private var paths: [Syntax] = []

    static func of(_ failure: Syntax) -> [Syntax] {
        let collector = FailurePaths(viewMode: .sourceAccurate)
        collector.paths.append(failure)
        collector.walk(failure)
        return collector.paths
    }

    override func visit(_ node: SwitchCaseSyntax) -> SyntaxVisitorContinueKind {
        paths.append(Syntax(node.statements))
        return .visitChildren
    }

    override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
        paths.append(Syntax(node.body))
        if case .codeBlock(let block)? = node.elseBody { paths.append(Syntax(block)) }
        return .visitChildren
    }
}

/// The actions of a piece of code: calls and assignments, by their text with `self.` dropped and
/// spaces removed, in source order. Logging, printing and dispatching are not actions.
struct Effects {
    struct Effect {
        /// What two actions are compared by.
        let text: String
        /// As a message shows it (`return true` where `text` is `returntrue`).
        let display: String
        let node: Syntax
    }

    private(set) var list: [Effect] = []
    private var texts: Set<String> = []

    var isEmpty: Bool { list.isEmpty }
    var first: Effect? { list.first }

    /// Callee names that carry no decision of their own.
    static let neutralCallees = OutcomeAction.neutralCallees

    mutating func insert(_ text: String, display: String? = nil, node: Syntax) {
        guard texts.insert(text).inserted else { return }
        list.append(Effect(text: text, display: display ?? text, node: node))
    }

    mutating func formUnion(_ other: Effects) {
        for effect in other.list { insert(effect.text, display: effect.display, node: effect.node) }
    }

    func isSubset(of other: Effects) -> Bool { texts.isSubset(of: other.texts) }

    static func of(_ node: some SyntaxProtocol) -> Effects {
        let collector = EffectCollector(viewMode: .sourceAccurate)
        collector.walk(node)
        return collector.effects
    }

    /// The actions of a success path, without its own error handling (`catch` clauses, `guard`
    /// bodies): showing a PIN pad when reading the token fails is not what the success leads to.
    static func ofSuccessPath(_ node: some SyntaxProtocol) -> Effects {
        let collector = EffectCollector(viewMode: .sourceAccurate)
        collector.skipsErrorHandling = true
        collector.walk(node)
        return collector.effects
    }

    static func normalized(_ node: some SyntaxProtocol) -> String {
        var text = node.trimmedSource.filter { !$0.isWhitespace }
        while text.hasPrefix("self.") { text.removeFirst("self.".count) }
        return text
    }
}

private final class EffectCollector: SyntaxVisitor {
    var effects = Effects()
    var skipsErrorHandling = false

    override func visit(_ node: CatchClauseSyntax) -> SyntaxVisitorContinueKind {
        skipsErrorHandling ? .skipChildren : .visitChildren
    }

    override func visit(_ node: GuardStmtSyntax) -> SyntaxVisitorContinueKind {
        guard skipsErrorHandling else { return .visitChildren }
        walk(node.conditions)
        return .skipChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let name = SyntaxQueries.calleeName(of: node), !Effects.neutralCallees.contains(name) {
            effects.insert(Effects.normalized(node), node: Syntax(node))
            // The call is the action; what it is given is part of it.
            return .skipChildren
        }
        return .visitChildren
    }

    override func visit(_ node: InfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        if node.operator.is(AssignmentExprSyntax.self) {
            effects.insert(Effects.normalized(node), node: Syntax(node))
            return .skipChildren
        }
        return .visitChildren
    }

    override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
        // `return true` from a Bool gate is the guarded outcome itself.
        if let expression = node.expression, expression.is(BooleanLiteralExprSyntax.self) {
            effects.insert("return" + Effects.normalized(expression), display: "return " + Effects.normalized(expression), node: Syntax(node))
        }
        return .visitChildren
    }
}
