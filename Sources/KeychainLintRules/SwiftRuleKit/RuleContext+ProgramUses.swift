import KeychainLintAnalysis
import KeychainLintCore
import KeychainLintModel
import KeychainLintRuleKit
import SwiftSyntax

// What the Swift front end hands over for the questions of `ProgramUses.swift`: the locals of the
// body around a call (`SwiftLocals`) and the name an `&error` argument addresses.

extension RuleContext {
    public func locals(around call: ProgramCall) -> (locals: ProgramLocals, value: ProgramSpan)? {
        guard let syntax = Self.functionCall(call) else { return nil }
        return (swiftLocals(around: Syntax(syntax), in: file), ProgramSpan(syntax))
    }

    /// The locals of the body around `node` of `file` (this file's, or another's the nullable
    /// reading reaches), read once per body.
    func swiftLocals(around node: Syntax, in file: SourceFile) -> ProgramLocals {
        let body = SwiftLocals.body(around: node)
        return memo(LocalsKey(body: NodeKey(file: file, node: body))) { SwiftLocals.read(body, in: file) }
    }

    /// `error` in `SecKeyCreateRandomKey(attributes, &error)`.
    public func addressedName(_ index: Int, of call: ProgramCall) -> String? {
        guard let syntax = Self.functionCall(call), let argument = SyntaxQueries.argument(index, of: syntax),
            let inOut = argument.expression.as(InOutExprSyntax.self)
        else { return nil }
        return inOut.expression.as(DeclReferenceExprSyntax.self)?.baseName.text
    }

    public func callee(of call: ProgramCall) -> ProgramExpression {
        guard let syntax = Self.functionCall(call) else { return call.expression }
        return .swift(SwiftExpression(syntax.calledExpression))
    }

    /// The call's node, when the Swift front end handed it over.
    static func functionCall(_ call: ProgramCall) -> FunctionCallExprSyntax? {
        guard case .swift(let expression) = call.expression else { return nil }
        return expression.syntax.as(FunctionCallExprSyntax.self)
    }

    private struct LocalsKey: Hashable {
        let body: NodeKey
    }
}

extension ProgramSpan {
    /// The node as written, without the trivia around it.
    init(_ node: some SyntaxProtocol) {
        self.init(start: node.positionAfterSkippingLeadingTrivia.utf8Offset, end: node.endPositionBeforeTrailingTrivia.utf8Offset)
    }
}

/// Reads the locals of a Swift body into the model (`ProgramLocals`), in one walk.
enum SwiftLocals {
    /// The body whose locals a node can see: its function, initializer, accessor or subscript, or
    /// the member or top-level code it stands in. Closures are not bodies of their own: they see
    /// the locals around them.
    static func body(around node: Syntax) -> Syntax {
        var current = node
        while let parent = current.parent {
            if parent.is(FunctionDeclSyntax.self) || parent.is(InitializerDeclSyntax.self) || parent.is(DeinitializerDeclSyntax.self)
                || parent.is(AccessorDeclSyntax.self) || parent.is(SubscriptDeclSyntax.self) || parent.is(MemberBlockItemSyntax.self)
            {
                return parent
            }
            current = parent
        }
        return current
    }

    static func read(_ body: Syntax, in file: SourceFile) -> ProgramLocals {
        let reader = Reader(root: body.id, file: file)
        reader.walk(body)
        reader.locals.elements.sort { $0.span.start != $1.span.start ? $0.span.start < $1.span.start : $0.span.end > $1.span.end }
        reader.locals.keyWrites.sort { $0.offset < $1.offset }
        reader.locals.exits.sort { $0.statement.span.start < $1.statement.span.start }
        for (name, declared) in reader.locals.declarations {
            reader.locals.declarations[name] = declared.sorted { $0.offset < $1.offset }
        }
        for (name, offsets) in reader.locals.nullableNames { reader.locals.nullableNames[name] = offsets.sorted() }
        return reader.locals
    }

    /// The value an expression passes on: without `try`, `await`, `unsafe` and parentheses. Not
    /// `SyntaxQueries.unwrapTransparent`, which also looks through casts and `!`: a status cast or
    /// force-unwrapped is a value the code made from the result, so the result itself is used.
    static func value(_ expression: ExprSyntax) -> ExprSyntax {
        var current = expression
        while true {
            if let marker = current.as(TryExprSyntax.self) {
                current = marker.expression
            } else if let marker = current.as(AwaitExprSyntax.self) {
                current = marker.expression
            } else if let marker = current.as(UnsafeExprSyntax.self) {
                current = marker.expression
            } else if let tuple = current.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
                only.label == nil
            {
                current = only.expression
            } else {
                return current
            }
        }
    }

    /// A statement that is the only one of a closure, of a function or getter with a result, or of
    /// a branch of an `if`/`switch` used as a value, is that body's value (an implicit return).
    static func isValueOfEnclosingExpression(_ item: CodeBlockItemSyntax) -> Bool {
        guard let list = item.parent?.as(CodeBlockItemListSyntax.self), list.count == 1, let owner = list.parent else { return false }
        if owner.is(ClosureExprSyntax.self) || owner.is(AccessorBlockSyntax.self) { return true }
        if let switchCase = owner.as(SwitchCaseSyntax.self),
            let switchExpr = switchCase.parent?.parent?.as(SwitchExprSyntax.self)
        {
            return isUsedAsValue(Syntax(switchExpr))
        }
        guard let block = owner.as(CodeBlockSyntax.self), let blockOwner = block.parent else { return false }
        if let function = blockOwner.as(FunctionDeclSyntax.self) {
            guard let result = function.signature.returnClause?.type else { return false }
            return !["Void", "()"].contains(result.trimmedSource)
        }
        if let accessor = blockOwner.as(AccessorDeclSyntax.self) {
            return accessor.accessorSpecifier.tokenKind == .keyword(.get)
        }
        if blockOwner.is(IfExprSyntax.self) {
            var top = blockOwner
            while let parent = top.parent, parent.is(IfExprSyntax.self) { top = parent }
            return isUsedAsValue(top)
        }
        return false
    }

    /// Whether an `if`/`switch` expression is used as a value (not a statement of its own).
    static func isUsedAsValue(_ expression: Syntax) -> Bool {
        guard let parent = expression.parent else { return false }
        if let statement = parent.as(ExpressionStmtSyntax.self) {
            guard let item = statement.parent?.as(CodeBlockItemSyntax.self) else { return false }
            return isValueOfEnclosingExpression(item)
        }
        if let item = parent.as(CodeBlockItemSyntax.self) { return isValueOfEnclosingExpression(item) }
        return true
    }

    private final class Reader: SyntaxVisitor {
        var locals = ProgramLocals()
        private var blockCount = 0
        /// The body itself, which runs where it is: not deferred code of its own.
        private let root: SyntaxIdentifier
        /// The body's file, for the lines of what a message quotes.
        private let file: SourceFile

        init(root: SyntaxIdentifier, file: SourceFile) {
            self.root = root
            self.file = file
            super.init(viewMode: .sourceAccurate)
        }

        /// What the code does with `value` if it is an Optional (`SwiftNullableResults.use(of:in:)`);
        /// whether it did anything.
        @discardableResult
        private func noteNullableUse(of value: some ExprSyntaxProtocol) -> Bool {
            let value = ExprSyntax(value)
            guard let use = SwiftNullableResults.use(of: value, in: file) else { return false }
            locals.nullableUses[ProgramSpan(value)] = use
            return true
        }

        private func noteKeyWrite(_ key: ExprSyntax) {
            locals.keyWrites.append(
                ProgramLocals.KeyWrite(key: .swift(SwiftExpression(key)), offset: ProgramSpan(key).start, line: file.line(of: key)))
        }

        override func visit(_ node: CodeBlockItemListSyntax) -> SyntaxVisitorContinueKind {
            let block = blockCount
            blockCount += 1
            // Variables of top-level code are globals other files may read, not locals.
            let isTopLevel = node.parent?.is(SourceFileSyntax.self) ?? false
            let scope = ProgramSpan(node)
            for (position, item) in node.enumerated() {
                let span = ProgramSpan(item)
                locals.elements.append(ProgramLocals.Element(span: span, block: block, position: position))
                if let declaration = item.item.as(VariableDeclSyntax.self) {
                    for binding in declaration.bindings {
                        guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                        locals.declarations[name, default: []].append(
                            ProgramLocals.Declaration(offset: span.start, scope: scope, isTopLevel: isTopLevel))
                    }
                }
                noteExit(item, at: ProgramLocals.Element(span: span, block: block, position: position))
                guard let expression = item.item.as(ExprSyntax.self) else { continue }
                let value = SwiftLocals.value(expression)
                if let assignment = value.as(InfixOperatorExprSyntax.self), assignment.operator.is(AssignmentExprSyntax.self),
                    let name = assignment.leftOperand.as(DeclReferenceExprSyntax.self)?.baseName.text
                {
                    locals.overwrites[name, default: []].append(
                        ProgramLocals.Overwrite(name: name, statement: span, block: block, position: position))
                }
                if !SwiftLocals.isValueOfEnclosingExpression(item) {
                    locals.slots[ProgramSpan(value)] = .discarded
                }
            }
            return .visitChildren
        }

        /// An `if` or `guard` statement whose body always leaves: what its condition tests is
        /// settled for the statements after it.
        private func noteExit(_ item: CodeBlockItemSyntax, at element: ProgramLocals.Element) {
            var node = Syntax(item.item)
            if let statement = node.as(ExpressionStmtSyntax.self) { node = Syntax(statement.expression) }
            let exit: (conditions: ConditionElementListSyntax, body: CodeBlockSyntax)
            if let ifExpr = node.as(IfExprSyntax.self) {
                exit = (ifExpr.conditions, ifExpr.body)
            } else if let guardStmt = node.as(GuardStmtSyntax.self) {
                exit = (guardStmt.conditions, guardStmt.body)
            } else {
                return
            }
            if SwiftNullableResults.ExitFinder.leaves(exit.body) {
                locals.exits.append(ProgramLocals.Exit(statement: element, condition: ProgramSpan(exit.conditions)))
            }
        }

        override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
            if case .identifier(let word) = token.tokenKind {
                locals.mentions[word, default: []].append(token.positionAfterSkippingLeadingTrivia.utf8Offset)
            }
            return .visitChildren
        }

        override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
            noteNullableUse(of: node)
            return .visitChildren
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            noteNullableUse(of: node)
            if SyntaxQueries.calleeName(of: node) == "updateValue", let key = SyntaxQueries.argument(labeled: "forKey", of: node) {
                noteKeyWrite(key.expression)
            }
            return .visitChildren
        }

        override func visit(_ node: DictionaryElementSyntax) -> SyntaxVisitorContinueKind {
            noteKeyWrite(node.key)
            return .visitChildren
        }

        override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
            if node.initializer == nil, let pattern = node.pattern.as(IdentifierPatternSyntax.self) {
                locals.nullableUses[ProgramSpan(pattern)] = SwiftNullableResults.shorthandUse(of: node, in: file)
                locals.nullableNames[pattern.identifier.text, default: []].append(ProgramSpan(pattern).start)
            }
            return .visitChildren
        }

        override func visit(_ node: InfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
            guard node.operator.is(AssignmentExprSyntax.self) else { return .visitChildren }
            if let subscriptCall = node.leftOperand.as(SubscriptCallExprSyntax.self), let key = subscriptCall.arguments.first?.expression {
                noteKeyWrite(key)
            }
            let value = ProgramSpan(SwiftLocals.value(node.rightOperand))
            if node.leftOperand.is(DiscardAssignmentExprSyntax.self) {
                locals.slots[value] = .discarded
            } else if let name = node.leftOperand.as(DeclReferenceExprSyntax.self)?.baseName.text {
                locals.slots[value] = .stored(name: name, store: ProgramSpan(node))
            }
            return .visitChildren
        }

        override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
            guard let initializer = node.initializer else { return .visitChildren }
            let value = ProgramSpan(SwiftLocals.value(initializer.value))
            if node.pattern.is(WildcardPatternSyntax.self) {
                locals.slots[value] = .discarded
            } else if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                node.parent?.parent?.parent?.is(CodeBlockItemSyntax.self) == true
            {
                // A statement's declaration; a stored property is read elsewhere.
                locals.slots[value] = .stored(name: name, store: ProgramSpan(node))
            }
            return .visitChildren
        }

        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            if case .identifier(let word) = node.baseName.tokenKind {
                locals.mentions[word, default: []].append(node.positionAfterSkippingLeadingTrivia.utf8Offset)
            }
            // A member's name (`x.name`) is not a read of `name`; neither is the target of
            // `name = …`, nor `_ = name`.
            if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == node.id { return .skipChildren }
            if noteNullableUse(of: node) { locals.nullableNames[node.baseName.text, default: []].append(ProgramSpan(node).start) }
            if let infix = node.parent?.as(InfixOperatorExprSyntax.self), infix.operator.is(AssignmentExprSyntax.self) {
                if infix.leftOperand.id == node.id { return .skipChildren }
                if infix.leftOperand.is(DiscardAssignmentExprSyntax.self) { return .skipChildren }
            }
            locals.reads[node.baseName.text, default: []].append(node.positionAfterSkippingLeadingTrivia.utf8Offset)
            return .skipChildren
        }

        override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind {
            locals.loops.append(ProgramSpan(node))
            return .visitChildren
        }

        override func visit(_ node: WhileStmtSyntax) -> SyntaxVisitorContinueKind {
            locals.loops.append(ProgramSpan(node))
            return .visitChildren
        }

        override func visit(_ node: RepeatStmtSyntax) -> SyntaxVisitorContinueKind {
            locals.loops.append(ProgramSpan(node))
            return .visitChildren
        }

        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
            locals.deferredCode.append(ProgramSpan(node))
            return .visitChildren
        }

        override func visit(_ node: DeferStmtSyntax) -> SyntaxVisitorContinueKind {
            locals.deferredCode.append(ProgramSpan(node))
            return .visitChildren
        }

        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            // A function nested in the body runs when it is called: it reads the locals it
            // captures at another time than where it is written.
            if node.id != root { locals.deferredCode.append(ProgramSpan(node)) }
            return .visitChildren
        }
    }
}
