import KeychainLintCore
import KeychainLintRuleKit
import KeychainLintModel
import KeychainLintObjC

/// `objc.weak_biometric_acl` — `swift.weak_biometric_acl`'s judgement on Objective-C code.
public struct ObjCWeakBiometricACLRule: ObjCRule {
    public static let calls = ["SecAccessControlCreateWithFlags"]

    /// Flag names from the configuration (the Swift rule's option), in a fixed order.
    let weakFlags: [String]

    public init(options: [String: ConfigValue]) {
        weakFlags = WeakBiometricACLJudgement.weakFlags(in: options)
    }

    public func check(_ call: ObjCCallSite, in context: ObjCRuleContext) {
        guard call.kind == .function, call.arguments.count > 2 else { return }
        let flags = call.arguments[2].value
        context.reportFirstJudged(
            context.resolve(flags), at: flags.range, asking: "flags of SecAccessControlCreateWithFlags",
            othersToo: .init(one: "is weak too", many: "are weak too"),
            headline: { "Weak biometric access control: " + $0 }
        ) { value in
            guard let flags = AccessControlFlagSet.interpret(value), flags.rejectedCombination == nil else { return nil }
            return WeakBiometricACLJudgement.weakness(of: flags, weakFlags: weakFlags, in: .c)
        }
    }

    public static let description = RuleDescription.objectiveC(
        of: WeakBiometricACLRule.description,
        summary:
            "SecAccessControlCreateWithFlags is given a weak biometric flag (kSecAccessControlBiometryAny, kSecAccessControlTouchIDAny, kSecAccessControlUserPresence, or kSecAccessControlBiometryAny | kSecAccessControlOr | kSecAccessControlDevicePasscode) that keeps the item readable after new biometrics are enrolled or falls back to the passcode.",
        whatItDoes: """
            Flags the `flags` argument of `SecAccessControlCreateWithFlags` in Objective-C when any value it \
            can take contains a flag from `weakBiometricFlags` (default: `biometryAny`, `touchIDAny`, \
            `userPresence`). `kSecAccessControlBiometryAny | kSecAccessControlOr | kSecAccessControlDevicePasscode` \
            is Apple's definition of `kSecAccessControlUserPresence` and is reported as such. The value is \
            followed through `|` expressions and `|=`, casts, locals (every assignment that may reach the call), \
            `static` and global constants and `#define`s (also those another Objective-C file of the scan \
            defines at file scope, such as an `extern` constant of a header), lookup tables (`@{…}[key]`), the \
            `return`s of C functions and methods of the same file (`[self …]`, `[[self class] …]`), and \
            properties the file stores through `self` or an instance of the class.
            """,
        whatToDoInstead: """
            Use `kSecAccessControlBiometryCurrentSet` (with `kSecAccessControlPrivateKeyUsage` for Secure \
            Enclave keys): the item is invalidated when the enrolled set changes. Check availability with \
            `-[LAContext canEvaluatePolicy:error:]` first and handle invalidation with a re-authentication flow.
            """,
        remediation:
            "Use kSecAccessControlBiometryCurrentSet (with kSecAccessControlPrivateKeyUsage for Secure Enclave keys) so the item is invalidated when biometrics change.",
        notes: [
            "When several values can reach the call (branches, a function with several `return`s), one finding is reported at the flags argument for the first weak value, and the message counts the other weak ones; each value's path is in the message and the related locations.",
            "Values the resolver cannot follow (a parameter, a property, another file) produce no finding; `--verbose` shows where resolution stopped.",
        ],
        options: [WeakBiometricACLJudgement.weakBiometricFlags.spec],
        examples: examples)

    static let biometryAny =
        "Weak biometric access control: `kSecAccessControlBiometryAny` accepts biometrics enrolled after the item was created, so a newly added finger or face unlocks it"

    static let examples: [RuleExample] = [
        .triggeringObjC(
            "A Secure Enclave key protected with kSecAccessControlBiometryAny",
            """
            SecAccessControlRef makeAccess(void) {
                CFErrorRef error = NULL;
                return SecAccessControlCreateWithFlags(kCFAllocatorDefault, kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
                    ↓kSecAccessControlPrivateKeyUsage | kSecAccessControlBiometryAny, &error);
            }
            """,
            messages: [biometryAny],
            alsoTriggers: ["objc.biometric_item_not_device_bound"]),
        .triggeringObjC(
            "The userPresence spelling through a #define, and TouchIDAny through a local assigned in a branch",
            """
            #define kFallbackFlags (kSecAccessControlBiometryAny | kSecAccessControlOr | kSecAccessControlDevicePasscode)
            @implementation Vault
            - (SecAccessControlRef)accessWithFallback {
                return SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ↓kFallbackFlags, NULL);
            }
            - (SecAccessControlRef)accessForLegacy:(BOOL)legacy {
                SecAccessControlCreateFlags flags = kSecAccessControlBiometryCurrentSet;
                if (legacy) {
                    flags = kSecAccessControlTouchIDAny;
                }
                return SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ↓flags, NULL);
            }
            @end
            """,
            messages: [
                "Weak biometric access control: `kSecAccessControlBiometryAny | kSecAccessControlOr | kSecAccessControlDevicePasscode` is `kSecAccessControlUserPresence`: it falls back to the device passcode and accepts biometrics enrolled after the item was created (via `kFallbackFlags` (line 1))",
                "Weak biometric access control: `kSecAccessControlTouchIDAny` (deprecated alias of `kSecAccessControlBiometryAny`) accepts biometrics enrolled after the item was created, so a newly added finger or face unlocks it (via assigned (line 9))",
            ],
            alsoTriggers: ["objc.deprecated_keychain_api"]),
        .triggeringObjC(
            "A C function mapping options to flags: one finding at the call, counting the other weak values",
            """
            static SecAccessControlCreateFlags flagsFor(NSString *kind) {
                if ([kind isEqualToString:@"presence"]) {
                    return kSecAccessControlUserPresence;
                } else if ([kind isEqualToString:@"any"]) {
                    return kSecAccessControlBiometryAny;
                }
                return kSecAccessControlBiometryCurrentSet;
            }
            void store(NSString *kind) {
                SecAccessControlCreateFlags flags = flagsFor(kind);
                SecAccessControlRef access = SecAccessControlCreateWithFlags(kCFAllocatorDefault,
                    kSecAttrAccessibleWhenUnlockedThisDeviceOnly, ↓flags, NULL);
            }
            """,
            messages: [
                "Weak biometric access control: `kSecAccessControlUserPresence` falls back to the device passcode and accepts biometrics enrolled after the item was created (via `flags` (line 10) → `flagsFor()` (line 1)); 1 other possible value is weak too",
            ],
            alsoTriggers: ["objc.biometric_item_not_device_bound"]),
        .triggeringObjC(
            "A weak value in an #if DEBUG branch is possible: the #else branch does not replace it",
            """
            SecAccessControlRef makeAccess(void) {
                SecAccessControlCreateFlags flags;
            #if DEBUG
                flags = kSecAccessControlBiometryAny;
            #else
                flags = kSecAccessControlBiometryCurrentSet;
            #endif
                return SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ↓flags, NULL);
            }
            """,
            messages: [biometryAny + " (via assigned (line 4))"]),
        .nonTriggeringObjC(
            "kSecAccessControlBiometryCurrentSet, a rejected combination (objc.invalid_access_control_flags' finding), and flags from a parameter",
            """
            void store(SecAccessControlCreateFlags given) {
                SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
                    kSecAccessControlBiometryCurrentSet | kSecAccessControlPrivateKeyUsage, NULL);
                SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
                    kSecAccessControlBiometryAny | kSecAccessControlBiometryCurrentSet, NULL);
                SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenUnlockedThisDeviceOnly, given, NULL);
            }
            """,
            alsoTriggers: ["objc.invalid_access_control_flags", "objc.biometric_item_not_device_bound"]),
        .nonTriggeringObjC(
            "A later assignment on every path replaces the weak value",
            """
            void store(void) {
                SecAccessControlCreateFlags flags = kSecAccessControlBiometryAny;
                flags = kSecAccessControlBiometryCurrentSet;
                SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenUnlockedThisDeviceOnly, flags, NULL);
            }
            """,
            alsoTriggers: ["objc.biometric_item_not_device_bound"]),
    ]
}
