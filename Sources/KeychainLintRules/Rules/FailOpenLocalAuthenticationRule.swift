import KeychainLintAnalysis
import KeychainLintRuleKit
import KeychainLintModel
import KeychainLintCore
// Swift-only by nature, so it reads the syntax tree: the statements of the reply closure and of `catch` blocks on each path (Swift control flow).
import SwiftSyntax

/// `swift.fail_open_local_authentication` — the action `evaluatePolicy` guards also runs when the
/// authentication failed (OWASP MASWE-0044, CWE-287, CWE-755).
public struct FailOpenLocalAuthenticationRule: SwiftRule {
    public static let interests: [RuleInterest] = [.call("evaluatePolicy")]

    public init(options: [String: ConfigValue]) {}

    public func check(_ input: RuleInput, in context: RuleContext) {
        guard case .call(let reference) = input, case let call = reference.syntax, SyntaxQueries.calleeName(of: call) == "evaluatePolicy"
        else { return }
        if let closure = Self.replyClosure(of: call) {
            checkReply(closure, in: context)
        } else {
            checkAsync(call, in: context)
        }
    }

    /// The reply handler written at the call: a trailing closure or a `reply:` closure.
    static func replyClosure(of call: FunctionCallExprSyntax) -> ClosureExprSyntax? {
        if let trailing = call.trailingClosure { return trailing }
        return SyntaxQueries.argument(labeled: "reply", of: call)?.expression.as(ClosureExprSyntax.self)
    }

    // MARK: The closure form

    private func checkReply(_ closure: ClosureExprSyntax, in context: RuleContext) {
        let (success, error) = SwiftPolicyEvaluations.parameterNames(of: closure)
        guard let success else { return }
        for branch in BranchCollector.branches(in: closure) {
            switch branch {
            case .ifExpr(let ifExpr):
                checkIf(ifExpr, success: success, error: error, in: context)
            case .guardStmt(let guardStmt):
                checkGuard(guardStmt, success: success, in: context)
            }
        }
    }

    private func checkIf(_ ifExpr: IfExprSyntax, success: String, error: String?, in context: RuleContext) {
        guard ifExpr.conditions.count == 1, let condition = ifExpr.conditions.first?.condition.as(ExprSyntax.self) else { return }
        if let error, let alone = Self.errorNilAlone(condition, success: success, error: error) {
            context.report(at: alone, message: FailOpenLocalAuthenticationJudgement.errorNilMessage(error: error, success: success))
            return
        }
        let guarded: CodeBlockSyntax
        let failure: Syntax?
        switch Self.test(of: condition, success: success) {
        case true?:
            guarded = ifExpr.body
            failure = ifExpr.elseBody.map { Syntax($0) }
        case false?:
            // `if !success { failure } else { guarded }`
            guard case .codeBlock(let elseBlock)? = ifExpr.elseBody else { return }
            guarded = elseBlock
            failure = Syntax(ifExpr.body)
        case nil:
            return
        }
        guard let failure else { return }
        report(guardedBy: Effects.ofSuccessPath(guarded), failure: failure, place: "when `\(success)` is false", in: context)
    }

    /// `guard success else { failure }`: the statements after the guard are the guarded action.
    private func checkGuard(_ guardStmt: GuardStmtSyntax, success: String, in context: RuleContext) {
        guard guardStmt.conditions.count == 1, let condition = guardStmt.conditions.first?.condition.as(ExprSyntax.self),
            Self.test(of: condition, success: success) == true,
            let item = guardStmt.parent?.as(CodeBlockItemSyntax.self), let list = item.parent?.as(CodeBlockItemListSyntax.self)
        else { return }
        let after = list.drop { $0.id != item.id }.dropFirst()
        var guarded = Effects()
        for statement in after { guarded.formUnion(Effects.ofSuccessPath(statement)) }
        report(guardedBy: guarded, failure: Syntax(guardStmt.body), place: "when `\(success)` is false", in: context)
    }

    // MARK: The async form

    /// `do { try await context.evaluatePolicy(…); guarded } catch { failure }`.
    private func checkAsync(_ call: FunctionCallExprSyntax, in context: RuleContext) {
        var node = Syntax(call)
        while let parent = node.parent, !parent.is(CodeBlockItemSyntax.self) { node = parent }
        guard let item = node.parent?.as(CodeBlockItemSyntax.self), let list = item.parent?.as(CodeBlockItemListSyntax.self),
            let doStmt = list.parent?.parent?.as(DoStmtSyntax.self), doStmt.body.statements.id == list.id
        else { return }
        var guarded = Effects()
        for statement in list.drop(while: { $0.id != item.id }).dropFirst() { guarded.formUnion(Effects.ofSuccessPath(statement)) }
        for clause in doStmt.catchClauses {
            report(guardedBy: guarded, failure: Syntax(clause.body), place: "in the `catch` of the awaited evaluatePolicy", in: context)
        }
    }

    // MARK: Comparing the branches

    /// Reports the failure path (the branch, or one `case` or branch inside it) whose every effect
    /// is one the success path has: the guarded action runs although the user was not authenticated.
    /// A path that also does anything else (shows an error, asks for a password, completes with
    /// `false`) is how failures should be handled, and is not reported.
    private func report(guardedBy guarded: Effects, failure: Syntax, place: String, in context: RuleContext) {
        guard !guarded.isEmpty else { return }
        for path in FailurePaths.of(failure) {
            let effects = Effects.of(path)
            guard !effects.isEmpty, effects.isSubset(of: guarded), let first = effects.first else { continue }
            context.report(at: first.node, message: FailOpenLocalAuthenticationJudgement.message(first.text, place: place))
            return
        }
    }

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

    public static let description = RuleDescription(
        id: "swift.fail_open_local_authentication",
        name: "Authentication failure grants access",
        severity: .high,
        confidence: .medium,
        resource: "Authentication",
        tags: ["CWE:287", "CWE:755", "MASWE:0044"],
        summary:
            "The action an evaluatePolicy reply guards also runs when the authentication failed: in the failure branch, in a catch of the async form, or on error == nil alone.",
        documentation: RuleDocumentation(
            whatItDoes: """
                Reads the reply handler of `evaluatePolicy` written at the call (a trailing closure or a \
                `reply:` closure) and the `do`/`catch` around the async form. The guarded action is what \
                the success path does: the calls and assignments of the `if success` branch (`!success` \
                swapped), of the statements after `guard success else`, or of the `do` body after \
                `try await evaluatePolicy`, leaving out their own error handling (`catch` clauses and \
                `guard` bodies). It reports a failure path (the `else` branch, the guard's \
                body, a `catch`, or one `case` or branch inside them, such as `case .userFallback`) whose \
                every action is one of the guarded actions, written the same way (`completion(true)`, \
                `self.unlock()`, `isUnlocked = true`). Logging, `print` and dispatching calls are not \
                actions. It also reports `if success || error == nil`.
                """,
            whyItMatters: """
                A reply that unlocks the app, reveals data or approves a payment when Face ID or Touch ID \
                failed, was cancelled, or fell back (`LAError.userFallback`, `.systemCancel`, \
                `.biometryNotAvailable`) turns the authentication into a formality: anyone holding the \
                unlocked device cancels the prompt and is let in (CWE-287, CWE-755: improper handling of \
                exceptional conditions; OWASP MASWE-0044). `error` can be nil on failure, so \
                `error == nil` is not a success test either.
                """,
            whatToDoInstead: """
                Run the guarded action only in the success path (`if success`, or after the awaited call \
                returns). In failure paths show the error, offer another credential the app verifies (the \
                device passcode through `.deviceOwnerAuthentication`, an app password), or complete with \
                `false`. Better still, protect the secret itself with Keychain access control, so that \
                no code path can read it without the authentication.
                """,
            fixSafety: """
                Changing what a failure does changes the app's behaviour for users whose biometry is \
                unavailable; give them another way in that is verified. Not automatic.
                """,
            notes: [
                "A failure path that does anything besides the guarded action (shows an error, asks for a password, completes with `false`) is taken as handling the failure and is not reported: precision first.",
                "Reply handlers passed by reference (`reply: handleResult`) are not followed yet.",
                "Actions are compared as written (with `self.` dropped and spaces ignored); the same action written differently in the two branches is not recognised.",
            ],
            references: [
                "Apple: evaluatePolicy(_:localizedReason:reply:) — https://developer.apple.com/documentation/localauthentication/lacontext/evaluatepolicy(_:localizedreason:reply:)",
                "Apple: LAError — https://developer.apple.com/documentation/localauthentication/laerror",
                "OWASP MASWE-0044: Unenforced Biometric Authentication — https://mas.owasp.org/MASWE/MASVS-AUTH/MASWE-0044/",
                "CWE-287: Improper Authentication — https://cwe.mitre.org/data/definitions/287.html",
                "CWE-755: Improper Handling of Exceptional Conditions — https://cwe.mitre.org/data/definitions/755.html",
            ]),
        remediation:
            "Run the guarded action only when evaluatePolicy succeeded; on failure show the error, ask for another credential the app verifies, or complete with false.",
        examples: examples)
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
        let text: String
        let node: Syntax
    }

    private(set) var list: [Effect] = []
    private var texts: Set<String> = []

    var isEmpty: Bool { list.isEmpty }
    var first: Effect? { list.first }

    /// Callee names that carry no decision of their own.
    static let neutralCallees: Set<String> = [
        "print", "debugPrint", "NSLog", "os_log", "log", "debug", "info", "notice", "warning", "trace", "fault",
        "async", "sync", "asyncAfter", "run", "Task", "assert", "assertionFailure", "precondition",
    ]

    mutating func insert(_ text: String, node: Syntax) {
        guard texts.insert(text).inserted else { return }
        list.append(Effect(text: text, node: node))
    }

    mutating func formUnion(_ other: Effects) {
        for effect in other.list { insert(effect.text, node: effect.node) }
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
        var text = node.trimmedDescription.filter { !$0.isWhitespace }
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
            effects.insert("return" + Effects.normalized(expression), node: Syntax(node))
        }
        return .visitChildren
    }
}

// MARK: - Examples (they run as tests and appear in `explain`)

extension FailOpenLocalAuthenticationRule {
    private static let whenFailed = "when `success` is false"

    static let examples: [RuleExample] = [
        .triggering(
            "The fallback error code unlocks like a success",
            """
            final class LockScreen {
                func unlockWithBiometrics() {
                    let context = LAContext()
                    context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { success, error in
                        DispatchQueue.main.async {
                            if success {
                                self.unlock()
                            } else if let error = error as? LAError, error.code == .userFallback {
                                ↓self.unlock()
                            } else {
                                self.showError(error)
                            }
                        }
                    }
                }
                func unlock() {}
                func showError(_ error: Error?) {}
            }
            """,
            messages: [FailOpenLocalAuthenticationJudgement.message("unlock()", place: whenFailed)],
            alsoTriggers: ["swift.boolean_only_local_authentication"]),
        .triggering(
            "A missing error object taken for success",
            """
            func authenticate(completion: @escaping (Bool) -> Void) {
                LAContext().evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Sign in") { success, error in
                    if success || ↓error == nil {
                        completion(true)
                    } else {
                        completion(false)
                    }
                }
            }
            """,
            messages: [FailOpenLocalAuthenticationJudgement.errorNilMessage(error: "error", success: "success")],
            alsoTriggers: ["swift.boolean_only_local_authentication"]),
        .triggering(
            "guard success else { … } that completes with true anyway",
            """
            func authenticate(completion: @escaping (Bool) -> Void) {
                let context = LAContext()
                context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Sign in", reply: { success, _ in
                    guard success else {
                        print("biometry failed")
                        ↓completion(true)
                        return
                    }
                    completion(true)
                })
            }
            """,
            messages: [FailOpenLocalAuthenticationJudgement.message("completion(true)", place: whenFailed)],
            alsoTriggers: ["swift.boolean_only_local_authentication"]),
        .triggering(
            "The async form: the catch approves the payment too",
            """
            func confirmPayment() async {
                let context = LAContext()
                do {
                    try await context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Pay")
                    approvePayment()
                } catch {
                    ↓approvePayment()
                }
            }
            """,
            messages: [FailOpenLocalAuthenticationJudgement.message("approvePayment()", place: "in the `catch` of the awaited evaluatePolicy")],
            alsoTriggers: ["swift.boolean_only_local_authentication"]),
        .nonTriggering(
            "Failure shows the error, completes with false, or asks for a credential the app verifies",
            """
            final class LockScreen {
                func unlockWithBiometrics(completion: @escaping (Bool) -> Void) {
                    LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock") { success, error in
                        if success {
                            self.unlock()
                            completion(true)
                        } else if let error = error as? LAError, error.code == .userFallback {
                            self.askForAppPassword()
                        } else {
                            self.showError(error)
                            completion(false)
                        }
                    }
                }
                func confirm() async {
                    do {
                        try await LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Pay")
                        approvePayment()
                    } catch {
                        showError(error)
                    }
                }
                func unlock() {}
                func approvePayment() {}
                func askForAppPassword() {}
                func showError(_ error: Error?) {}
            }
            """,
            alsoTriggers: ["swift.boolean_only_local_authentication"]),
        .nonTriggering(
            "The success path's own error handling falls back to the PIN, as the failure does",
            """
            final class Login {
                func authenticate() {
                    let context = LAContext()
                    context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Log in") { success, _ in
                        guard success else {
                            self.showPINPad()
                            return
                        }
                        do {
                            let token = try self.readToken(context: context)
                            self.showAccount(token)
                        } catch {
                            self.showPINPad()
                        }
                    }
                }
                func readToken(context: LAContext) throws -> Data { Data() }
                func showAccount(_ token: Data) {}
                func showPINPad() {}
            }
            """),
        .nonTriggering(
            "Both branches refresh the screen, but the failure locks: not the same outcome",
            """
            final class Vault {
                var state = State.locked
                func open() {
                    LAContext().evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Open") { success, _ in
                        if success {
                            self.state = .unlocked
                            self.refresh()
                        } else {
                            self.state = .locked
                            self.refresh()
                        }
                    }
                }
                func refresh() {}
            }
            """,
            alsoTriggers: ["swift.boolean_only_local_authentication"]),
    ]
}
