import KeychainLintAnalysis
import KeychainLintRuleKit
import KeychainLintModel
import KeychainLintCore
// Swift-only by nature, so it reads the syntax tree: how the Optional result is unwrapped: `!`, `as!`, `guard let`, `if let`, `??` (Swift optionals).
import SwiftSyntax

/// `swift.unchecked_access_control_creation` — a `SecAccessControlCreateWithFlags` result used unchecked
/// (Apple's sample "Accessing Keychain Items with Face ID or Touch ID" writes `access as Any`).
///
/// Reasons about the syntax around the call: what its parent is (`!`, `guard let`/`if let`, a
/// query entry, a variable), and, for a variable, how its uses treat the Optional.
public struct UncheckedAccessControlCreationRule: SwiftRule {
    public static let interests: [RuleInterest] = [.call("SecAccessControlCreateWithFlags")]

    public init(options: [String: ConfigValue]) {}

    /// What the code does with the Optional result (or one use of the variable holding it).
    private struct Handling {
        var checked = false
        /// Code that runs when the result is nil (else of `if let`, body of `guard let`, …).
        var failureBranches: [(node: Syntax, file: SourceFile)] = []
        var forced: (text: String, place: String?)?
        var inQuery: (text: String, place: String?)?
    }

    public func check(_ input: RuleInput, in context: RuleContext) {
        guard let call = AccessControlRuleSupport.creationCall(input)?.syntax else { return }
        var handling = Handling()
        let (outer, castForced) = Self.climbTransparent(ExprSyntax(call))
        if castForced || outer.parent?.is(ForceUnwrapExprSyntax.self) == true {
            handling.forced = (castForced ? "SecAccessControlCreateWithFlags(…) as! SecAccessControl" : "SecAccessControlCreateWithFlags(…)!", nil)
        } else if let variable = Self.declaredVariable(initializedBy: outer) {
            analyzeUses(of: variable, in: context, into: &handling)
            if case .local(let name, let binding, let scope) = variable, Self.errorCheckedBeforeUse(of: name, binding: binding, in: scope, call: call, context) {
                handling.checked = true
            }
        } else {
            classify(outer, text: "SecAccessControlCreateWithFlags(…)", place: nil, file: context.file, in: context, into: &handling)
        }
        guard let problem = problem(handling, call: call, in: context) else { return }
        context.report(at: call, message: UncheckedAccessControlCreationJudgement.message(problem), severity: {
            if case .discardedError = problem { return .low }
            return nil
        }())
    }

    private func problem(_ handling: Handling, call: FunctionCallExprSyntax, in context: RuleContext) -> UncheckedAccessControlCreationJudgement.Problem? {
        let failsOpen = handling.failureBranches.lazy.compactMap { branch in
            failOpenWrite(in: branch.node, file: branch.file, context: context)
        }.first
        let errorIsNil = SyntaxQueries.argument(3, of: call).map {
            SyntaxQueries.unwrapTransparent($0.expression).is(NilLiteralExprSyntax.self)
        } ?? false
        return UncheckedAccessControlCreationJudgement.problem(
            failsOpenAt: failsOpen, forced: handling.forced, inQuery: handling.inQuery, checked: handling.checked,
            errorArgumentIsNil: errorIsNil)
    }

    // MARK: The variable holding the result

    private enum Variable {
        case local(name: String, binding: PatternBindingSyntax, scope: CodeBlockItemListSyntax)
        case property(name: String, typeName: String)
        /// A `static` (or `class`) stored property: used as `Type.name`, `Self.name`, or `name` in
        /// the type's own code (Apple's Keychain sample keeps its access control this way).
        case staticProperty(name: String, typeName: String)
    }

    /// `let access = SecAccessControlCreateWithFlags(…)` — a local (or top-level) constant or a
    /// stored property of a type.
    private static func declaredVariable(initializedBy expression: ExprSyntax) -> Variable? {
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
    static func errorCheckedBeforeUse(
        of name: String, binding: PatternBindingSyntax, in scope: CodeBlockItemListSyntax, call: FunctionCallExprSyntax,
        _ context: RuleContext
    ) -> Bool {
        guard let errorArgument = SyntaxQueries.argument(3, of: call),
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

    private struct StatementsQuestion: Hashable {
        let scope: NodeKey
    }

    /// The statements of a scope and, for each identifier, the statements whose tokens mention it
    /// (in order), built in one pass over the scope's tokens.
    private struct StatementMentions {
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
        private static func lowerBound(_ count: Int, _ isBefore: (Int) -> Bool) -> Int {
            var low = 0
            var high = count
            while low < high {
                let middle = (low + high) / 2
                if isBefore(middle) { low = middle + 1 } else { high = middle }
            }
            return low
        }
    }

    private func analyzeUses(of variable: Variable, in context: RuleContext, into handling: inout Handling) {
        switch variable {
        case .local(let name, let binding, let scope):
            let candidates = Self.candidateUses(of: name, in: scope, file: context.file, allowSelfMember: false, context)
            record(candidates, file: context.file, in: context, into: &handling) { node in
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
    private static func isStaticPropertyUse(_ node: Syntax, name: String, typeName: String) -> Bool {
        if let member = node.as(MemberAccessExprSyntax.self), let base = member.base?.as(DeclReferenceExprSyntax.self) {
            return base.baseName.text == typeName || SyntaxQueries.enclosingTypeName(of: member) == typeName
        }
        guard SyntaxQueries.enclosingTypeName(of: node) == typeName else { return false }
        if case .notLocal = SyntaxQueries.binding(of: name, at: node) { return true }
        return false
    }

    private struct NamesQuestion: Hashable {
        let scope: NodeKey
    }

    /// Every name `scope` mentions, found in one walk per scope for the file: a function with
    /// thousands of creations would otherwise be walked once per variable, in time quadratic in
    /// its length.
    private static func mentions(in scope: some SyntaxProtocol, file: SourceFile, _ context: RuleContext) -> NameMentions {
        context.memo(NamesQuestion(scope: NodeKey(file: file, node: scope))) {
            let finder = NameMentions()
            finder.walk(scope)
            return finder
        }
    }

    /// Every place `scope` mentions `name` (and `self.name`, when asked).
    private static func candidateUses(
        of name: String, in scope: some SyntaxProtocol, file: SourceFile, allowSelfMember: Bool, _ context: RuleContext
    ) -> NameMentions.Uses {
        mentions(in: scope, file: file, context).uses(of: name, allowSelfMember: allowSelfMember)
    }

    /// Every `name`, `typeName.name` and `Self.name` in `scope` (uses of a static property).
    private static func candidateUses(
        of name: String, in scope: some SyntaxProtocol, file: SourceFile, qualifiedBy typeName: String, _ context: RuleContext
    ) -> NameMentions.Uses {
        mentions(in: scope, file: file, context).uses(of: name, typeQualifiers: [typeName, "Self"])
    }

    private func record(
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
    private func place(of node: some SyntaxProtocol, in file: SourceFile, context: RuleContext) -> String {
        let line = file.line(of: node)
        return file.path == context.file.path ? "line \(line)" : "\(file.fileName):\(line)"
    }

    // MARK: One use of the Optional

    private func classify(
        _ expression: ExprSyntax, text: String, place: String?, file: SourceFile, in context: RuleContext,
        into handling: inout Handling
    ) {
        let (outer, castForced) = Self.climbTransparent(expression)
        guard let parent = outer.parent else { return }
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

    /// Whether an expression is stored under `kSecAttrAccessControl`: a dictionary literal
    /// value, a subscript assignment, or `updateValue(_:forKey:)`.
    private func isAccessControlValue(_ expression: ExprSyntax, file: SourceFile, in context: RuleContext) -> Bool {
        guard let key = Self.keyExpression(storing: expression) else { return false }
        return keyNames(key, file: file, in: context).contains("kSecAttrAccessControl")
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

    private func keyNames(_ key: ExprSyntax, file: SourceFile, in context: RuleContext) -> Set<String> {
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

    /// Where a failure branch writes `kSecAttrAccessible` (it prepares the item without the
    /// access control), as "line N".
    private func failOpenWrite(in branch: Syntax, file: SourceFile, context: RuleContext) -> String? {
        let finder = KeyWriteFinder()
        finder.walk(branch)
        for key in finder.keys where keyNames(key, file: file, in: context).contains("kSecAttrAccessible") {
            return place(of: key, in: file, context: context)
        }
        return nil
    }

    public static let description = RuleDescription(
        id: "swift.unchecked_access_control_creation",
        name: "Access control creation can fail silently",
        severity: .medium,
        confidence: .high,
        resource: "Correctness",
        tags: [],
        summary:
            "The Optional result of SecAccessControlCreateWithFlags is force-unwrapped, put into a query unchecked (access as Any), or its failure branch stores the item with plain kSecAttrAccessible (fails open); low when only the error argument is nil.",
        documentation: RuleDocumentation(
            whatItDoes: """
                Looks at what the code does with the `SecAccessControl?` that `SecAccessControlCreateWithFlags` \
                returns, directly or through the local constant (or stored property) it is assigned to. \
                Medium: the result is force-unwrapped (`SecAccessControlCreateWithFlags(…)!`, `access!`, \
                `as!`); or it is stored under `kSecAttrAccessControl` (dictionary literal, subscript \
                assignment, `updateValue(_:forKey:)`) while still Optional — `access as Any`, as Apple's sample \
                "Accessing Keychain Items with Face ID or Touch ID" does — and is never checked for nil; or the branch that runs when it is nil (else of \
                `if let`, body of `guard let`, `if access == nil`) writes a plain `kSecAttrAccessible`, so the \
                item is stored without its access control (fails open). Low: the result is checked but the \
                error argument is `nil`, so the reason for a failure is lost.
                """,
            whyItMatters: """
                `SecAccessControlCreateWithFlags` returns nil with errSecParam for rejected flags or an invalid \
                protection, and for other failures. Force-unwrapping turns that into a crash. An unchecked \
                Optional in the query sends no access control to Security, and the add fails (or the code \
                silently continues) without anyone learning why. A fallback to `kSecAttrAccessible` is worse: \
                the secret is stored successfully but without the biometry or passcode protection the code \
                asked for — an attacker only needs to make creation fail. Without the error, none of this shows \
                up in logs.
                """,
            whatToDoInstead: """
                Bind the result with `guard let access = SecAccessControlCreateWithFlags(…, &error) else { … }`, \
                log or throw `error?.takeRetainedValue()`, and fail closed: do not store the secret when the \
                access control cannot be created.
                """,
            fixSafety: """
                Changing a force-unwrap or an Optional in a query into a `guard let` changes control flow: the \
                failure must be handled (thrown or reported), which an automatic fix cannot decide. Not automatic.
                """,
            notes: [
                "A local result counts as checked when, before it is first used, the code tests the error out-parameter (`if let error = cfError … { throw … }`, or a `guard` on it) and leaves: Security sets the error whenever it returns nil. A static stored property holding the result is followed to its uses as `Type.name` in any file and as `Self.name` or `name` in its type.",
                "One finding per call, at the call, for the most serious problem: fails open, then force-unwrap, then an unchecked Optional in a query, then (low) a discarded error.",
                "Any nil check of the variable anywhere in its scope (`if let`/`guard let`, `if let access`, `== nil`/`!= nil`, `??`, optional chaining) counts as checking it: the Optional-in-query and variable force-unwrap findings are then not reported (precision first, even if the check comes after the use).",
                "Fails open means: the failure branch writes `kSecAttrAccessible` (a subscript assignment, a dictionary literal entry or `updateValue(_:forKey:)`); writing that key only makes sense to store the item without the access control. The nil branch of `if access == nil` counts only when the comparison is the whole condition.",
                "A result that is returned, passed to a function or stored elsewhere is the receiver's responsibility and is not judged here. Stored properties are followed through every declaration of their type (extensions in other files too); other variables only within their scope.",
                "Putting the Optional into a query is reported only under `kSecAttrAccessControl`, the key the access control belongs to.",
                "The low-severity case needs a check of the result and a literal `nil` error argument; `&error` (even if then ignored) is not flagged.",
            ],
            references: [
                "Apple: SecAccessControlCreateWithFlags — https://developer.apple.com/documentation/security/secaccesscontrolcreatewithflags(_:_:_:_:)",
                "Apple: Accessing Keychain Items with Face ID or Touch ID — https://developer.apple.com/documentation/localauthentication/accessing-keychain-items-with-face-id-or-touch-id",
                "CWE-636: Not Failing Securely ('Failing Open') — https://cwe.mitre.org/data/definitions/636.html",
                "CWE-252: Unchecked Return Value — https://cwe.mitre.org/data/definitions/252.html",
            ]),
        remediation:
            "Bind the result with guard let, pass &error and log it, and do not store the item when the access control cannot be created (fail closed).",
        examples: examples)
}

/// The places a subtree mentions each name, in source order: references (with the base of a
/// member access such as `self.name` or `Type.name`) and `if let name` shorthands. Which of them
/// mean a given declaration is decided by the caller.
private final class NameMentions: SyntaxVisitor {
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
private final class KeyWriteFinder: SyntaxVisitor {
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

// MARK: - Examples (they run as tests and appear in `explain`)

extension UncheckedAccessControlCreationRule {
    static let examples: [RuleExample] = [
        .triggering(
            "Apple's sample: the Optional goes into the query as `access as Any`",
            """
            let access = ↓SecAccessControlCreateWithFlags(nil, // Use the default allocator.
                                                         kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                                                         .userPresence,
                                                         nil) // Ignore any error.
            let query: [String: Any] = [kSecClass as String: kSecClassInternetPassword,
                                        kSecAttrAccessControl as String: access as Any,
                                        kSecValueData as String: password]
            let status = SecItemAdd(query as CFDictionary, nil)
            """,
            messages: [
                "Access control is put into the query while still Optional: `access as Any` (line 6) is never checked for nil, so when SecAccessControlCreateWithFlags fails the query carries no access control and the failure goes unnoticed"
            ],
            alsoTriggers: ["swift.weak_biometric_acl"]),
        .triggering(
            "Force-unwrapped at the call, through a cast, and through the variable",
            """
            let a = ↓SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, nil)!
            let b = (↓SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, nil) as! SecAccessControl)
            func save(_ data: Data) -> OSStatus {
                let access = ↓SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, nil)
                var query: [String: Any] = [kSecValueData as String: data]
                query[kSecAttrAccessControl as String] = access!
                return SecItemAdd(query as CFDictionary, nil)
            }
            """,
            messages: [
                "Access control creation is force-unwrapped: `SecAccessControlCreateWithFlags(…)!` crashes the app whenever Security rejects the flags or protection (SecAccessControlCreateWithFlags returns nil with errSecParam)",
                "Access control creation is force-unwrapped: `SecAccessControlCreateWithFlags(…) as! SecAccessControl` crashes the app whenever Security rejects the flags or protection (SecAccessControlCreateWithFlags returns nil with errSecParam)",
                "Access control creation is force-unwrapped: `access!` (line 6) crashes the app whenever Security rejects the flags or protection (SecAccessControlCreateWithFlags returns nil with errSecParam)",
            ]),
        .triggering(
            "Fails open: the else branch stores the item with plain kSecAttrAccessible",
            """
            func save(_ data: Data) -> OSStatus {
                var query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecValueData as String: data]
                var error: Unmanaged<CFError>?
                if let access = ↓SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, &error) {
                    query[kSecAttrAccessControl as String] = access
                } else {
                    query[kSecAttrAccessible as String] = kSecAttrAccessibleWhenUnlocked
                }
                return SecItemAdd(query as CFDictionary, nil)
            }
            """,
            messages: [
                "Access control creation fails open: when SecAccessControlCreateWithFlags returns nil, the failure branch sets plain `kSecAttrAccessible` (line 7), so the item is stored without its user-authentication protection and nobody notices"
            ]),
        .triggering(
            "Fails open through a variable: `if access == nil` and a guard that stores anyway",
            """
            func save(_ data: Data) -> OSStatus {
                let access = ↓SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, nil)
                if access == nil {
                    return SecItemAdd([kSecValueData as String: data, kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlock] as CFDictionary, nil)
                }
                return SecItemAdd([kSecValueData as String: data, kSecAttrAccessControl as String: access!] as CFDictionary, nil)
            }
            func store(_ data: Data) -> OSStatus {
                guard let access = ↓SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, nil) else {
                    var fallback: [String: Any] = [kSecValueData as String: data]
                    fallback.updateValue(kSecAttrAccessibleWhenUnlocked, forKey: kSecAttrAccessible as String)
                    return SecItemAdd(fallback as CFDictionary, nil)
                }
                return SecItemAdd([kSecValueData as String: data, kSecAttrAccessControl as String: access] as CFDictionary, nil)
            }
            """,
            messages: [
                "Access control creation fails open: when SecAccessControlCreateWithFlags returns nil, the failure branch sets plain `kSecAttrAccessible` (line 4), so the item is stored without its user-authentication protection and nobody notices",
                "Access control creation fails open: when SecAccessControlCreateWithFlags returns nil, the failure branch sets plain `kSecAttrAccessible` (line 11), so the item is stored without its user-authentication protection and nobody notices",
            ]),
        .triggering(
            "A stored property used in a query in an extension in another file",
            files: [
                "TokenStore.swift": """
                    final class TokenStore {
                        let access = ↓SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, nil)
                    }
                    """,
                "TokenStore+Save.swift": """
                    extension TokenStore {
                        func save(_ token: Data) -> OSStatus {
                            let query: [String: Any] = [kSecValueData as String: token, kSecAttrAccessControl as String: self.access as Any]
                            return SecItemAdd(query as CFDictionary, nil)
                        }
                    }
                    """,
            ],
            messages: [
                "Access control is put into the query while still Optional: `self.access as Any` (TokenStore+Save.swift:3) is never checked for nil, so when SecAccessControlCreateWithFlags fails the query carries no access control and the failure goes unnoticed"
            ]),
        .triggering(
            "A static property put into the query `as Any` / `as AnyObject` (Apple's sample, kept in a type)",
            files: [
                "VaultKeychain.swift": """
                    class VaultKeychain {
                        private static var access = ↓SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                                                                                    .biometryCurrentSet, nil)
                        func setQuery(_ data: Data) -> [String: Any] {
                            var query: [String: Any] = [kSecValueData as String: data]
                            query[kSecAttrAccessControl as String] = VaultKeychain.access as Any
                            return query
                        }
                    }
                    """,
                "TokenKeychain.swift": """
                    enum TokenKeychain {
                        static let access = ↓SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, nil)
                        static func query() -> [String: AnyObject] {
                            [kSecAttrAccessControl as String: Self.access as AnyObject]
                        }
                    }
                    """,
            ],
            messages: [
                "Access control is put into the query while still Optional: `Self.access as AnyObject` (line 4) is never checked for nil, so when SecAccessControlCreateWithFlags fails the query carries no access control and the failure goes unnoticed",
                "Access control is put into the query while still Optional: `VaultKeychain.access as Any` (line 6) is never checked for nil, so when SecAccessControlCreateWithFlags fails the query carries no access control and the failure goes unnoticed",
            ]),
        .nonTriggering(
            "The error out-parameter is checked, and the function leaves, before the result is used",
            """
            func save(_ data: Data, flags: SecAccessControlCreateFlags) throws {
                var cfError: Unmanaged<CFError>?
                let access = SecAccessControlCreateWithFlags(kCFAllocatorDefault, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags, &cfError)
                if let error: Error = cfError?.takeRetainedValue() {
                    throw error
                }
                let query: [String: Any] = [kSecValueData as String: data, kSecAttrAccessControl as String: access as Any]
                guard SecItemAdd(query as CFDictionary, nil) == errSecSuccess else { throw KeychainError.addFailed }
            }
            func makeKey() throws -> SecureEnclave.P256.Signing.PrivateKey {
                var accessError: SecurityError?
                let access = unsafe SecAccessControlCreateWithFlags(kCFAllocatorDefault, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                                                                    [.biometryCurrentSet, .privateKeyUsage], &accessError)
                if let error = unsafe accessError {
                    throw unsafe error.takeRetainedValue() as Error
                }
                return try SecureEnclave.P256.Signing.PrivateKey(accessControl: access!)
            }
            """),
        .triggering(
            "The error is looked at only after the result was used, or without leaving",
            """
            func makeKey() throws -> SecureEnclave.P256.Signing.PrivateKey {
                var accessError: Unmanaged<CFError>?
                let access = ↓SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                                                             [.biometryCurrentSet, .privateKeyUsage], &accessError)
                let key = try SecureEnclave.P256.Signing.PrivateKey(accessControl: access!)
                if let error = accessError { throw error.takeRetainedValue() as Error }
                return key
            }
            func makeOther() throws -> SecureEnclave.P256.Signing.PrivateKey {
                var accessError: Unmanaged<CFError>?
                let access = ↓SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                                                             [.biometryCurrentSet, .privateKeyUsage], &accessError)
                if let error = accessError { print(error) }
                return try SecureEnclave.P256.Signing.PrivateKey(accessControl: access!)
            }
            """,
            messages: [
                "Access control creation is force-unwrapped: `access!` (line 5) crashes the app whenever Security rejects the flags or protection (SecAccessControlCreateWithFlags returns nil with errSecParam)",
                "Access control creation is force-unwrapped: `access!` (line 14) crashes the app whenever Security rejects the flags or protection (SecAccessControlCreateWithFlags returns nil with errSecParam)",
            ]),
        .nonTriggering(
            "A static property checked for nil before use, in its own type and from another file",
            files: [
                "VaultKeychain.swift": """
                    class VaultKeychain {
                        static var error: Unmanaged<CFError>?
                        static let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                                                                           .biometryCurrentSet, &error)
                        func setQuery(_ data: Data) -> [String: Any]? {
                            guard let access = Self.access else { return nil }
                            return [kSecValueData as String: data, kSecAttrAccessControl as String: access]
                        }
                    }
                    """,
                "Other.swift": """
                    enum TokenKeychain {
                        static let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, &error)
                    }
                    func query() -> [String: Any]? {
                        if TokenKeychain.access == nil { return nil }
                        return [kSecAttrAccessControl as String: TokenKeychain.access as Any]
                    }
                    """,
            ]),
        .triggering(
            "The Optional written directly into the query",
            """
            let query: [String: Any] = [
                kSecAttrAccessControl as String: ↓SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, nil) as Any,
            ]
            """,
            messages: [
                "Access control is put into the query while still Optional: `SecAccessControlCreateWithFlags(…)` is never checked for nil, so when SecAccessControlCreateWithFlags fails the query carries no access control and the failure goes unnoticed"
            ]),
        .triggering(
            "Checked with guard let, but the error argument is nil (low)",
            """
            guard let accessControl = ↓SecAccessControlCreateWithFlags(
                kCFAllocatorDefault,
                kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
                .biometryCurrentSet,
                nil
            ) else {
                throw KeychainError.accessControlCreationFailed
            }
            """,
            messages: [
                "Access control creation discards its error: the result is checked, but `nil` as the error argument throws away the reason Security gives for rejecting the flags or protection"
            ],
            alsoTriggers: ["swift.biometric_item_not_device_bound"]),
        .nonTriggering(
            "guard let with an error pointer, failing closed (as in OWASP MASTG-KNOW-0057)",
            """
            func save(_ data: Data) throws {
                var error: Unmanaged<CFError>?
                guard let accessControl = SecAccessControlCreateWithFlags(kCFAllocatorDefault,
                                                                          kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                                                                          SecAccessControlCreateFlags.biometryCurrentSet,
                                                                          &error) else {
                    throw error!.takeRetainedValue() as Error
                }
                var query: [String: Any] = [:]
                query[kSecAttrAccessControl as String] = accessControl
                let status = SecItemAdd(query as CFDictionary, nil)
                guard status == errSecSuccess else { throw KeychainError.unhandled(status) }
            }
            """),
        .nonTriggering(
            "The variable is checked before it goes into the query; `if let access` shorthand",
            """
            func save(_ data: Data) -> OSStatus {
                var error: Unmanaged<CFError>?
                let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, &error)
                guard access != nil else { return errSecParam }
                return SecItemAdd([kSecAttrAccessControl as String: access as Any] as CFDictionary, nil)
            }
            func store(_ data: Data) -> OSStatus {
                var error: Unmanaged<CFError>?
                let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, &error)
                if let access {
                    return SecItemAdd([kSecAttrAccessControl as String: access] as CFDictionary, nil)
                } else {
                    print("cannot protect the item: \\(String(describing: error))")
                    return errSecParam
                }
            }
            """),
        .nonTriggering(
            "A failure branch that fails closed, and a result handed back to the caller",
            """
            func save(_ data: Data) throws {
                var error: Unmanaged<CFError>?
                if let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, &error) {
                    let status = SecItemAdd([kSecAttrAccessControl as String: access] as CFDictionary, nil)
                    guard status == errSecSuccess else { throw KeychainError.unhandled(status) }
                } else {
                    let deleted = SecItemDelete([kSecAttrService as String: "token"] as CFDictionary)
                    throw KeychainError.accessControl(deleted)
                }
            }
            func makeAccess() -> SecAccessControl? {
                SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, nil)
            }
            """),
        .nonTriggering(
            "A shadowing `guard let access = access`, and an Optional under a key other than kSecAttrAccessControl",
            """
            func save(_ data: Data, label: String?) -> OSStatus {
                var error: Unmanaged<CFError>?
                let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, &error)
                guard let access = access else { return errSecParam }
                let query: [String: Any] = [kSecAttrAccessControl as String: access, kSecAttrLabel as String: label as Any]
                return SecItemAdd(query as CFDictionary, nil)
            }
            """),
    ]
}

/// Whether a block always leaves: it holds a `throw` or `return` (outside nested closures), or
/// calls `fatalError`/`preconditionFailure`.
private final class ExitFinder: SyntaxVisitor {
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

extension UncheckedAccessControlCreationRule {
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
