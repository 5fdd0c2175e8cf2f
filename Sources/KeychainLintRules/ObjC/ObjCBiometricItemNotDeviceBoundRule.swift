import KeychainLintCore
import KeychainLintModel
import KeychainLintRuleKit
import KeychainLintObjC

/// `objc.biometric_item_not_device_bound` — `swift.biometric_item_not_device_bound`'s judgement
/// on Objective-C code: the protection of an access control that asks for the user, and
/// `kSecAttrSynchronizable` beside `kSecAttrAccessControl`.
public struct ObjCBiometricItemNotDeviceBoundRule: ObjCRule {
    public static let calls = ["SecAccessControlCreateWithFlags", "SecItemAdd", "SecItemUpdate"]

    public init(options: [String: ConfigValue]) {}

    public func check(_ call: ObjCCallSite, in context: ObjCRuleContext) {
        guard call.kind == .function else { return }
        if call.name == "SecAccessControlCreateWithFlags" {
            checkCreation(call, in: context)
        } else {
            checkSynchronizable(call, in: context)
        }
    }

    private func checkCreation(_ call: ObjCCallSite, in context: ObjCRuleContext) {
        guard call.arguments.count > 2 else { return }
        let protection = call.arguments[1].value
        let flagsResolution = context.resolve(call.arguments[2].value)
        guard let flags = BiometricItemNotDeviceBoundJudgement.protectedFlags(flagsResolution.values.map(\.value)) else {
            context.noteGaps(flagsResolution, asking: "flags of SecAccessControlCreateWithFlags")
            return
        }
        let resolution = context.resolve(protection)
        guard let worst = BiometricItemNotDeviceBoundJudgement.worstProtection(resolution.values) else {
            context.noteGaps(resolution, asking: "protection of SecAccessControlCreateWithFlags")
            return
        }
        context.report(
            at: protection.range,
            message: BiometricItemNotDeviceBoundJudgement.protectionMessage(worst.name, severity: worst.severity, flags: flags, spelling: .c)
                + context.describeTrace(worst.trace),
            confidence: worst.trace.isEmpty ? .high : .medium, severity: worst.severity, trace: worst.trace)
    }

    /// `kSecAttrSynchronizable` set to true in what `SecItemAdd` or `SecItemUpdate` stores, beside
    /// `kSecAttrAccessControl`: reported once per call, for the first such dictionary.
    private func checkSynchronizable(_ call: ObjCCallSite, in context: ObjCRuleContext) {
        guard let (argument, _) = ObjCStoredQueries.storedArgument(of: call) else { return }
        for (query, _) in ObjCStoredQueries.storedDictionaries(of: call, in: context) where query.contains("kSecAttrAccessControl") {
            guard let entry = query.entry("kSecAttrSynchronizable"), AccessControlJudgement.isTrue(entry.value) else { continue }
            let message = BiometricItemNotDeviceBoundJudgement.synchronizedMessage + ObjCStoredQueries.localTrace(query.trace, in: context)
            let confidence: Confidence = query.trace.isEmpty ? .high : .medium
            if let location = entry.location {
                context.report(
                    at: location, message: message, confidence: confidence, trace: query.trace,
                    snippet: "kSecAttrSynchronizable: \(entry.value) with kSecAttrAccessControl")
            } else {
                context.report(at: argument.range, message: message, confidence: confidence, trace: query.trace)
            }
            return
        }
    }

    public static let description = RuleDescription.objectiveC(
        of: BiometricItemNotDeviceBoundRule.description,
        summary:
            "SecAccessControlCreateWithFlags is given a user-authentication flag with a protection that is not …ThisDeviceOnly (medium) or not kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly (low), or an access-controlled item is stored with kSecAttrSynchronizable set to true.",
        whatItDoes: """
            Flags the `protection` argument of `SecAccessControlCreateWithFlags` in Objective-C when a value \
            of the `flags` argument holds a user-authentication constraint (`kSecAccessControlBiometryAny`, \
            `…BiometryCurrentSet`, `…TouchIDAny`/`…TouchIDCurrentSet`, `…DevicePasscode`, `…UserPresence`, \
            `…Watch`/`…Companion`, `…ApplicationPassword`) and the protection can be an accessibility that is \
            not `…ThisDeviceOnly` (medium), or is `…ThisDeviceOnly` but not \
            `kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly` (low). Also flags `kSecAttrSynchronizable` set \
            to `@YES`, `@(YES)` or `kCFBooleanTrue` in the same `SecItemAdd` dictionary (or `SecItemUpdate` \
            attributes to update) as `kSecAttrAccessControl`, at the entry that sets it. Protection, flags \
            and dictionaries are followed through `|` expressions, casts, locals and branches, constants, \
            `#define`s, lookup tables (`@{…}[key]`) and the `return`s of the file's C functions and methods.
            """,
        whatToDoInstead: """
            Pass `kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly` as the `protection` argument of \
            `SecAccessControlCreateWithFlags`, as Apple's sample does, and do not set `kSecAttrSynchronizable` \
            on access-controlled items. Keep secrets that must follow the user across devices on the server, \
            unlocked by a device-bound key.
            """,
        remediation:
            "Create the access control with kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly and do not set kSecAttrSynchronizable on access-controlled items.",
        notes: [
            "When several protections can reach the call (a lookup table of options, branches, a helper with several `return`s), the most severe one is reported, with its path; one finding per call.",
            "`kSecAccessControlPrivateKeyUsage`, `kSecAccessControlOr`, `kSecAccessControlAnd` and `0` alone are no user-authentication constraint. Flag values Security rejects are left to objc.invalid_access_control_flags; unknown flags or protections (a parameter, another file) produce no finding.",
            "Only `@YES`, `@(YES)`, `YES`, `true` and `kCFBooleanTrue` count as enabling synchronization (the Swift rule's definition); `kSecAttrSynchronizableAny` is a search value and is not flagged, and the search dictionary of SecItemUpdate is not checked.",
            "The access control beside `kSecAttrSynchronizable` need not be resolved: the key alone marks the item as access-controlled.",
        ],
        examples: examples)

    private static func canLeave(_ name: String, flags: String) -> String {
        "Protected item can leave the device: `\(name)` is not a …ThisDeviceOnly value, so the item protected by `\(flags)` is eligible for iCloud Keychain and for restoring from a backup onto another device"
    }

    private static func outlives(_ name: String, flags: String) -> String {
        "Protected item outlives the device passcode: `\(name)` is device-bound but, unlike `kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly`, keeps the item protected by `\(flags)` when the passcode is removed"
    }

    static let examples: [RuleExample] = [
        .triggeringObjC(
            "A biometry-protected item with kSecAttrAccessibleWhenUnlocked (medium), and a device-bound one without the passcode requirement (low)",
            """
            void protect(void) {
                CFErrorRef error = NULL;
                SecAccessControlRef shared = SecAccessControlCreateWithFlags(kCFAllocatorDefault, ↓kSecAttrAccessibleWhenUnlocked,
                    kSecAccessControlBiometryCurrentSet, &error);
                SecAccessControlRef key = SecAccessControlCreateWithFlags(kCFAllocatorDefault, ↓kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
                    kSecAccessControlPrivateKeyUsage | kSecAccessControlBiometryCurrentSet, &error);
            }
            """,
            messages: [
                canLeave("kSecAttrAccessibleWhenUnlocked", flags: "kSecAccessControlBiometryCurrentSet"),
                outlives(
                    "kSecAttrAccessibleWhenUnlockedThisDeviceOnly",
                    flags: "kSecAccessControlPrivateKeyUsage | kSecAccessControlBiometryCurrentSet"),
            ]),
        .triggeringObjC(
            "The protection from a lookup table of options (the worst value is reported), and an application password with a protection chosen in a branch",
            """
            static CFStringRef protectionFor(NSString *option) {
                NSDictionary *table = @{
                    @"WhenPasscodeSet": (__bridge NSString *)kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                    @"AfterFirstUnlock": (__bridge NSString *)kSecAttrAccessibleAfterFirstUnlock,
                };
                return (__bridge CFStringRef)table[option];
            }
            void protect(NSString *option, BOOL backup) {
                SecAccessControlCreateWithFlags(NULL, ↓protectionFor(option), kSecAccessControlUserPresence, NULL);
                CFStringRef protection = kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly;
                if (backup) {
                    protection = kSecAttrAccessibleWhenUnlocked;
                }
                SecAccessControlCreateWithFlags(NULL, ↓protection, kSecAccessControlApplicationPassword, NULL);
            }
            """,
            messages: [
                canLeave("kSecAttrAccessibleAfterFirstUnlock", flags: "kSecAccessControlUserPresence")
                    + " (via `protectionFor()` (line 1) → `table` (line 2) → `table[\"AfterFirstUnlock\"]` (line 4))",
                canLeave("kSecAttrAccessibleWhenUnlocked", flags: "kSecAccessControlApplicationPassword") + " (via assigned (line 12))",
            ],
            alsoTriggers: ["objc.weak_biometric_acl"]),
        .triggeringObjC(
            "kSecAttrSynchronizable beside kSecAttrAccessControl: an @{…} literal, and an update built in steps",
            """
            void save(NSData *secret, SecAccessControlRef access, NSDictionary *search) {
                NSDictionary *query = @{
                    (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                    (__bridge id)kSecAttrAccessControl: (__bridge id)access,
                    ↓(__bridge id)kSecAttrSynchronizable: @YES,
                    (__bridge id)kSecValueData: secret,
                };
                SecItemAdd((__bridge CFDictionaryRef)query, NULL);
                NSMutableDictionary *changes = [NSMutableDictionary dictionaryWithObjectsAndKeys:
                    secret, (__bridge id)kSecValueData, nil];
                [changes setObject:(__bridge id)access forKey:(__bridge id)kSecAttrAccessControl];
                ↓[changes setObject:(__bridge id)kCFBooleanTrue forKey:(__bridge id)kSecAttrSynchronizable];
                SecItemUpdate((__bridge CFDictionaryRef)search, (__bridge CFDictionaryRef)changes);
            }
            """,
            messages: [
                BiometricItemNotDeviceBoundJudgement.synchronizedMessage + " (via `query` (line 2))",
                BiometricItemNotDeviceBoundJudgement.synchronizedMessage
                    + " (via `changes` (line 9) → `changes` set (line 11) → `changes` set (line 12))",
            ],
            alsoTriggers: ["objc.unchecked_keychain_status"]),
        .nonTriggeringObjC(
            "Apple's sample: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly; no user constraint; a protection from a parameter",
            """
            void protect(CFStringRef given) {
                SecAccessControlCreateWithFlags(kCFAllocatorDefault, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                    kSecAccessControlBiometryCurrentSet, NULL);
                SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleAfterFirstUnlock, kSecAccessControlPrivateKeyUsage, NULL);
                SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenUnlocked, 0, NULL);
                SecAccessControlCreateWithFlags(NULL, given, kSecAccessControlBiometryCurrentSet, NULL);
            }
            """),
        .nonTriggeringObjC(
            "Synchronizable items without access control, @NO beside an access control, and kSecAttrSynchronizableAny in a search",
            """
            void save(NSData *token, SecAccessControlRef access) {
                SecItemAdd((__bridge CFDictionaryRef)@{ (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                                                       (__bridge id)kSecAttrSynchronizable: @YES,
                                                       (__bridge id)kSecValueData: token }, NULL);
                SecItemAdd((__bridge CFDictionaryRef)@{ (__bridge id)kSecAttrAccessControl: (__bridge id)access,
                                                       (__bridge id)kSecAttrSynchronizable: @NO,
                                                       (__bridge id)kSecValueData: token }, NULL);
                SecItemUpdate((__bridge CFDictionaryRef)@{ (__bridge id)kSecAttrSynchronizable: (__bridge id)kSecAttrSynchronizableAny },
                              (__bridge CFDictionaryRef)@{ (__bridge id)kSecAttrAccessControl: (__bridge id)access });
            }
            """,
            alsoTriggers: ["objc.unchecked_keychain_status"]),
    ]
}
