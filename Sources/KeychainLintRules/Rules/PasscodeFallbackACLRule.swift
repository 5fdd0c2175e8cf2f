import KeychainLintAnalysis
import KeychainLintRuleKit
import KeychainLintModel
import KeychainLintCore

/// `passcode_fallback_acl` — access control that lets the device passcode stand in for biometry
/// (mobsfscan `ios_keychain_weak_acl_device_passcode`, OWASP MASTG-TEST-0268), in Swift and
/// Objective-C.
public struct PasscodeFallbackACLRule: Check {
    public static let calls: [CheckedCall] = [.function(AccessControlJudgement.createFunction)]
    public static let swiftInterests: [RuleInterest] = wrapperInterests

    public init(options: [String: ConfigValue]) {}

    public func check(_ call: ProgramCall, in context: some CheckContext) {
        guard let flags = call.argument(2) else { return }
        context.reportFirstJudged(
            context.resolve(flags), at: flags,
            asking: "flags of SecAccessControlCreateWithFlags",
            othersToo: .init(one: "allows the passcode too", many: "allow the passcode too")
        ) { value in
            AccessControlFlagSet.interpret(value).flatMap { PasscodeFallbackJudgement.fallback(in: $0, spelling: context.spelling) }
        }
    }

    /// Swift wrapper libraries' access-control options.
    public func checkSwift(_ input: RuleInput, in context: RuleContext) {
        if let setting = WrapperSetting.of(input, role: .accessControlFlags, in: context) { checkWrapper(setting.program, in: context) }
    }

    public static let swiftRule = RuleDescription(
        id: "swift.passcode_fallback_acl",
        name: "Access control allows a device-passcode fallback",
        severity: .medium,
        confidence: .high,
        resource: "Authentication",
        tags: ["CWE:287", "MASWE:0045"],
        aliases: [
            RuleAlias(tool: "mobsfscan", id: "ios_keychain_weak_acl_device_passcode"),
            RuleAlias(tool: "MASTG", id: "MASTG-TEST-0268"),
        ],
        summary:
            "SecAccessControlCreateWithFlags is given .devicePasscode alone, or OR-ed with another constraint (e.g. [.biometryCurrentSet, .or, .devicePasscode]), so the device passcode alone unlocks the item.",
        documentation: RuleDocumentation(
            whatItDoes: """
                Flags the `flags` argument of `SecAccessControlCreateWithFlags` when a value it can take lets \
                the device passcode alone satisfy the access control: `.devicePasscode` as the only \
                user-authentication constraint (also with `.privateKeyUsage`), or `.devicePasscode` joined \
                with `.or` to a biometry (or other) constraint, such as `[.biometryCurrentSet, .or, .devicePasscode]`. \
                The value is followed through variables and branches, properties and constants in any file, \
                functions, enum `switch self` mappings, default arguments, set algebra and raw values, like \
                every rule that asks the shared resolver.
                """,
            whyItMatters: """
                A passcode is a much weaker secret than a biometric match: it can be watched as it is typed \
                (shoulder surfing), guessed when it is short, or told to someone under pressure. With a \
                passcode-only or passcode-OR-biometry access control, whoever has the passcode and the \
                unlocked device can read the protected secret or use the protected key; the biometric \
                constraint adds nothing an attacker must defeat (MASTG-TEST-0268, MASWE-0045).
                """,
            whatToDoInstead: """
                Protect secrets that only the enrolled user should unlock with `.biometryCurrentSet` (plus \
                `.privateKeyUsage` for Secure Enclave keys). If a passcode fallback is a product requirement, \
                make it an explicit, separately reviewed decision, and prefer requiring both factors \
                (`[.biometryCurrentSet, .and, .devicePasscode]`) for the most sensitive items.
                """,
            fixSafety: """
                No automatic fix: removing the passcode fallback locks out users without enrolled biometry, \
                and items already stored keep their old access control until they are re-created.
                """,
            notes: [
                "`.userPresence` and its spelling `[.biometryAny, .or, .devicePasscode]` (in any alias, e.g. `.touchIDAny`) are reported by swift.weak_biometric_acl only; this rule never reports a value that rule reports with its default `weakBiometricFlags`, so one value never yields two findings.",
                "`.devicePasscode` AND-ed with another constraint (`[.biometryCurrentSet, .devicePasscode]`, `[.biometryCurrentSet, .and, .devicePasscode]`) requires both factors and is not flagged.",
                "`.or` with any other constraint counts, not only biometry: `[.devicePasscode, .or, .companion]` also lets the passcode alone unlock the item.",
                "Values Security rejects (for example `.or` together with `.and`) are left to swift.invalid_access_control_flags: such an item is never stored.",
                "When several values can reach the call, one finding is reported for the first that allows the passcode, and the message counts the others. Unresolved values produce no finding; `--verbose` shows where resolution stopped.",
                wrapperNote,
            ],
            references: [
                "OWASP MASTG-TEST-0268: References to APIs Allowing Fallback to Non-Biometric Authentication",
                "OWASP MASWE-0045: Fallback to Non-biometric Credentials Allowed for Sensitive Transactions",
                "CWE-287: Improper Authentication — https://cwe.mitre.org/data/definitions/287.html",
                "Apple: SecAccessControlCreateFlags — https://developer.apple.com/documentation/security/secaccesscontrolcreateflags",
            ]),
        remediation:
            "Use .biometryCurrentSet (with .privateKeyUsage for Secure Enclave keys) without a passcode alternative; if a fallback is required, require both factors with .and.",
        examples: examples + wrapperExamples)

    public static let objectiveCRule = RuleDescription.objectiveC(
        of: swiftRule,
        summary:
            "SecAccessControlCreateWithFlags is given kSecAccessControlDevicePasscode alone, or combined with a biometry constraint through kSecAccessControlOr, so the device passcode alone unlocks the item.",
        whatItDoes: """
            Flags the `flags` argument of `SecAccessControlCreateWithFlags` in Objective-C when a value it can \
            take lets the device passcode alone unlock the item: `kSecAccessControlDevicePasscode` alone, or \
            with another constraint joined by `kSecAccessControlOr` (`kSecAccessControlUserPresence` and its \
            spelled-out form are objc.weak_biometric_acl's). Values are followed as objc.weak_biometric_acl \
            follows them.
            """,
        whatToDoInstead: """
            Use `kSecAccessControlBiometryCurrentSet` without a passcode alternative; if a fallback is \
            required, require both factors with `kSecAccessControlAnd`.
            """,
        remediation:
            "Use kSecAccessControlBiometryCurrentSet without a passcode alternative; if a fallback is required, require both factors with kSecAccessControlAnd.",
        notes: [
            ProgramWrapperSetting.objectiveCRecognitionNote,
            "UICKeyChainStore's `authenticationPolicy:` (of `setAccessibility:authenticationPolicy:`) is Security's bits: `UICKeyChainStoreAuthenticationPolicyDevicePasscode`, alone or joined with `UICKeyChainStoreAuthenticationPolicyControlOr`, is judged like `kSecAccessControlDevicePasscode`.",
            LibraryOptionNote.objectiveC,
        ],
        examples: objectiveCExamples)
}

// MARK: - Objective-C examples (they run as tests and appear in `explain`)

extension PasscodeFallbackACLRule {
    static let objectiveCExamples: [RuleExample] = [
        .triggeringObjC(
            "UICKeyChainStore: a passcode-only policy, and biometry OR passcode",
            """
            #import "UICKeyChainStore.h"

            void protect(UICKeyChainStore *store) {
                [store setAccessibility:UICKeyChainStoreAccessibilityWhenPasscodeSetThisDeviceOnly
                   authenticationPolicy:↓UICKeyChainStoreAuthenticationPolicyDevicePasscode];
                [store setAccessibility:UICKeyChainStoreAccessibilityWhenPasscodeSetThisDeviceOnly
                   authenticationPolicy:↓UICKeyChainStoreAuthenticationPolicyTouchIDCurrentSet | UICKeyChainStoreAuthenticationPolicyControlOr | UICKeyChainStoreAuthenticationPolicyDevicePasscode];
                [store setAccessibility:UICKeyChainStoreAccessibilityWhenPasscodeSetThisDeviceOnly
                   authenticationPolicy:UICKeyChainStoreAuthenticationPolicyTouchIDCurrentSet];
            }
            """,
            messages: [
                "Passcode-only access control: `authenticationPolicy:UICKeyChainStoreAuthenticationPolicyDevicePasscode` (UICKeyChainStore) → `kSecAccessControlDevicePasscode` lets anyone who knows or watches the device passcode read the item; biometry is never required",
                "Access control falls back to the device passcode: `authenticationPolicy:UICKeyChainStoreAuthenticationPolicyTouchIDCurrentSet | UICKeyChainStoreAuthenticationPolicyControlOr | UICKeyChainStoreAuthenticationPolicyDevicePasscode` (UICKeyChainStore) → `kSecAccessControlTouchIDCurrentSet | kSecAccessControlOr | kSecAccessControlDevicePasscode` lets the passcode alone unlock the item, bypassing `kSecAccessControlTouchIDCurrentSet`",
            ]),
        .triggeringObjC(
            "Passcode only, and biometry OR passcode built with |=",
            """
            void store(BOOL allowFallback) {
                SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ↓kSecAccessControlDevicePasscode, NULL);
                SecAccessControlCreateFlags flags = kSecAccessControlBiometryCurrentSet;
                if (allowFallback) {
                    flags |= kSecAccessControlOr | kSecAccessControlDevicePasscode;
                }
                SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ↓flags, NULL);
            }
            """,
            messages: [
                "Passcode-only access control: `kSecAccessControlDevicePasscode` lets anyone who knows or watches the device passcode read the item; biometry is never required",
                "Access control falls back to the device passcode: `kSecAccessControlBiometryCurrentSet | kSecAccessControlOr | kSecAccessControlDevicePasscode` lets the passcode alone unlock the item, bypassing `kSecAccessControlBiometryCurrentSet` (via assigned (line 5) → `flags` (line 3))",
            ]),
        .triggering(
            "A library's public property of its own option type, which no code of the scan sets: its users may set the passcode-only constant",
            files: [
                "VaultStore.h": """
                    typedef NS_OPTIONS(NSUInteger, VaultPolicy) {
                        VaultPolicyBiometryCurrentSet = 1 << 3,
                        VaultPolicyDevicePasscode = 1 << 4,
                    };
                    @interface VaultStore : NSObject
                    @property (nonatomic) VaultPolicy policy;
                    - (SecAccessControlRef)makeAccess;
                    @end
                    """,
                "VaultStore.m": """
                    #import "VaultStore.h"
                    @implementation VaultStore
                    - (SecAccessControlRef)makeAccess {
                        return SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ↓(SecAccessControlCreateFlags)self.policy, NULL);
                    }
                    @end
                    """,
            ],
            messages: [
                "Passcode-only access control: `kSecAccessControlDevicePasscode` lets anyone who knows or watches the device passcode read the item; biometry is never required (via `policy`, any `VaultPolicy` users of public property `policy` may set (line 4) → `VaultPolicyDevicePasscode` (VaultStore.h:3))",
            ]),
        .nonTriggering(
            "The same property declared readonly, which the library sets to the current biometric set: its users cannot choose it",
            files: [
                "VaultStore.h": """
                    typedef NS_OPTIONS(NSUInteger, VaultPolicy) {
                        VaultPolicyBiometryCurrentSet = 1 << 3,
                        VaultPolicyDevicePasscode = 1 << 4,
                    };
                    @interface VaultStore : NSObject
                    @property (nonatomic, readonly) VaultPolicy policy;
                    - (SecAccessControlRef)makeAccess;
                    @end
                    """,
                "VaultStore.m": """
                    #import "VaultStore.h"
                    @implementation VaultStore
                    - (instancetype)init {
                        if ((self = [super init])) { _policy = VaultPolicyBiometryCurrentSet; }
                        return self;
                    }
                    - (SecAccessControlRef)makeAccess {
                        return SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, (SecAccessControlCreateFlags)self.policy, NULL);
                    }
                    @end
                    """,
            ]),
        .nonTriggeringObjC(
            "Both factors required (AND), and biometry alone",
            """
            void store(void) {
                SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                    kSecAccessControlBiometryCurrentSet | kSecAccessControlAnd | kSecAccessControlDevicePasscode, NULL);
                SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, kSecAccessControlBiometryCurrentSet, NULL);
            }
            """),
    ]
}


// MARK: - Examples (they run as tests and appear in `explain`)

extension PasscodeFallbackACLRule {
    private static let passcodeOnly =
        "Passcode-only access control: `.devicePasscode` lets anyone who knows or watches the device passcode read the item; biometry is never required"
    private static let currentSetOrPasscode =
        "Access control falls back to the device passcode: `[.biometryCurrentSet, .or, .devicePasscode]` lets the passcode alone unlock the item, bypassing `.biometryCurrentSet`"

    static let examples: [RuleExample] = [
        .triggering(
            ".devicePasscode alone",
            """
            let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ↓.devicePasscode, nil)
            """,
            messages: [passcodeOnly]),
        .triggering(
            "The strong biometry flag OR-ed with the passcode",
            """
            let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                                                         ↓[.biometryCurrentSet, .or, .devicePasscode], nil)
            """,
            messages: [currentSetOrPasscode]),
        .triggering(
            "C constants, raw values and a Secure Enclave key that only needs the passcode",
            """
            let a = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                                                    ↓[kSecAccessControlBiometryCurrentSet, kSecAccessControlOr, kSecAccessControlDevicePasscode], nil)
            let b = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ↓.init(rawValue: 16), nil)
            let c = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ↓[.privateKeyUsage, .devicePasscode], nil)
            """,
            messages: [
                "Access control falls back to the device passcode: `[.biometryCurrentSet, .or, .devicePasscode]` lets the passcode alone unlock the item, bypassing `.biometryCurrentSet`",
                "Passcode-only access control: `rawValue 16` lets anyone who knows or watches the device passcode read the item; biometry is never required",
                "Passcode-only access control: `[.privateKeyUsage, .devicePasscode]` lets anyone who knows or watches the device passcode read the item; biometry is never required",
            ]),
        .triggering(
            "A fallback added in one branch: the message names the branch",
            """
            func makeAccess(allowPasscode: Bool) -> SecAccessControl? {
                var flags: SecAccessControlCreateFlags = [.biometryCurrentSet]
                if allowPasscode {
                    flags.formUnion([.or, .devicePasscode])
                }
                return SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ↓flags, nil)
            }
            """,
            messages: [
                currentSetOrPasscode + " (via `flags` (line 2) → if `allowPasscode` (line 3) → `flags.formUnion` (line 4))"
            ]),
        .triggering(
            "An enum mapping in another file",
            files: [
                "Protection.swift": """
                    enum Protection {
                        case biometric, passcode
                        var flags: SecAccessControlCreateFlags {
                            switch self {
                            case .biometric: return .biometryCurrentSet
                            case .passcode: return .devicePasscode
                            }
                        }
                    }
                    """,
                "Vault.swift": """
                    let strong = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, Protection.biometric.flags, nil)
                    let weak = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ↓Protection.passcode.flags, nil)
                    """,
            ],
            messages: [passcodeOnly + " (via `Protection.flags` (Protection.swift:3) → case .passcode (Protection.swift:6))"]),
        .triggering(
            "A stored property",
            """
            final class PinVault {
                private let flags: SecAccessControlCreateFlags = [.biometryCurrentSet, .or, .devicePasscode]
                func access() -> SecAccessControl? {
                    SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ↓flags, nil)
                }
            }
            """,
            messages: [currentSetOrPasscode + " (via `PinVault.flags` (line 2))"]),
        .triggering(
            "Flags built from an empty initializer with fully qualified members",
            """
            func makeAccess() -> SecAccessControl? {
                var flags = SecAccessControlCreateFlags()
                flags.insert(SecAccessControlCreateFlags.biometryCurrentSet)
                flags.formUnion([SecAccessControlCreateFlags.or, SecAccessControlCreateFlags.devicePasscode])
                return SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ↓flags, nil)
            }
            """,
            messages: [
                currentSetOrPasscode + " (via `flags` (line 2) → `flags.formUnion` (line 4) → `flags.insert` (line 3))"
            ]),
        .nonTriggering(
            "A fully qualified `.or` removed from an implicit one: both factors are required",
            """
            func makeAccess() -> SecAccessControl? {
                var flags: SecAccessControlCreateFlags = [.biometryCurrentSet, .or, .devicePasscode]
                flags.remove(SecAccessControlCreateFlags.or)
                return SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags, nil)
            }
            """),
        .nonTriggering(
            ".userPresence and its [.biometryAny, .or, .devicePasscode] spelling belong to swift.weak_biometric_acl",
            """
            let a = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .userPresence, nil)
            let b = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, [.biometryAny, .or, .devicePasscode], nil)
            let c = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, [.touchIDAny, .or, .devicePasscode], nil)
            """,
            alsoTriggers: ["swift.weak_biometric_acl", "swift.deprecated_keychain_api"]),
        .nonTriggering(
            "Biometry only, and the passcode AND-ed with biometry (both required)",
            """
            let a = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, nil)
            let b = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, [.biometryCurrentSet, .devicePasscode], nil)
            let c = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, [.biometryCurrentSet, .and, .devicePasscode], nil)
            """),
        .nonTriggering(
            "A combination Security rejects is reported by swift.invalid_access_control_flags instead",
            """
            let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                                                         [.biometryCurrentSet, .or, .and, .devicePasscode], nil)
            """,
            alsoTriggers: ["swift.invalid_access_control_flags"]),
        .nonTriggering(
            "Unknown flags, comments, strings and an unrelated .devicePasscode",
            """
            enum Unlock { case devicePasscode, faceID }
            let mode: Unlock = .devicePasscode
            // SecAccessControlCreateWithFlags(nil, p, .devicePasscode, nil)
            let text = "SecAccessControlCreateWithFlags(nil, p, .devicePasscode, nil)"
            func make(_ policy: Policy) -> SecAccessControl? {
                SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, policy.flags(), nil)
            }
            """),
    ]
}
