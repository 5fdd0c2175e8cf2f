import KeychainLintAnalysis
import KeychainLintCore
import KeychainLintModel
import KeychainLintRuleKit
import SwiftSyntax

// The Swift front end's answer to `CheckContext.nullableResultHandling(of:…)`: what Swift code
// does with the Optional a call returns, directly or through the local constant or stored
// property it is assigned to: `!`, `as!`, `if let`/`guard let`, `== nil`, `??`, optional
// chaining, a dictionary entry, and what the code that runs when it is nil writes.

extension RuleContext {
    public func nullableResultHandling(
        of call: ProgramCall, errorArgument: Int, entryKey: String, fallbackKey: String
    ) -> NullableResultHandling {
        guard let syntax = Self.functionCall(call) else { return NullableResultHandling() }
        let reader = SwiftNullableResults(entryKey: entryKey, fallbackKey: fallbackKey, errorArgument: errorArgument)
        return reader.handling(of: syntax, named: call.name, in: self)
    }

    public func isNullLiteral(_ expression: ProgramExpression) -> Bool {
        guard case .swift(let expression) = expression else { return false }
        return SyntaxQueries.unwrapTransparent(expression.syntax).is(NilLiteralExprSyntax.self)
    }
}

/// How Swift code treats the Optional result of a call.
struct SwiftNullableResults {
    /// The dictionary key the result belongs under (an unchecked Optional stored there is judged).
    let entryKey: String
    /// The key whose write, in code that runs when the result is nil, means falling back to an
    /// item without the result's protection.
    let fallbackKey: String
    /// The error out-parameter, which Security sets whenever it returns nil.
    let errorArgument: Int

    /// What the code does with the Optional result (or one use of the variable holding it).
    struct Handling {
        var checked = false
        /// Code that runs when the result is nil (else of `if let`, body of `guard let`, …).
        var failureBranches: [(node: Syntax, file: SourceFile)] = []
        var forced: (text: String, place: String?)?
        var inQuery: (text: String, place: String?)?
    }

    /// Helpers followed to their callers one inside another (`makeAccess()` returning
    /// `createAccess()`'s result): a bound, far beyond what real code nests.
    static let maximumReturnDepth = 3
    /// Calls of one helper whose handling is looked at.
    static let maximumCallers = 24

    /// How deep in helpers returning the result this reader is (0: at the call itself).
    var returnDepth = 0

    func handling(of call: FunctionCallExprSyntax, named name: String, in context: RuleContext) -> NullableResultHandling {
        let handling = uses(of: call, named: name, file: context.file, in: context)
        let failsOpen = handling.failureBranches.lazy.compactMap { branch in
            failOpenWrite(in: branch.node, file: branch.file, context: context)
        }.first
        return NullableResultHandling(
            checked: handling.checked, crashingUse: handling.forced, uncheckedEntry: handling.inQuery, fallbackWrittenAt: failsOpen)
    }

    /// What the code around `call` (in `file`) does with its Optional result.
    func uses(of call: FunctionCallExprSyntax, named name: String, file: SourceFile, in context: RuleContext) -> Handling {
        var handling = Handling()
        let (outer, castForced) = Self.climbTransparent(ExprSyntax(call))
        let place = file.path == context.file.path && returnDepth == 0 ? nil : self.place(of: call, in: file, context: context)
        if castForced || outer.parent?.is(ForceUnwrapExprSyntax.self) == true {
            handling.forced = (castForced ? "\(name)(…) as! \(Self.castType(around: ExprSyntax(call)))" : "\(name)(…)!", place)
        } else if let variable = Self.declaredVariable(initializedBy: outer) {
            analyzeUses(of: variable, file: file, in: context, into: &handling)
            // Only the call's own error argument is the creation's (a helper's callers pass none).
            if returnDepth == 0, case .local(let variableName, let binding, let scope) = variable,
                errorCheckedBeforeUse(of: variableName, binding: binding, in: scope, call: call, context)
            {
                handling.checked = true
            }
        } else {
            classify(outer, text: "\(name)(…)", place: place, file: file, in: context, into: &handling)
        }
        return handling
    }

    // MARK: A result returned by a helper

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

    /// A helper returns the result (`func makeAccess() -> SecAccessControl? { SecAccessControlCreateWithFlags(…) }`):
    /// what its callers do with the Optional is what the code does with it. Each caller is judged
    /// on its own: the result counts as checked only when every caller checks it, and the first
    /// caller that does not gives the use reported. With no caller in the scan (or callers not
    /// followed), the result is the callers' responsibility, as before, and nothing is recorded.
    func followReturn(from expression: ExprSyntax, file: SourceFile, in context: RuleContext, into handling: inout Handling) -> Bool {
        guard returnDepth < Self.maximumReturnDepth, let function = Self.functionReturning(expression),
            let sites = context.resolver.callSites(reaching: Syntax(function), in: file), !sites.isEmpty
        else { return false }
        var inner = self
        inner.returnDepth = returnDepth + 1
        var everyCallerChecks = true
        for (siteFile, call) in sites.prefix(Self.maximumCallers) {
            let site = inner.uses(of: call, named: function.name.text, file: siteFile, in: context)
            handling.failureBranches += site.failureBranches
            guard !site.checked else { continue }
            everyCallerChecks = false
            if handling.forced == nil { handling.forced = site.forced }
            if handling.inQuery == nil { handling.inQuery = site.inQuery }
        }
        if everyCallerChecks { handling.checked = true }
        return true
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
        guard let clause = expression.parent?.as(InitializerClauseSyntax.self),
            let binding = clause.parent?.as(PatternBindingSyntax.self),
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

    /// `var error: Unmanaged<CFError>?; let access = SecAccessControlCreateWithFlags(…, &error)`
    /// followed, before `access` is used, by `if let error = error { throw … }` (or a `guard` on
    /// the error that leaves): Security sets the error whenever it returns nil, so the Optional is
    /// known to hold a value where it is used.
    func errorCheckedBeforeUse(
        of name: String, binding: PatternBindingSyntax, in scope: CodeBlockItemListSyntax, call: FunctionCallExprSyntax,
        _ context: RuleContext
    ) -> Bool {
        guard let errorArgument = SyntaxQueries.argument(errorArgument, of: call),
            let errorName = SyntaxQueries.unwrapTransparent(errorArgument.expression).as(InOutExprSyntax.self)?
                .expression.as(DeclReferenceExprSyntax.self)?.baseName.text
        else { return false }
        func mentions(_ node: some SyntaxProtocol, _ word: String) -> Bool {
            node.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .identifier(word) }
        }
        let statements = context.memo(StatementsQuestion(scope: NodeKey(file: context.file, node: scope))) {
            StatementMentions(scope)
        }
        // The statements after the binding, up to the first that mentions the result (the result
        // is used before any check of the error after it): one of them must check the error and
        // leave. Only the statements that mention the error are looked at.
        let first = statements.firstStatement(at: binding.endPosition)
        let firstUse = statements.firstMention(of: name, from: first) ?? statements.items.count
        for position in statements.mentions(of: errorName, from: first) {
            if position > firstUse { break }
            var node = Syntax(statements.items[position].item)
            if let statement = node.as(ExpressionStmtSyntax.self) { node = Syntax(statement.expression) }
            let exit: (conditions: ConditionElementListSyntax, body: CodeBlockSyntax)?
            if let ifExpr = node.as(IfExprSyntax.self) {
                exit = (ifExpr.conditions, ifExpr.body)
            } else if let guardStmt = node.as(GuardStmtSyntax.self) {
                exit = (guardStmt.conditions, guardStmt.body)
            } else {
                exit = nil
            }
            if let exit, mentions(exit.conditions, errorName), !mentions(exit.conditions, name), ExitFinder.leaves(exit.body) {
                return true
            }
        }
        return false
    }

    struct StatementsQuestion: Hashable {
        let scope: NodeKey
    }

    /// The statements of a scope and, for each identifier, the statements whose tokens mention it
    /// (in order), built in one pass over the scope's tokens.
    struct StatementMentions {
        let items: [CodeBlockItemSyntax]
        private let positions: [AbsolutePosition]
        private let byName: [String: [Int]]

        init(_ scope: CodeBlockItemListSyntax) {
            items = Array(scope)
            positions = items.map(\.position)
            var byName: [String: [Int]] = [:]
            for (index, item) in items.enumerated() {
                for token in item.tokens(viewMode: .sourceAccurate) {
                    guard case .identifier(let word) = token.tokenKind else { continue }
                    if byName[word]?.last != index { byName[word, default: []].append(index) }
                }
            }
            self.byName = byName
        }

        /// The first statement that starts at or after `position`.
        func firstStatement(at position: AbsolutePosition) -> Int {
            Self.lowerBound(positions.count) { positions[$0] < position }
        }

        func firstMention(of word: String, from start: Int) -> Int? {
            guard let list = byName[word] else { return nil }
            let at = Self.lowerBound(list.count) { list[$0] < start }
            return at < list.count ? list[at] : nil
        }

        func mentions(of word: String, from start: Int) -> ArraySlice<Int> {
            guard let list = byName[word] else { return [] }
            return list[Self.lowerBound(list.count) { list[$0] < start }...]
        }

        /// The first index in `0..<count` for which `isBefore` is false (`isBefore` holds for a prefix).
        static func lowerBound(_ count: Int, _ isBefore: (Int) -> Bool) -> Int {
            var low = 0
            var high = count
            while low < high {
                let middle = (low + high) / 2
                if isBefore(middle) { low = middle + 1 } else { high = middle }
            }
            return low
        }
    }

    func analyzeUses(of variable: Variable, file: SourceFile, in context: RuleContext, into handling: inout Handling) {
        switch variable {
        case .local(let name, let binding, let scope):
            let candidates = Self.candidateUses(of: name, in: scope, file: file, allowSelfMember: false, context)
            record(candidates, file: file, in: context, into: &handling) { node in
                guard node.position > binding.endPosition else { return false }
                if case .variable(let found) = SyntaxQueries.binding(of: name, at: node) { return found.id == binding.id }
                return false
            }
        case .property(let name, let typeName):
            for type in context.scan.index.types(named: typeName) {
                let candidates = Self.candidateUses(of: name, in: type.node, file: type.file, allowSelfMember: true, context)
                record(candidates, file: type.file, in: context, into: &handling) { node in
                    if case .notLocal = SyntaxQueries.binding(of: name, at: node) { return true }
                    return false
                }
            }
        case .staticProperty(let name, let typeName):
            // `Type.name` may be read from any file: every file that mentions both the type and the
            // name is looked at (the type's own files name it in its declaration), so a check made
            // elsewhere is seen (a missed check would be a false finding).
            let index = context.scan.index
            let typeFiles = Set(index.files(mentioning: typeName))
            for fileIndex in index.files(mentioning: name) where typeFiles.contains(fileIndex) {
                let file = index.file(at: fileIndex)
                let candidates = Self.candidateUses(of: name, in: file.tree, file: file, qualifiedBy: typeName, context)
                record(candidates, file: file, in: context, into: &handling) { node in
                    Self.isStaticPropertyUse(node, name: name, typeName: typeName)
                }
            }
        }
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

    struct NamesQuestion: Hashable {
        let scope: NodeKey
    }

    /// Every name `scope` mentions, found in one walk per scope for the file: a function with
    /// thousands of creations would otherwise be walked once per variable, in time quadratic in
    /// its length.
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

    func record(
        _ candidates: NameMentions.Uses, file: SourceFile, in context: RuleContext, into handling: inout Handling,
        accepting accepts: (Syntax) -> Bool
    ) {
        for (node, use) in candidates.uses where node.map(accepts) ?? true {
            let (outer, _) = Self.climbTransparent(use)
            classify(use, text: SyntaxQueries.shortText(outer), place: place(of: use, in: file, context: context), file: file,
                     in: context, into: &handling)
        }
        for condition in candidates.shorthandBindings where accepts(Syntax(condition)) {
            handling.checked = true
            if let branch = Self.failureBranch(of: condition) { handling.failureBranches.append((branch, file)) }
        }
    }

    /// "line 12", or "Other.swift:12" for a use in another file.
    func place(of node: some SyntaxProtocol, in file: SourceFile, context: RuleContext) -> String {
        let line = file.line(of: node)
        return file.path == context.file.path ? "line \(line)" : "\(file.fileName):\(line)"
    }

    // MARK: One use of the Optional

    func classify(
        _ expression: ExprSyntax, text: String, place: String?, file: SourceFile, in context: RuleContext,
        into handling: inout Handling
    ) {
        let (outer, castForced) = Self.climbTransparent(expression)
        guard let parent = outer.parent else { return }
        if !castForced, followReturn(from: outer, file: file, in: context, into: &handling) { return }
        if castForced || parent.is(ForceUnwrapExprSyntax.self) {
            if handling.forced == nil { handling.forced = (SyntaxQueries.shortText(castForced ? Syntax(outer) : parent), place) }
            return
        }
        if parent.is(OptionalChainingExprSyntax.self) {
            handling.checked = true
            return
        }
        if let clause = parent.as(InitializerClauseSyntax.self), let condition = clause.parent?.as(OptionalBindingConditionSyntax.self) {
            handling.checked = true
            if let branch = Self.failureBranch(of: condition) { handling.failureBranches.append((Syntax(branch), file)) }
            return
        }
        if let infix = parent.as(InfixOperatorExprSyntax.self), let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text {
            if op == "??", infix.leftOperand.id == outer.id {
                handling.checked = true
                return
            }
            if ["==", "!=", "===", "!=="].contains(op) {
                let other = infix.leftOperand.id == outer.id ? infix.rightOperand : infix.leftOperand
                if SyntaxQueries.unwrapTransparent(other).is(NilLiteralExprSyntax.self) {
                    handling.checked = true
                    if let branch = Self.failureBranch(ofNilComparison: infix, isNil: op == "==" || op == "===") {
                        handling.failureBranches.append((branch, file))
                    }
                }
                return
            }
        }
        if isAccessControlValue(outer, file: file, in: context), handling.inQuery == nil {
            handling.inQuery = (text, place)
        }
    }

    /// Whether an expression is stored under `entryKey`: a dictionary literal
    /// value, a subscript assignment, or `updateValue(_:forKey:)`.
    func isAccessControlValue(_ expression: ExprSyntax, file: SourceFile, in context: RuleContext) -> Bool {
        guard let key = Self.keyExpression(storing: expression) else { return false }
        return keyNames(key, file: file, in: context).contains(entryKey)
    }

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

    func keyNames(_ key: ExprSyntax, file: SourceFile, in context: RuleContext) -> Set<String> {
        let resolution = context.resolver.resolve(key, in: file)
        return Set(resolution.values.compactMap { SecItemKeys.keyName($0.value) })
    }

    // MARK: Failure branches

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

    /// Where a failure branch writes `fallbackKey` (it prepares the item without the protection
    /// the result carries), as "line N".
    func failOpenWrite(in branch: Syntax, file: SourceFile, context: RuleContext) -> String? {
        let finder = KeyWriteFinder()
        finder.walk(branch)
        for key in finder.keys where keyNames(key, file: file, in: context).contains(fallbackKey) {
            return place(of: key, in: file, context: context)
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

    /// Keys a subtree writes: dictionary literal keys, subscript-assignment keys, `updateValue(_:forKey:)` keys.
    final class KeyWriteFinder: SyntaxVisitor {
        var keys: [ExprSyntax] = []

        init() { super.init(viewMode: .sourceAccurate) }

        override func visit(_ node: DictionaryElementSyntax) -> SyntaxVisitorContinueKind {
            keys.append(node.key)
            return .visitChildren
        }

        override func visit(_ node: InfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
            if node.operator.is(AssignmentExprSyntax.self), let subscriptCall = node.leftOperand.as(SubscriptCallExprSyntax.self),
                let key = subscriptCall.arguments.first?.expression
            {
                keys.append(key)
            }
            return .visitChildren
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if SyntaxQueries.calleeName(of: node) == "updateValue", let key = SyntaxQueries.argument(labeled: "forKey", of: node) {
                keys.append(key.expression)
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
