import KeychainLintAnalysis
import KeychainLintCore
import KeychainLintModel
import SwiftSyntax

// The Swift front end's reading of code that receives a handed-on outcome into the model of its
// tests (`ReceivingBody`, `HandedOutcomeReading.swift`): the names read in conditions, what each
// condition tests and what runs on each side of it. It only reads; which test decides is found
// on the model.

extension SwiftBodies {
    /// A closure's statements or a function's body, as code that receives a handed-on outcome.
    func receivingBody(_ body: Syntax) -> ReceivingBody {
        var reads: [ConditionRead] = []
        for reference in ReferenceCollector.references(in: body) {
            guard let condition = Self.condition(around: Syntax(reference)) else { continue }
            reads.append(conditionRead(reference.baseName.text, in: condition))
        }
        // `if let error`, `guard let error = error`: the name bound to itself.
        for binding in OptionalBindingCollector.bindings(in: body) {
            let name = binding.pattern.trimmedSource
            guard binding.initializer.map({ $0.value.trimmedSource == name }) ?? true else { continue }
            reads.append(conditionRead(name, in: Syntax(binding), isBinding: true))
        }
        return ReceivingBody(statements: statements(of: body), conditionReads: reads)
    }

    /// A read of `name` in `condition` (a condition element, a binding, a `switch` subject, the
    /// condition of `?:`), with what the condition tests and what runs on each side.
    func conditionRead(_ name: String, in condition: Syntax, isBinding: Bool = false) -> ConditionRead {
        let place = SourcePlace(location: file.valueLocation(of: condition), snippet: SyntaxQueries.shortText(condition, limit: 60))
        let element = condition.as(ConditionElementSyntax.self) ?? condition.parent?.as(ConditionElementSyntax.self)
        guard let element, let list = element.parent?.as(ConditionElementListSyntax.self) else {
            return ConditionRead(name: name, condition: place, isBinding: isBinding, holdsWhenNil: nil, holder: .other)
        }
        return ConditionRead(
            name: name, condition: place, isBinding: isBinding, holdsWhenNil: list.count == 1 ? Self.holdsWhenNil(element) : nil,
            holder: Self.holder(of: list))
    }

    /// Whether a whole condition holds when what it tests is nil: `x == nil` (either side), true;
    /// `x != nil` and `let x`, false; anything else, nil.
    private static func holdsWhenNil(_ element: ConditionElementSyntax) -> Bool? {
        if element.condition.is(OptionalBindingConditionSyntax.self) { return false }
        guard let expression = element.condition.as(ExprSyntax.self),
            let infix = SyntaxQueries.unwrapTransparent(expression).as(InfixOperatorExprSyntax.self),
            let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text, op == "==" || op == "!=",
            infix.leftOperand.is(NilLiteralExprSyntax.self) || infix.rightOperand.is(NilLiteralExprSyntax.self)
        else { return nil }
        return op == "=="
    }

    /// The `if` or `guard` a condition list decides, with what runs on each side.
    private static func holder(of list: ConditionElementListSyntax) -> ConditionHolder {
        func followed(_ node: Syntax) -> Bool {
            guard let item = node.parent?.as(CodeBlockItemSyntax.self) ?? node.parent?.parent?.as(CodeBlockItemSyntax.self),
                let items = item.parent?.as(CodeBlockItemListSyntax.self)
            else { return false }
            return items.drop(while: { $0.id != item.id }).count > 1
        }
        if let ifExpr = list.parent?.as(IfExprSyntax.self) {
            let otherwiseRuns: Bool? =
                switch ifExpr.elseBody {
                case .codeBlock(let elseBlock)?: !elseBlock.statements.isEmpty
                case .ifExpr?: true
                case nil: nil
                }
            let last = ifExpr.body.statements.last?.item
            let leaves = last.map { $0.is(ReturnStmtSyntax.self) || $0.is(ThrowStmtSyntax.self) } ?? false
            return .branch(
                thenRuns: !ifExpr.body.statements.isEmpty, otherwiseRuns: otherwiseRuns, thenLeaves: leaves, followed: followed(Syntax(ifExpr)))
        }
        if let guardStmt = list.parent?.as(GuardStmtSyntax.self) {
            return .guardBranch(otherwiseRuns: !guardStmt.body.statements.isEmpty, followed: followed(Syntax(guardStmt)))
        }
        return .other
    }

    /// The condition of an `if`, `guard`, `while`, `switch` or `?:` that holds `node`, as written:
    /// nil when `node` is inside an argument of a call (passed on, not tested) or a closure.
    static func condition(around node: Syntax) -> Syntax? {
        var current = node
        while let parent = current.parent {
            if parent.is(ConditionElementSyntax.self) { return parent }
            if let switchExpr = parent.as(SwitchExprSyntax.self), switchExpr.subject.id == current.id { return current }
            if let ternary = parent.as(TernaryExprSyntax.self), ternary.condition.id == current.id { return current }
            if parent.is(CodeBlockItemSyntax.self) || parent.is(ClosureExprSyntax.self) { return nil }
            // An argument of a call is passed on, not tested; parentheses are a one-element tuple.
            if parent.is(LabeledExprSyntax.self), parent.parent?.parent?.is(TupleExprSyntax.self) != true { return nil }
            current = parent
        }
        return nil
    }
}
