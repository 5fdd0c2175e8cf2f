import KeychainLintAnalysis
import KeychainLintRuleKit
import KeychainLintModel
import KeychainLintCore

/// `conflicting_accessibility_attributes` — kSecAttrAccessControl is mutually exclusive with
/// kSecAttrAccessible (OWASP MASTG-KNOW-0057), and a synchronizable item cannot be
/// `…ThisDeviceOnly`. In Swift and Objective-C.
public struct ConflictingAccessibilityAttributesRule: Check {
    public static let calls: [CheckedCall] = ["SecItemAdd", "SecItemUpdate", "SecKeyCreateRandomKey"].map(CheckedCall.function)
    public static let swiftInterests: [RuleInterest] = wrapperInterests

    public init(options: [String: ConfigValue]) {}

    public func check(_ call: ProgramCall, in context: some CheckContext) {
        var reported: Set<String> = []
        // The search query of SecItemUpdate only selects items: its attributes are filters, not
        // what the item is stored with.
        for (dictionary, role, argument) in KeychainDictionaries.stored(by: call, in: context) {
            if let accessible = dictionary.entry("kSecAttrAccessible"), let accessControl = dictionary.entry("kSecAttrAccessControl") {
                let reportFile = accessible.location?.file ?? context.path
                let message = ConflictingAccessibilityAttributesJudgement.conflictMessage(
                    accessControlAt: accessControl.location.map { QueryJudgement.place($0, from: reportFile) }, role: role)
                // The two keys conflict whatever their values: which options chose the values says
                // nothing about whether a caller gets both keys.
                report(message, at: accessible, snippet: "kSecAttrAccessible with kSecAttrAccessControl", query: dictionary,
                       fallback: argument, reported: &reported, in: context)
            }
            // `kSecAttrSynchronizable: true` with a `…ThisDeviceOnly` accessibility: an item that is
            // to leave the device through iCloud Keychain and may not leave it.
            if let synchronizable = dictionary.entry("kSecAttrSynchronizable"), QueryJudgement.isTrue(synchronizable.value),
                let (deviceBound, entry) = ConflictingAccessibilityAttributesJudgement.deviceBoundAccessibility(in: dictionary)
            {
                let reportFile = synchronizable.location?.file ?? context.path
                let message = ConflictingAccessibilityAttributesJudgement.synchronizableMessage(
                    deviceBound, at: entry.location.map { QueryJudgement.place($0, from: reportFile) }, role: role)
                report(message, at: synchronizable, snippet: "kSecAttrSynchronizable: true with \(deviceBound)", query: dictionary,
                       fallback: argument, reported: &reported, in: context,
                       remediation: ConflictingAccessibilityAttributesJudgement.synchronizableRemediation,
                       // The accessibility's own option, when it is kSecAttrAccessible's value (an
                       // access control's step may be its flags' option, not its protection's).
                       options: LibraryOptionJudgement.combined(
                           synchronizable.libraryOption, entry.key == "kSecAttrAccessible" ? entry.libraryOption : nil))
            }
        }
    }

    /// Swift wrapper libraries' accessibility with access control.
    public func checkSwift(_ input: RuleInput, in context: RuleContext) {
        if case .memberAccess = input, let setting = WrapperSetting.of(input, role: .synchronizable, in: context) {
            return checkSynchronizableSetting(setting.program, in: context)
        }
        checkWrapper(input, in: context)
    }

    /// Reports a conflict once per call, at the entry's key (or at the argument when the key has
    /// no place), with the dictionary's path when it stays in the calling body. When the two
    /// entries are two options the library offers and no code of the scan combines
    /// (`options`), the finding says a caller that chooses both gets the conflict.
    private func report(
        _ message: String, at entry: KeychainQuery.Entry, snippet: String, query: KeychainQuery, fallback: ProgramExpression,
        reported: inout Set<String>, in context: some CheckContext, remediation: String? = nil,
        options: (TraceStep, TraceStep)? = nil
    ) {
        var message = message
        var confidence: Confidence = query.trace.isEmpty ? .high : .medium
        var remediation = remediation
        if let options {
            let file = entry.location?.file ?? context.path
            message = LibraryOptionJudgement.callerChoosingBoth(options, from: file) + " "
                + ConflictingAccessibilityAttributesJudgement.libraryCombination(message) + LibraryOptionJudgement.libraryPermitsIt
            confidence = LibraryOptionJudgement.confidence
            remediation = LibraryOptionJudgement.remediation
        }
        message += KeychainDictionaries.localTrace(query.trace, in: context)
        guard let location = entry.location else {
            guard reported.insert("call|" + message).inserted else { return }
            context.report(at: fallback, message: message, confidence: confidence, trace: query.trace, remediation: remediation)
            return
        }
        guard reported.insert(QueryJudgement.key(location)).inserted else { return }
        context.report(
            at: location, message: message, confidence: confidence, trace: query.trace, snippet: snippet, remediation: remediation)
    }

    public static let swiftRule = RuleDescription(
        id: "swift.conflicting_accessibility_attributes",
        name: "kSecAttrAccessible together with kSecAttrAccessControl",
        severity: .high,
        confidence: .high,
        resource: "Correctness",
        tags: [],
        summary:
            "A Keychain dictionary holds both kSecAttrAccessible and kSecAttrAccessControl, or is synchronizable with a ThisDeviceOnly accessibility; Security rejects either with errSecParam (-50): the item is never stored.",
        documentation: RuleDocumentation(
            whatItDoes: """
                Resolves every dictionary that can reach `SecItemAdd`, the attributes to update of \
                `SecItemUpdate`, and `SecKeyCreateRandomKey` (the attributes of each key \
                of the pair: the top level with `kSecPrivateKeyAttrs` or `kSecPublicKeyAttrs` over it, as \
                Security merges them) and reports one that holds both `kSecAttrAccessible` and \
                `kSecAttrAccessControl`. The dictionary may be a literal, built by subscript assignments, \
                `updateValue`, `merge`/`merging`, `NSMutableDictionary.setObject(_:forKey:)`, returned by a \
                helper in any file, or passed in by callers; keys may be written in any spelling \
                (`kSecAttrAccessible`, `kSecAttrAccessible as String`, `String(kSecAttrAccessible)`, the raw \
                `"pdmn"`). The finding is placed on the `kSecAttrAccessible` key, where the fix is, and the \
                message says where `kSecAttrAccessControl` was set. It also reports a dictionary stored with \
                `kSecAttrSynchronizable: true` (or `kCFBooleanTrue`) whose accessibility is a `…ThisDeviceOnly` \
                value, as `kSecAttrAccessible` or as the `protection` of its access control, on the \
                `kSecAttrSynchronizable` key.
                """,
            whyItMatters: """
                Security treats the access control as the item's accessibility (it carries its own \
                `protection`), so a second `kSecAttrAccessible` is a conflicting attribute: `SecItemAdd` and \
                `SecItemUpdate` fail with errSecParam (-50), even when both name the same accessibility (OWASP \
                MASTG-KNOW-0057: the two are "mutually exclusive"). The item, often a freshly issued token or key, \
                is silently not stored, and code that does not check the status carries on without it. \
                Likewise Apple's documentation of `kSecAttrSynchronizable` says that a synchronizable item may \
                not use an accessibility incompatible with syncing, namely the `…ThisDeviceOnly` values: such \
                an add fails with errSecParam too.
                """,
            whatToDoInstead: """
                Delete the `kSecAttrAccessible` entry and pass the accessibility as the `protection` argument \
                of `SecAccessControlCreateWithFlags` (for example \
                `kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly`), then put only `kSecAttrAccessControl` in \
                the dictionary. For a synchronizable item, decide which it is: a secret that must stay on the \
                device (drop `kSecAttrSynchronizable`) or one that may sync (use `kSecAttrAccessibleAfterFirstUnlock` \
                or `kSecAttrAccessibleWhenUnlocked`).
                """,
            fixSafety: """
                Removing the `kSecAttrAccessible` entry is safe when the access control's `protection` is the \
                accessibility that was intended; check it, because after the fix that value decides when the \
                item can be read.
                """,
            notes: [
                LibraryOptionNote.pairedOptions,
                "A synchronizable item with a ThisDeviceOnly accessibility is reported here (it is never stored); when it also carries user-authentication flags, swift.biometric_item_not_device_bound reports that it would leave the device: two different problems.",
                "No standards tags are set for this correctness rule: no CWE describes a rejected attribute combination well.",
                "SecItemUpdate's two dictionaries are checked separately: Security parses the search query and the attributes to update each on its own, so `kSecAttrAccessible` in the query (a search criterion) and `kSecAttrAccessControl` in the attributes do not conflict. The search query itself, like the queries of reads and deletes, only selects items and is not checked.",
                "For SecKeyCreateRandomKey, a top-level `kSecAttrAccessible` and a `kSecAttrAccessControl` in `kSecPrivateKeyAttrs` are reported too: Security copies top-level attributes into each key's attributes (`merge_params`), so the stored key gets both.",
                "Every possible dictionary (branches, several callers) is checked; each `kSecAttrAccessible` entry is reported once per call. When the dictionary comes from a helper, a property or a caller, the message does not repeat the path, so every call that uses the helper leads to the same finding.",
                "Confidence is high when the dictionary literal is written at the call, medium when it was resolved through variables or other code.",
                "Dictionaries the resolver cannot follow are not reported; `--verbose` shows where resolution stopped.",
                wrapperNote,
                "A dictionary a method of a settings type builds from the instance's state (`kSecAttrAccessible: accessibility, kSecAttrSynchronizable: synchronizable`) is judged per instance when the instances the method runs on are known (the receivers of its calls, or every instance the scan builds when those are all its code can hold): each instance's accessibility with its own synchronizable setting, never one instance's with another's. Otherwise (a `var` other code may set, a class that can be subclassed) each entry keeps the values of every instance, and a pair no instance has may be reported.",
            ],
            references: [
                "Apple: kSecAttrAccessControl — https://developer.apple.com/documentation/security/ksecattraccesscontrol",
                "Apple: kSecAttrSynchronizable — https://developer.apple.com/documentation/security/ksecattrsynchronizable",
                "Apple: SecAccessControlCreateWithFlags — https://developer.apple.com/documentation/security/1394452-secaccesscontrolcreatewithflags",
                "Apple: Restricting keychain item accessibility — https://developer.apple.com/documentation/security/restricting-keychain-item-accessibility",
                "OWASP MASTG-KNOW-0057: Keychain Services — https://mas.owasp.org/MASTG/knowledge/ios/MASVS-STORAGE/MASTG-KNOW-0057/ (kSecAttrAccessControl is mutually exclusive with kSecAttrAccessible)",
            ]),
        remediation:
            "Remove kSecAttrAccessible and pass the accessibility as the protection argument of SecAccessControlCreateWithFlags.",
        examples: examples + wrapperExamples)

    public static let objectiveCRule = RuleDescription.objectiveC(
        of: swiftRule,
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
            LibraryOptionNote.pairedOptions,
            "As for Swift, the search dictionary of SecItemUpdate (its first argument) and the queries of SecItemCopyMatching and SecItemDelete only select items and are not checked.",
            "A dictionary built in branches is judged per path: `kSecAttrAccessControl` set in the `if` and `kSecAttrAccessible` in the `else` is not a conflict. `removeObjectForKey:` and `CFDictionaryRemoveValue` before the call remove the entry.",
            "The access control's value need not be known: the key alone conflicts. The protection of an access control counts for the synchronizable check only when the resolver follows it to `SecAccessControlCreateWithFlags` in the same file.",
            "Dictionaries the file-local resolver cannot follow (a parameter, a property, another file) are not reported; `--verbose` shows where resolution stopped.",
            "A dictionary an instance method builds from the instance's state (`_accessibility` and `_synchronizable`) is judged per instance when the instances it is sent to are known (the receivers of its messages, or every instance the scan builds when a header declares it), each instance's accessibility with its own synchronizable setting; otherwise each entry keeps the values of every instance, and a pair no instance has may be reported.",
            ProgramWrapperSetting.objectiveCRecognitionNote,
            "UICKeyChainStore writes `kSecAttrSynchronizable` from its `synchronizable` property on every save: `store.synchronizable = YES` (or `[store setSynchronizable:YES]`) with a …ThisDeviceOnly accessibility given to the same receiver, as written, in the same body (`store.accessibility = …`, `setAccessibility:authenticationPolicy:`) is reported at the switch. Settings made to the instance in other methods, or through another variable holding it, are not put together (no finding). SAMKeychain's `SAMKeychainQuery.synchronizationMode` is not judged: its accessibility is the process-wide `+setAccessibilityType:`, set elsewhere.",
        ],
        examples: objectiveCExamples)
}

// MARK: - Objective-C examples (they run as tests and appear in `explain`)

extension ConflictingAccessibilityAttributesRule {
    private static func objcMessage(_ role: String, accessControlAt place: String, trace: String = "") -> String {
        ConflictingAccessibilityAttributesJudgement.conflictMessage(accessControlAt: place, role: role) + trace
    }

    static let objectiveCExamples: [RuleExample] = [
        .triggering(
            "A library whose public setter takes a ThisDeviceOnly accessibility and iCloud sharing as two options of its own enums, mapped through tables, with no caller in the scan: a caller that chooses both gets the conflict (low confidence)",
            files: [
                "VaultStore.h": """
                    typedef NS_ENUM(NSInteger, VaultProtection) { VaultProtectionUnlocked = 1, VaultProtectionThisDevice };
                    typedef NS_ENUM(NSInteger, VaultSharing) { VaultSharingLocal, VaultSharingICloud };
                    @interface VaultStore : NSObject
                    - (void)setProtection:(VaultProtection)protection sharing:(VaultSharing)sharing;
                    - (OSStatus)save:(NSData *)data;
                    @end
                    """,
                "VaultStore.m": """
                    #import "VaultStore.h"
                    @implementation VaultStore {
                        VaultProtection _protection;
                        VaultSharing _sharing;
                    }
                    - (void)setProtection:(VaultProtection)protection sharing:(VaultSharing)sharing {
                        _protection = protection;
                        _sharing = sharing;
                    }
                    - (OSStatus)save:(NSData *)data {
                        NSDictionary *protections = @{@(VaultProtectionUnlocked): (__bridge id)kSecAttrAccessibleWhenUnlocked,
                                                      @(VaultProtectionThisDevice): (__bridge id)kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly};
                        NSDictionary *sharing = @{@(VaultSharingLocal): @NO, @(VaultSharingICloud): @YES};
                        NSDictionary *query = @{(__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                                (__bridge id)kSecAttrAccessible: protections[@(_protection)],
                                                ↓(__bridge id)kSecAttrSynchronizable: sharing[@(_sharing)],
                                                (__bridge id)kSecValueData: data};
                        return SecItemAdd((__bridge CFDictionaryRef)query, NULL);
                    }
                    @end
                    """,
            ],
            messages: [
                "A caller that chooses both options the library offers (`sharing`, any `VaultSharing` callers of public `setProtection:sharing:` may pass, line 8; `protection`, any `VaultProtection` callers of public `setProtection:sharing:` may pass, line 7) gets `kSecAttrSynchronizable: true` and `kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly` (line 15) together in the query passed to SecItemAdd: a synchronizable item may not be ThisDeviceOnly, so Security rejects it with errSecParam (-50) and the item is never stored; the library offers both options and does not keep them apart, but no code of the scan combines them",
            ]),
        .triggeringObjC(
            "UICKeyChainStore: an instance made synchronizable, given a ThisDeviceOnly accessibility by another statement",
            """
            #import "UICKeyChainStore.h"

            void configure(UICKeyChainStore *store, UICKeyChainStore *local) {
                store.synchronizable = ↓YES;
                store.accessibility = UICKeyChainStoreAccessibilityAfterFirstUnlockThisDeviceOnly;
                [local setSynchronizable:↓YES];
                [local setAccessibility:UICKeyChainStoreAccessibilityWhenUnlockedThisDeviceOnly
                   authenticationPolicy:UICKeyChainStoreAuthenticationPolicyTouchIDCurrentSet];
            }
            """,
            messages: [
                wrapperSynchronizableMessage(
                    "`synchronizable = YES` (UICKeyChainStore)",
                    "`accessibility = UICKeyChainStoreAccessibilityAfterFirstUnlockThisDeviceOnly` (UICKeyChainStore)",
                    "kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly"),
                wrapperSynchronizableMessage(
                    "`synchronizable = YES` (UICKeyChainStore)",
                    "`setAccessibility:UICKeyChainStoreAccessibilityWhenUnlockedThisDeviceOnly` (UICKeyChainStore)",
                    "kSecAttrAccessibleWhenUnlockedThisDeviceOnly"),
            ],
            alsoTriggers: ["objc.biometric_item_not_device_bound"]),
        .nonTriggeringObjC(
            "UICKeyChainStore: a synchronizable instance without a ThisDeviceOnly accessibility; another instance's accessibility",
            """
            #import "UICKeyChainStore.h"

            void configure(UICKeyChainStore *store, UICKeyChainStore *other) {
                store.synchronizable = YES;
                store.accessibility = UICKeyChainStoreAccessibilityAfterFirstUnlock;
                other.accessibility = UICKeyChainStoreAccessibilityWhenUnlockedThisDeviceOnly;
                other.synchronizable = NO;
            }
            """),
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
                objcMessage("the query passed to SecItemAdd", accessControlAt: "line 4", trace: " (via `query` (line 2))"),
                objcMessage(
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
                objcMessage(
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
            messages: [objcMessage("the private key attributes of SecKeyCreateRandomKey", accessControlAt: "line 7")]),
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
        .triggeringObjC(
            "A query a settings class builds from its instance state, judged per instance: the shared policy is synchronizable and ThisDeviceOnly",
            """
            #import <Foundation/Foundation.h>
            #import <Security/Security.h>

            @interface ItemPolicy : NSObject
            @end

            @implementation ItemPolicy {
                CFStringRef _accessibility;
                BOOL _synchronizable;
            }
            - (instancetype)initWithAccessibility:(CFStringRef)accessibility synchronizable:(BOOL)synchronizable {
                self = [super init];
                if (self) {
                    _accessibility = accessibility;
                    _synchronizable = synchronizable;
                }
                return self;
            }
            + (instancetype)sharedPolicy {
                return [[ItemPolicy alloc] initWithAccessibility:kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly synchronizable:YES];
            }
            + (instancetype)localPolicy {
                return [[ItemPolicy alloc] initWithAccessibility:kSecAttrAccessibleWhenUnlockedThisDeviceOnly synchronizable:NO];
            }
            - (OSStatus)saveData:(NSData *)data {
                NSDictionary *query = @{
                    (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                    (__bridge id)kSecAttrAccessible: (__bridge id)_accessibility,
                    ↓(__bridge id)kSecAttrSynchronizable: @(_synchronizable),
                    (__bridge id)kSecValueData: data,
                };
                return SecItemAdd((__bridge CFDictionaryRef)query, NULL);
            }
            @end

            void Store(NSData *token) {
                [[ItemPolicy sharedPolicy] saveData:token];
                [[ItemPolicy localPolicy] saveData:token];
            }
            """,
            messages: [
                ConflictingAccessibilityAttributesJudgement.synchronizableMessage(
                    "kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly", at: "line 28", role: "the query passed to SecItemAdd")
            ]),
        .nonTriggeringObjC(
            "The same class whose synchronizable instance is not ThisDeviceOnly: one instance's accessibility is not paired with another's synchronizable",
            """
            #import <Foundation/Foundation.h>
            #import <Security/Security.h>

            @interface ItemPolicy : NSObject
            @end

            @implementation ItemPolicy {
                CFStringRef _accessibility;
                BOOL _synchronizable;
            }
            - (instancetype)initWithAccessibility:(CFStringRef)accessibility synchronizable:(BOOL)synchronizable {
                self = [super init];
                if (self) {
                    _accessibility = accessibility;
                    _synchronizable = synchronizable;
                }
                return self;
            }
            + (instancetype)sharedPolicy {
                return [[ItemPolicy alloc] initWithAccessibility:kSecAttrAccessibleAfterFirstUnlock synchronizable:YES];
            }
            + (instancetype)localPolicy {
                return [[ItemPolicy alloc] initWithAccessibility:kSecAttrAccessibleWhenUnlockedThisDeviceOnly synchronizable:NO];
            }
            - (OSStatus)saveData:(NSData *)data {
                NSDictionary *query = @{
                    (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                    (__bridge id)kSecAttrAccessible: (__bridge id)_accessibility,
                    (__bridge id)kSecAttrSynchronizable: @(_synchronizable),
                    (__bridge id)kSecValueData: data,
                };
                return SecItemAdd((__bridge CFDictionaryRef)query, NULL);
            }
            @end

            void Store(NSData *token) {
                [[ItemPolicy sharedPolicy] saveData:token];
                [[ItemPolicy localPolicy] saveData:token];
            }
            """),
        .nonTriggeringObjC(
            "A value chosen per mode, read inside a case of a switch over the same mode: only the synchronizable mode's accessibility is in the synchronizable query, and it may sync",
            """
            #import <Foundation/Foundation.h>
            #import <Security/Security.h>

            typedef NS_ENUM(NSInteger, VaultMode) { VaultModeLocal, VaultModeSynced };

            @implementation Vault
            - (CFStringRef)protection {
                switch (self.mode) {
                    case VaultModeLocal: return kSecAttrAccessibleWhenUnlockedThisDeviceOnly;
                    case VaultModeSynced: return kSecAttrAccessibleAfterFirstUnlock;
                }
                return kSecAttrAccessibleWhenUnlocked;
            }

            - (OSStatus)saveToken:(NSData *)token {
                NSMutableDictionary *query = [NSMutableDictionary dictionary];
                query[(__bridge id)kSecClass] = (__bridge id)kSecClassGenericPassword;
                query[(__bridge id)kSecValueData] = token;
                switch (self.mode) {
                    case VaultModeSynced:
                        query[(__bridge id)kSecAttrSynchronizable] = @YES;
                        query[(__bridge id)kSecAttrAccessible] = (__bridge id)[self protection];
                        break;
                    default:
                        query[(__bridge id)kSecAttrAccessible] = (__bridge id)[self protection];
                        break;
                }
                return SecItemAdd((__bridge CFDictionaryRef)query, NULL);
            }
            @end
            """),
        .triggeringObjC(
            "The same shape whose synchronizable mode is itself ThisDeviceOnly",
            """
            #import <Foundation/Foundation.h>
            #import <Security/Security.h>

            typedef NS_ENUM(NSInteger, VaultMode) { VaultModeLocal, VaultModeSynced };

            @implementation Vault
            - (CFStringRef)protection {
                switch (self.mode) {
                    case VaultModeLocal: return kSecAttrAccessibleWhenUnlockedThisDeviceOnly;
                    case VaultModeSynced: return kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly;
                }
                return kSecAttrAccessibleWhenUnlocked;
            }

            - (OSStatus)saveToken:(NSData *)token {
                NSMutableDictionary *query = [NSMutableDictionary dictionary];
                query[(__bridge id)kSecClass] = (__bridge id)kSecClassGenericPassword;
                query[(__bridge id)kSecValueData] = token;
                switch (self.mode) {
                    case VaultModeSynced:
                        ↓query[(__bridge id)kSecAttrSynchronizable] = @YES;
                        query[(__bridge id)kSecAttrAccessible] = (__bridge id)[self protection];
                        break;
                    default:
                        query[(__bridge id)kSecAttrAccessible] = (__bridge id)[self protection];
                        break;
                }
                return SecItemAdd((__bridge CFDictionaryRef)query, NULL);
            }
            @end
            """,
            messages: [
                ConflictingAccessibilityAttributesJudgement.synchronizableMessage(
                    "kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly", at: "line 22", role: "the query passed to SecItemAdd")
                    + " (via `query` (line 16) → `query` set (line 17) → `query` set (line 18) → `query` set (line 21) → `query` set (line 22))"
            ]),
    ]
}


// MARK: - Examples (they run as tests and appear in `explain`)

extension ConflictingAccessibilityAttributesRule {
    private static func message(_ role: String, accessControlAt place: String? = nil, trace: String = "") -> String {
        ConflictingAccessibilityAttributesJudgement.conflictMessage(accessControlAt: place, role: role) + trace
    }

    static let examples: [RuleExample] = [
        .triggering(
            "A library offering a ThisDeviceOnly accessibility and iCloud sharing as two public options that no code of the scan combines: a caller that chooses both gets the conflict (low confidence, the library's fix)",
            files: [
                "Vault.swift": """
                    public enum Protection {
                        case whenUnlocked, thisDeviceOnly
                        var accessible: CFString {
                            switch self {
                            case .whenUnlocked: return kSecAttrAccessibleWhenUnlocked
                            case .thisDeviceOnly: return kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
                            }
                        }
                    }

                    public enum Sharing {
                        case local, iCloud
                        var synchronizable: Bool {
                            switch self {
                            case .local: return false
                            case .iCloud: return true
                            }
                        }
                    }

                    struct VaultOptions {
                        var protection: Protection = .whenUnlocked
                        var sharing: Sharing = .local
                    }

                    public final class Vault {
                        private let options: VaultOptions
                        public convenience init() { self.init(VaultOptions()) }
                        fileprivate init(_ options: VaultOptions) { self.options = options }

                        public func protection(_ protection: Protection) -> Vault {
                            var options = self.options
                            options.protection = protection
                            return Vault(options)
                        }

                        public func sharing(_ sharing: Sharing) -> Vault {
                            var options = self.options
                            options.sharing = sharing
                            return Vault(options)
                        }

                        public func set(_ data: Data) -> OSStatus {
                            let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword,
                                                        kSecAttrAccessible as String: options.protection.accessible,
                                                        ↓kSecAttrSynchronizable as String: options.sharing.synchronizable,
                                                        kSecValueData as String: data]
                            return SecItemAdd(query as CFDictionary, nil)
                        }
                    }
                    """,
            ],
            messages: [
                "A caller that chooses both options the library offers (`.iCloud`, which callers of public `sharing(_:)` may pass, line 12; `.thisDeviceOnly`, which callers of public `protection(_:)` may pass, line 2) gets `kSecAttrSynchronizable: true` and `kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly` (line 45) together in the query passed to SecItemAdd: a synchronizable item may not be ThisDeviceOnly, so Security rejects it with errSecParam (-50) and the item is never stored; the library offers both options and does not keep them apart, but no code of the scan combines them",
            ]),
        .triggering(
            "The same library whose own method chooses both options: a path of its code makes the conflict, which is certain",
            files: [
                "Vault.swift": """
                    public enum Protection {
                        case whenUnlocked, thisDeviceOnly
                        var accessible: CFString {
                            switch self {
                            case .whenUnlocked: return kSecAttrAccessibleWhenUnlocked
                            case .thisDeviceOnly: return kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
                            }
                        }
                    }

                    public enum Sharing {
                        case local, iCloud
                        var synchronizable: Bool {
                            switch self {
                            case .local: return false
                            case .iCloud: return true
                            }
                        }
                    }

                    struct VaultOptions {
                        var protection: Protection = .whenUnlocked
                        var sharing: Sharing = .local
                    }

                    public final class Vault {
                        private let options: VaultOptions
                        public convenience init() { self.init(VaultOptions()) }
                        public static func backup() -> Vault { Vault().protection(.thisDeviceOnly).sharing(.iCloud) }
                        fileprivate init(_ options: VaultOptions) { self.options = options }

                        public func protection(_ protection: Protection) -> Vault {
                            var options = self.options
                            options.protection = protection
                            return Vault(options)
                        }

                        public func sharing(_ sharing: Sharing) -> Vault {
                            var options = self.options
                            options.sharing = sharing
                            return Vault(options)
                        }

                        public func set(_ data: Data) -> OSStatus {
                            let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword,
                                                        kSecAttrAccessible as String: options.protection.accessible,
                                                        ↓kSecAttrSynchronizable as String: options.sharing.synchronizable,
                                                        kSecValueData as String: data]
                            return SecItemAdd(query as CFDictionary, nil)
                        }
                    }
                    """,
            ],
            messages: [
                "`kSecAttrSynchronizable: true` and `kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly` (line 46) are both in the query passed to SecItemAdd: a synchronizable item may not be ThisDeviceOnly, so Security rejects it with errSecParam (-50) and the item is never stored",
            ]),
        .triggering(
            "Both keys in one literal fail with errSecParam even with the same accessibility",
            """
            func save(access: SecAccessControl) {
                let query: [CFString: Any] = [
                    kSecAttrAccessControl: access,
                    ↓kSecAttrAccessible: kSecAttrAccessibleWhenUnlocked,
                    kSecClass: kSecClassGenericPassword,
                ]
                let status = SecItemAdd(query as CFDictionary, nil)  // errSecParam (-50)
                print("status:", status)
            }
            """,
            messages: [message("the query passed to SecItemAdd", accessControlAt: "line 3", trace: " (via `query` (line 2))")]),
        .triggering(
            "Subscript assignments to the same variable, String-cast and String(…) keys",
            """
            func save(token: Data, access: SecAccessControl) -> OSStatus {
                var query = [String: Any]()
                query[kSecClass as String] = kSecClassGenericPassword
                query[kSecValueData as String] = token
                query[String(kSecAttrAccessControl)] = access
                query[↓String(kSecAttrAccessible)] = kSecAttrAccessibleWhenUnlockedThisDeviceOnly
                return SecItemAdd(query as CFDictionary, nil)
            }
            """,
            messages: [message("the query passed to SecItemAdd", accessControlAt: "line 5", trace: " (via `query` (line 2))")]),
        .triggering(
            "A literal plus a later subscript, and the raw key \"pdmn\" in a branch",
            """
            func save(access: SecAccessControl, legacy: Bool) {
                var query: [String: Any] = [kSecClass as String: kSecClassGenericPassword,
                                            kSecAttrAccessControl as String: access]
                if legacy {
                    query[↓"pdmn"] = "ck"
                }
                let status = SecItemAdd(query as CFDictionary, nil)
                print(status)
            }
            """,
            messages: [message("the query passed to SecItemAdd", accessControlAt: "line 3", trace: " (via `query` (line 2) → if `legacy` (line 4))")]),
        .triggering(
            "A base query from a helper in another file, merged with the access control: reported in the helper",
            files: [
                "KeychainQueries.swift": """
                    enum KeychainQueries {
                        static func base(service: String) -> [String: Any] {
                            [kSecClass as String: kSecClassGenericPassword,
                             kSecAttrService as String: service,
                             ↓kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlock]
                        }
                    }
                    """,
                "TokenStore.swift": """
                    func store(token: Data, access: SecAccessControl) {
                        let query = KeychainQueries.base(service: "tokens")
                            .merging([kSecAttrAccessControl as String: access, kSecValueData as String: token]) { $1 }
                        let status = SecItemAdd(query as CFDictionary, nil)
                        guard status == errSecSuccess else { return }
                    }
                    """,
            ],
            messages: [message("the query passed to SecItemAdd", accessControlAt: "TokenStore.swift:3")]),
        .triggering(
            "SecItemUpdate: the attributes to update hold both keys",
            """
            func protect(query: [String: Any], access: SecAccessControl) {
                let attributes: [String: Any] = [↓kSecAttrAccessible as String: kSecAttrAccessibleWhenUnlocked,
                                                 kSecAttrAccessControl as String: access]
                let status = SecItemUpdate(query as CFDictionary, attributes as CFDictionary)
                print(status)
            }
            """,
            messages: [message("the attributes passed to SecItemUpdate", accessControlAt: "line 3", trace: " (via `attributes` (line 2))")]),
        .triggering(
            "SecKeyCreateRandomKey: top-level kSecAttrAccessible is merged into the private key attributes",
            """
            func makeKey(access: SecAccessControl) throws -> SecKey {
                let attributes: NSDictionary = [
                    kSecAttrKeyType: kSecAttrKeyTypeECSECPrimeRandom,
                    kSecAttrTokenID: kSecAttrTokenIDSecureEnclave,
                    ↓kSecAttrAccessible: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                    kSecPrivateKeyAttrs: [kSecAttrIsPermanent: true, kSecAttrAccessControl: access],
                ]
                var error: Unmanaged<CFError>?
                guard let key = SecKeyCreateRandomKey(attributes, &error) else { throw error!.takeRetainedValue() as Error }
                return key
            }
            """,
            messages: [message("the private key attributes of SecKeyCreateRandomKey", accessControlAt: "line 6", trace: " (via `attributes` (line 2))")]),
        .triggering(
            "NSMutableDictionary with setObject(_:forKey:)",
            """
            func save(access: SecAccessControl) {
                let query = NSMutableDictionary()
                query.setObject(kSecClassGenericPassword, forKey: kSecClass as NSString)
                query.setObject(access, forKey: kSecAttrAccessControl as NSString)
                query.setObject(kSecAttrAccessibleWhenUnlocked, forKey: ↓kSecAttrAccessible as NSString)
                let status = SecItemAdd(query, nil)
                print(status)
            }
            """,
            messages: [message("the query passed to SecItemAdd", accessControlAt: "line 4", trace: " (via `query` (line 2))")]),
        .nonTriggering(
            "An access control or an accessibility, never both, in attributes built from many optional pieces",
            """
            func attributes(label: String?, note: String?, group: String?, summary: String?, maker: String?,
                            port: Int?, account: String?, service: String?, access: SecAccessControl?) -> [String: Any] {
                var attributes: [String: Any] = [kSecClass as String: kSecClassGenericPassword]
                if let label { attributes[kSecAttrLabel as String] = label }
                if let note { attributes[kSecAttrComment as String] = note }
                if let group { attributes[kSecAttrAccessGroup as String] = group }
                if let summary { attributes[kSecAttrDescription as String] = summary }
                if let account { attributes[kSecAttrAccount as String] = account }
                if let service { attributes[kSecAttrService as String] = service }
                if let maker { attributes[kSecAttrCreator as String] = maker }
                if let port { attributes[kSecAttrPort as String] = port }
                if let access {
                    attributes[kSecAttrAccessControl as String] = access
                } else {
                    attributes[kSecAttrAccessible as String] = kSecAttrAccessibleWhenUnlockedThisDeviceOnly
                }
                return attributes
            }
            func save(account: String?, service: String?, access: SecAccessControl?) {
                let query = attributes(label: nil, note: nil, group: nil, summary: nil, maker: nil, port: nil,
                                       account: account, service: service, access: access)
                print(SecItemAdd(query as CFDictionary, nil))
            }
            """),
        .nonTriggering(
            "Apple's sample: only kSecAttrAccessControl, the accessibility is the protection argument",
            """
            func add(password: Data, access: SecAccessControl?) throws {
                let query: [String: Any] = [kSecClass as String: kSecClassInternetPassword,
                                            kSecAttrAccessControl as String: access as Any,
                                            kSecValueData as String: password]
                let status = SecItemAdd(query as CFDictionary, nil)
                guard status == errSecSuccess else { throw KeychainError(status: status) }
            }
            """),
        .nonTriggering(
            "Each branch holds only one of the two keys",
            """
            func save(protected: Bool, access: SecAccessControl) {
                var query: [String: Any] = [kSecClass as String: kSecClassGenericPassword]
                if protected {
                    query[kSecAttrAccessControl as String] = access
                } else {
                    query[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
                }
                let status = SecItemAdd(query as CFDictionary, nil)
                print(status)
            }
            """),
        .nonTriggering(
            "The plain accessibility is removed before the access control is added",
            """
            func upgrade(base: [String: Any], access: SecAccessControl) {
                var query = base
                query[kSecAttrAccessible as String] = kSecAttrAccessibleWhenUnlocked
                query.removeValue(forKey: kSecAttrAccessible as String)
                query[kSecAttrAccessControl as String] = access
                let status = SecItemAdd(query as CFDictionary, nil)
                print(status)
            }
            """),
        .nonTriggering(
            "SecItemUpdate: accessibility in the search query, access control in the attributes",
            """
            func migrate(access: SecAccessControl) {
                let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword,
                                            kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlock]
                let attributes: [String: Any] = [kSecAttrAccessControl as String: access]
                let status = SecItemUpdate(query as CFDictionary, attributes as CFDictionary)
                print(status)
            }
            """),
        .nonTriggering(
            "The search query of SecItemUpdate names both keys: it only selects the items to update",
            """
            func reprotect(access: SecAccessControl, newAccess: SecAccessControl) {
                let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword,
                                            kSecAttrAccessible as String: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                                            kSecAttrAccessControl as String: access]
                let attributes: [String: Any] = [kSecAttrAccessControl as String: newAccess]
                print(SecItemUpdate(query as CFDictionary, attributes as CFDictionary))
            }
            """),
        .nonTriggering(
            "Separate dictionaries of one key pair: accessibility on the public key, access control on the private key",
            """
            func makeKey(access: SecAccessControl) -> SecKey? {
                let attributes: [String: Any] = [
                    kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
                    kSecPrivateKeyAttrs as String: [kSecAttrIsPermanent as String: true, kSecAttrAccessControl as String: access],
                    kSecPublicKeyAttrs as String: [kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlock],
                ]
                var error: Unmanaged<CFError>?
                guard let key = SecKeyCreateRandomKey(attributes as CFDictionary, &error) else { return nil }
                return key
            }
            """),
        .nonTriggering(
            "Both keys in a read query and in comments or strings are not an add",
            """
            // query[kSecAttrAccessible] = …; query[kSecAttrAccessControl] = … → SecItemAdd fails with -50
            let help = "Do not put kSecAttrAccessible and kSecAttrAccessControl in one SecItemAdd query"
            func unknown(store: Store) {
                let status = SecItemAdd(store.makeQuery() as CFDictionary, nil)
                print(status)
            }
            """),
        .triggering(
            "A synchronizable item with a ThisDeviceOnly accessibility (Apple: synchronizable items may not be ThisDeviceOnly)",
            """
            func save(token: Data) {
                let query: [String: Any] = [
                    kSecClass as String: kSecClassGenericPassword,
                    kSecValueData as String: token,
                    ↓kSecAttrSynchronizable as String: true,
                    kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
                ]
                print(SecItemAdd(query as CFDictionary, nil))
            }
            """,
            messages: [ConflictingAccessibilityAttributesJudgement.synchronizableMessage(
                "kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly", at: "line 6", role: "the query passed to SecItemAdd")
                + " (via `query` (line 2))"]),
        .triggering(
            "A synchronizable item whose access control's protection is ThisDeviceOnly",
            """
            func save(token: Data) {
                var error: Unmanaged<CFError>?
                guard let access = SecAccessControlCreateWithFlags(
                    nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, &error) else { return }
                var query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecValueData as String: token]
                query[kSecAttrAccessControl as String] = access
                query[↓kSecAttrSynchronizable as String] = kCFBooleanTrue
                print(SecItemAdd(query as CFDictionary, nil))
            }
            """,
            messages: [ConflictingAccessibilityAttributesJudgement.synchronizableMessage(
                "kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly", at: "line 6", role: "the query passed to SecItemAdd")
                + " (via `query` (line 5))"],
            // It would also leave the device if it were stored: a second problem, reported by that rule.
            alsoTriggers: ["swift.biometric_item_not_device_bound"]),
        .nonTriggering(
            "Synchronizable with an accessibility that may sync, or ThisDeviceOnly without sync, or a search for both",
            """
            func save(token: Data, local: Data) {
                let synced: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecValueData as String: token,
                                             kSecAttrSynchronizable as String: true,
                                             kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlock]
                print(SecItemAdd(synced as CFDictionary, nil))
                let deviceOnly: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecValueData as String: local,
                                                 kSecAttrSynchronizable as String: false,
                                                 kSecAttrAccessible as String: kSecAttrAccessibleWhenUnlockedThisDeviceOnly]
                print(SecItemAdd(deviceOnly as CFDictionary, nil))
                let search: [String: Any] = [kSecClass as String: kSecClassGenericPassword,
                                             kSecAttrSynchronizable as String: true,
                                             kSecAttrAccessible as String: kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
                                             kSecReturnData as String: true]
                var item: CFTypeRef?
                print(SecItemCopyMatching(search as CFDictionary, &item))
            }
            """),
        .triggering(
            "A query a settings type builds from its own state, judged per instance: the shared policy is synchronizable and ThisDeviceOnly",
            """
            import Security

            struct ItemPolicy {
                let accessibility: CFString
                let synchronizable: Bool

                static let shared = ItemPolicy(accessibility: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly, synchronizable: true)
                static let local = ItemPolicy(accessibility: kSecAttrAccessibleWhenUnlockedThisDeviceOnly, synchronizable: false)

                func save(_ data: Data, account: String) -> OSStatus {
                    let query: [String: Any] = [
                        kSecClass as String: kSecClassGenericPassword,
                        kSecAttrAccount as String: account,
                        kSecAttrAccessible as String: accessibility,
                        ↓kSecAttrSynchronizable as String: synchronizable,
                        kSecValueData as String: data,
                    ]
                    return SecItemAdd(query as CFDictionary, nil)
                }
            }

            func store(_ token: Data) {
                _ = ItemPolicy.shared.save(token, account: "sync")
                _ = ItemPolicy.local.save(token, account: "local")
            }
            """,
            messages: [
                ConflictingAccessibilityAttributesJudgement.synchronizableMessage(
                    "kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly", at: "line 14", role: "the query passed to SecItemAdd")
            ]),
        .nonTriggering(
            "The same type whose synchronizable instance is not ThisDeviceOnly: one instance's accessibility is not paired with another's synchronizable",
            """
            import Security

            struct ItemPolicy {
                let accessibility: CFString
                let synchronizable: Bool

                static let shared = ItemPolicy(accessibility: kSecAttrAccessibleAfterFirstUnlock, synchronizable: true)
                static let local = ItemPolicy(accessibility: kSecAttrAccessibleWhenUnlockedThisDeviceOnly, synchronizable: false)

                func save(_ data: Data, account: String) -> OSStatus {
                    let query: [String: Any] = [
                        kSecClass as String: kSecClassGenericPassword,
                        kSecAttrAccount as String: account,
                        kSecAttrAccessible as String: accessibility,
                        kSecAttrSynchronizable as String: synchronizable,
                        kSecValueData as String: data,
                    ]
                    return SecItemAdd(query as CFDictionary, nil)
                }
            }

            func store(_ token: Data) {
                _ = ItemPolicy.shared.save(token, account: "sync")
                _ = ItemPolicy.local.save(token, account: "local")
            }
            """),
        .nonTriggering(
            "A value chosen per case, read inside a clause over the same subject: only the synchronizable case's accessibility is in the synchronizable query, and it may sync",
            """
            import Security

            enum Storage {
                case device, synced, sealed

                var accessibility: CFString {
                    switch self {
                    case .device: return kSecAttrAccessibleWhenUnlockedThisDeviceOnly
                    case .synced: return kSecAttrAccessibleAfterFirstUnlock
                    case .sealed: return kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly
                    }
                }
            }

            public func save(_ token: Data, in storage: Storage) -> OSStatus {
                var query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecValueData as String: token]
                switch storage {
                case .synced:
                    query[kSecAttrSynchronizable as String] = true
                    query[kSecAttrAccessible as String] = storage.accessibility
                case .device, .sealed:
                    query[kSecAttrAccessible as String] = storage.accessibility
                }
                return SecItemAdd(query as CFDictionary, nil)
            }
            """),
        .triggering(
            "The same shape whose synchronizable case is itself ThisDeviceOnly",
            """
            import Security

            enum Storage {
                case device, synced, sealed

                var accessibility: CFString {
                    switch self {
                    case .device: return kSecAttrAccessibleWhenUnlockedThisDeviceOnly
                    case .synced: return kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
                    case .sealed: return kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly
                    }
                }
            }

            public func save(_ token: Data, in storage: Storage) -> OSStatus {
                var query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecValueData as String: token]
                switch storage {
                case .synced:
                    query[↓kSecAttrSynchronizable as String] = true
                    query[kSecAttrAccessible as String] = storage.accessibility
                case .device, .sealed:
                    query[kSecAttrAccessible as String] = storage.accessibility
                }
                return SecItemAdd(query as CFDictionary, nil)
            }
            """,
            messages: [
                ConflictingAccessibilityAttributesJudgement.synchronizableMessage(
                    "kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly", at: "line 20", role: "the query passed to SecItemAdd")
            ]),
    ]
}
