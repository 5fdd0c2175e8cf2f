import KeychainLintCore
import KeychainLintModel
import KeychainLintRuleKit
import KeychainLintObjC

/// `objc.unchecked_keychain_status` — `swift.unchecked_keychain_status`'s judgement on
/// Objective-C code: a SecItem status or a SecKeyCreateRandomKey key that is thrown away.
public struct ObjCUncheckedKeychainStatusRule: ObjCRule {
    public static let calls = UncheckedKeychainStatusJudgement.statusCalls.sorted() + [UncheckedKeychainStatusJudgement.keyCall]

    public init(options: [String: ConfigValue]) {}

    public func check(_ call: ObjCCallSite, in context: ObjCRuleContext) {
        guard call.kind == .function, case .call(let function) = call.expression.kind,
              let body = context.resolver.body(containing: call.range.start.offset)
        else { return }
        let facts = ObjCBodyFacts.of(body, in: context)
        let use = Self.use(of: call.expression, facts)
        guard use != .used else { return }
        if call.name == UncheckedKeychainStatusJudgement.keyCall {
            // The failure is still noticed when the error out-parameter is read afterwards.
            if let error = Self.errorVariable(of: function) {
                guard let scope = facts.localScope(of: error, at: call.range.start.offset) else { return }
                if facts.isRead(error, storedAt: ObjCBodyFacts.Span(call.range), in: scope) { return }
            }
            context.report(at: function.callee.range, message: UncheckedKeychainStatusJudgement.keyMessage(use, spelling: .c))
            return
        }
        context.report(at: function.callee.range, message: UncheckedKeychainStatusJudgement.statusMessage(call.name, use))
    }

    /// How the call's result is used: a statement of its own (`SecItemDelete(q);`,
    /// `(void)SecItemAdd(q, NULL);`), a local that nothing reads afterwards, or anything else.
    static func use(of call: ObjCExpr, _ facts: ObjCBodyFacts) -> UncheckedKeychainStatusJudgement.Use {
        let span = ObjCBodyFacts.Span(call.range)
        switch facts.slots[span] {
        case .statement:
            return .discarded
        case .initializer(let name, let declarator):
            guard let scope = facts.scope(ofDeclarator: declarator) else { return .used }
            return facts.isRead(name, storedAt: ObjCBodyFacts.Span(declarator), in: scope) ? .used : .storedUnread(name)
        case .assigned(let target, let assignment, true):
            // Only a local's value is judged: an instance variable, a property, a global or an
            // out-parameter (`*status = …`) is read elsewhere.
            guard let name = target.strippingCastsAndParentheses.identifierName,
                  let scope = facts.localScope(of: name, at: assignment.range.start.offset)
            else { return .used }
            return facts.isRead(name, storedAt: ObjCBodyFacts.Span(assignment.range), in: scope) ? .used : .storedUnread(name)
        case .assigned, nil:
            return .used
        }
    }

    /// `error` in `SecKeyCreateRandomKey(attributes, &error)` (casts allowed).
    static func errorVariable(of call: ObjCFunctionCall) -> String? {
        guard call.arguments.count > 1, case .prefix(.addressOf, let operand) = call.arguments[1].strippingCastsAndParentheses.kind else {
            return nil
        }
        return operand.strippingCastsAndParentheses.identifierName
    }

    public static let description = RuleDescription.objectiveC(
        of: UncheckedKeychainStatusRule.description,
        summary:
            "The OSStatus of SecItemAdd/SecItemUpdate/SecItemDelete/SecItemCopyMatching, or the key of SecKeyCreateRandomKey, is discarded, so a Keychain failure goes unnoticed.",
        whatItDoes: """
            Flags `SecItemAdd`, `SecItemUpdate`, `SecItemDelete` and `SecItemCopyMatching` calls in \
            Objective-C whose `OSStatus` is thrown away — a statement of its own (`SecItemDelete(query);`), \
            `(void)SecItemAdd(…)` — or stored in a local variable that nothing reads afterwards, and \
            `SecKeyCreateRandomKey` calls whose returned `SecKeyRef` is thrown away the same ways.
            """,
        whatToDoInstead: """
            Compare the status with `errSecSuccess` and handle the failures that matter \
            (`errSecDuplicateItem` → `SecItemUpdate`, `errSecItemNotFound` on delete is often fine, \
            `errSecUserCanceled`/`errSecAuthFailed` on reads); return or report the rest. For \
            `SecKeyCreateRandomKey`, `SecKeyRef key = SecKeyCreateRandomKey(attributes, &error); if (key == NULL) \
            { NSError *reason = CFBridgingRelease(error); … }`.
            """,
        remediation:
            "Compare the OSStatus with errSecSuccess and handle failures (errSecDuplicateItem → update); check SecKeyCreateRandomKey's result for NULL.",
        notes: [
            "A status stored in a local variable counts as checked when the variable is read after the store within its scope (a comparison, an `NSLog`, a `return`, passing it on, `switch (status)`), or anywhere in a loop around the store (the next iteration reads it). Unlike the Swift rule, which counts a read anywhere in the variable's scope, a read before the store does not count, and a status overwritten by a later statement of the same block (`status = SecItemAdd(…);` after `status = SecItemDelete(…);`) before any read is reported: that status is never looked at. Writes and `(void)status;` are not reads.",
            "Only locals are judged: a status assigned to an instance variable, a property, a global or through an out-parameter (`*outStatus = SecItemAdd(…)`) is read elsewhere. A status returned, passed to a function or message, or used in a condition is used.",
            "A discarded SecKeyCreateRandomKey result is not reported when the error out-parameter (`&error`, casts allowed) is read afterwards, or is not a local (an instance variable someone else reads).",
            "Only C calls are judged; a method of your own named like a Security function (`[keychain SecItemAdd:…]`) is not.",
        ],
        examples: examples)

    private static func status(_ name: String, _ use: UncheckedKeychainStatusJudgement.Use) -> String {
        UncheckedKeychainStatusJudgement.statusMessage(name, use)
    }

    static let examples: [RuleExample] = [
        .triggeringObjC(
            "A bare statement and a (void) cast throw the status away",
            """
            @implementation Keychain
            - (void)saveToken:(NSData *)token {
                NSDictionary *query = @{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword, (__bridge id)kSecValueData: token };
                ↓SecItemDelete((__bridge CFDictionaryRef)query);
                (void)↓SecItemAdd((__bridge CFDictionaryRef)query, NULL);
            }
            void wipe(NSDictionary *query) { if (query) ↓SecItemDelete((__bridge CFDictionaryRef)query); }
            @end
            """,
            messages: [
                status("SecItemDelete", .discarded), status("SecItemAdd", .discarded), status("SecItemDelete", .discarded),
            ]),
        .triggeringObjC(
            "A status stored in a local that is never read, and one overwritten before it is read",
            """
            void update(NSDictionary *query, NSDictionary *attributes) {
                OSStatus status = ↓SecItemUpdate((__bridge CFDictionaryRef)query, (__bridge CFDictionaryRef)attributes);
                OSStatus deleted;
                deleted = ↓SecItemDelete((__bridge CFDictionaryRef)query);
                deleted = SecItemAdd((__bridge CFDictionaryRef)attributes, NULL);
                NSLog(@"add: %d", (int)deleted);
            }
            """,
            messages: [status("SecItemUpdate", .storedUnread("status")), status("SecItemDelete", .storedUnread("deleted"))]),
        .triggeringObjC(
            "A read whose status is dropped, and a key whose result and error are both ignored",
            """
            NSData *load(NSDictionary *query) {
                CFTypeRef result = NULL;
                ↓SecItemCopyMatching((__bridge CFDictionaryRef)query, &result);
                return (__bridge_transfer NSData *)result;
            }
            void makeKey(NSDictionary *attributes) {
                CFErrorRef error = NULL;
                SecKeyRef key = ↓SecKeyCreateRandomKey((__bridge CFDictionaryRef)attributes, &error);
                ↓SecKeyCreateRandomKey((__bridge CFDictionaryRef)attributes, NULL);
            }
            """,
            messages: [
                status("SecItemCopyMatching", .discarded),
                UncheckedKeychainStatusJudgement.keyMessage(.storedUnread("key"), spelling: .c),
                UncheckedKeychainStatusJudgement.keyMessage(.discarded, spelling: .c),
            ]),
        .nonTriggeringObjC(
            "A status assigned in both branches of #if / #else and read after #endif (no build compiles both)",
            """
            @implementation Store
            - (BOOL)deleteItem:(NSDictionary *)query {
                OSStatus status = errSecParam;
            #if TARGET_OS_IPHONE
                status = SecItemDelete((__bridge CFDictionaryRef)query);
            #else
                status = SecItemCopyMatching((__bridge CFDictionaryRef)query, NULL);
            #endif
                return status == errSecSuccess;
            }
            @end
            """),
        .nonTriggeringObjC(
            "The status compared, switched on, returned, logged or passed on; errSecDuplicateItem handled by updating",
            """
            @implementation Keychain
            - (BOOL)save:(NSDictionary *)query attributes:(NSDictionary *)attributes {
                OSStatus status = SecItemAdd((__bridge CFDictionaryRef)query, NULL);
                if (status == errSecDuplicateItem) {
                    OSStatus updated = SecItemUpdate((__bridge CFDictionaryRef)query, (__bridge CFDictionaryRef)attributes);
                    return updated == errSecSuccess;
                }
                switch (SecItemDelete((__bridge CFDictionaryRef)query)) {
                    case errSecSuccess: break;
                    default: NSLog(@"delete failed");
                }
                [self log:SecItemDelete((__bridge CFDictionaryRef)query)];
                return status == errSecSuccess;
            }
            OSStatus removeAll(NSDictionary *query) {
                return SecItemDelete((__bridge CFDictionaryRef)query);
            }
            @end
            """),
        .nonTriggeringObjC(
            "A status read by the next iteration of a loop, kept in an instance variable, or written through an out-parameter",
            """
            @implementation Store {
                OSStatus _lastStatus;
            }
            - (void)saveAll:(NSArray<NSDictionary *> *)items status:(OSStatus *)outStatus {
                OSStatus status = errSecSuccess;
                for (NSDictionary *item in items) {
                    if (status != errSecSuccess) { break; }
                    status = SecItemAdd((__bridge CFDictionaryRef)item, NULL);
                }
                _lastStatus = SecItemDelete((__bridge CFDictionaryRef)items.firstObject);
                *outStatus = SecItemDelete((__bridge CFDictionaryRef)items.lastObject);
            }
            @end
            """),
        .nonTriggeringObjC(
            "SecKeyCreateRandomKey's result checked for NULL, or its error read afterwards",
            """
            SecKeyRef makeKey(NSDictionary *attributes) {
                CFErrorRef error = NULL;
                SecKeyRef key = SecKeyCreateRandomKey((__bridge CFDictionaryRef)attributes, &error);
                if (key == NULL) {
                    NSLog(@"%@", CFBridgingRelease(error));
                }
                return key;
            }
            BOOL makePermanentKey(NSDictionary *attributes) {
                CFErrorRef error = NULL;
                SecKeyCreateRandomKey((__bridge CFDictionaryRef)attributes, &error);
                if (error) {
                    CFRelease(error);
                    return NO;
                }
                return YES;
            }
            """),
    ]
}
