import KeychainLintAnalysis
import KeychainLintRuleKit
import KeychainLintModel
import KeychainLintCore

/// `unchecked_keychain_status` — discarded Keychain statuses and keys (Apple's sample "Accessing
/// Keychain Items with Face ID or Touch ID": test the status, handle errSecDuplicateItem), in
/// Swift and Objective-C. What the code does with the result (`CheckContext.resultUse(of:)`) is
/// read once, from the locals each front end reads into the model (`ProgramLocals`).
public struct UncheckedKeychainStatusRule: Check {
    public static let calls: [CheckedCall] =
        (UncheckedKeychainStatusJudgement.statusCalls.sorted() + [UncheckedKeychainStatusJudgement.keyCall]).map(CheckedCall.function)

    public init(options: [String: ConfigValue]) {}

    public func check(_ call: ProgramCall, in context: some CheckContext) {
        let use: UncheckedKeychainStatusJudgement.Use
        switch context.resultUse(of: call) {
        case .used: return
        case .discarded: use = .discarded
        case .storedUnread(let name): use = .storedUnread(name)
        }
        let callee = context.callee(of: call)
        if call.name == UncheckedKeychainStatusJudgement.keyCall {
            // The failure is still noticed when the error out-parameter is read apart from the call.
            if context.outParameterUse(1, of: call) == .read { return }
            context.report(at: callee, message: UncheckedKeychainStatusJudgement.keyMessage(use, spelling: context.spelling))
            return
        }
        context.report(at: callee, message: UncheckedKeychainStatusJudgement.statusMessage(call.name, use))
    }

    public static let swiftRule = RuleDescription(
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
                "A status stored in a local variable counts as checked when the variable is read after the store within its scope (a comparison, a `print`, a `throw`, passing it on), anywhere in a loop around the store (the next iteration reads it), or anywhere in a closure or `defer` of its scope (they run at another time than where they are written). A status replaced by a later statement of the same block (`status = SecItemAdd(…)` after `status = SecItemDelete(…)`) before any read is reported: that status is never looked at. Writes and `_ = status` are not reads. Variables of top-level code are globals other files may read, so they are not judged.",
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

    public static let objectiveCRule = RuleDescription.objectiveC(
        of: swiftRule,
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
            "A status stored in a local variable counts as checked when the variable is read after the store within its scope (a comparison, an `NSLog`, a `return`, passing it on, `switch (status)`), anywhere in a loop around the store (the next iteration reads it), or anywhere in a block of its scope (a block runs, or reads a `__block` variable, at another time than where it is written). A read before the store does not count, and a status overwritten by a later statement of the same block (`status = SecItemAdd(…);` after `status = SecItemDelete(…);`) before any read is reported: that status is never looked at. Writes and `(void)status;` are not reads. Both languages read this the same way.",
            "Only locals are judged: a status assigned to an instance variable, a property, a global or through an out-parameter (`*outStatus = SecItemAdd(…)`) is read elsewhere. A status returned, passed to a function or message, or used in a condition is used.",
            "A discarded SecKeyCreateRandomKey result is not reported when the error out-parameter (`&error`, casts allowed) is read afterwards, or is not a local (an instance variable someone else reads).",
            "Only C calls are judged; a method of your own named like a Security function (`[keychain SecItemAdd:…]`) is not.",
        ],
        examples: objectiveCExamples)
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
        .triggering(
            "A status replaced before anything reads it",
            """
            func replace(query: [String: Any], attributes: [String: Any]) -> Bool {
                var status = ↓SecItemDelete(query as CFDictionary)
                status = SecItemAdd(attributes as CFDictionary, nil)
                return status == errSecSuccess
            }
            """,
            messages: [UncheckedKeychainStatusJudgement.statusMessage("SecItemDelete", .storedUnread("status"))]),
        .nonTriggering(
            "A status read by a `defer` or a closure written before the store, or earlier in the loop around it",
            """
            func save(query: [String: Any]) {
                var status = errSecSuccess
                defer { if status != errSecSuccess { print("keychain: \(status)") } }
                status = SecItemAdd(query as CFDictionary, nil)
            }
            func saveLater(query: [String: Any]) -> () -> Bool {
                var status = errSecSuccess
                let succeeded = { status == errSecSuccess }
                status = SecItemAdd(query as CFDictionary, nil)
                return succeeded
            }
            func retry(query: [String: Any]) {
                var status = errSecInteractionNotAllowed
                while status == errSecInteractionNotAllowed {
                    status = SecItemAdd(query as CFDictionary, nil)
                }
            }
            """),
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

// MARK: - Objective-C examples (they run as tests and appear in `explain`)

extension UncheckedKeychainStatusRule {
    private static func status(_ name: String, _ use: UncheckedKeychainStatusJudgement.Use) -> String {
        UncheckedKeychainStatusJudgement.statusMessage(name, use)
    }

    static let objectiveCExamples: [RuleExample] = [
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
            "A status read by a block written before the store, or earlier in the loop around it",
            """
            @implementation Store
            - (void)save:(NSDictionary *)query completion:(void (^)(BOOL))completion {
                __block OSStatus status = errSecSuccess;
                dispatch_block_t report = ^{ completion(status == errSecSuccess); };
                status = SecItemAdd((__bridge CFDictionaryRef)query, NULL);
                report();
            }
            @end
            void retry(NSDictionary *query) {
                OSStatus status = errSecInteractionNotAllowed;
                while (status == errSecInteractionNotAllowed) {
                    status = SecItemAdd((__bridge CFDictionaryRef)query, NULL);
                }
            }
            """),
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
