import KeychainLintAnalysis
import KeychainLintCore
import KeychainLintModel
import KeychainLintRuleKit
import SwiftSyntax

// The Swift front end's answers to the questions of `ProgramUses.swift`, read from the syntax
// tree: what a call's parent does with its result (a statement of its own, `_ =`, a local and
// its reads, an implicit return), and what an `&error` argument names.

extension RuleContext {
    public func resultUse(of call: ProgramCall) -> ResultUse {
        guard let syntax = Self.functionCall(call) else { return .used }
        return SwiftResultUses.use(of: syntax, SwiftResultUses.ListFacts.Lookup(self))
    }

    public func outParameterUse(_ index: Int, of call: ProgramCall) -> OutParameterUse {
        guard let syntax = Self.functionCall(call), let name = SwiftResultUses.addressedVariable(index, of: syntax) else {
            return .notAVariable
        }
        let read = SwiftResultUses.isLocalVariableRead(name, from: Syntax(syntax), skipping: syntax, SwiftResultUses.ListFacts.Lookup(self))
        return read ? .read : .unread
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
}

/// How Swift code uses a call's result and the locals it is stored in.
enum SwiftResultUses {
    static func use(of call: FunctionCallExprSyntax, _ lists: ListFacts.Lookup) -> ResultUse {
        var outer = Syntax(call)
        while let parent = outer.parent {
            if SyntaxQueries.isEffectMarker(parent) {
                outer = parent
            } else if let element = parent.as(LabeledExprSyntax.self), element.label == nil,
                let list = element.parent?.as(LabeledExprListSyntax.self), list.count == 1,
                let tuple = list.parent?.as(TupleExprSyntax.self)
            {
                outer = Syntax(tuple)
            } else {
                break
            }
        }
        guard let parent = outer.parent else { return .used }
        if let item = parent.as(CodeBlockItemSyntax.self) {
            return isValueOfEnclosingExpression(item) ? .used : .discarded
        }
        if let infix = parent.as(InfixOperatorExprSyntax.self), infix.operator.is(AssignmentExprSyntax.self),
            infix.rightOperand.id == outer.id
        {
            if infix.leftOperand.is(DiscardAssignmentExprSyntax.self) { return .discarded }
            if let reference = infix.leftOperand.as(DeclReferenceExprSyntax.self) {
                let name = reference.baseName.text
                guard localScope(declaring: name, from: Syntax(infix), lists) != nil else { return .used }
                return isLocalVariableRead(name, from: Syntax(infix), lists) ? .used : .storedUnread(name)
            }
            return .used
        }
        if let initializer = parent.as(InitializerClauseSyntax.self), let binding = initializer.parent?.as(PatternBindingSyntax.self) {
            if binding.pattern.is(WildcardPatternSyntax.self) { return .discarded }
            if let identifier = binding.pattern.as(IdentifierPatternSyntax.self), isInsideFunctionBody(binding) {
                let name = identifier.identifier.text
                return isLocalVariableRead(name, from: Syntax(binding), lists) ? .used : .storedUnread(name)
            }
        }
        return .used
    }

    /// A statement that is the only one of a closure, of a function or getter with a result, or of a
    /// branch of an `if`/`switch` used as a value, is that body's value (an implicit return).
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

    // MARK: - Local variables

    /// Whether a binding is a local of a function, closure or accessor (not a global or property,
    /// which other code can read).
    static func isInsideFunctionBody(_ binding: PatternBindingSyntax) -> Bool {
        guard let list = binding.parent?.parent?.parent?.parent?.as(CodeBlockItemListSyntax.self) else { return false }
        return !(list.parent?.is(SourceFileSyntax.self) ?? true)
    }

    /// The statement list that declares local `name` visible from `node` (functions, closures,
    /// accessors; not top-level code, whose variables are globals), or nil.
    static func localScope(declaring name: String, from node: Syntax, _ lists: ListFacts.Lookup) -> CodeBlockItemListSyntax? {
        var current = node.parent
        while let candidate = current {
            if let list = candidate.as(CodeBlockItemListSyntax.self), lists.facts(of: list).declares(name, atOrBefore: node.position) {
                return list.parent?.is(SourceFileSyntax.self) == true ? nil : list
            }
            if candidate.is(FunctionDeclSyntax.self) || candidate.is(InitializerDeclSyntax.self)
                || candidate.is(MemberBlockSyntax.self)
            {
                return nil
            }
            current = candidate.parent
        }
        return nil
    }

    /// Whether the local `name` visible from `node` is read anywhere in its scope. Writes
    /// (`name = …`) and `_ = name` are not reads; `skipping` a call ignores references inside it.
    static func isLocalVariableRead(
        _ name: String, from node: Syntax, skipping: FunctionCallExprSyntax? = nil, _ lists: ListFacts.Lookup
    ) -> Bool {
        guard let scope = localScope(declaring: name, from: node, lists) else { return true }
        return lists.facts(of: scope).reads(of: name).contains { read in
            guard let skipping else { return true }
            return read < skipping.position || read >= skipping.endPosition
        }
    }

    /// What one statement list declares and reads, found in one walk and kept for the file: each
    /// status call asks about its own variable, and a generated function with thousands of calls
    /// would otherwise walk its whole body for each of them.
    struct ListFacts {
        /// Where each name is declared by a statement of the list itself (item start positions).
        private var declarations: [String: [AbsolutePosition]] = [:]
        /// Where each name is read anywhere in the list (`ReadFinder`'s definition of a read).
        private var readPositions: [String: [AbsolutePosition]] = [:]

        init(_ list: CodeBlockItemListSyntax) {
            for item in list {
                guard let decl = item.item.as(VariableDeclSyntax.self) else { continue }
                for binding in decl.bindings {
                    if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                        declarations[name, default: []].append(item.position)
                    }
                }
            }
            let finder = ReadFinder()
            finder.walk(list)
            readPositions = finder.reads
        }

        func declares(_ name: String, atOrBefore position: AbsolutePosition) -> Bool {
            declarations[name]?.first.map { $0 <= position } ?? false
        }

        func reads(of name: String) -> [AbsolutePosition] {
            readPositions[name] ?? []
        }

        /// Facts of the lists of one file, kept in the rule context.
        struct Lookup {
            let context: RuleContext

            init(_ context: RuleContext) {
                self.context = context
            }

            func facts(of list: CodeBlockItemListSyntax) -> ListFacts {
                context.memo(Key(list: NodeKey(file: context.file, node: list))) { ListFacts(list) }
            }

            private struct Key: Hashable {
                let list: NodeKey
            }
        }
    }

    /// `error` in `SecKeyCreateRandomKey(attributes, &error)` (the argument at `index`).
    static func addressedVariable(_ index: Int, of call: FunctionCallExprSyntax) -> String? {
        guard let argument = SyntaxQueries.argument(index, of: call), let inOut = argument.expression.as(InOutExprSyntax.self) else {
            return nil
        }
        return inOut.expression.as(DeclReferenceExprSyntax.self)?.baseName.text
    }
}

/// Every read of every name in a subtree. Writes (`name = …`), `_ = name` and member names
/// (`x.name`) are not reads.
private final class ReadFinder: SyntaxVisitor {
    var reads: [String: [AbsolutePosition]] = [:]

    init() {
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == node.id { return .skipChildren }
        if let infix = node.parent?.as(InfixOperatorExprSyntax.self), infix.operator.is(AssignmentExprSyntax.self) {
            if infix.leftOperand.id == node.id { return .skipChildren }
            if infix.leftOperand.is(DiscardAssignmentExprSyntax.self) { return .skipChildren }
        }
        reads[node.baseName.text, default: []].append(node.position)
        return .skipChildren
    }
}
