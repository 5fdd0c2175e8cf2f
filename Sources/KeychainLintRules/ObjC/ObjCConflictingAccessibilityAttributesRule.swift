import KeychainLintCore
import KeychainLintModel
import KeychainLintRuleKit
import KeychainLintObjC

/// `objc.conflicting_accessibility_attributes` — `swift.conflicting_accessibility_attributes`'
/// judgement on Objective-C code: `kSecAttrAccessible` with `kSecAttrAccessControl` in what is
/// stored, and a synchronizable item with a `…ThisDeviceOnly` accessibility.
public struct ObjCConflictingAccessibilityAttributesRule: ObjCRule {
    public static let calls = ["SecItemAdd", "SecItemUpdate", "SecKeyCreateRandomKey"]

    public init(options: [String: ConfigValue]) {}

    public func check(_ call: ObjCCallSite, in context: ObjCRuleContext) {
        guard let (argument, _) = ObjCStoredQueries.storedArgument(of: call) else { return }
        var reported: Set<String> = []
        for (dictionary, role) in ObjCStoredQueries.storedDictionaries(of: call, in: context) {
            if let accessible = dictionary.entry("kSecAttrAccessible"), let accessControl = dictionary.entry("kSecAttrAccessControl") {
                let message = ConflictingAccessibilityAttributesJudgement.conflictMessage(
                    accessControlAt: accessControl.location.map { QueryJudgement.place($0, from: context.path) }, role: role)
                report(message, at: accessible, snippet: "kSecAttrAccessible with kSecAttrAccessControl", query: dictionary,
                       fallback: argument, reported: &reported, in: context)
            }
            if let synchronizable = dictionary.entry("kSecAttrSynchronizable"), QueryJudgement.isTrue(synchronizable.value),
               let (deviceBound, entry) = ConflictingAccessibilityAttributesJudgement.deviceBoundAccessibility(in: dictionary) {
                let message = ConflictingAccessibilityAttributesJudgement.synchronizableMessage(
                    deviceBound, at: entry.location.map { QueryJudgement.place($0, from: context.path) }, role: role)
                report(message, at: synchronizable, snippet: "kSecAttrSynchronizable: true with \(deviceBound)", query: dictionary,
                       fallback: argument, reported: &reported, in: context)
            }
        }
    }

    /// Reports once per entry (or once per message at the argument when the entry has no place),
    /// with the dictionary's path when it stays in the calling body.
    private func report(
        _ message: String, at entry: KeychainQuery.Entry, snippet: String, query: KeychainQuery, fallback: ObjCExpr,
        reported: inout Set<String>, in context: ObjCRuleContext
    ) {
        let message = message + ObjCStoredQueries.localTrace(query.trace, in: context)
        let confidence: Confidence = query.trace.isEmpty ? .high : .medium
        guard let location = entry.location else {
            guard reported.insert("call|" + message).inserted else { return }
            context.report(at: fallback.range, message: message, confidence: confidence, trace: query.trace)
            return
        }
        guard reported.insert(QueryJudgement.key(location)).inserted else { return }
        context.report(at: location, message: message, confidence: confidence, trace: query.trace, snippet: snippet)
    }

    public static let description = RuleDescription.objectiveC(
        of: ConflictingAccessibilityAttributesRule.description,
        summary:
            "An Objective-C Keychain dictionary holds both kSecAttrAccessible and kSecAttrAccessControl, or is synchronizable with a ThisDeviceOnly accessibility; Security rejects either with errSecParam (-50): the item is never stored.",
        whatItDoes: """
            Resolves every dictionary that can reach `SecItemAdd`, the attributes to update of \
            `SecItemUpdate`, and `SecKeyCreateRandomKey` (the attributes of each key of the pair: the top \
            level with `kSecPrivateKeyAttrs` or `kSecPublicKeyAttrs` over it, as Security merges them) and \
            reports one that holds both `kSecAttrAccessible` and `kSecAttrAccessControl`. The dictionary may \
            be an `@{…}` literal, `dictionaryWithObjectsAndKeys:`, an `NSMutableDictionary` built in steps \
            (`setObject:forKey:`, `query[key] = …`, `CFDictionaryAddValue`/`CFDictionarySetValue`, \
            `addEntriesFromDictionary:`), a `mutableCopy`, or the return of a C function or method of the \
            same file, through bridged casts, locals and branches; keys may be written as the constants or \
            the raw strings Security defines (`@"pdmn"`). The finding is placed on the `kSecAttrAccessible` \
            entry (the literal's key, or the statement that sets it), where the fix is, and the message says \
            where `kSecAttrAccessControl` was set. It also reports a dictionary stored with \
            `kSecAttrSynchronizable` set to `@YES`, `@(YES)`, `@1` or `kCFBooleanTrue` whose accessibility \
            is a `…ThisDeviceOnly` value, as `kSecAttrAccessible` or as the `protection` of its access \
            control, on the `kSecAttrSynchronizable` entry.
            """,
        whatToDoInstead: """
            Delete the `kSecAttrAccessible` entry and pass the accessibility as the `protection` argument of \
            `SecAccessControlCreateWithFlags` (for example `kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly`), \
            then put only `kSecAttrAccessControl` in the dictionary. For a synchronizable item, decide which it \
            is: a secret that must stay on the device (drop `kSecAttrSynchronizable`) or one that may sync (use \
            `kSecAttrAccessibleAfterFirstUnlock` or `kSecAttrAccessibleWhenUnlocked`).
            """,
        remediation:
            "Remove kSecAttrAccessible and pass the accessibility as the protection argument of SecAccessControlCreateWithFlags.",
        notes: [
            "As for Swift, the search dictionary of SecItemUpdate (its first argument) and the queries of SecItemCopyMatching and SecItemDelete only select items and are not checked.",
            "A dictionary built in branches is judged per path: `kSecAttrAccessControl` set in the `if` and `kSecAttrAccessible` in the `else` is not a conflict. `removeObjectForKey:` and `CFDictionaryRemoveValue` before the call remove the entry.",
            "The access control's value need not be known: the key alone conflicts. The protection of an access control counts for the synchronizable check only when the resolver follows it to `SecAccessControlCreateWithFlags` in the same file.",
            "Dictionaries the file-local resolver cannot follow (a parameter, a property, another file) are not reported; `--verbose` shows where resolution stopped.",
        ],
        examples: examples)

    private static func message(_ role: String, accessControlAt place: String, trace: String = "") -> String {
        ConflictingAccessibilityAttributesJudgement.conflictMessage(accessControlAt: place, role: role) + trace
    }

    static let examples: [RuleExample] = [
        .triggeringObjC(
            "Both keys in an @{…} literal, and in an NSMutableDictionary built in steps",
            """
            void save(NSData *secret, SecAccessControlRef access) {
                NSDictionary *query = @{
                    (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                    (__bridge id)kSecAttrAccessControl: (__bridge id)access,
                    ↓(__bridge id)kSecAttrAccessible: (__bridge id)kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
                    (__bridge id)kSecValueData: secret,
                };
                OSStatus status = SecItemAdd((__bridge CFDictionaryRef)query, NULL);

                NSMutableDictionary *attributes = [[NSMutableDictionary alloc] init];
                [attributes setObject:(__bridge id)kSecClassGenericPassword forKey:(__bridge id)kSecClass];
                [attributes setObject:(__bridge id)access forKey:(__bridge id)kSecAttrAccessControl];
                ↓attributes[(__bridge id)kSecAttrAccessible] = (__bridge id)kSecAttrAccessibleAfterFirstUnlock;
                status = SecItemAdd((__bridge CFDictionaryRef)attributes, NULL);
            }
            """,
            messages: [
                message("the query passed to SecItemAdd", accessControlAt: "line 4", trace: " (via `query` (line 2))"),
                message(
                    "the query passed to SecItemAdd", accessControlAt: "line 12",
                    trace: " (via `attributes` (line 10) → `attributes` set (line 11) → `attributes` set (line 12) → `attributes` set (line 13))"),
            ],
            alsoTriggers: ["objc.unchecked_keychain_status"]),
        .triggeringObjC(
            "dictionaryWithObjectsAndKeys: with a CFDictionary update, and the raw key @\"pdmn\" added in a branch",
            """
            @implementation TokenStore
            - (void)protectToken:(NSDictionary *)search legacy:(BOOL)legacy {
                CFErrorRef error = NULL;
                SecAccessControlRef access = SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                    kSecAccessControlBiometryCurrentSet, &error);
                NSMutableDictionary *update = [NSMutableDictionary dictionaryWithObjectsAndKeys:
                    (__bridge id)access, (__bridge id)kSecAttrAccessControl,
                    nil];
                if (legacy) {
                    ↓CFDictionarySetValue((__bridge CFMutableDictionaryRef)update, CFSTR("pdmn"), CFSTR("ck"));
                }
                SecItemUpdate((__bridge CFDictionaryRef)search, (__bridge CFDictionaryRef)update);
            }
            @end
            """,
            messages: [
                message(
                    "the attributes passed to SecItemUpdate", accessControlAt: "line 7",
                    trace: " (via `update` (line 6) → `access` (line 4) → `update` set (line 10))"),
            ],
            alsoTriggers: ["objc.unchecked_access_control_creation", "objc.unchecked_keychain_status"]),
        .triggeringObjC(
            "SecKeyCreateRandomKey: a top-level kSecAttrAccessible is merged into the private key's attributes",
            """
            static NSDictionary *keyAttributes(SecAccessControlRef access) {
                return @{
                    (__bridge id)kSecAttrKeyType: (__bridge id)kSecAttrKeyTypeECSECPrimeRandom,
                    (__bridge id)kSecAttrTokenID: (__bridge id)kSecAttrTokenIDSecureEnclave,
                    ↓(__bridge id)kSecAttrAccessible: (__bridge id)kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                    (__bridge id)kSecPrivateKeyAttrs: @{ (__bridge id)kSecAttrIsPermanent: @YES,
                                                        (__bridge id)kSecAttrAccessControl: (__bridge id)access },
                };
            }
            SecKeyRef makeKey(SecAccessControlRef access) {
                CFErrorRef error = NULL;
                return SecKeyCreateRandomKey((__bridge CFDictionaryRef)keyAttributes(access), &error);
            }
            """,
            messages: [message("the private key attributes of SecKeyCreateRandomKey", accessControlAt: "line 7")]),
        .triggeringObjC(
            "A synchronizable item whose access control's protection is ThisDeviceOnly",
            """
            void save(NSData *token) {
                SecAccessControlRef access = SecAccessControlCreateWithFlags(kCFAllocatorDefault,
                    kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly, kSecAccessControlUserPresence, NULL);
                NSMutableDictionary *query = [@{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                                 (__bridge id)kSecValueData: token } mutableCopy];
                query[(__bridge id)kSecAttrAccessControl] = (__bridge_transfer id)access;
                ↓query[(__bridge id)kSecAttrSynchronizable] = @YES;
                SecItemAdd((__bridge CFDictionaryRef)query, NULL);
            }
            """,
            messages: [
                ConflictingAccessibilityAttributesJudgement.synchronizableMessage(
                    "kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly", at: "line 6", role: "the query passed to SecItemAdd")
                    + " (via `query` (line 4) → `query` set (line 6) → `query` set (line 7))",
            ],
            // If it were stored, it would leave the device and skip the passcode: other rules' findings.
            alsoTriggers: ["objc.biometric_item_not_device_bound", "objc.unchecked_access_control_creation", "objc.unchecked_keychain_status", "objc.weak_biometric_acl"]),
        .nonTriggeringObjC(
            "Apple's way: only kSecAttrAccessControl; one key per branch; the accessibility removed before the add",
            """
            void save(NSData *secret, SecAccessControlRef access, BOOL protect) {
                NSDictionary *query = @{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                         (__bridge id)kSecAttrAccessControl: (__bridge id)access,
                                         (__bridge id)kSecValueData: secret };
                SecItemAdd((__bridge CFDictionaryRef)query, NULL);

                NSMutableDictionary *attributes = [NSMutableDictionary dictionary];
                if (protect) {
                    attributes[(__bridge id)kSecAttrAccessControl] = (__bridge id)access;
                } else {
                    attributes[(__bridge id)kSecAttrAccessible] = (__bridge id)kSecAttrAccessibleWhenUnlockedThisDeviceOnly;
                }
                SecItemAdd((__bridge CFDictionaryRef)attributes, NULL);

                NSMutableDictionary *upgraded = [query mutableCopy];
                upgraded[(__bridge id)kSecAttrAccessible] = (__bridge id)kSecAttrAccessibleAfterFirstUnlock;
                [upgraded removeObjectForKey:(__bridge id)kSecAttrAccessible];
                SecItemAdd((__bridge CFDictionaryRef)upgraded, NULL);
            }
            """,
            alsoTriggers: ["objc.unchecked_keychain_status"]),
        .nonTriggeringObjC(
            "SecItemUpdate's search dictionary names both keys: it only selects the items to update",
            """
            void reprotect(SecAccessControlRef access, SecAccessControlRef newAccess) {
                NSDictionary *search = @{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                          (__bridge id)kSecAttrAccessible: (__bridge id)kSecAttrAccessibleWhenUnlocked,
                                          (__bridge id)kSecAttrAccessControl: (__bridge id)access };
                NSDictionary *changes = @{ (__bridge id)kSecAttrAccessControl: (__bridge id)newAccess };
                SecItemUpdate((__bridge CFDictionaryRef)search, (__bridge CFDictionaryRef)changes);
                SecItemDelete((__bridge CFDictionaryRef)search);
            }
            """,
            alsoTriggers: ["objc.unchecked_keychain_status"]),
        .nonTriggeringObjC(
            "Synchronizable with an accessibility that may sync, and a ThisDeviceOnly item that does not sync",
            """
            void save(NSData *token) {
                NSDictionary *synced = @{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                          (__bridge id)kSecValueData: token,
                                          (__bridge id)kSecAttrSynchronizable: (__bridge id)kCFBooleanTrue,
                                          (__bridge id)kSecAttrAccessible: (__bridge id)kSecAttrAccessibleAfterFirstUnlock };
                SecItemAdd((__bridge CFDictionaryRef)synced, NULL);
                NSDictionary *local = @{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                         (__bridge id)kSecValueData: token,
                                         (__bridge id)kSecAttrSynchronizable: @NO,
                                         (__bridge id)kSecAttrAccessible: (__bridge id)kSecAttrAccessibleWhenUnlockedThisDeviceOnly };
                SecItemAdd((__bridge CFDictionaryRef)local, NULL);
            }
            """,
            alsoTriggers: ["objc.unchecked_keychain_status"]),
    ]
}
