import KeychainLintCore
import KeychainLintModel
import KeychainLintRuleKit
import KeychainLintObjC

/// `objc.unchecked_access_control_creation` — `swift.unchecked_access_control_creation`'s
/// judgement on Objective-C code: what the code does with the `SecAccessControlRef` (possibly
/// `NULL`) that `SecAccessControlCreateWithFlags` returns, directly or through the local it is
/// stored in.
public struct ObjCUncheckedAccessControlCreationRule: ObjCRule {
    public static let calls = ["SecAccessControlCreateWithFlags"]

    public init(options: [String: ConfigValue]) {}

    /// What the code does with the result (the Swift rule's `Handling`, found in the Objective-C tree).
    private struct Handling {
        var checked = false
        var failureBranches: [ObjCStmt] = []
        /// Inserted where `NULL` raises (the Swift rule's force-unwrap: a crash).
        var forced: (text: String, place: String?)?
        /// Put under `kSecAttrAccessControl` where `NULL` leaves the entry out.
        var inQuery: (text: String, place: String?)?
    }

    /// The local holding the result.
    private struct Variable {
        let name: String
        let scope: ObjCBodyFacts.Span
        /// The declarator or the assignment that stores the result.
        let store: ObjCBodyFacts.Span
    }

    public func check(_ call: ObjCCallSite, in context: ObjCRuleContext) {
        guard call.kind == .function, case .call(let function) = call.expression.kind,
              let body = context.resolver.body(containing: call.range.start.offset)
        else { return }
        let facts = ObjCBodyFacts.of(body, in: context)
        let callSpan = ObjCBodyFacts.Span(call.range)
        var handling = Handling()
        let errorName = function.arguments.count > 3 ? Self.errorVariable(function.arguments[3]) : nil

        var variable: Variable?
        if let insertion = facts.insertions[callSpan] {
            // Written straight into a dictionary: nothing can check it.
            classify(insertion, text: "SecAccessControlCreateWithFlags(…)", place: nil, in: context, into: &handling)
        } else {
            switch facts.slots[callSpan] {
            case .initializer(let name, let declarator):
                if let scope = facts.scope(ofDeclarator: declarator) {
                    variable = Variable(name: name, scope: scope, store: ObjCBodyFacts.Span(declarator))
                }
            case .assigned(let target, let assignment, _):
                // A local only: an instance variable or property is used by other methods.
                if let name = target.strippingCastsAndParentheses.identifierName,
                   let scope = facts.localScope(of: name, at: assignment.range.start.offset) {
                    variable = Variable(name: name, scope: scope, store: ObjCBodyFacts.Span(assignment.range))
                    // `if ((access = SecAccessControlCreateWithFlags(…)))`.
                    if facts.tested.contains(ObjCBodyFacts.Span(assignment.range)) { handling.checked = true }
                }
            case .statement, nil:
                break
            }
        }
        if let variable {
            analyzeUses(of: variable, facts: facts, in: context, into: &handling)
            if let errorName, Self.errorCheckedBeforeUse(of: variable, error: errorName, facts: facts) {
                handling.checked = true
            }
        }
        // `if (error) { … }` runs exactly when the creation failed: Security sets the error
        // whenever it returns NULL.
        if let errorName {
            for statement in facts.ifs(mentioning: errorName) where statement.range.start.offset >= call.range.end.offset {
                guard let polarity = Self.nullPolarity(statement.condition, matches: { $0.identifierName == errorName }) else { continue }
                if let branch = polarity == .nullWhenTrue ? statement.otherwise : statement.then {
                    handling.failureBranches.append(branch)
                }
            }
        }

        let failsOpen = handling.failureBranches.lazy.compactMap { Self.failOpenWrite(in: $0, facts: facts, context: context) }.first
        let errorIsNull = function.arguments.count > 3 && ObjCBodyFacts.isNull(function.arguments[3])
        guard let problem = UncheckedAccessControlCreationJudgement.problem(
            failsOpenAt: failsOpen, forced: handling.forced, inQuery: handling.inQuery, checked: handling.checked,
            errorArgumentIsNil: errorIsNull)
        else { return }
        let severity: Severity?
        if case .discardedError = problem { severity = .low } else { severity = nil }
        context.report(at: call.range, message: UncheckedAccessControlCreationJudgement.message(problem, spelling: .c), severity: severity)
    }

    /// Each use of the local after the store: a test (`if (access)`, `!access`, `access == NULL`)
    /// checks it and may give a failure branch; a dictionary insertion uses it unchecked.
    private func analyzeUses(of variable: Variable, facts: ObjCBodyFacts, in context: ObjCRuleContext, into handling: inout Handling) {
        for use in facts.uses(of: variable.name, after: variable.store.end, in: variable.scope) where !facts.notReads.contains(use.start) {
            if facts.tested.contains(use) { handling.checked = true }
            if let insertion = facts.insertions[use] {
                classify(insertion, text: ObjCValueResolver.shortText(context.resolver.text(insertion.value.range)),
                         place: "line \(insertion.value.range.start.line)", in: context, into: &handling)
            }
        }
        for statement in facts.ifs(mentioning: variable.name) where variable.scope.contains(statement.range.start.offset) {
            // After the store, or `if ((access = SecAccessControlCreateWithFlags(…)))` itself.
            guard statement.range.start.offset >= variable.store.end
                || ObjCBodyFacts.Span(statement.condition.range).contains(variable.store.start) else { continue }
            let polarity = Self.nullPolarity(statement.condition) { expression in
                expression.identifierName == variable.name || ObjCBodyFacts.Span(expression.range) == variable.store
            }
            guard let polarity else { continue }
            handling.checked = true
            if let branch = polarity == .nullWhenTrue ? statement.then : statement.otherwise {
                handling.failureBranches.append(branch)
            }
        }
    }

    private func classify(
        _ insertion: ObjCBodyFacts.Insertion, text: String, place: String?, in context: ObjCRuleContext, into handling: inout Handling
    ) {
        if insertion.raises {
            if handling.forced == nil { handling.forced = (text, place) }
        } else if handling.inQuery == nil, Self.keyNames(insertion.key, in: context).contains("kSecAttrAccessControl") {
            handling.inQuery = (text, place)
        }
    }

    private static func keyNames(_ key: ObjCExpr, in context: ObjCRuleContext) -> Set<String> {
        Set(context.resolve(key).values.compactMap { SecItemKeys.keyName($0.value) })
    }

    /// `error` in `&error` (casts allowed).
    static func errorVariable(_ argument: ObjCExpr) -> String? {
        guard case .prefix(.addressOf, let operand) = argument.strippingCastsAndParentheses.kind else { return nil }
        return operand.strippingCastsAndParentheses.identifierName
    }

    enum NullPolarity {
        /// The condition holds when the value is NULL (`!access`, `access == NULL`).
        case nullWhenTrue
        /// The condition holds when it is not (`access`, `access != nil`).
        case nullWhenFalse
    }

    /// How a whole condition tests the value `matches` recognises, if it does.
    static func nullPolarity(_ condition: ObjCExpr, matches: (ObjCExpr) -> Bool) -> NullPolarity? {
        let condition = ObjCBodyFacts.value(condition)
        if matches(condition) { return .nullWhenFalse }
        switch condition.kind {
        case .prefix(.logicalNot, let operand):
            return nullPolarity(operand, matches: matches).map { $0 == .nullWhenTrue ? .nullWhenFalse : .nullWhenTrue }
        case .binary(let operation, let left, let right) where operation == .equal || operation == .notEqual:
            let tested = ObjCBodyFacts.isNull(right) ? left : ObjCBodyFacts.isNull(left) ? right : nil
            guard let tested, matches(ObjCBodyFacts.value(tested)) else { return nil }
            return operation == .equal ? .nullWhenTrue : .nullWhenFalse
        default:
            return nil
        }
    }

    /// `CFErrorRef error = NULL; access = SecAccessControlCreateWithFlags(…, &error);` followed,
    /// before `access` is used, by `if (error) { … return …; }`: Security sets the error
    /// whenever it returns NULL, so the result is known not to be NULL where it is used.
    private static func errorCheckedBeforeUse(of variable: Variable, error: String, facts: ObjCBodyFacts) -> Bool {
        for statement in facts.statements(after: variable.store.start) {
            if case .if(let condition, let then, _) = statement.kind, facts.mentions(condition.range, error),
               !facts.mentions(condition.range, variable.name), ObjCBodyFacts.leaves(then) {
                return true
            }
            // The result is used before any check of the error.
            if facts.mentions(statement.range, variable.name) { return false }
        }
        return false
    }

    /// Where a failure branch writes `kSecAttrAccessible` into a dictionary, as "line N".
    private static func failOpenWrite(in branch: ObjCStmt, facts: ObjCBodyFacts, context: ObjCRuleContext) -> String? {
        facts.insertionKeys(in: branch.range).first { keyNames($0, in: context).contains("kSecAttrAccessible") }.map { "line \($0.range.start.line)" }
    }

    public static let description = RuleDescription.objectiveC(
        of: UncheckedAccessControlCreationRule.description,
        summary:
            "The SecAccessControlRef that SecAccessControlCreateWithFlags returns is inserted into a dictionary without a NULL check (a crash, or a query without its access control), or its failure branch stores the item with plain kSecAttrAccessible (fails open); low when only the error argument is NULL.",
        whatItDoes: """
            Looks at what Objective-C code does with the `SecAccessControlRef` that \
            `SecAccessControlCreateWithFlags` returns (`NULL` when Security rejects the flags or \
            protection), directly or through the local it is stored in. Medium: the result is inserted \
            without a NULL check where `NULL` raises — an `@{…}` literal, `setObject:forKey:`, \
            `CFDictionaryAddValue`/`CFDictionarySetValue` — which crashes the app (the Swift rule's \
            force-unwrap); or it is put under `kSecAttrAccessControl` where `NULL` leaves the entry out — \
            `query[(__bridge id)kSecAttrAccessControl] = (__bridge id)access`, `setValue:forKey:`, \
            `dictionaryWithObjectsAndKeys:` — and is never checked; or the branch that runs when it is \
            `NULL` (`if (!access)`, the `else` of `if (access)`, `if (error)`) writes a plain \
            `kSecAttrAccessible`, so the item is stored without its access control (fails open). Low: \
            the result is checked but the error argument is `NULL`, so the reason for a failure is lost.
            """,
        whyItMatters: """
            `SecAccessControlCreateWithFlags` returns NULL with errSecParam for rejected flags or an invalid \
            protection, and for other failures. Inserting NULL into an `@{…}` literal or with \
            `setObject:forKey:` raises an exception that crashes the app. A subscript assignment or \
            `setValue:forKey:` with NULL silently removes the entry: the query carries no access control, \
            so the item is stored with the default accessibility and no user authentication (or the add \
            fails) without anyone learning why. A fallback to `kSecAttrAccessible` is worse still by \
            design: the secret is stored successfully but without the biometry or passcode protection the \
            code asked for — an attacker only needs to make creation fail. Without the error, none of this \
            shows up in logs.
            """,
        whatToDoInstead: """
            Pass `&error`, test the result (`if (access == NULL) { NSError *reason = CFBridgingRelease(error); … \
            return …; }`), log or return the error, and fail closed: do not store the secret when the \
            access control cannot be created. Release the result (`CFRelease`, or `__bridge_transfer` \
            into the dictionary) once it is in the query.
            """,
        fixSafety: """
            Adding a NULL check changes control flow: the failure must be handled (returned or reported), \
            which a mechanical fix cannot decide. Not automatic.
            """,
        remediation:
            "Test the result for NULL before inserting it, pass &error and log it, and do not store the item when the access control cannot be created (fail closed).",
        notes: [
            "Objective-C has no force-unwrap: the crash the Swift rule reports for `access!` happens here when a NULL result is inserted into an `NSDictionary` literal or with `setObject:forKey:` (an exception) or `CFDictionaryAddValue`/`SetValue` (a NULL retain). Such an insertion of the call itself is always reported; one through a local only when the local is never tested.",
            "A subscript assignment, `setValue:forKey:` or `setObject:forKeyedSubscript:` with NULL removes the key, and a NULL in `dictionaryWithObjectsAndKeys:` ends its list: the item is then stored without the access control. This is the Swift rule's Optional-in-the-query finding, reported under `kSecAttrAccessControl` only.",
            "A local counts as checked when it is tested after the store (`if (access)`, `!access`, `access == NULL`/`nil`/`0`, an operand of `&&`/`||`, a `?:` condition), even after its use (precision first), or when, before its first use, an `if` on the error out-parameter leaves (`return`, `@throw`, `goto`, `abort()`): Security sets the error whenever it returns NULL.",
            "Failure branches are those of a whole condition testing the result (`if (!access)`, `if (access == NULL)`, the `else` of `if (access)`) and of one testing the error out-parameter (`if (error)`, the `else` of `if (!error)`). Fails open means such a branch writes `kSecAttrAccessible` into a dictionary.",
            "A result that is returned, passed to a function or message, or stored in an instance variable or property is not judged here; nor is a second variable it is bridged into (`id object = CFBridgingRelease(access)`).",
            "The low-severity case needs a check of the result and a `NULL`/`nil`/`0` error argument; `&error` (even if then ignored) is not flagged.",
        ],
        examples: examples)

    private static func message(_ problem: UncheckedAccessControlCreationJudgement.Problem) -> String {
        UncheckedAccessControlCreationJudgement.message(problem, spelling: .c)
    }

    static let examples: [RuleExample] = [
        .triggeringObjC(
            "The result inserted unchecked into a dictionary literal, and the call itself into setObject:forKey:",
            """
            @implementation Keychain
            - (OSStatus)saveSecret:(NSData *)secret {
                CFErrorRef error = NULL;
                SecAccessControlRef access = ↓SecAccessControlCreateWithFlags(kCFAllocatorDefault,
                    kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, kSecAccessControlBiometryCurrentSet, &error);
                NSDictionary *query = @{
                    (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                    (__bridge id)kSecValueData: secret,
                    (__bridge id)kSecAttrAccessControl: (__bridge_transfer id)access,
                };
                return SecItemAdd((__bridge CFDictionaryRef)query, NULL);
            }
            - (void)prepare:(NSMutableDictionary *)query {
                [query setObject:(__bridge_transfer id)↓SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
                    kSecAccessControlBiometryCurrentSet, NULL) forKey:(__bridge id)kSecAttrAccessControl];
            }
            @end
            """,
            messages: [
                message(.forced(text: "(__bridge_transfer id)access", place: "line 9")),
                message(.forced(text: "SecAccessControlCreateWithFlags(…)", place: nil)),
            ],
            alsoTriggers: ["objc.biometric_item_not_device_bound"]),
        .triggeringObjC(
            "A subscript assignment that drops the entry when the result is NULL; the error looked at without leaving",
            """
            OSStatus store(NSMutableDictionary *query) {
                CFErrorRef error = NULL;
                SecAccessControlRef access = ↓SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
                    kSecAccessControlBiometryCurrentSet, &error);
                if (error) {
                    NSLog(@"access control: %@", error);
                }
                query[(__bridge id)kSecAttrAccessControl] = (__bridge id)access;
                return SecItemAdd((__bridge CFDictionaryRef)query, NULL);
            }
            """,
            messages: [message(.optionalInQuery(text: "(__bridge id)access", place: "line 8"))],
            alsoTriggers: ["objc.biometric_item_not_device_bound"]),
        .triggeringObjC(
            "Failure branches that store the item with plain kSecAttrAccessible (fails open)",
            """
            @implementation Keychain
            - (OSStatus)storeToken:(NSData *)token {
                NSMutableDictionary *query = [@{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                                 (__bridge id)kSecValueData: token } mutableCopy];
                SecAccessControlRef access = ↓SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                    kSecAccessControlBiometryCurrentSet, NULL);
                if (access) {
                    query[(__bridge id)kSecAttrAccessControl] = (__bridge_transfer id)access;
                } else {
                    query[(__bridge id)kSecAttrAccessible] = (__bridge id)kSecAttrAccessibleWhenUnlocked;
                }
                return SecItemAdd((__bridge CFDictionaryRef)query, NULL);
            }
            - (OSStatus)storeKey:(NSMutableDictionary *)query {
                CFErrorRef error = NULL;
                SecAccessControlRef access = ↓SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                    kSecAccessControlBiometryCurrentSet, &error);
                if (error != NULL) {
                    [query setObject:(__bridge id)kSecAttrAccessibleAfterFirstUnlock forKey:(__bridge id)kSecAttrAccessible];
                } else {
                    [query setObject:(__bridge_transfer id)access forKey:(__bridge id)kSecAttrAccessControl];
                }
                return SecItemAdd((__bridge CFDictionaryRef)query, NULL);
            }
            @end
            """,
            messages: [message(.failsOpen(place: "line 10")), message(.failsOpen(place: "line 19"))]),
        .triggeringObjC(
            "Checked for NULL, but the error argument is NULL (low)",
            """
            SecAccessControlRef makeAccess(void) {
                SecAccessControlRef access = ↓SecAccessControlCreateWithFlags(kCFAllocatorDefault,
                    kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, kSecAccessControlBiometryCurrentSet, NULL);
                if (access == NULL) {
                    return NULL;
                }
                return access;
            }
            """,
            messages: [message(.discardedError)]),
        .nonTriggeringObjC(
            "Result and error tested before the insertion, failing closed",
            """
            @implementation Keychain
            - (void)addItem:(NSData *)secret {
                CFErrorRef error = NULL;
                SecAccessControlRef sacObject = SecAccessControlCreateWithFlags(kCFAllocatorDefault,
                    kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, kSecAccessControlBiometryCurrentSet, &error);
                if (sacObject == NULL || error != NULL) {
                    NSLog(@"can't create sacObject: %@", error);
                    return;
                }
                NSDictionary *attributes = @{
                    (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                    (__bridge id)kSecAttrService: @"SampleService",
                    (__bridge id)kSecValueData: secret,
                    (__bridge id)kSecAttrAccessControl: (__bridge_transfer id)sacObject,
                };
                dispatch_async(dispatch_get_global_queue(DISPATCH_QUEUE_PRIORITY_DEFAULT, 0), ^(void) {
                    OSStatus status = SecItemAdd((__bridge CFDictionaryRef)attributes, nil);
                    NSLog(@"%d", (int)status);
                });
            }
            @end
            """),
        .nonTriggeringObjC(
            "The error out-parameter checked, and the method leaving, before the result is used",
            """
            @implementation Keychain
            - (void)insert:(NSMutableDictionary *)attributes flags:(SecAccessControlCreateFlags)flags reject:(void (^)(NSError *))reject {
                CFErrorRef error = NULL;
                SecAccessControlRef sacRef = SecAccessControlCreateWithFlags(kCFAllocatorDefault,
                    kSecAttrAccessibleWhenUnlockedThisDeviceOnly, flags, &error);
                if (error) {
                    NSError *nsError = (__bridge NSError *)error;
                    return reject(nsError);
                }
                attributes[(__bridge NSString *)kSecAttrAccessControl] = (__bridge id)sacRef;
            }
            @end
            """),
        .nonTriggeringObjC(
            "A failure branch that fails closed, a result handed back or passed on, and an assignment tested in the condition",
            """
            BOOL save(NSMutableDictionary *query) {
                CFErrorRef error = NULL;
                SecAccessControlRef access = SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                    kSecAccessControlBiometryCurrentSet, &error);
                if (!access) {
                    SecItemDelete((__bridge CFDictionaryRef)@{ (__bridge id)kSecAttrService: @"token" });
                    return NO;
                }
                query[(__bridge id)kSecAttrAccessControl] = (__bridge_transfer id)access;
                return SecItemAdd((__bridge CFDictionaryRef)query, NULL) == errSecSuccess;
            }
            SecAccessControlRef makeAccess(CFErrorRef *error) {
                return SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                    kSecAccessControlBiometryCurrentSet, error);
            }
            @implementation Vault
            - (BOOL)protect:(NSMutableDictionary *)query {
                CFErrorRef error = NULL;
                SecAccessControlRef access = NULL;
                if ((access = SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                        kSecAccessControlBiometryCurrentSet, &error))) {
                    query[(__bridge id)kSecAttrAccessControl] = (__bridge_transfer id)access;
                    return YES;
                }
                [self useAccess:SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                    kSecAccessControlBiometryCurrentSet, &error)];
                return NO;
            }
            @end
            """,
            alsoTriggers: ["objc.unchecked_keychain_status"]),
    ]
}
