import KeychainLintAnalysis
import KeychainLintCore
import KeychainLintModel
import SwiftSyntax

// The Swift front end's reading of code into the model of what code does on each path
// (`ProgramBody.swift`): statements, their control flow (`if`, `guard`, `switch`, `do`/`catch`,
// loops), the conditions they test, and their calls and assignments. It only reads; what the
// paths mean is decided on the model.

struct SwiftBodies {
    let file: SourceFile

    /// The statements of a closure, a function body or any `{ … }`.
    func statements(_ list: CodeBlockItemListSyntax) -> ProgramStatements {
        list.flatMap { statements(of: $0) }
    }

    /// The statements of any piece of code: a statement list, a `{ … }`, or an expression.
    func statements(of node: Syntax) -> ProgramStatements {
        if let list = node.as(CodeBlockItemListSyntax.self) { return statements(list) }
        if let block = node.as(CodeBlockSyntax.self) { return statements(block.statements) }
        return expression(node)
    }

    /// One statement of a list (a declaration with initial values gives what they do).
    func statements(of item: CodeBlockItemSyntax) -> ProgramStatements {
        switch item.item {
        case .stmt(let statement): self.statement(statement)
        case .expr(let expression): self.expression(expression)
        case .decl(let declaration): self.declaration(declaration)
        }
    }

    private func block(_ block: CodeBlockSyntax) -> ProgramStatements {
        statements(block.statements)
    }

    private func statement(_ statement: StmtSyntax) -> ProgramStatements {
        if let expression = statement.as(ExpressionStmtSyntax.self) {
            return self.expression(expression.expression)
        }
        if let guardStmt = statement.as(GuardStmtSyntax.self) {
            return [.guardBranch(test: test(guardStmt.conditions), otherwise: block(guardStmt.body))]
        }
        if let returned = statement.as(ReturnStmtSyntax.self) {
            guard let value = returned.expression else { return [.exit(returnedBool: nil)] }
            if value.is(BooleanLiteralExprSyntax.self) {
                let written = Self.normalized(value)
                return [.exit(returnedBool: OutcomeAction(key: "return" + written, text: "return " + written, place: place(returned)))]
            }
            return expression(value) + [.exit(returnedBool: nil)]
        }
        if let thrown = statement.as(ThrowStmtSyntax.self) {
            return expression(thrown.expression) + [.exit(returnedBool: nil)]
        }
        if let doStmt = statement.as(DoStmtSyntax.self) {
            return [.attempt(body: block(doStmt.body), handlers: doStmt.catchClauses.map { block($0.body) }, finally: [])]
        }
        if let forStmt = statement.as(ForStmtSyntax.self) {
            return [.group(expression(forStmt.sequence) + block(forStmt.body))]
        }
        if let whileStmt = statement.as(WhileStmtSyntax.self) {
            return [.group(test(whileStmt.conditions).effects + block(whileStmt.body))]
        }
        if let repeatStmt = statement.as(RepeatStmtSyntax.self) {
            return [.group(block(repeatStmt.body) + expression(repeatStmt.condition))]
        }
        if let deferStmt = statement.as(DeferStmtSyntax.self) {
            return [.group(block(deferStmt.body))]
        }
        if let labeled = statement.as(LabeledStmtSyntax.self) {
            return self.statement(labeled.statement)
        }
        return []
    }

    private func declaration(_ declaration: DeclSyntax) -> ProgramStatements {
        guard let variable = declaration.as(VariableDeclSyntax.self) else { return [] }
        return variable.bindings.flatMap { binding in binding.initializer.map { expression($0.value) } ?? [] }
    }

    /// What an expression does: its calls and assignments, the names it reads, the closures
    /// written in it, and the branches of `if` and `switch` expressions. Inside a string literal
    /// (`"\(success)"`) a name is text: its reads are left out.
    func expression(_ expression: some SyntaxProtocol, inString: Bool = false) -> ProgramStatements {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return inString ? [] : [.read(ProgramRead(name: reference.baseName.text, role: .value))]
        }
        if let call = expression.as(FunctionCallExprSyntax.self) {
            return [.call(self.call(call, inString: inString))]
        }
        if let infix = expression.as(InfixOperatorExprSyntax.self), let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text,
            !inString
        {
            switch op {
            case "==", "!=":
                // `error == nil`: the direct operand compared with the nil literal.
                return operand(infix.leftOperand, role: infix.rightOperand.is(NilLiteralExprSyntax.self) ? .comparedWithNil : nil)
                    + operand(infix.rightOperand, role: infix.leftOperand.is(NilLiteralExprSyntax.self) ? .comparedWithNil : nil)
            case "&&", "||":
                return operand(infix.leftOperand, role: .truthTest) + operand(infix.rightOperand, role: .truthTest)
            default:
                break
            }
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!", !inString {
            return operand(prefix.expression, role: .truthTest)
        }
        if let binding = expression.as(OptionalBindingConditionSyntax.self), !inString {
            // `if let error`, `guard let error = error`: the name unwrapped into its own.
            // `if let failure = error` unwraps `error` as `if let error` does; only the name bound differs.
            if let name = Self.unwrappedName(binding) { return [.read(ProgramRead(name: name, role: .unwrapped))] }
            let name = binding.pattern.trimmedSource
            guard let initializer = binding.initializer else { return [.read(ProgramRead(name: name, role: .unwrapped))] }
            if SyntaxQueries.unwrapTransparent(initializer.value).as(DeclReferenceExprSyntax.self)?.baseName.text == name {
                return [.read(ProgramRead(name: name, role: .unwrapped))]
            }
            return self.expression(initializer.value)
        }
        if let member = expression.as(MemberAccessExprSyntax.self) {
            // `state.success`: a member named like a parameter is not the parameter.
            return member.base.map { self.expression($0, inString: inString) } ?? []
        }
        if expression.is(StringLiteralExprSyntax.self) {
            return expression.children(viewMode: .sourceAccurate).flatMap { self.expression($0, inString: true) }
        }
        if let infix = expression.as(InfixOperatorExprSyntax.self), infix.operator.is(AssignmentExprSyntax.self) {
            let action = OutcomeAction(key: Self.normalized(infix), text: Self.normalized(infix), place: place(infix))
            return [.call(ProgramCallSite(
                callee: nil, action: action, closureArguments: [],
                operands: self.expression(infix.leftOperand, inString: inString) + self.expression(infix.rightOperand, inString: inString),
                isAssignment: true))]
        }
        if let closure = expression.as(ClosureExprSyntax.self) {
            return [.closure(statements(closure.statements))]
        }
        if let ifExpr = expression.as(IfExprSyntax.self) {
            return [branch(ifExpr)]
        }
        if let switchExpr = expression.as(SwitchExprSyntax.self) {
            let cases = switchExpr.cases.compactMap { $0.as(SwitchCaseSyntax.self) }.map { statements($0.statements) }
            return [.cases(subject: self.expression(switchExpr.subject), cases: cases)]
        }
        // Declarations nested in an expression (a function in a closure) do not run where they are written.
        if expression.is(DeclSyntax.self) { return [] }
        if let item = expression.as(CodeBlockItemSyntax.self) { return statements(of: item) }
        return expression.children(viewMode: .sourceAccurate).flatMap { self.expression($0, inString: inString) }
    }

    /// An operand of a test: a name written alone there is read in `role`; anything else is read as it is.
    private func operand(_ expression: ExprSyntax, role: ProgramRead.Role?) -> ProgramStatements {
        if let role, let reference = expression.as(DeclReferenceExprSyntax.self) {
            return [.read(ProgramRead(name: reference.baseName.text, role: role))]
        }
        return self.expression(expression)
    }

    private func branch(_ ifExpr: IfExprSyntax) -> ProgramStatement {
        let otherwise: ProgramStatements? =
            switch ifExpr.elseBody {
            case .codeBlock(let elseBlock)?: block(elseBlock)
            case .ifExpr(let elseIf)?: [branch(elseIf)]
            case nil: nil
            }
        return .branch(test: test(ifExpr.conditions), then: block(ifExpr.body), otherwise: otherwise)
    }

    private func call(_ call: FunctionCallExprSyntax, inString: Bool) -> ProgramCallSite {
        var closures: [ProgramStatements] = []
        var operands = expression(call.calledExpression, inString: inString)
        for argument in call.arguments {
            if let closure = SyntaxQueries.unwrapTransparent(argument.expression).as(ClosureExprSyntax.self) {
                closures.append(statements(closure.statements))
            } else {
                operands += expression(argument.expression, inString: inString)
            }
        }
        if let trailing = call.trailingClosure { closures.append(statements(trailing.statements)) }
        for additional in call.additionalTrailingClosures { closures.append(statements(additional.closure.statements)) }
        let written = Self.normalized(call)
        let callee = SyntaxQueries.calleeName(of: call)
        return ProgramCallSite(
            callee: callee, action: OutcomeAction(key: written + Self.localValues(in: call), text: written, place: place(call), callee: callee),
            closureArguments: closures, operands: operands)
    }

    // MARK: Conditions

    /// An `if`, `guard` or `while` condition list: one condition is read; several must all hold.
    private func test(_ conditions: ConditionElementListSyntax) -> ProgramTest {
        let effects = conditions.flatMap { element in
            // `if success`, `if (ok)`: a name alone as a condition is tested by its truth.
            if let expression = element.condition.as(ExprSyntax.self),
                let reference = SyntaxQueries.unwrapTransparent(expression).as(DeclReferenceExprSyntax.self)
            {
                return [ProgramStatement.read(ProgramRead(name: reference.baseName.text, role: .truthTest))]
            }
            return expression(element.condition)
        }
        if conditions.count == 1, let binding = conditions.first?.condition.as(OptionalBindingConditionSyntax.self),
            let name = Self.unwrappedName(binding)
        {
            return ProgramTest(condition: ProgramCondition(.unwrapped(name), place: place(conditions)), effects: effects)
        }
        guard conditions.count == 1, let only = conditions.first?.condition.as(ExprSyntax.self) else {
            // Several conditions must all hold; a cast binding (`if let error = error as? LAError`)
            // holds only when the name is not nil, and when the cast succeeds.
            let parts = conditions.map { element -> ProgramCondition in
                let at = place(element)
                if let expression = element.condition.as(ExprSyntax.self) { return condition(expression) }
                guard let binding = element.condition.as(OptionalBindingConditionSyntax.self) else { return ProgramCondition(.other, place: at) }
                if let name = Self.unwrappedName(binding) { return ProgramCondition(.unwrapped(name), place: at) }
                if let name = Self.castName(binding) {
                    return ProgramCondition(.all([ProgramCondition(.unwrapped(name), place: at), ProgramCondition(.other, place: at)]), place: at)
                }
                return ProgramCondition(.other, place: at)
            }
            return ProgramTest(condition: ProgramCondition(parts.count == 1 ? parts[0].kind : .all(parts), place: place(conditions)), effects: effects)
        }
        return ProgramTest(condition: condition(only), effects: effects)
    }

    /// The name an optional binding casts: `if let error = error as? LAError` (`error`).
    private static func castName(_ binding: OptionalBindingConditionSyntax) -> String? {
        var value = binding.initializer?.value
        // `(error as? LAError)`: parentheses only.
        while let tuple = value?.as(TupleExprSyntax.self), tuple.elements.count == 1, tuple.elements.first?.label == nil {
            value = tuple.elements.first?.expression
        }
        guard let cast = value?.as(AsExprSyntax.self), cast.questionOrExclamationMark?.tokenKind == .postfixQuestionMark
        else { return nil }
        return SyntaxQueries.unwrapTransparent(cast.expression).as(DeclReferenceExprSyntax.self)?.baseName.text
    }

    /// The name an optional binding unwraps: `if let error`, `guard let error = error`, `if let
    /// failure = error` (`error`). Nil when it unwraps anything else (`if let error = error as?
    /// LAError`: a cast, which also fails for an error of another type).
    private static func unwrappedName(_ binding: OptionalBindingConditionSyntax) -> String? {
        guard let initializer = binding.initializer else { return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
        var value = initializer.value
        while true {
            if let tuple = value.as(TupleExprSyntax.self), tuple.elements.count == 1, tuple.elements.first?.label == nil,
                let inner = tuple.elements.first?.expression
            {
                value = inner
            } else if let cast = value.as(AsExprSyntax.self), cast.questionOrExclamationMark == nil {
                // `as NSError?` bridges; it never fails.
                value = cast.expression
            } else {
                return value.as(DeclReferenceExprSyntax.self)?.baseName.text
            }
        }
    }

    func condition(_ expression: ExprSyntax) -> ProgramCondition {
        ProgramCondition(kind(of: expression), place: place(expression))
    }

    private func kind(of expression: ExprSyntax) -> ProgramCondition.Kind {
        let unwrapped = SyntaxQueries.unwrapTransparent(expression)
        if let reference = unwrapped.as(DeclReferenceExprSyntax.self) {
            return .truth(reference.baseName.text)
        }
        if let prefix = unwrapped.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            return .not(condition(prefix.expression))
        }
        guard let infix = unwrapped.as(InfixOperatorExprSyntax.self), let op = infix.operator.as(BinaryOperatorExprSyntax.self)
        else { return .other }
        switch op.operator.text {
        case "||":
            return .or(condition(infix.leftOperand), condition(infix.rightOperand))
        case "&&":
            return .all([condition(infix.leftOperand), condition(infix.rightOperand)])
        case "==", "!=":
            for (one, other) in [(infix.leftOperand, infix.rightOperand), (infix.rightOperand, infix.leftOperand)] {
                guard let name = SyntaxQueries.unwrapTransparent(one).as(DeclReferenceExprSyntax.self)?.baseName.text,
                    let literal = Self.literal(other)
                else { continue }
                return .comparison(name: name, equal: op.operator.text == "==", literal: literal)
            }
            return .other
        default:
            return .other
        }
    }

    private static func literal(_ expression: ExprSyntax) -> ProgramLiteral? {
        let unwrapped = SyntaxQueries.unwrapTransparent(expression)
        if let boolean = unwrapped.as(BooleanLiteralExprSyntax.self) { return .bool(boolean.literal.tokenKind == .keyword(.true)) }
        if unwrapped.is(NilLiteralExprSyntax.self) { return .null }
        return nil
    }

    // MARK: Spelling

    func place(_ node: some SyntaxProtocol) -> SourcePlace {
        SourcePlace(location: file.valueLocation(of: node), snippet: SyntaxQueries.shortText(node, limit: 200))
    }

    /// An action's key: the code as written without spaces, `self.` dropped.
    /// What the locals a call's arguments name hold, for its action's key: two locals of one name
    /// declared on different paths (`let result = ["ok": true]` in one branch, `… false` in the
    /// other) are different values, so `completion(result)` on each is not the same action. A
    /// `let` is its initial value as written; a `var`, which a path may change, is its declaration.
    static func localValues(in call: FunctionCallExprSyntax) -> String {
        var values: [String] = []
        for argument in call.arguments where !SyntaxQueries.unwrapTransparent(argument.expression).is(ClosureExprSyntax.self) {
            for reference in ReferenceCollector.references(in: argument.expression) {
                if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id { continue }
                guard case .variable(let binding) = SyntaxQueries.binding(of: reference.baseName.text, at: reference),
                    let initializer = binding.initializer
                else { continue }
                let isLet = binding.parent?.parent?.as(VariableDeclSyntax.self)?.bindingSpecifier.tokenKind == .keyword(.let)
                values.append("\(reference.baseName.text)=" + (isLet ? normalized(initializer.value) : "@\(binding.position.utf8Offset)"))
            }
        }
        return values.isEmpty ? "" : "|" + values.joined(separator: ",")
    }

    static func normalized(_ node: some SyntaxProtocol) -> String {
        var text = node.trimmedSource.filter { !$0.isWhitespace }
        while text.hasPrefix("self.") { text.removeFirst("self.".count) }
        return text
    }
}
