import KeychainLintAnalysis
import KeychainLintRuleKit
import KeychainLintModel
import KeychainLintCore
// Swift-only by nature, so it reads the syntax tree: how the returned status is used: discarded, `_ =`, compared, returned (Swift statement shapes).
import SwiftSyntax

/// `swift.unchecked_keychain_status` — discarded Keychain statuses and keys (Apple's sample "Accessing
/// Keychain Items with Face ID or Touch ID": test the status, handle errSecDuplicateItem).
public struct UncheckedKeychainStatusRule: SwiftRule {
    public static let interests: [RuleInterest] = [
        .call("SecItemAdd"), .call("SecItemUpdate"), .call("SecItemDelete"), .call("SecItemCopyMatching"),
        .call("SecKeyCreateRandomKey"),
    ]

    public init(options: [String: ConfigValue]) {}

    public func check(_ input: RuleInput, in context: RuleContext) {
        guard let (reference, name) = QueryRuleSupport.freeCall(
            input, named: UncheckedKeychainStatusJudgement.statusCalls.union([UncheckedKeychainStatusJudgement.keyCall]))
        else { return }
        let call = reference.syntax
        let lists = ListFacts.Lookup(context)
        let use = Self.use(of: call, lists)
        guard use != .used else { return }
        if name == UncheckedKeychainStatusJudgement.keyCall {
            // The failure is still noticed when the error out-parameter is read afterwards.
            if let errorName = Self.errorVariable(of: call),
                Self.isLocalVariableRead(errorName, from: Syntax(call), skipping: call, lists)
            {
                return
            }
            context.report(at: call.calledExpression, message: UncheckedKeychainStatusJudgement.keyMessage(use))
            return
        }
        context.report(at: call.calledExpression, message: UncheckedKeychainStatusJudgement.statusMessage(name, use))
    }

    // MARK: - Use of a call's result

    static func use(of call: FunctionCallExprSyntax, _ lists: ListFacts.Lookup) -> UncheckedKeychainStatusJudgement.Use {
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
            return !["Void", "()"].contains(result.trimmedDescription)
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

    /// `error` in `SecKeyCreateRandomKey(attributes, &error)`.
    static func errorVariable(of call: FunctionCallExprSyntax) -> String? {
        guard let argument = SyntaxQueries.argument(1, of: call), let inOut = argument.expression.as(InOutExprSyntax.self) else {
            return nil
        }
        return inOut.expression.as(DeclReferenceExprSyntax.self)?.baseName.text
    }

    public static let description = RuleDescription(
        id: "swift.unchecked_keychain_status",
        name: "Keychain status ignored",
        severity: .low,
        confidence: .high,
        resource: "Data Storage",
        tags: ["CWE:252"],
        summary:
            "The OSStatus of SecItemAdd/SecItemUpdate/SecItemDelete/SecItemCopyMatching, or the key of SecKeyCreateRandomKey, is discarded, so a Keychain failure goes unnoticed.",
        documentation: RuleDocumentation(
            whatItDoes: """
                Flags `SecItemAdd`, `SecItemUpdate`, `SecItemDelete` and `SecItemCopyMatching` calls whose \
                `OSStatus` is thrown away — `_ = SecItemAdd(…)`, `let _ = …`, a bare statement — or stored in a \
                local variable that is never read, and `SecKeyCreateRandomKey` calls whose returned key is \
                thrown away the same ways (published examples often write `_ = SecKeyCreateRandomKey(…)`).
                """,
            whyItMatters: """
                Keychain calls fail for ordinary reasons: the item already exists (errSecDuplicateItem), the \
                device is locked (errSecInteractionNotAllowed), the user cancels authentication, the query is \
                invalid (errSecParam, e.g. kSecAttrAccessible together with kSecAttrAccessControl). Ignoring the \
                status means a token is silently not stored, a logout does not delete the secret, or a \
                failed read is treated as "no item". Apple's sample "Accessing Keychain Items with Face ID or \
                Touch ID" tests the status and suggests, for example, handling errSecDuplicateItem by updating \
                the existing item.
                """,
            whatToDoInstead: """
                Compare the status with `errSecSuccess` and handle the failures that matter \
                (`errSecDuplicateItem` → `SecItemUpdate`, `errSecItemNotFound` on delete is often fine, \
                `errSecUserCanceled`/`errSecAuthFailed` on reads); throw or report the rest. For \
                `SecKeyCreateRandomKey`, `guard let key = SecKeyCreateRandomKey(attributes, &error) else { throw \
                error!.takeRetainedValue() as Error }`.
                """,
            fixSafety: "No automatic fix: what to do on failure is the app's decision.",
            notes: [
                "CWE-252 (Unchecked Return Value) is the exact weakness, so it is the rule's tag.",
                "A status stored in a local variable counts as checked when the variable is read anywhere in its scope (a comparison, a `print`, a `throw`, passing it on); only a variable that is never read is reported. Writes and `_ = status` are not reads. Variables of top-level code are globals other files may read, so they are not judged.",
                "A discarded SecKeyCreateRandomKey result is not reported when the error out-parameter (`&error`) is a local variable that is read afterwards: the failure is then noticed.",
                "A call that is the single expression of a closure is taken as the closure's result (OWASP MASTG-KNOW-0057's example returns SecItemCopyMatching's status from `withUnsafeMutablePointer { … }`), so it is not reported even when the closure's result is unused.",
                "Methods of your own named like the Security functions (`keychain.SecItemAdd(…)`) are not judged.",
            ],
            references: [
                "Apple: Accessing Keychain Items with Face ID or Touch ID — https://developer.apple.com/documentation/localauthentication/accessing-keychain-items-with-face-id-or-touch-id (test the return status, handle errSecDuplicateItem)",
                "Apple: SecItemAdd — https://developer.apple.com/documentation/security/1401659-secitemadd",
                "Apple: Security Framework Result Codes — https://developer.apple.com/documentation/security/1542001-security_framework_result_codes",
                "CWE-252: Unchecked Return Value — https://cwe.mitre.org/data/definitions/252.html",
            ]),
        remediation:
            "Compare the OSStatus with errSecSuccess and handle failures (errSecDuplicateItem → update); check SecKeyCreateRandomKey's result for nil.",
        examples: examples)
}

/// Finds a read of a local variable: a reference that is not a plain write (`name = …`), not
/// `_ = name`, and not a member name (`x.name`).
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

// MARK: - Examples (they run as tests and appear in `explain`)

extension UncheckedKeychainStatusRule {
    static let examples: [RuleExample] = [
        .triggering(
            "`_ =` and a bare statement throw the status away",
            """
            func save(query: [String: Any]) {
                _ = ↓SecItemAdd(query as CFDictionary, nil)
            }
            func logout(query: [String: Any]) {
                ↓SecItemDelete(query as CFDictionary)
            }
            """,
            messages: [UncheckedKeychainStatusJudgement.statusMessage("SecItemAdd", .discarded), UncheckedKeychainStatusJudgement.statusMessage("SecItemDelete", .discarded)]),
        .triggering(
            "`_ = SecKeyCreateRandomKey(…)` with an error that is never looked at",
            """
            func createKey(attributes: [String: Any]) {
                var error: Unmanaged<CFError>?
                _ = ↓SecKeyCreateRandomKey(attributes as CFDictionary, &error)
            }
            """,
            messages: [UncheckedKeychainStatusJudgement.keyMessage(.discarded)]),
        .triggering(
            "A status stored in a variable that is never read; `let _ =`",
            """
            func update(query: [String: Any], attributes: [String: Any]) {
                let status = ↓SecItemUpdate(query as CFDictionary, attributes as CFDictionary)
                let _ = ↓SecItemDelete(query as CFDictionary)
            }
            """,
            messages: [UncheckedKeychainStatusJudgement.statusMessage("SecItemUpdate", .storedUnread("status")), UncheckedKeychainStatusJudgement.statusMessage("SecItemDelete", .discarded)]),
        .triggering(
            "A reused status variable that is only ever written",
            """
            func replace(query: [String: Any], attributes: [String: Any]) {
                var status = ↓SecItemDelete(query as CFDictionary)
                status = ↓SecItemAdd(attributes as CFDictionary, nil)
            }
            """,
            messages: [UncheckedKeychainStatusJudgement.statusMessage("SecItemDelete", .storedUnread("status")), UncheckedKeychainStatusJudgement.statusMessage("SecItemAdd", .storedUnread("status"))]),
        .triggering(
            "A read whose status is dropped, in a function without a result",
            """
            func load(query: [String: Any]) -> Data? {
                var result: AnyObject?
                ↓SecItemCopyMatching(query as CFDictionary, &result)
                return result as? Data
            }
            func wipe(query: [String: Any]) { ↓SecItemDelete(query as CFDictionary) }
            """,
            messages: [UncheckedKeychainStatusJudgement.statusMessage("SecItemCopyMatching", .discarded), UncheckedKeychainStatusJudgement.statusMessage("SecItemDelete", .discarded)]),
        .triggering(
            "Swift 6.2's `unsafe` marker does not use the status",
            """
            func load(query: [String: Any]) -> Data? {
                var result: CFTypeRef?
                unsafe ↓SecItemCopyMatching(query as CFDictionary, &result)
                return result as? Data
            }
            func wipe(query: [String: Any]) {
                _ = unsafe ↓SecItemDelete(query as CFDictionary)
            }
            """,
            messages: [UncheckedKeychainStatusJudgement.statusMessage("SecItemCopyMatching", .discarded), UncheckedKeychainStatusJudgement.statusMessage("SecItemDelete", .discarded)]),
        .nonTriggering(
            "A status read through Swift 6.2's `unsafe` marker",
            """
            func load(query: [String: Any]) -> Data? {
                var result: CFTypeRef?
                let status = unsafe SecItemCopyMatching(query as CFDictionary, &result)
                guard status == errSecSuccess else { return nil }
                return result as? Data
            }
            func wipe(query: [String: Any]) -> Bool {
                unsafe SecItemDelete(query as CFDictionary) == errSecSuccess
            }
            """),
        .nonTriggering(
            "Apple's sample: the status is compared with errSecSuccess; errSecDuplicateItem is handled by updating",
            """
            func save(query: [String: Any], attributes: [String: Any]) throws {
                let status = SecItemAdd(query as CFDictionary, nil)
                if status == errSecDuplicateItem {
                    let updated = SecItemUpdate(query as CFDictionary, attributes as CFDictionary)
                    guard updated == errSecSuccess else { throw KeychainError(status: updated) }
                    return
                }
                guard status == errSecSuccess else { throw KeychainError(status: status) }
            }
            """),
        .nonTriggering(
            "Returned, passed on, used in a condition or as a closure's result (as in OWASP MASTG-KNOW-0057)",
            """
            func delete(query: [String: Any]) -> OSStatus {
                return SecItemDelete(query as CFDictionary)
            }
            func add(query: [String: Any]) -> OSStatus { SecItemAdd(query as CFDictionary, nil) }
            func read(query: [String: Any]) {
                var queryResult: AnyObject?
                let status = withUnsafeMutablePointer(to: &queryResult) {
                    SecItemCopyMatching(query as CFDictionary, UnsafeMutablePointer($0))
                }
                if status == noErr { print("ok") }
                log(SecItemDelete(query as CFDictionary))
                if SecItemDelete(query as CFDictionary) != errSecSuccess { print("failed") }
            }
            """),
        .nonTriggering(
            "SecKeyCreateRandomKey's result checked, or its error read afterwards",
            """
            func makeKey(attributes: [String: Any]) throws -> SecKey {
                var error: Unmanaged<CFError>?
                guard let key = SecKeyCreateRandomKey(attributes as CFDictionary, &error) else {
                    throw error!.takeRetainedValue() as Error
                }
                return key
            }
            func makePermanentKey(attributes: [String: Any]) throws {
                var error: Unmanaged<CFError>?
                _ = SecKeyCreateRandomKey(attributes as CFDictionary, &error)
                if let error = error { throw error.takeRetainedValue() as Error }
            }
            """),
        .nonTriggering(
            "A status read later, a property, and a global of top-level code",
            """
            final class Store {
                var lastStatus: OSStatus = errSecSuccess
                func save(query: [String: Any]) {
                    lastStatus = SecItemAdd(query as CFDictionary, nil)
                    var status: OSStatus
                    status = SecItemDelete(query as CFDictionary)
                    print("delete: \\(status)")
                }
            }
            let status = SecItemAdd(query as CFDictionary, nil)
            """),
    ]
}
