import KeychainLintCore
import KeychainLintModel
import KeychainLintRuleKit
import KeychainLintObjC

/// `objc.fail_open_local_authentication` — `swift.fail_open_local_authentication`'s judgement on
/// Objective-C code: the action a `-[LAContext evaluatePolicy:localizedReason:reply:]` reply
/// guards also runs when the authentication failed.
public struct ObjCFailOpenLocalAuthenticationRule: ObjCRule {
    public static let calls = [ObjCLocalAuthentication.evaluateSelector]

    public init(options: [String: ConfigValue]) {}

    public func check(_ call: ObjCCallSite, in context: ObjCRuleContext) {
        guard call.kind == .message, call.name == ObjCLocalAuthentication.evaluateSelector,
              let block = ObjCLocalAuthentication.replyBlock(of: call) else { return }
        let (success, error) = ObjCLocalAuthentication.parameterNames(of: block)
        guard let success else { return }
        let reader = EffectReader(resolver: context.resolver)
        let place = "when `\(success)` is false"
        for (ifStatement, following) in Self.ifStatements(in: block.body) {
            guard case .if(let condition, let thenBranch, let elseBranch) = ifStatement.kind else { continue }
            if let error, let alone = Self.errorNilAlone(condition, success: success, error: error) {
                context.report(
                    at: alone.range,
                    message: FailOpenLocalAuthenticationJudgement.errorNilMessage(
                        test: ObjCValueResolver.shortText(context.resolver.text(alone.range)), success: success))
                continue
            }
            switch Self.test(of: condition, success: success) {
            case true?:
                // `if (success) { guarded } else { failure }`
                guard let elseBranch else { continue }
                report(guardedBy: reader.ofSuccessPath([thenBranch]), failure: elseBranch, place: place, reader: reader, in: context)
            case false?:
                if let elseBranch {
                    // `if (!success) { failure } else { guarded }`
                    report(guardedBy: reader.ofSuccessPath([elseBranch]), failure: thenBranch, place: place, reader: reader, in: context)
                } else if Self.alwaysExits(thenBranch) {
                    // `if (!success) { failure; return; } guarded…`: Swift's `guard success else`.
                    report(guardedBy: reader.ofSuccessPath(following), failure: thenBranch, place: place, reader: reader, in: context)
                }
            case nil:
                continue
            }
        }
    }

    /// Reports the failure path (the branch, or one `case` or branch inside it) whose every effect
    /// is one the success path has; a path that also does anything else handles the failure.
    private func report(guardedBy guarded: ObjCEffects, failure: ObjCStmt, place: String, reader: EffectReader, in context: ObjCRuleContext) {
        guard !guarded.isEmpty else { return }
        for path in Self.failurePaths(of: failure) {
            let effects = reader.of(path)
            guard !effects.isEmpty, effects.isSubset(of: guarded), let first = effects.first else { continue }
            context.report(at: first.range, message: FailOpenLocalAuthenticationJudgement.message(first.text, place: place))
            return
        }
    }

    // MARK: - Tests of the reply's parameters

    /// `success`, `success == YES` → true; `!success`, `success == NO`, `success != YES` → false; else nil.
    static func test(of condition: ObjCExpr, success: String) -> Bool? {
        let condition = condition.strippingCastsAndParentheses
        if condition.identifierName == success { return true }
        if case .prefix(.logicalNot, let operand) = condition.kind, operand.strippingCastsAndParentheses.identifierName == success {
            return false
        }
        if case .binary(let operation, let left, let right) = condition.kind, operation == .equal || operation == .notEqual {
            for (one, other) in [(left, right), (right, left)] where one.strippingCastsAndParentheses.identifierName == success {
                guard let value = booleanLiteral(other) else { return nil }
                return operation == .equal ? value : !value
            }
        }
        return nil
    }

    static func booleanLiteral(_ expression: ObjCExpr) -> Bool? {
        switch expression.strippingCastsAndParentheses.identifierName {
        case "YES", "true", "TRUE": true
        case "NO", "false", "FALSE": false
        default: nil
        }
    }

    /// `success || error == nil` (either order, `!error` too): the side that lets a missing error
    /// alone through.
    static func errorNilAlone(_ condition: ObjCExpr, success: String, error: String) -> ObjCExpr? {
        guard case .binary(.logicalOr, let left, let right) = condition.strippingCastsAndParentheses.kind else { return nil }
        for (one, other) in [(left, right), (right, left)] where test(of: one, success: success) == true && isNilTest(other, of: error) {
            return other
        }
        return nil
    }

    static func isNilTest(_ expression: ObjCExpr, of name: String) -> Bool {
        let stripped = expression.strippingCastsAndParentheses
        switch stripped.kind {
        case .binary(.equal, let left, let right):
            return left.strippingCastsAndParentheses.identifierName == name && ObjCLocalAuthentication.isNil(right)
                || right.strippingCastsAndParentheses.identifierName == name && ObjCLocalAuthentication.isNil(left)
        case .prefix(.logicalNot, let operand):
            return operand.strippingCastsAndParentheses.identifierName == name
        default:
            return false
        }
    }

    /// A branch that ends by leaving the block (`return`, `@throw`).
    static func alwaysExits(_ statement: ObjCStmt) -> Bool {
        switch statement.kind {
        case .return, .throw: true
        case .compound(let statements): statements.last.map(alwaysExits) ?? false
        default: false
        }
    }

    // MARK: - Where the branches are

    /// Every `if` of a reply block (blocks it dispatches included), with the statements that
    /// follow it in its `{ … }`; an `else if` is an `if` of its own, followed by nothing.
    static func ifStatements(in body: ObjCStmt) -> [(ObjCStmt, [ObjCStmt])] {
        var found: [(ObjCStmt, [ObjCStmt])] = []
        forEachStatement(in: body) { statement, following in
            if case .if = statement.kind { found.append((statement, following)) }
        }
        return found
    }

    /// Calls `visit` with every statement under `statement` (itself included, block bodies too) and
    /// the statements after it in its compound statement.
    static func forEachStatement(in statement: ObjCStmt, following: [ObjCStmt] = [], _ visit: (ObjCStmt, [ObjCStmt]) -> Void) {
        visit(statement, following)
        func blocks(in expression: ObjCExpr) {
            if case .block(let block) = expression.kind {
                forEachStatement(in: block.body, visit)
                return
            }
            for child in expression.children { blocks(in: child) }
        }
        switch statement.kind {
        case .compound(let statements):
            for (position, child) in statements.enumerated() {
                forEachStatement(in: child, following: Array(statements[(position + 1)...]), visit)
            }
        case .expression(let expression), .caseLabel(let expression):
            blocks(in: expression)
        case .return(let value), .throw(let value):
            if let value { blocks(in: value) }
        case .declaration(let declaration):
            for declarator in declaration.declarators { if let initializer = declarator.initializer { blocks(in: initializer) } }
        case .if(let condition, let thenBranch, let elseBranch):
            blocks(in: condition)
            forEachStatement(in: thenBranch, visit)
            if let elseBranch { forEachStatement(in: elseBranch, visit) }
        case .while(let condition, let body), .doWhile(let body, let condition), .switch(let condition, let body),
             .synchronized(let condition, let body):
            blocks(in: condition)
            forEachStatement(in: body, visit)
        case .for(let initializer, let condition, let increment, let body):
            if let initializer { forEachStatement(in: initializer, visit) }
            if let condition { blocks(in: condition) }
            if let increment { blocks(in: increment) }
            forEachStatement(in: body, visit)
        case .forIn(let element, let collection, let body):
            forEachStatement(in: element, visit)
            blocks(in: collection)
            forEachStatement(in: body, visit)
        case .try(let body, let catches, let finally):
            forEachStatement(in: body, visit)
            for clause in catches { forEachStatement(in: clause.body, visit) }
            if let finally { forEachStatement(in: finally, visit) }
        case .autoreleasepool(let body):
            forEachStatement(in: body, visit)
        case .defaultLabel, .label, .break, .continue, .goto, .empty, .unparsed:
            break
        }
    }

    /// A failure branch and the paths inside it: each `case` of a `switch` (from its label to the
    /// next) and each branch of an `if`, since a failure branch often treats one error code
    /// (`LAErrorUserFallback`) differently.
    static func failurePaths(of failure: ObjCStmt) -> [[ObjCStmt]] {
        var paths: [[ObjCStmt]] = [[failure]]
        forEachStatement(in: failure) { statement, _ in
            switch statement.kind {
            case .switch(_, let body):
                guard case .compound(let statements) = body.kind else { return }
                var current: [ObjCStmt]?
                for child in statements {
                    switch child.kind {
                    case .caseLabel, .defaultLabel:
                        if let current { paths.append(current) }
                        current = []
                    default:
                        current?.append(child)
                    }
                }
                if let current { paths.append(current) }
            case .if(_, let thenBranch, let elseBranch):
                paths.append([thenBranch])
                if let elseBranch { paths.append([elseBranch]) }
            default:
                return
            }
        }
        return paths
    }

    public static let description = RuleDescription.objectiveC(
        of: FailOpenLocalAuthenticationRule.description,
        summary:
            "The action an -[LAContext evaluatePolicy:localizedReason:reply:] reply guards also runs when the authentication failed: in the failure branch, or on error == nil alone.",
        whatItDoes: """
            Reads the reply block written at `[context evaluatePolicy:… localizedReason:… reply:^(BOOL success, \
            NSError *error) { … }]`, blocks it dispatches included. The guarded action is what the success \
            path does: the calls, message sends and assignments of the `if (success)` branch (`if (!success) \
            … else` swapped), or of the statements after `if (!success) { …; return; }` (Swift's `guard`), \
            leaving out their own error handling (`@catch` clauses and such early-return branches). It \
            reports a failure path (the `else` branch, the early-return branch, or one `case` or branch \
            inside them, such as `case LAErrorUserFallback:`) whose every action is one of the guarded \
            actions, written the same way (`completion(YES)`, `[self unlock]`, `self.unlocked = YES`). \
            Logging (`NSLog`, `os_log…`) and dispatching (`dispatch_async`, `addOperationWithBlock:`) are \
            not actions; the blocks they run are read. It also reports `if (success || error == nil)` and \
            `if (success || !error)`.
            """,
        whatToDoInstead: """
            Run the guarded action only in the success path (`if (success)`). In failure paths show the \
            error, offer another credential the app verifies (the device passcode through \
            `LAPolicyDeviceOwnerAuthentication`, an app password), or complete with `NO`. Better still, \
            protect the secret itself with Keychain access control, so that no code path can read it \
            without the authentication.
            """,
        remediation:
            "Run the guarded action only when evaluatePolicy:localizedReason:reply: succeeded; on failure show the error, ask for another credential the app verifies, or complete with NO.",
        notes: [
            "A failure path that does anything besides the guarded action (shows an error, asks for a password, completes with `NO`) is taken as handling the failure and is not reported: precision first.",
            "`if (!success) { … }` without an `else` is read as Swift's `guard success else { … }` only when the branch ends with `return` (or `@throw`); otherwise the statements after it run on both paths and no guarded action is known. As in the Swift rule, `if (success) { …; return; }` followed by failure code is not read (only an `else` is a failure branch).",
            "Only the reply block written at the call is read; a reply passed as a variable or a parameter is not followed (as in the Swift rule).",
            "Actions are compared token by token (spacing does not matter); the same action written differently in the two branches (`[self unlock]` and `[self performSelector:@selector(unlock)]`, `YES` and `1`) is not recognised.",
        ],
        examples: examples)

    private static let whenFailed = "when `success` is false"

    static let examples: [RuleExample] = [
        .triggeringObjC(
            "The fallback error code unlocks like a success",
            """
            @implementation LockScreen
            - (void)unlockWithBiometrics {
                LAContext *context = [[LAContext alloc] init];
                [context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock"
                                  reply:^(BOOL success, NSError *error) {
                    dispatch_async(dispatch_get_main_queue(), ^{
                        if (success) {
                            [self unlock];
                        } else if (error.code == LAErrorUserFallback) {
                            ↓[self unlock];
                        } else {
                            [self showError:error];
                        }
                    });
                }];
            }
            @end
            """,
            messages: [FailOpenLocalAuthenticationJudgement.message("[self unlock]", place: whenFailed)],
            alsoTriggers: ["objc.boolean_only_local_authentication"]),
        .triggeringObjC(
            "A missing error object taken for success, written both ways",
            """
            void authenticate(void (^completion)(BOOL)) {
                [[LAContext new] evaluatePolicy:LAPolicyDeviceOwnerAuthentication localizedReason:@"Sign in"
                                          reply:^(BOOL success, NSError *error) {
                    if (success || ↓error == nil) {
                        completion(YES);
                    } else {
                        completion(NO);
                    }
                }];
                [[LAContext new] evaluatePolicy:LAPolicyDeviceOwnerAuthentication localizedReason:@"Sign in"
                                          reply:^(BOOL ok, NSError *failure) {
                    if (↓!failure || (ok)) {
                        completion(YES);
                    }
                }];
            }
            """,
            messages: [
                FailOpenLocalAuthenticationJudgement.errorNilMessage(test: "error == nil", success: "success"),
                FailOpenLocalAuthenticationJudgement.errorNilMessage(test: "!failure", success: "ok"),
            ],
            alsoTriggers: ["objc.boolean_only_local_authentication"]),
        .triggeringObjC(
            "if (!success) { …; return; } that completes with YES anyway",
            """
            void authenticate(void (^completion)(BOOL)) {
                LAContext *context = [[LAContext alloc] init];
                [context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Sign in"
                                  reply:^(BOOL success, NSError *error) {
                    if (!success) {
                        NSLog(@"biometry failed: %@", error);
                        ↓completion(YES);
                        return;
                    }
                    completion(YES);
                }];
            }
            """,
            messages: [FailOpenLocalAuthenticationJudgement.message("completion(YES)", place: whenFailed)],
            alsoTriggers: ["objc.boolean_only_local_authentication"]),
        .triggeringObjC(
            "One case of a switch on the error code approves the payment",
            """
            @implementation PaymentSheet
            - (void)confirm {
                [[[LAContext alloc] init] evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Pay"
                                                   reply:^(BOOL success, NSError *error) {
                    if (success == YES) {
                        self.approved = YES;
                        [self submitPayment];
                    } else {
                        switch (error.code) {
                        case LAErrorSystemCancel:
                        case LAErrorAppCancel:
                            ↓[self submitPayment];
                            break;
                        default:
                            [self showError:error];
                            break;
                        }
                    }
                }];
            }
            @end
            """,
            messages: [FailOpenLocalAuthenticationJudgement.message("[self submitPayment]", place: whenFailed)],
            alsoTriggers: ["objc.boolean_only_local_authentication"]),
        .nonTriggeringObjC(
            "Failure shows the error, completes with NO, or asks for a credential the app verifies",
            """
            @implementation LockScreen
            - (void)unlockWithBiometrics:(void (^)(BOOL))completion {
                [[LAContext new] evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Unlock"
                                          reply:^(BOOL success, NSError *error) {
                    if (success) {
                        [self unlock];
                        completion(YES);
                    } else if (error.code == LAErrorUserFallback) {
                        [self askForAppPassword];
                    } else {
                        [self showError:error];
                        completion(NO);
                    }
                }];
            }
            @end
            """,
            alsoTriggers: ["objc.boolean_only_local_authentication"]),
        .nonTriggeringObjC(
            "The success path's own error handling falls back to the PIN, as the failure does",
            """
            @implementation Login
            - (void)authenticate {
                LAContext *context = [[LAContext alloc] init];
                [context evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Log in"
                                  reply:^(BOOL success, NSError *error) {
                    if (!success) {
                        [self showPINPad];
                        return;
                    }
                    NSData *token = [self readTokenWithContext:context];
                    if (!token) {
                        [self showPINPad];
                        return;
                    }
                    [self showAccount:token];
                }];
            }
            @end
            """),
        .nonTriggeringObjC(
            "Both branches refresh the screen, but the failure locks: not the same outcome",
            """
            @implementation Vault
            - (void)open {
                [[LAContext new] evaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics localizedReason:@"Open"
                                          reply:^(BOOL success, NSError *error) {
                    if (success) {
                        self.state = VaultStateUnlocked;
                        [self refresh];
                    } else {
                        self.state = VaultStateLocked;
                        [self refresh];
                    }
                }];
            }
            @end
            """,
            alsoTriggers: ["objc.boolean_only_local_authentication"]),
    ]
}

/// The actions of a piece of code: calls, message sends and plain assignments, compared by their
/// tokens, in source order. Logging and dispatching are not actions (the blocks they run are read).
struct ObjCEffects {
    struct Effect {
        /// The tokens joined with spaces, a leading `self.` dropped.
        let key: String
        /// As written, for the message.
        let text: String
        let range: ObjCSourceRange
    }

    private(set) var list: [Effect] = []
    private var keys: Set<String> = []

    var isEmpty: Bool { list.isEmpty }
    var first: Effect? { list.first }

    mutating func insert(_ effect: Effect) {
        guard keys.insert(effect.key).inserted else { return }
        list.append(effect)
    }

    mutating func formUnion(_ other: ObjCEffects) {
        for effect in other.list { insert(effect) }
    }

    func isSubset(of other: ObjCEffects) -> Bool { keys.isSubset(of: other.keys) }
}

/// Reads the actions of statements of one file.
struct EffectReader {
    let resolver: ObjCValueResolver

    /// The Swift rule's neutral callees, with Objective-C's logging, assertion and dispatching words.
    static let neutralCallees: Set<String> = Effects.neutralCallees.union(ObjCLocalAuthentication.loggingFunctions).union([
        "dispatch_async", "dispatch_sync", "dispatch_after", "dispatch_barrier_async", "dispatch_main_async_safe",
        "NSAssert", "NSCAssert", "NSParameterAssert", "NSCParameterAssert", "addOperationWithBlock", "performBlock",
        "performBlockAndWait",
    ])

    func of(_ statements: [ObjCStmt]) -> ObjCEffects {
        var effects = ObjCEffects()
        for statement in statements { collect(statement, into: &effects, skipsErrorHandling: false) }
        return effects
    }

    /// The actions of a success path, without its own error handling (`@catch` clauses, and
    /// `if (…) { …; return; }` branches without `else`): showing a PIN pad when reading the token
    /// fails is not what the success leads to.
    func ofSuccessPath(_ statements: [ObjCStmt]) -> ObjCEffects {
        var effects = ObjCEffects()
        for statement in statements { collect(statement, into: &effects, skipsErrorHandling: true) }
        return effects
    }

    private func collect(_ statement: ObjCStmt, into effects: inout ObjCEffects, skipsErrorHandling: Bool) {
        func statementList(_ child: ObjCStmt) { collect(child, into: &effects, skipsErrorHandling: skipsErrorHandling) }
        func expression(_ child: ObjCExpr) { collect(child, into: &effects) }
        switch statement.kind {
        case .expression(let value): expression(value)
        case .declaration(let declaration):
            for declarator in declaration.declarators { if let initializer = declarator.initializer { expression(initializer) } }
        case .compound(let statements): statements.forEach(statementList)
        case .if(let condition, let thenBranch, let elseBranch):
            expression(condition)
            if skipsErrorHandling, elseBranch == nil, ObjCFailOpenLocalAuthenticationRule.alwaysExits(thenBranch) { return }
            statementList(thenBranch)
            if let elseBranch { statementList(elseBranch) }
        case .while(let condition, let body), .doWhile(let body, let condition), .switch(let condition, let body),
             .synchronized(let condition, let body):
            expression(condition)
            statementList(body)
        case .for(let initializer, let condition, let increment, let body):
            if let initializer { statementList(initializer) }
            if let condition { expression(condition) }
            if let increment { expression(increment) }
            statementList(body)
        case .forIn(_, let collection, let body):
            expression(collection)
            statementList(body)
        case .return(let value?):
            // `return YES` from a BOOL gate is the guarded outcome itself.
            if ObjCFailOpenLocalAuthenticationRule.booleanLiteral(value) != nil {
                effects.insert(effect(value.range, prefix: "return "))
            } else {
                expression(value)
            }
        case .throw(let value?): expression(value)
        case .try(let body, let catches, let finally):
            statementList(body)
            if !skipsErrorHandling { for clause in catches { statementList(clause.body) } }
            if let finally { statementList(finally) }
        case .autoreleasepool(let body): statementList(body)
        case .return(nil), .throw(nil), .caseLabel, .defaultLabel, .label, .break, .continue, .goto, .empty, .unparsed:
            break
        }
    }

    private func collect(_ expression: ObjCExpr, into effects: inout ObjCEffects) {
        switch expression.kind {
        case .call(let call):
            guard Self.neutralCallees.contains(call.calleeName ?? "") else {
                effects.insert(effect(expression.range))
                return
            }
            for argument in call.arguments { blockBodies(argument, into: &effects) }
        case .message(let message):
            guard Self.neutralCallees.contains(message.pieces.first?.label ?? "") else {
                effects.insert(effect(expression.range))
                return
            }
            for argument in message.pieces.compactMap(\.argument) + message.variadicArguments { blockBodies(argument, into: &effects) }
        case .assignment(.assign, _, _):
            effects.insert(effect(expression.range))
        case .block:
            return
        default:
            for child in expression.children { collect(child, into: &effects) }
        }
    }

    /// What a dispatching call runs: the bodies of the blocks it is given.
    private func blockBodies(_ argument: ObjCExpr, into effects: inout ObjCEffects) {
        guard case .block(let block) = argument.strippingCastsAndParentheses.kind else { return }
        collect(block.body, into: &effects, skipsErrorHandling: false)
    }

    private func effect(_ range: ObjCSourceRange, prefix: String = "") -> ObjCEffects.Effect {
        var tokens = resolver.tree.tokens(in: range).map(\.text)
        while tokens.count > 2, tokens[0] == "self", tokens[1] == "." { tokens.removeFirst(2) }
        var text = ObjCValueResolver.shortText(resolver.text(range))
        while text.hasPrefix("self.") { text.removeFirst("self.".count) }
        return ObjCEffects.Effect(key: prefix + tokens.joined(separator: " "), text: prefix + text, range: range)
    }
}

extension ObjCSyntaxTree {
    /// The tokens inside `range`, in order.
    func tokens(in range: ObjCSourceRange) -> ArraySlice<ObjCToken> {
        var low = 0
        var high = tokens.count
        while low < high {
            let middle = (low + high) / 2
            if tokens[middle].range.start.offset < range.start.offset { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < tokens.count, tokens[end].range.end.offset <= range.end.offset, tokens[end].kind != .endOfFile { end += 1 }
        return tokens[low..<end]
    }
}
