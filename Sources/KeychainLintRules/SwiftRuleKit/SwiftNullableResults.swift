import KeychainLintAnalysis
import KeychainLintCore
import KeychainLintModel
import KeychainLintRuleKit
import SwiftSyntax

// The Swift front end's side of the one reading of a result that may be nil
// (`NullableResultReading`): what a Swift expression does with an Optional, read into the model
// by `SwiftLocals` (`SwiftNullableResults.use(of:in:)`: `!`, `as!`, `if let`/`guard let`,
// `== nil`, `??`, optional chaining, a dictionary entry, a `return`), and the bodies the reading
// reaches beyond the call's own: the callers of a helper returning the result, through the
// index, and the reads of a stored property it initializes, in the type's declarations in any
// file (`self.name`, `Type.name`, `Self.name`). The stored properties are Swift's alone: the
// Objective-C rule does not follow an instance variable or property (other methods use it), and
// a Swift type's extensions in other files read its properties as its own code does.

extension RuleContext {
    /// The calls of the function that returns the value at `use`, each with the locals of its body.
    public func nullableSites(callingFunctionReturning use: ProgramSpan, in site: NullableSite) -> [NullableSite]? {
        let file = sourceFile(of: site)
        guard let expression = SwiftNullableResults.expression(at: use, in: file),
            let function = SwiftNullableResults.functionReturning(SwiftNullableResults.climbTransparent(expression).outer),
            let sites = resolver.callSites(reaching: Syntax(function), in: file)
        else { return nil }
        return sites.map { siteFile, call in
            NullableSite(
                locals: swiftLocals(around: Syntax(call), in: siteFile), value: ProgramSpan(call), text: "\(function.name.text)(…)",
                place: place(of: call, in: siteFile), otherFile: otherFile(siteFile), expression: .swift(SwiftExpression(ExprSyntax(call))))
        }
    }

    /// The reads of the stored property (or static property) the value initializes.
    public func nullableSites(readingPropertyInitializedBy site: NullableSite) -> [NullableSite]? {
        guard case .swift(let expression)? = site.expression,
            let variable = SwiftNullableResults.declaredVariable(initializedBy: SwiftNullableResults.climbTransparent(expression.syntax).outer)
        else { return nil }
        var reads: [NullableSite] = []
        func add(_ candidates: SwiftNullableResults.NameMentions.Uses, in file: SourceFile, accepting accepts: (Syntax) -> Bool) {
            for (node, use) in candidates.uses where node.map(accepts) ?? true {
                reads.append(read(at: Syntax(use), in: file))
            }
            for condition in candidates.shorthandBindings where accepts(Syntax(condition)) {
                reads.append(read(at: Syntax(condition.pattern), in: file))
            }
        }
        switch variable {
        case .local:
            // A local's uses are the model's (`ProgramLocals.declarations`).
            return nil
        case .property(let name, let typeName):
            for type in scan.index.types(named: typeName) {
                let candidates = SwiftNullableResults.candidateUses(of: name, in: type.node, file: type.file, allowSelfMember: true, self)
                add(candidates, in: type.file) { node in
                    if case .notLocal = SyntaxQueries.binding(of: name, at: node) { return true }
                    return false
                }
            }
        case .staticProperty(let name, let typeName):
            // `Type.name` may be read from any file: every file that mentions both the type and the
            // name is looked at (the type's own files name it in its declaration), so a check made
            // elsewhere is seen (a missed check would be a false finding).
            let index = scan.index
            let typeFiles = Set(index.files(mentioning: typeName))
            for fileIndex in index.files(mentioning: name) where typeFiles.contains(fileIndex) {
                let file = index.file(at: fileIndex)
                let candidates = SwiftNullableResults.candidateUses(of: name, in: file.tree, file: file, qualifiedBy: typeName, self)
                add(candidates, in: file) { node in SwiftNullableResults.isStaticPropertyUse(node, name: name, typeName: typeName) }
            }
        }
        return reads
    }

    public func keyNames(_ key: ProgramExpression, in site: NullableSite) -> Set<String> {
        guard case .swift(let key) = key else { return [] }
        let resolution = resolver.resolve(key.syntax, in: sourceFile(of: site))
        return Set(resolution.values.compactMap { SecItemKeys.keyName($0.value) })
    }

    public func isNullLiteral(_ expression: ProgramExpression) -> Bool {
        guard case .swift(let expression) = expression else { return false }
        return SyntaxQueries.unwrapTransparent(expression.syntax).is(NilLiteralExprSyntax.self)
    }

    /// A read of a stored property: a site whose value is the read.
    private func read(at node: Syntax, in file: SourceFile) -> NullableSite {
        NullableSite(
            locals: swiftLocals(around: node, in: file), value: ProgramSpan(node), text: SyntaxQueries.shortText(node),
            place: place(of: node, in: file), otherFile: otherFile(file))
    }

    private func sourceFile(of site: NullableSite) -> SourceFile {
        site.otherFile.map { scan.index.file(at: $0.index) } ?? file
    }

    private func otherFile(_ other: SourceFile) -> (name: String, index: Int)? {
        other.path == file.path ? nil : (other.fileName, other.id)
    }

    /// "line 12", or "Other.swift:12" for a node in another file.
    private func place(of node: some SyntaxProtocol, in other: SourceFile) -> String {
        let line = other.line(of: node)
        return other.path == file.path ? "line \(line)" : "\(other.fileName):\(line)"
    }
}

/// How Swift code treats an Optional, in its syntax.
enum SwiftNullableResults {
    /// What the code around `value` (a name, `self.name`, a call) does with it when it is an
    /// Optional, if that tells whether the code checks it.
    static func use(of value: ExprSyntax, in file: SourceFile) -> ProgramLocals.NullableUse? {
        let (outer, castForced) = climbTransparent(value)
        guard let parent = outer.parent else { return nil }
        func use(_ kind: ProgramLocals.NullableUse.Kind, written: some SyntaxProtocol) -> ProgramLocals.NullableUse {
            ProgramLocals.NullableUse(kind, written: SyntaxQueries.shortText(written), line: file.line(of: value))
        }
        if !castForced, functionReturning(outer) != nil { return use(.returned, written: outer) }
        if castForced { return use(.crashes(suffix: " as! \(castType(around: value))"), written: outer) }
        if parent.is(ForceUnwrapExprSyntax.self) { return use(.crashes(suffix: "!"), written: parent) }
        if parent.is(OptionalChainingExprSyntax.self) { return use(.tested(whenNil: nil, whenNotNil: nil), written: outer) }
        if let clause = parent.as(InitializerClauseSyntax.self), let condition = clause.parent?.as(OptionalBindingConditionSyntax.self) {
            return use(bindingTest(condition), written: outer)
        }
        if let infix = parent.as(InfixOperatorExprSyntax.self), let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text {
            if op == "??", infix.leftOperand.id == outer.id { return use(.tested(whenNil: nil, whenNotNil: nil), written: outer) }
            if ["==", "!=", "===", "!=="].contains(op) {
                let other = infix.leftOperand.id == outer.id ? infix.rightOperand : infix.leftOperand
                guard SyntaxQueries.unwrapTransparent(other).is(NilLiteralExprSyntax.self) else { return nil }
                return use(nilComparisonTest(infix, isNil: op == "==" || op == "==="), written: outer)
            }
        }
        if let key = keyExpression(storing: outer) { return use(.entry(key: .swift(SwiftExpression(key))), written: outer) }
        return nil
    }

    /// `if let access {`: the shorthand binding tests the name it binds.
    static func shorthandUse(of condition: OptionalBindingConditionSyntax, in file: SourceFile) -> ProgramLocals.NullableUse {
        ProgramLocals.NullableUse(bindingTest(condition), written: SyntaxQueries.shortText(condition.pattern), line: file.line(of: condition))
    }

    /// The expression of `file` at exactly `span`.
    static func expression(at span: ProgramSpan, in file: SourceFile) -> ExprSyntax? {
        guard let token = file.tree.token(at: AbsolutePosition(utf8Offset: span.start)) else { return nil }
        var node: Syntax? = Syntax(token)
        while let current = node, current.positionAfterSkippingLeadingTrivia.utf8Offset == span.start {
            if let expression = current.as(ExprSyntax.self), ProgramSpan(expression) == span { return expression }
            node = current.parent
        }
        return nil
    }

    /// The function whose result `expression` is: the operand of a `return` of its body (not of
    /// a closure inside it), or the single expression of a body without `return`.
    static func functionReturning(_ expression: ExprSyntax) -> FunctionDeclSyntax? {
        guard let parent = expression.parent else { return nil }
        var node: Syntax
        if parent.is(ReturnStmtSyntax.self) {
            node = parent
        } else if let item = parent.as(CodeBlockItemSyntax.self), let list = item.parent?.as(CodeBlockItemListSyntax.self),
            list.count == 1, list.parent?.parent?.is(FunctionDeclSyntax.self) == true
        {
            node = Syntax(list)
        } else {
            return nil
        }
        while let next = node.parent {
            if next.is(ClosureExprSyntax.self) || next.is(AccessorDeclSyntax.self) { return nil }
            if let function = next.as(FunctionDeclSyntax.self) { return function }
            node = next
        }
        return nil
    }

    /// The type of the first `as!` around `expression`, climbing as `climbTransparent` does.
    static func castType(around expression: ExprSyntax) -> String {
        var current = expression
        while let parent = current.parent {
            if let element = parent.as(LabeledExprSyntax.self), element.label == nil,
                let list = element.parent?.as(LabeledExprListSyntax.self), list.count == 1,
                let tuple = list.parent?.as(TupleExprSyntax.self)
            {
                current = ExprSyntax(tuple)
            } else if let cast = parent.as(AsExprSyntax.self), cast.expression.id == current.id {
                if cast.questionOrExclamationMark?.tokenKind == .exclamationMark { return cast.type.trimmedSource }
                current = ExprSyntax(cast)
            } else if let marked = parent.as(UnsafeExprSyntax.self) {
                current = ExprSyntax(marked)
            } else {
                break
            }
        }
        return ""
    }

    // MARK: The variable holding the result

    enum Variable {
        case local(name: String, binding: PatternBindingSyntax, scope: CodeBlockItemListSyntax)
        case property(name: String, typeName: String)
        /// A `static` (or `class`) stored property: used as `Type.name`, `Self.name`, or `name` in
        /// the type's own code (Apple's Keychain sample keeps its access control this way).
        case staticProperty(name: String, typeName: String)
    }

    /// `let access = SecAccessControlCreateWithFlags(…)` — a local (or top-level) constant or a
    /// stored property of a type.
    static func declaredVariable(initializedBy expression: ExprSyntax) -> Variable? {
        guard let binding = expression.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self)
                ?? computedProperty(returning: expression),
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let declaration = binding.parent?.parent?.as(VariableDeclSyntax.self)
        else { return nil }
        if let item = declaration.parent?.as(CodeBlockItemSyntax.self), let list = item.parent?.as(CodeBlockItemListSyntax.self) {
            return .local(name: name, binding: binding, scope: list)
        }
        if declaration.parent?.is(MemberBlockItemSyntax.self) == true, let typeName = SyntaxQueries.enclosingTypeName(of: declaration) {
            let isStatic = declaration.modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
            return isStatic ? .staticProperty(name: name, typeName: typeName) : .property(name: name, typeName: typeName)
        }
        return nil
    }

    /// The computed property whose getter returns `expression` as its whole body
    /// (`static var biometric: SecAccessControl? { SecAccessControlCreateWithFlags(…) }`, or with
    /// `get { return … }`): each read runs the call again, so its reads are the uses of the
    /// Optional, as a stored property's are. Nil for a `return` inside a branch of the getter.
    static func computedProperty(returning expression: ExprSyntax) -> PatternBindingSyntax? {
        var statement = Syntax(expression)
        if let returned = expression.parent?.as(ReturnStmtSyntax.self) { statement = Syntax(returned) }
        guard let item = statement.parent?.as(CodeBlockItemSyntax.self), let list = item.parent?.as(CodeBlockItemListSyntax.self),
            statement.is(ReturnStmtSyntax.self) || list.count == 1
        else { return nil }
        var holder = list.parent
        if let block = holder?.as(CodeBlockSyntax.self) {
            guard let accessor = block.parent?.as(AccessorDeclSyntax.self), accessor.accessorSpecifier.tokenKind == .keyword(.get) else { return nil }
            holder = accessor.parent?.parent
        }
        return holder?.as(AccessorBlockSyntax.self)?.parent?.as(PatternBindingSyntax.self)
    }

    struct NamesQuestion: Hashable {
        let scope: NodeKey
    }

    /// Every name `scope` mentions, found in one walk per scope for the file: a type with
    /// many reads would otherwise be walked once per property, in time quadratic in its length.
    static func mentions(in scope: some SyntaxProtocol, file: SourceFile, _ context: RuleContext) -> NameMentions {
        context.memo(NamesQuestion(scope: NodeKey(file: file, node: scope))) {
            let finder = NameMentions()
            finder.walk(scope)
            return finder
        }
    }

    /// Every place `scope` mentions `name` (and `self.name`, when asked).
    static func candidateUses(
        of name: String, in scope: some SyntaxProtocol, file: SourceFile, allowSelfMember: Bool, _ context: RuleContext
    ) -> NameMentions.Uses {
        mentions(in: scope, file: file, context).uses(of: name, allowSelfMember: allowSelfMember)
    }

    /// Every `name`, `typeName.name` and `Self.name` in `scope` (uses of a static property).
    static func candidateUses(
        of name: String, in scope: some SyntaxProtocol, file: SourceFile, qualifiedBy typeName: String, _ context: RuleContext
    ) -> NameMentions.Uses {
        mentions(in: scope, file: file, context).uses(of: name, typeQualifiers: [typeName, "Self"])
    }

    /// Whether a reference found by `NameMentions` names the static property `typeName.name`: written
    /// `typeName.name` anywhere, or `Self.name` or a plain `name` (not a local) inside the type.
    static func isStaticPropertyUse(_ node: Syntax, name: String, typeName: String) -> Bool {
        if let member = node.as(MemberAccessExprSyntax.self), let base = member.base?.as(DeclReferenceExprSyntax.self) {
            return base.baseName.text == typeName || SyntaxQueries.enclosingTypeName(of: member) == typeName
        }
        guard SyntaxQueries.enclosingTypeName(of: node) == typeName else { return false }
        if case .notLocal = SyntaxQueries.binding(of: name, at: node) { return true }
        return false
    }

    // MARK: One use of the Optional

    /// The key expression under which `expression` is stored in a dictionary, if it is.
    static func keyExpression(storing expression: ExprSyntax) -> ExprSyntax? {
        guard let parent = expression.parent else { return nil }
        if let element = parent.as(DictionaryElementSyntax.self), element.value.id == expression.id {
            return element.key
        }
        if let assignment = parent.as(InfixOperatorExprSyntax.self), assignment.operator.is(AssignmentExprSyntax.self),
            assignment.rightOperand.id == expression.id,
            let subscriptCall = assignment.leftOperand.as(SubscriptCallExprSyntax.self),
            let key = subscriptCall.arguments.first?.expression
        {
            return key
        }
        if let argument = parent.as(LabeledExprSyntax.self), argument.label == nil,
            let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
            SyntaxQueries.calleeName(of: call) == "updateValue", call.arguments.first?.id == argument.id,
            let key = SyntaxQueries.argument(labeled: "forKey", of: call)?.expression
        {
            return key
        }
        return nil
    }

    // MARK: Tests

    /// A binding's test: nil runs the `else` of its `if` or its `guard`'s body; a value runs the
    /// body of an `if` with no other condition.
    static func bindingTest(_ condition: OptionalBindingConditionSyntax) -> ProgramLocals.NullableUse.Kind {
        let whenNotNil = onlyCondition(condition)?.as(IfExprSyntax.self).map { ProgramSpan($0.body) }
        return .tested(whenNil: failureBranch(of: condition).map { ProgramSpan($0) }, whenNotNil: whenNotNil)
    }

    /// A comparison with nil: the branch that runs when the value is nil (as before), and the one
    /// that runs when it is not, where the comparison is the only condition of an `if` or `guard`.
    static func nilComparisonTest(_ comparison: InfixOperatorExprSyntax, isNil: Bool) -> ProgramLocals.NullableUse.Kind {
        let whenNil = failureBranch(ofNilComparison: comparison, isNil: isNil).map { ProgramSpan($0) }
        var whenNotNil: ProgramSpan?
        if let owner = onlyCondition(comparison) {
            if let ifExpr = owner.as(IfExprSyntax.self) {
                whenNotNil = isNil ? ifExpr.elseBody.map { ProgramSpan($0) } : ProgramSpan(ifExpr.body)
            } else if let guardStmt = owner.as(GuardStmtSyntax.self), isNil {
                whenNotNil = ProgramSpan(guardStmt.body)
            }
        }
        return .tested(whenNil: whenNil, whenNotNil: whenNotNil)
    }

    /// The `if` or `guard` whose only condition `node` is.
    static func onlyCondition(_ node: some SyntaxProtocol) -> Syntax? {
        guard let element = node.parent?.as(ConditionElementSyntax.self), let list = element.parent?.as(ConditionElementListSyntax.self),
            list.count == 1
        else { return nil }
        return list.parent
    }

    /// The code that runs when an `if let` / `guard let` binding of the result fails.
    static func failureBranch(of condition: OptionalBindingConditionSyntax) -> Syntax? {
        guard let element = condition.parent?.as(ConditionElementSyntax.self),
            let list = element.parent?.as(ConditionElementListSyntax.self)
        else { return nil }
        if let ifExpr = list.parent?.as(IfExprSyntax.self) {
            return ifExpr.elseBody.map { Syntax($0) }
        }
        if let guardStmt = list.parent?.as(GuardStmtSyntax.self) {
            return Syntax(guardStmt.body)
        }
        return nil
    }

    /// The code that runs when `access == nil` holds (`if access == nil { … }`,
    /// `if access != nil { … } else { … }`, `guard access != nil else { … }`), when the comparison
    /// is a whole condition of its own.
    static func failureBranch(ofNilComparison comparison: InfixOperatorExprSyntax, isNil: Bool) -> Syntax? {
        guard let element = comparison.parent?.as(ConditionElementSyntax.self),
            let list = element.parent?.as(ConditionElementListSyntax.self)
        else { return nil }
        if let ifExpr = list.parent?.as(IfExprSyntax.self) {
            if isNil { return list.count == 1 ? Syntax(ifExpr.body) : nil }
            return ifExpr.elseBody.map { Syntax($0) }
        }
        if let guardStmt = list.parent?.as(GuardStmtSyntax.self), !isNil {
            return Syntax(guardStmt.body)
        }
        return nil
    }

    /// The expression a value sits in once parentheses and `as` casts around it are climbed;
    /// `forced` when one of the casts was `as!`.
    static func climbTransparent(_ expression: ExprSyntax) -> (outer: ExprSyntax, forced: Bool) {
        var current = expression
        var forced = false
        while let parent = current.parent {
            if let element = parent.as(LabeledExprSyntax.self), element.label == nil,
                let list = element.parent?.as(LabeledExprListSyntax.self), list.count == 1,
                let tuple = list.parent?.as(TupleExprSyntax.self)
            {
                current = ExprSyntax(tuple)
            } else if let cast = parent.as(AsExprSyntax.self), cast.expression.id == current.id {
                if cast.questionOrExclamationMark?.tokenKind == .exclamationMark { forced = true }
                current = ExprSyntax(cast)
            } else if let marked = parent.as(UnsafeExprSyntax.self) {
                current = ExprSyntax(marked)
            } else {
                break
            }
        }
        return (current, forced)
    }
}

// The walks behind the answers.
extension SwiftNullableResults {
    /// The places a subtree mentions each name, in source order: references (with the base of a
    /// member access such as `self.name` or `Type.name`) and `if let name` shorthands. Which of them
    /// mean a given declaration is decided by the caller.
    final class NameMentions: SyntaxVisitor {
        enum Reference {
            case bare(DeclReferenceExprSyntax)
            /// `base.name`; `base` is the base's name when it is a plain name.
            case member(MemberAccessExprSyntax, base: String?)
        }

        /// The uses of one name: the reference node the caller's filter is asked about (nil: always a
        /// use) and the use; and the shorthand bindings.
        struct Uses {
            var uses: [(node: Syntax?, use: ExprSyntax)] = []
            var shorthandBindings: [OptionalBindingConditionSyntax] = []
        }

        private var references: [String: [Reference]] = [:]
        private var shorthandBindings: [String: [OptionalBindingConditionSyntax]] = [:]

        init() { super.init(viewMode: .sourceAccurate) }

        /// Bare references to `name`; `self.name` too when `allowSelfMember`; `Q.name` for a base `Q`
        /// in `typeQualifiers`.
        func uses(of name: String, allowSelfMember: Bool = false, typeQualifiers: Set<String> = []) -> Uses {
            var found = Uses(shorthandBindings: shorthandBindings[name] ?? [])
            for reference in references[name] ?? [] {
                switch reference {
                case .bare(let node):
                    found.uses.append((Syntax(node), ExprSyntax(node)))
                case .member(let member, let base):
                    if allowSelfMember, base == "self" {
                        // `self.name` is the property, whatever a filter for plain names would say.
                        found.uses.append((nil, ExprSyntax(member)))
                    } else if let base, typeQualifiers.contains(base) {
                        found.uses.append((Syntax(member), ExprSyntax(member)))
                    }
                }
            }
            return found
        }

        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            let name = node.baseName.text
            if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == node.id {
                references[name, default: []].append(.member(member, base: member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text))
            } else {
                references[name, default: []].append(.bare(node))
            }
            return .visitChildren
        }

        override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
            if node.initializer == nil, let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                shorthandBindings[name, default: []].append(node)
            }
            return .visitChildren
        }
    }

    /// Whether a block always leaves: it holds a `throw` or `return` (outside nested closures), or
    /// calls `fatalError`/`preconditionFailure`.
    final class ExitFinder: SyntaxVisitor {
        var found = false

        static func leaves(_ block: CodeBlockSyntax) -> Bool {
            let finder = ExitFinder(viewMode: .sourceAccurate)
            finder.walk(block)
            return finder.found
        }

        override func visit(_ node: ThrowStmtSyntax) -> SyntaxVisitorContinueKind {
            found = true
            return .skipChildren
        }
        override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
            found = true
            return .skipChildren
        }
        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if ["fatalError", "preconditionFailure"].contains(SyntaxQueries.calleeName(of: node) ?? "") { found = true }
            return .visitChildren
        }
        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    }
}
