import KeychainLintAnalysis
import KeychainLintRuleKit
import KeychainLintModel
import KeychainLintCore

/// `weak_biometric_acl` — biometry flags that survive a new enrolment (OWASP MASWE-0014,
/// MASTG-TEST-0270), in Swift and Objective-C.
public struct WeakBiometricACLRule: Check {
    public static let calls: [CheckedCall] = [.function(AccessControlJudgement.createFunction)]
    public static let swiftInterests: [RuleInterest] = wrapperInterests

    /// Flag names from the configuration, in a fixed order so messages are deterministic.
    let weakFlags: [String]

    public init(options: [String: ConfigValue]) {
        weakFlags = WeakBiometricACLJudgement.weakFlags(in: options)
    }

    public func check(_ call: ProgramCall, in context: some CheckContext) {
        guard let flags = call.argument(2) else { return }
        context.reportFirstJudged(
            context.resolve(flags), at: flags,
            asking: "flags of SecAccessControlCreateWithFlags",
            othersToo: .init(one: "is weak too", many: "are weak too"),
            headline: { "Weak biometric access control: " + $0 }
        ) { value in
            // A combination Security rejects is never stored: invalid_access_control_flags
            // reports it, once.
            guard let flags = AccessControlFlagSet.interpret(value), flags.rejectedCombination == nil else { return nil }
            return WeakBiometricACLJudgement.weakness(of: flags, weakFlags: weakFlags, in: context.spelling)
        }
    }

    /// Swift wrapper libraries' access-control options.
    public func checkSwift(_ input: RuleInput, in context: RuleContext) {
        if let setting = WrapperSetting.of(input, role: .accessControlFlags, in: context) { checkWrapper(setting.program, in: context) }
    }

    public static let swiftRule = RuleDescription(
        id: "swift.weak_biometric_acl",
        name: "Weak Biometric Access Control Flags",
        severity: .high,
        confidence: .high,
        resource: "Authentication",
        tags: [
            "CWE:287", "CWE:305", "MASVS:auth-8", "MASVS:AUTH-2", "MASWE:0014", "MASWE:0045", "MASWE:0046",
            "NIST.SP.800-53", "OWASP:2021:A07", "PCI-DSS:8.2.1",
        ],
        aliases: [RuleAlias(tool: "mobsfscan", id: "ios_biometric_acl"), RuleAlias(tool: "MASTG", id: "MASTG-TEST-0270")],
        summary:
            "SecAccessControlCreateWithFlags is given a weak biometric flag (.biometryAny, .touchIDAny, .userPresence, or [.biometryAny, .or, .devicePasscode]) that keeps the item readable after new biometrics are enrolled or falls back to the passcode.",
        documentation: RuleDocumentation(
            whatItDoes: """
                Flags the `flags` argument of `SecAccessControlCreateWithFlags` when any value it can take \
                contains a flag from the configurable list `weakBiometricFlags` (default: `biometryAny`, \
                `touchIDAny`, `userPresence`). `[.biometryAny, .or, .devicePasscode]` is Apple's definition of \
                `.userPresence` and is reported as such. The value is followed through variables (every branch \
                that reaches the call), properties and constants in any file of the scan, functions and \
                computed properties (including `switch self` mappings in enums), default argument values, \
                callers' arguments, set algebra and casts. The message says which value is weak and the path \
                it took.
                """,
            whyItMatters: """
                `.biometryAny` and its deprecated alias `.touchIDAny` keep an item readable when fingers or \
                faces are added after it was created: an attacker with brief access to an unlocked device \
                enrolls their own biometry and then unlocks the key or secret. `.userPresence` additionally \
                falls back to the device passcode, which can be shoulder-surfed or socially engineered. Keys \
                stay valid even after the legitimate user re-enrolls, leaving a lasting backdoor.
                """,
            whatToDoInstead: """
                Use `.biometryCurrentSet` (or `.touchIDCurrentSet` on old SDKs), combined with \
                `.privateKeyUsage` for Secure Enclave keys: the item is invalidated when the enrolled set \
                changes. Check availability with `LAContext.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error:)` \
                before creating the item, and handle invalidation (re-enrolment) with a clear re-authentication flow.
                """,
            fixSafety: """
                Not automatic: replacing `.biometryAny` with `.biometryCurrentSet` changes behaviour for users \
                who later add a finger or face (their items become unreadable and must be recreated), and \
                replacing `.userPresence` removes the passcode fallback for users without biometry.
                """,
            notes: [
                "A combination Security rejects (two biometry constraints, `.userPresence` with another constraint, `.or` with `.and`) is never stored, so it is not weak: swift.invalid_access_control_flags reports it, once.",
                "`.touchIDAny` and `.biometryAny` are the same bit to Security: listing either name in `weakBiometricFlags` covers both spellings.",
                "Only values that certainly are access-control flags are judged: a member of an unrelated type (an app's own `AuthMode.userPresence`) or a value the resolver cannot follow produces no finding; `--verbose` shows where resolution stopped.",
                "When several values can reach the call (branches, several callers), one finding is reported at the call for the first weak value, and the message counts the other weak ones.",
                "Confidence is high when the flags are written at the call, medium when they were resolved through other code.",
                "Flags read from a settings type's stored property inside a method judged on its own come from the instances that method can run on: the receivers of its calls in the scan when no other module can call it, otherwise every instance the scan builds, including the presets and defaults a library offers (a struct built by its memberwise initializer, which is at most internal, is built only by the library's own code), each reported with its path. An instance that code outside the scan builds through a public initializer taking the flags holds what that code chooses: it is not known, and `--verbose` says so. An instance counts however its construction is written: `KeyAccess(…)`, `KeyAccess.init(…)`, `Self(…)`, a static factory that returns one construction, and `.init(…)` where the code around it writes the type (a typed constant or variable, a parameter's default, the result type of a function or computed property, an argument of an initializer or function whose parameter type is written); a `.init(…)` whose type is not written there (an argument of a method called on an instance, a value assigned to a property or variable) is not followed: the instance it may build is not known, and `--verbose` says so.",
                wrapperNote,
            ],
            references: [
                "CWE-287: Improper Authentication — https://cwe.mitre.org/data/definitions/287.html",
                "CWE-305: Authentication Bypass by Primary Weakness — https://cwe.mitre.org/data/definitions/305.html",
                "OWASP Top 10 2021 A07: Identification and Authentication Failures",
                "Apple: Accessing Keychain Items with Face ID or Touch ID — https://developer.apple.com/documentation/localauthentication/accessing-keychain-items-with-face-id-or-touch-id",
                "Apple: SecAccessControlCreateFlags — https://developer.apple.com/documentation/security/secaccesscontrolcreateflags",
                "OWASP MASWE-0014: Cryptographic Keys Not Properly Protected at Rest",
                "OWASP MASTG-TEST-0270: References to APIs Detecting Biometric Enrollment Changes",
            ]),
        remediation:
            "Use .biometryCurrentSet (with .privateKeyUsage for Secure Enclave keys) so the item is invalidated when biometrics change; check availability with canEvaluatePolicy first and handle invalidation.",
        options: [
            WeakBiometricACLJudgement.weakBiometricFlags.spec,
        ],
        examples: examples + wrapperExamples)

    public static let objectiveCRule = RuleDescription.objectiveC(
        of: swiftRule,
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
            `return`s of C functions and methods of the same file (`[self …]`, `[[self class] …]`), of C \
            functions other files define and of methods of classes they implement (`[KeychainConfig flags]`, and \
            `[self.class flags]` or `[self flags]` where a category of the sending class in another file \
            implements it), and \
            properties the file stores through `self` or an instance of the class (or, for a property the \
            class's own code never sets, other files store on an instance they build or on the shared \
            instance): an instance whose \
            construction is known, including one a method's parameter receives from its senders (a class \
            method's senders in other files too) and one an initializer stores in another instance \
            (`spec.privateSpec.flags` is the flags of the private-key settings that key pair was built with).
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
            ProgramWrapperSetting.objectiveCRecognitionNote,
            "UICKeyChainStore's `authenticationPolicy:` (of `setAccessibility:authenticationPolicy:`) is cast to SecAccessControlCreateFlags by the library, so its constants are Security's bits (`UICKeyChainStoreAuthenticationPolicyTouchIDAny` is `kSecAccessControlTouchIDAny`) and are judged like the flags of SecAccessControlCreateWithFlags.",
            LibraryOptionNote.objectiveC,
        ],
        options: [WeakBiometricACLJudgement.weakBiometricFlags.spec],
        examples: objectiveCExamples)
}

// MARK: - Objective-C examples (they run as tests and appear in `explain`)

extension WeakBiometricACLRule {
    private static let objcBiometryAny =
        "Weak biometric access control: `kSecAccessControlBiometryAny` accepts biometrics enrolled after the item was created, so a newly added finger or face unlocks it"

    static let objectiveCExamples: [RuleExample] = [
        .triggeringObjC(
            "UICKeyChainStore: the authentication policy (Security's bits), alone and as biometry OR passcode",
            """
            #import "UICKeyChainStore.h"

            void protect(UICKeyChainStore *store) {
                [store setAccessibility:UICKeyChainStoreAccessibilityWhenPasscodeSetThisDeviceOnly
                   authenticationPolicy:↓UICKeyChainStoreAuthenticationPolicyUserPresence];
                [store setAccessibility:UICKeyChainStoreAccessibilityWhenPasscodeSetThisDeviceOnly
                   authenticationPolicy:↓UICKeyChainStoreAuthenticationPolicyTouchIDAny | UICKeyChainStoreAuthenticationPolicyControlOr | UICKeyChainStoreAuthenticationPolicyDevicePasscode];
            }
            """,
            messages: [
                "Weak biometric access control: `authenticationPolicy:UICKeyChainStoreAuthenticationPolicyUserPresence` (UICKeyChainStore) → `kSecAccessControlUserPresence` falls back to the device passcode and accepts biometrics enrolled after the item was created",
                "Weak biometric access control: `authenticationPolicy:UICKeyChainStoreAuthenticationPolicyTouchIDAny | UICKeyChainStoreAuthenticationPolicyControlOr | UICKeyChainStoreAuthenticationPolicyDevicePasscode` (UICKeyChainStore) → `kSecAccessControlTouchIDAny | kSecAccessControlOr | kSecAccessControlDevicePasscode` is `kSecAccessControlUserPresence`: it falls back to the device passcode and accepts biometrics enrolled after the item was created",
            ]),
        .nonTriggeringObjC(
            "UICKeyChainStore: the current biometric set; an app class with the same selector",
            """
            #import "UICKeyChainStore.h"

            @interface VaultSettings : NSObject
            - (void)setAccessibility:(NSInteger)accessibility authenticationPolicy:(NSUInteger)policy;
            @end

            void protect(UICKeyChainStore *store, VaultSettings *settings) {
                [store setAccessibility:UICKeyChainStoreAccessibilityWhenPasscodeSetThisDeviceOnly
                   authenticationPolicy:UICKeyChainStoreAuthenticationPolicyTouchIDCurrentSet];
                [settings setAccessibility:4 authenticationPolicy:UICKeyChainStoreAuthenticationPolicyUserPresence];
            }
            """),
        .triggering(
            "An app's own option type whose constants are Security's bits, cast to SecAccessControlCreateFlags: the constant a caller passes, read as its number",
            files: [
                "VaultPolicy.h": """
                    typedef NS_OPTIONS(NSUInteger, VaultPolicy) {
                        VaultPolicyUserPresence = 1 << 0,
                        VaultPolicyBiometryAny = 1 << 1,
                        VaultPolicyBiometryCurrentSet = 1 << 3,
                    };
                    """,
                "Vault.m": """
                    #import "VaultPolicy.h"
                    SecAccessControlRef MakeAccess(VaultPolicy policy) {
                        return SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ↓(SecAccessControlCreateFlags)policy, NULL);
                    }
                    void Protect(void) {
                        CFRelease(MakeAccess(VaultPolicyBiometryAny));
                    }
                    """,
            ],
            messages: [objcBiometryAny + " (via `policy` passed by the call (line 6) → `VaultPolicyBiometryAny` (VaultPolicy.h:3))"]),
        .nonTriggering(
            "The same option type where every caller passes the current biometric set",
            files: [
                "VaultPolicy.h": """
                    typedef NS_OPTIONS(NSUInteger, VaultPolicy) {
                        VaultPolicyUserPresence = 1 << 0,
                        VaultPolicyBiometryAny = 1 << 1,
                        VaultPolicyBiometryCurrentSet = 1 << 3,
                    };
                    """,
                "Vault.m": """
                    #import "VaultPolicy.h"
                    SecAccessControlRef MakeAccess(VaultPolicy policy) {
                        return SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, (SecAccessControlCreateFlags)policy, NULL);
                    }
                    void Protect(void) {
                        CFRelease(MakeAccess(VaultPolicyBiometryCurrentSet));
                    }
                    """,
            ]),
        .triggering(
            "A library's own option type taken by a public setter no code of the scan calls: its users may pass any constant it declares, each read alone",
            files: [
                "VaultStore.h": """
                    typedef NS_OPTIONS(NSUInteger, VaultPolicy) {
                        VaultPolicyNone = 0,
                        VaultPolicyUserPresence = 1 << 0,
                        VaultPolicyBiometryAny = 1 << 1,
                        VaultPolicyBiometryCurrentSet = 1 << 3,
                    };
                    @interface VaultStore : NSObject
                    - (void)setPolicy:(VaultPolicy)policy;
                    - (SecAccessControlRef)makeAccess;
                    @end
                    """,
                "VaultStore.m": """
                    #import "VaultStore.h"
                    @implementation VaultStore {
                        VaultPolicy _policy;
                    }
                    - (void)setPolicy:(VaultPolicy)policy { _policy = policy; }
                    - (SecAccessControlRef)makeAccess {
                        return SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ↓(SecAccessControlCreateFlags)_policy, NULL);
                    }
                    @end
                    """,
            ],
            messages: [
                "Weak biometric access control: `kSecAccessControlUserPresence` falls back to the device passcode and accepts biometrics enrolled after the item was created (via `_policy` (line 5) → `policy`, any `VaultPolicy` callers of public `setPolicy:` may pass (line 5) → `VaultPolicyUserPresence` (VaultStore.h:3)); 1 other possible value is weak too",
            ]),
        .nonTriggering(
            "The same library whose option type declares only the current biometric set",
            files: [
                "VaultStore.h": """
                    typedef NS_OPTIONS(NSUInteger, VaultPolicy) {
                        VaultPolicyNone = 0,
                        VaultPolicyBiometryCurrentSet = 1 << 3,
                    };
                    @interface VaultStore : NSObject
                    - (void)setPolicy:(VaultPolicy)policy;
                    - (SecAccessControlRef)makeAccess;
                    @end
                    """,
                "VaultStore.m": """
                    #import "VaultStore.h"
                    @implementation VaultStore {
                        VaultPolicy _policy;
                    }
                    - (void)setPolicy:(VaultPolicy)policy { _policy = policy; }
                    - (SecAccessControlRef)makeAccess {
                        return SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, (SecAccessControlCreateFlags)_policy, NULL);
                    }
                    @end
                    """,
            ]),
        .nonTriggering(
            "An app with that option type, whose only call of the setter passes the current biometric set: the callers decide",
            files: [
                "VaultStore.h": """
                    typedef NS_OPTIONS(NSUInteger, VaultPolicy) {
                        VaultPolicyUserPresence = 1 << 0,
                        VaultPolicyBiometryAny = 1 << 1,
                        VaultPolicyBiometryCurrentSet = 1 << 3,
                    };
                    @interface VaultStore : NSObject
                    - (void)setPolicy:(VaultPolicy)policy;
                    - (SecAccessControlRef)makeAccess;
                    @end
                    """,
                "VaultStore.m": """
                    #import "VaultStore.h"
                    @implementation VaultStore {
                        VaultPolicy _policy;
                    }
                    - (void)setPolicy:(VaultPolicy)policy { _policy = policy; }
                    - (SecAccessControlRef)makeAccess {
                        return SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, (SecAccessControlCreateFlags)_policy, NULL);
                    }
                    @end
                    """,
                "Unlock.m": """
                    #import "VaultStore.h"
                    SecAccessControlRef UnlockAccess(VaultStore *store) {
                        [store setPolicy:VaultPolicyBiometryCurrentSet];
                        return [store makeAccess];
                    }
                    """,
            ]),
        .triggeringObjC(
            "A Secure Enclave key protected with kSecAccessControlBiometryAny",
            """
            SecAccessControlRef makeAccess(void) {
                CFErrorRef error = NULL;
                return SecAccessControlCreateWithFlags(kCFAllocatorDefault, kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
                    ↓kSecAccessControlPrivateKeyUsage | kSecAccessControlBiometryAny, &error);
            }
            """,
            messages: [objcBiometryAny],
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
            messages: [objcBiometryAny + " (via assigned (line 4))"]),
        .triggering(
            "Class and instance methods of a category in another file, sent to `self.class` and `self`: the flags they return",
            files: [
                "Vault.h": """
                    @interface Vault : NSObject
                    - (SecAccessControlRef)makeAccess;
                    @end
                    @interface Vault (Defaults)
                    + (SecAccessControlCreateFlags)defaultFlags;
                    - (SecAccessControlCreateFlags)keyFlags;
                    @end
                    """,
                "Vault+Defaults.m": """
                    #import "Vault.h"
                    @implementation Vault (Defaults)
                    + (SecAccessControlCreateFlags)defaultFlags { return kSecAccessControlBiometryAny; }
                    - (SecAccessControlCreateFlags)keyFlags { return kSecAccessControlBiometryAny | kSecAccessControlPrivateKeyUsage; }
                    @end
                    """,
                "Vault.m": """
                    #import "Vault.h"
                    @implementation Vault
                    - (SecAccessControlRef)makeAccess {
                        return SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ↓[self.class defaultFlags], NULL);
                    }
                    - (SecAccessControlRef)makeKeyAccess {
                        return SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ↓[self keyFlags], NULL);
                    }
                    @end
                    """,
            ],
            messages: [
                objcBiometryAny + " (via `Vault defaultFlags` (Vault+Defaults.m:3))",
                objcBiometryAny + " (via `Vault keyFlags` (Vault+Defaults.m:4))",
            ]),
        .nonTriggering(
            "The same category methods returning the current biometric set",
            files: [
                "Vault.h": """
                    @interface Vault : NSObject
                    - (SecAccessControlRef)makeAccess;
                    @end
                    @interface Vault (Defaults)
                    + (SecAccessControlCreateFlags)defaultFlags;
                    - (SecAccessControlCreateFlags)keyFlags;
                    @end
                    """,
                "Vault+Defaults.m": """
                    #import "Vault.h"
                    @implementation Vault (Defaults)
                    + (SecAccessControlCreateFlags)defaultFlags { return kSecAccessControlBiometryCurrentSet; }
                    - (SecAccessControlCreateFlags)keyFlags { return kSecAccessControlBiometryCurrentSet | kSecAccessControlPrivateKeyUsage; }
                    @end
                    """,
                "Vault.m": """
                    #import "Vault.h"
                    @implementation Vault
                    - (SecAccessControlRef)makeAccess {
                        return SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, [self.class defaultFlags], NULL);
                    }
                    - (SecAccessControlRef)makeKeyAccess {
                        return SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, [self keyFlags], NULL);
                    }
                    @end
                    """,
            ]),
        .triggeringObjC(
            "A class method reads a property of the instance its callers pass: the one constructed with kSecAccessControlBiometryAny",
            """
            @interface KeySpec : NSObject
            @property (nonatomic, readonly) SecAccessControlCreateFlags flags;
            - (instancetype)initWithFlags:(SecAccessControlCreateFlags)flags;
            @end
            @implementation KeySpec
            - (instancetype)initWithFlags:(SecAccessControlCreateFlags)flags {
                if ((self = [super init])) { _flags = flags; }
                return self;
            }
            @end
            @implementation KeyMaker
            + (SecAccessControlRef)accessForSpec:(KeySpec *)spec {
                CFErrorRef error = NULL;
                SecAccessControlRef access = SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ↓spec.flags, &error);
                if (access == NULL) { CFRelease(error); }
                return access;
            }
            + (void)setUp {
                KeySpec *signing = [[KeySpec alloc] initWithFlags:kSecAccessControlBiometryCurrentSet | kSecAccessControlPrivateKeyUsage];
                KeySpec *legacy = [[KeySpec alloc] initWithFlags:kSecAccessControlBiometryAny];
                SecAccessControlRef access = [self accessForSpec:legacy];
                if (access) { CFRelease(access); }
            }
            @end
            """,
            messages: [objcBiometryAny + " (via `spec` passed by the call (line 21) → `legacy` (line 20) → instance built by `[[KeySpec alloc] initWithFlags:kSecAccessControlBiometryAny]` (line 20) → `_flags` (line 7) → argument `flags` of the call (line 20))"]),
        .nonTriggeringObjC(
            "The same class method where the caller passes the instance constructed with the current biometric set",
            """
            @interface KeySpec : NSObject
            @property (nonatomic, readonly) SecAccessControlCreateFlags flags;
            - (instancetype)initWithFlags:(SecAccessControlCreateFlags)flags;
            @end
            @implementation KeySpec
            - (instancetype)initWithFlags:(SecAccessControlCreateFlags)flags {
                if ((self = [super init])) { _flags = flags; }
                return self;
            }
            @end
            @implementation KeyMaker
            + (SecAccessControlRef)accessForSpec:(KeySpec *)spec {
                CFErrorRef error = NULL;
                SecAccessControlRef access = SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, spec.flags, &error);
                if (access == NULL) { CFRelease(error); }
                return access;
            }
            + (void)setUp {
                KeySpec *signing = [[KeySpec alloc] initWithFlags:kSecAccessControlBiometryCurrentSet | kSecAccessControlPrivateKeyUsage];
                KeySpec *legacy = [[KeySpec alloc] initWithFlags:kSecAccessControlBiometryAny];
                SecAccessControlRef access = [self accessForSpec:signing];
                if (access) { CFRelease(access); }
            }
            @end
            """),
        .triggering(
            "A key pair's settings passed to a class method in another file: `spec.privateSpec.flags` is the private-key instance's flags",
            files: [
                "KeySpec.h": """
                    @interface KeySpec : NSObject
                    @property (nonatomic, readonly) SecAccessControlCreateFlags flags;
                    - (instancetype)initWithFlags:(SecAccessControlCreateFlags)flags;
                    @end
                    @interface KeyPairSpec : NSObject
                    @property (nonatomic, readonly) KeySpec *publicSpec;
                    @property (nonatomic, readonly) KeySpec *privateSpec;
                    - (instancetype)initWithPublicSpec:(KeySpec *)publicSpec privateSpec:(KeySpec *)privateSpec;
                    @end
                    """,
                "KeySpec.m": """
                    #import "KeySpec.h"
                    @implementation KeySpec
                    - (instancetype)initWithFlags:(SecAccessControlCreateFlags)flags {
                        if ((self = [super init])) { _flags = flags; }
                        return self;
                    }
                    @end
                    @implementation KeyPairSpec
                    - (instancetype)initWithPublicSpec:(KeySpec *)publicSpec privateSpec:(KeySpec *)privateSpec {
                        if ((self = [super init])) { _publicSpec = publicSpec; _privateSpec = privateSpec; }
                        return self;
                    }
                    @end
                    """,
                "KeyMaker.m": """
                    #import "KeySpec.h"
                    @implementation KeyMaker
                    + (SecAccessControlRef)privateKeyAccessForSpec:(KeyPairSpec *)spec {
                        return SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ↓spec.privateSpec.flags, NULL);
                    }
                    @end
                    """,
                "Signing.m": """
                    #import "KeySpec.h"
                    SecAccessControlRef SigningAccess(void) {
                        KeySpec *publicSpec = [[KeySpec alloc] initWithFlags:0];
                        KeySpec *privateSpec = [[KeySpec alloc] initWithFlags:kSecAccessControlBiometryAny | kSecAccessControlPrivateKeyUsage];
                        KeyPairSpec *spec = [[KeyPairSpec alloc] initWithPublicSpec:publicSpec privateSpec:privateSpec];
                        return [KeyMaker privateKeyAccessForSpec:spec];
                    }
                    """,
            ],
            messages: [objcBiometryAny + " (via `spec` passed by the call (Signing.m:6) → `spec` (Signing.m:5) → instance built by `[[KeyPairSpec alloc] initWithPublicSpec:publicSpec privat…` (Signing.m:5) → `_privateSpec` (KeySpec.m:10) → `privateSpec` of the initializer (Signing.m:5) → `privateSpec` (Signing.m:4) → instance built by `[[KeySpec alloc] initWithFlags:kSecAccessControlBiometryA…` (Signing.m:4) → `_flags` (KeySpec.m:4) → argument `flags` of the call (Signing.m:4))"]),
        .nonTriggering(
            "The same key pair whose public-key settings are weak: they are not lent to the private key",
            files: [
                "KeySpec.h": """
                    @interface KeySpec : NSObject
                    @property (nonatomic, readonly) SecAccessControlCreateFlags flags;
                    - (instancetype)initWithFlags:(SecAccessControlCreateFlags)flags;
                    @end
                    @interface KeyPairSpec : NSObject
                    @property (nonatomic, readonly) KeySpec *publicSpec;
                    @property (nonatomic, readonly) KeySpec *privateSpec;
                    - (instancetype)initWithPublicSpec:(KeySpec *)publicSpec privateSpec:(KeySpec *)privateSpec;
                    @end
                    """,
                "KeySpec.m": """
                    #import "KeySpec.h"
                    @implementation KeySpec
                    - (instancetype)initWithFlags:(SecAccessControlCreateFlags)flags {
                        if ((self = [super init])) { _flags = flags; }
                        return self;
                    }
                    @end
                    @implementation KeyPairSpec
                    - (instancetype)initWithPublicSpec:(KeySpec *)publicSpec privateSpec:(KeySpec *)privateSpec {
                        if ((self = [super init])) { _publicSpec = publicSpec; _privateSpec = privateSpec; }
                        return self;
                    }
                    @end
                    """,
                "KeyMaker.m": """
                    #import "KeySpec.h"
                    @implementation KeyMaker
                    + (SecAccessControlRef)privateKeyAccessForSpec:(KeyPairSpec *)spec {
                        return SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, spec.privateSpec.flags, NULL);
                    }
                    @end
                    """,
                "Signing.m": """
                    #import "KeySpec.h"
                    SecAccessControlRef SigningAccess(void) {
                        KeySpec *publicSpec = [[KeySpec alloc] initWithFlags:kSecAccessControlBiometryAny];
                        KeySpec *privateSpec = [[KeySpec alloc] initWithFlags:kSecAccessControlBiometryCurrentSet | kSecAccessControlPrivateKeyUsage];
                        KeyPairSpec *spec = [[KeyPairSpec alloc] initWithPublicSpec:publicSpec privateSpec:privateSpec];
                        return [KeyMaker privateKeyAccessForSpec:spec];
                    }
                    """,
            ]),
        .triggering(
            "An initializer a header declares, constructed in another file with kSecAccessControlBiometryAny: the path goes through that construction",
            files: [
                "LockPolicy.h": """
                    @interface LockPolicy : NSObject
                    - (instancetype)initWithOptions:(SecAccessControlCreateFlags)options;
                    - (SecAccessControlRef)makeAccess;
                    @end
                    """,
                "LockPolicy.m": """
                    #import "LockPolicy.h"
                    @implementation LockPolicy {
                        SecAccessControlCreateFlags _options;
                    }
                    - (instancetype)initWithOptions:(SecAccessControlCreateFlags)options {
                        if ((self = [super init])) { _options = options; }
                        return self;
                    }
                    - (SecAccessControlRef)makeAccess {
                        return SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ↓_options, NULL);
                    }
                    @end
                    """,
                "Unlock.m": """
                    #import "LockPolicy.h"
                    SecAccessControlRef UnlockAccess(void) {
                        LockPolicy *policy = [[LockPolicy alloc] initWithOptions:kSecAccessControlBiometryCurrentSet];
                        LockPolicy *legacy = [[LockPolicy alloc] initWithOptions:kSecAccessControlBiometryAny];
                        return [policy makeAccess];
                    }
                    """,
            ],
            messages: [objcBiometryAny + " (via `_options` (line 6) → `options` passed by the call (Unlock.m:4))"]),
        .nonTriggering(
            "An initializer a header declares, constructed with the current biometric set; another class's initializer with the same selector is not a call of it",
            files: [
                "LockPolicy.h": """
                    @interface LockPolicy : NSObject
                    - (instancetype)initWithOptions:(SecAccessControlCreateFlags)options;
                    - (SecAccessControlRef)makeAccess;
                    @end
                    """,
                "LockPolicy.m": """
                    #import "LockPolicy.h"
                    @implementation LockPolicy {
                        SecAccessControlCreateFlags _options;
                    }
                    - (instancetype)initWithOptions:(SecAccessControlCreateFlags)options {
                        if ((self = [super init])) { _options = options; }
                        return self;
                    }
                    - (SecAccessControlRef)makeAccess {
                        return SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, _options, NULL);
                    }
                    @end
                    """,
                "Unlock.m": """
                    #import "LockPolicy.h"
                    #import "AuditRecord.h"
                    SecAccessControlRef UnlockAccess(void) {
                        LockPolicy *policy = [[LockPolicy alloc] initWithOptions:kSecAccessControlBiometryCurrentSet];
                        AuditRecord *record = [[AuditRecord alloc] initWithOptions:kSecAccessControlBiometryAny];
                        return [policy makeAccess];
                    }
                    """,
            ]),
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


// MARK: - Examples (they run as tests and appear in `explain`)

extension WeakBiometricACLRule {
    private static let biometryAny =
        "Weak biometric access control: `.biometryAny` accepts biometrics enrolled after the item was created, so a newly added finger or face unlocks it"
    private static let touchIDAny =
        "Weak biometric access control: `.touchIDAny` (deprecated alias of `.biometryAny`) accepts biometrics enrolled after the item was created, so a newly added finger or face unlocks it"
    private static let userPresence =
        "Weak biometric access control: `.userPresence` falls back to the device passcode and accepts biometrics enrolled after the item was created"

    static let examples: [RuleExample] = [
        .triggering(
            "Key-pair configurations kept per instance: the signing preset's private-key flags, not the public key's or the login preset's",
            files: [
                "KeyConfig.swift": """
                    struct KeyAttributes {
                        let protection: CFString
                        let flags: SecAccessControlCreateFlags
                    }
                    struct KeyPairConfig {
                        let publicKey: KeyAttributes
                        let privateKey: KeyAttributes
                    }
                    enum Presets {
                        static let signing = KeyPairConfig(
                            publicKey: KeyAttributes(protection: kSecAttrAccessibleAlwaysThisDeviceOnly, flags: []),
                            privateKey: KeyAttributes(protection: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags: [.privateKeyUsage, .biometryAny]))
                        static let login = KeyPairConfig(
                            publicKey: KeyAttributes(protection: kSecAttrAccessibleAlwaysThisDeviceOnly, flags: []),
                            privateKey: KeyAttributes(protection: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags: [.privateKeyUsage, .biometryCurrentSet]))
                    }
                    """,
                "KeyMaker.swift": """
                    func makePrivateKeyAccess(_ config: KeyPairConfig) -> SecAccessControl? {
                        SecAccessControlCreateWithFlags(nil, config.privateKey.protection, ↓config.privateKey.flags, nil)
                    }
                    func setUp() {
                        _ = makePrivateKeyAccess(Presets.signing)
                        _ = makePrivateKeyAccess(Presets.login)
                    }
                    """,
            ],
            messages: [
                biometryAny
                    + " (via argument `config` of the call (line 5) → argument `privateKey` of the call (KeyConfig.swift:10) → `KeyAttributes.flags` (KeyConfig.swift:3) → argument `flags` of the call (KeyConfig.swift:12))"
            ]),
        .triggering(
            "A Secure Enclave key protected with .biometryAny",
            """
            guard let accessControl = SecAccessControlCreateWithFlags(
                kCFAllocatorDefault,
                kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
                ↓.biometryAny,
                nil
            ) else {
                throw KeychainError.accessControlCreationFailed
            }
            """,
            messages: [biometryAny],
            alsoTriggers: ["swift.biometric_item_not_device_bound", "swift.unchecked_access_control_creation"]),
        .triggering(
            ".userPresence falls back to the passcode",
            """
            let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ↓.userPresence, nil)
            """,
            messages: [userPresence]),
        .triggering(
            "The deprecated .touchIDAny, qualified with the type name, inside an array literal",
            """
            let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                                                         ↓[SecAccessControlCreateFlags.touchIDAny, .privateKeyUsage], nil)
            """,
            messages: [touchIDAny],
            alsoTriggers: ["swift.deprecated_keychain_api"]),
        .triggering(
            "[.biometryAny, .or, .devicePasscode] is exactly .userPresence",
            """
            let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                                                         ↓[.biometryAny, .or, .devicePasscode], nil)
            """,
            messages: [
                "Weak biometric access control: `[.biometryAny, .or, .devicePasscode]` is `.userPresence`: it falls back to the device passcode and accepts biometrics enrolled after the item was created"
            ]),
        .triggering(
            "A raw value: .init(rawValue: 2) is .biometryAny",
            """
            let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ↓.init(rawValue: 2), nil)
            """,
            messages: [biometryAny]),
        .triggering(
            "A local variable weakened in one branch: the message names the branch",
            """
            func makeAccess(allowPasscodeFallback: Bool) -> SecAccessControl? {
                var flags: SecAccessControlCreateFlags = .biometryCurrentSet
                if allowPasscodeFallback {
                    flags = .userPresence
                }
                return SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ↓flags, nil)
            }
            """,
            messages: [
                userPresence + " (via `flags` (line 2) → if `allowPasscodeFallback` (line 3) → assigned (line 4))"
            ]),
        .triggering(
            "A ternary between a strong and a weak value",
            """
            func makeAccess(legacy: Bool) -> SecAccessControl? {
                let flags: SecAccessControlCreateFlags = legacy ? .biometryAny : .biometryCurrentSet
                return SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ↓flags, nil)
            }
            """,
            messages: [biometryAny + " (via `flags` (line 2) → if `legacy` (line 2))"]),
        .triggering(
            "Set algebra: insert and union",
            """
            func makeAccess() -> SecAccessControl? {
                var flags: SecAccessControlCreateFlags = [.privateKeyUsage]
                flags.insert(.biometryAny)
                return SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ↓flags, nil)
            }
            let other = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                                                        ↓SecAccessControlCreateFlags.privateKeyUsage.union(.touchIDAny), nil)
            """,
            messages: [
                biometryAny + " (via `flags` (line 2) → `flags.insert` (line 3))",
                touchIDAny,
            ],
            alsoTriggers: ["swift.deprecated_keychain_api"]),
        .triggering(
            "A static constant declared in another file",
            files: [
                "KeychainConfiguration.swift": """
                    enum KeychainConfiguration {
                        static let sessionTokenFlags: SecAccessControlCreateFlags = [.biometryAny, .or, .devicePasscode]
                    }
                    """,
                "SessionStore.swift": """
                    final class SessionStore {
                        func accessControl() -> SecAccessControl? {
                            SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                                                            ↓KeychainConfiguration.sessionTokenFlags, nil)
                        }
                    }
                    """,
            ],
            messages: [
                "Weak biometric access control: `[.biometryAny, .or, .devicePasscode]` is `.userPresence`: it falls back to the device passcode and accepts biometrics enrolled after the item was created (via `KeychainConfiguration.sessionTokenFlags` (KeychainConfiguration.swift:2))"
            ]),
        .triggering(
            "An enum maps its cases to flags with `switch self`; only the weak case is reported",
            """
            enum ProtectionLevel {
                case high, legacy
                var accessFlags: SecAccessControlCreateFlags {
                    switch self {
                    case .high: return [.biometryCurrentSet, .privateKeyUsage]
                    case .legacy: return .touchIDAny
                    }
                }
            }
            let strong = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ProtectionLevel.high.accessFlags, nil)
            let weak = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ↓ProtectionLevel.legacy.accessFlags, nil)
            """,
            messages: [touchIDAny + " (via `ProtectionLevel.accessFlags` (line 3) → case .legacy (line 6))"],
            alsoTriggers: ["swift.deprecated_keychain_api"]),
        .triggering(
            "A default argument value used by a caller that omits the argument",
            """
            func makeAccessControl(flags: SecAccessControlCreateFlags = .userPresence) -> SecAccessControl? {
                SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ↓flags, nil)
            }
            let access = makeAccessControl()
            let strict = makeAccessControl(flags: .biometryCurrentSet)
            """,
            messages: [userPresence + " (via default of `flags` (line 1))"]),
        .triggering(
            "A parameter whose callers pass a weak value",
            """
            func store(secret: Data, flags: SecAccessControlCreateFlags) {
                let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ↓flags, nil)
            }
            store(secret: token, flags: .biometryAny)
            """,
            messages: [biometryAny + " (via argument `flags` of the call (line 4))"]),
        .triggering(
            "A stored property and a function that returns flags",
            """
            final class CredentialVault {
                private let biometricFlags: SecAccessControlCreateFlags = .biometryAny
                func defaultFlags() -> SecAccessControlCreateFlags { return .touchIDAny }
                func save() {
                    let a = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ↓biometricFlags, nil)
                    let b = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ↓self.defaultFlags(), nil)
                }
            }
            """,
            messages: [
                biometryAny + " (via `CredentialVault.biometricFlags` (line 2))",
                touchIDAny + " (via `CredentialVault.defaultFlags()` (line 3))",
            ],
            alsoTriggers: ["swift.deprecated_keychain_api"]),
        .triggering(
            "A configured list: only .userPresence is weak for this team",
            """
            let a = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryAny, nil)
            let b = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ↓.userPresence, nil)
            """,
            messages: [userPresence],
            options: ["weakBiometricFlags": ["userPresence"]]),
        .triggering(
            "Flags kept as an enum case's associated value, read back with `case let`",
            """
            enum Protection {
                case biometric(flags: SecAccessControlCreateFlags)
                case passcode
                var flags: SecAccessControlCreateFlags {
                    switch self {
                    case let .biometric(flags): return flags
                    case .passcode: return .devicePasscode
                    }
                }
            }
            let weak = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                                                       ↓Protection.biometric(flags: .biometryAny).flags, nil)
            let strong = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                                                         Protection.biometric(flags: .biometryCurrentSet).flags, nil)
            """,
            messages: [
                "Weak biometric access control: `.biometryAny` accepts biometrics enrolled after the item was created, so a newly added finger or face unlocks it (via `Protection.flags` (line 4) → case let .biometric(flags) (line 6) → case .biometric (line 5))"
            ]),
        .triggering(
            "Two instances of one type built with different flags: each use sees its own instance's",
            """
            final class Vault {
                let flags: SecAccessControlCreateFlags
                init(flags: SecAccessControlCreateFlags) { self.flags = flags }
            }
            func makeAccess() -> [SecAccessControl?] {
                let strong = Vault(flags: .biometryCurrentSet)
                let legacy = Vault(flags: .biometryAny)
                return [SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, strong.flags, nil),
                        SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ↓legacy.flags, nil)]
            }
            """,
            messages: [
                "Weak biometric access control: `.biometryAny` accepts biometrics enrolled after the item was created, so a newly added finger or face unlocks it (via `Vault.flags` (line 2) → assigned (line 3) → argument `flags` of the call (line 7))"
            ]),
        .nonTriggering(
            "A combination Security rejects is never stored: swift.invalid_access_control_flags reports it, once",
            """
            let a = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, [.biometryAny, .biometryCurrentSet], nil)
            let b = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, [.userPresence, .devicePasscode], nil)
            """,
            alsoTriggers: ["swift.invalid_access_control_flags"]),
        .nonTriggering(
            "The remedies: .biometryCurrentSet, .touchIDCurrentSet, and with .privateKeyUsage",
            """
            let a = SecAccessControlCreateWithFlags(kCFAllocatorDefault, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryCurrentSet, nil)
            let b = SecAccessControlCreateWithFlags(kCFAllocatorDefault, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .touchIDCurrentSet, nil)
            let c = SecAccessControlCreateWithFlags(kCFAllocatorDefault, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, [.biometryCurrentSet, .privateKeyUsage], nil)
            """,
            alsoTriggers: ["swift.deprecated_keychain_api"]),
        .nonTriggering(
            ".biometryAny compared, not passed; an unrelated enum's .userPresence",
            """
            enum AuthMode { case userPresence, pin }
            let mode: AuthMode = .userPresence
            switch mode {
            case .userPresence: print("biometrics")
            case .pin: print("pin")
            }
            if requestedFlags == .biometryAny || context.biometryType == .faceID { print("any") }
            """),
        .nonTriggering(
            "Words in comments and string literals are not code",
            """
            // Never use .biometryAny or .userPresence here.
            let help = "SecAccessControlCreateWithFlags(nil, p, .biometryAny, nil) is weak"
            /* SecAccessControlCreateWithFlags(nil, p, .userPresence, nil) */
            """),
        .nonTriggering(
            "Strong values on every branch, and the strong case of an enum mapping",
            """
            enum ProtectionLevel {
                case high, legacy
                var accessFlags: SecAccessControlCreateFlags {
                    switch self {
                    case .high: return .biometryCurrentSet
                    case .legacy: return .touchIDAny
                    }
                }
            }
            func makeAccess(signing: Bool) -> SecAccessControl? {
                var flags: SecAccessControlCreateFlags = .biometryCurrentSet
                if signing { flags = [.biometryCurrentSet, .privateKeyUsage] }
                let high = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ProtectionLevel.high.accessFlags, nil)
                return SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags, nil)
            }
            """,
            alsoTriggers: ["swift.deprecated_keychain_api"]),
        .nonTriggering(
            "Values the resolver cannot know stay silent (precision first)",
            """
            func makeAccess(from policy: RemotePolicy) -> SecAccessControl? {
                let flags = policy.decodeFlags()
                return SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags, nil)
            }
            let handlers = configs.map { config in
                SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, config, nil)
            }
            """),
        .nonTriggering(
            "A configured list without biometryAny",
            """
            let a = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, .biometryAny, nil)
            """,
            options: ["weakBiometricFlags": ["userPresence"]]),
        .triggering(
            "Flags read on a value bound by `guard let` from an Optional property whose type is written",
            """
            struct BiometricSettings { var flags: SecAccessControlCreateFlags { .biometryAny } }
            struct StrictSettings { var flags: SecAccessControlCreateFlags { .biometryCurrentSet } }

            final class Vault {
                var settings: BiometricSettings?
                func makeAccess() -> SecAccessControl? {
                    guard let settings else { return nil }
                    return SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ↓settings.flags, nil)
                }
            }
            """,
            messages: [
                "Weak biometric access control: `.biometryAny` accepts biometrics enrolled after the item was created, so a newly added finger or face unlocks it (via `BiometricSettings.flags` (line 1))"
            ]),
        .triggering(
            "A library's own option set mirroring Security's bits, converted by its raw value",
            """
            struct LockPolicy: OptionSet {
                let rawValue: UInt
                static let anyFace = LockPolicy(rawValue: 1 << 1)
            }

            func makeAccess(_ policy: LockPolicy) -> SecAccessControl? {
                SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ↓SecAccessControlCreateFlags(rawValue: CFOptionFlags(policy.rawValue)), nil)
            }
            func save() { _ = makeAccess(LockPolicy.anyFace) }
            """,
            messages: [
                "Weak biometric access control: `.biometryAny` accepts biometrics enrolled after the item was created, so a newly added finger or face unlocks it (via argument `policy` of the call (line 9) → `LockPolicy.rawValue` (line 2) → argument `rawValue` of the call (line 3))"
            ]),
        .nonTriggering(
            "The same option set's current-set bit, and a bit Security does not define (not read as flags)",
            """
            struct LockPolicy: OptionSet {
                let rawValue: UInt
                static let currentFaces = LockPolicy(rawValue: 1 << 3)
                static let custom = LockPolicy(rawValue: 1 << 7)
            }

            func makeAccess(_ policy: LockPolicy) -> SecAccessControl? {
                SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, SecAccessControlCreateFlags(rawValue: CFOptionFlags(policy.rawValue)), nil)
            }
            func save() {
                _ = makeAccess(LockPolicy.currentFaces)
                _ = makeAccess(LockPolicy.custom)
            }
            """),
        .nonTriggering(
            "The same with the Optional property of the strict settings type",
            """
            struct BiometricSettings { var flags: SecAccessControlCreateFlags { .biometryAny } }
            struct StrictSettings { var flags: SecAccessControlCreateFlags { .biometryCurrentSet } }

            final class Vault {
                var settings: StrictSettings?
                func makeAccess() -> SecAccessControl? {
                    if let current = settings {
                        return SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, current.flags, nil)
                    }
                    return nil
                }
            }
            """),
        .triggering(
            "Flags carried by an enum case's payload and bound by `guard case let`: the callers' cases give them; another case's caller does not reach them",
            """
            import Security

            enum KeySpec {
                case enclave(tag: String, access: SecAccessControlCreateFlags)
                case software(tag: String)
            }

            func makeKey(_ spec: KeySpec) -> SecKey? {
                guard case let .enclave(tag, access) = spec else { return nil }
                var error: Unmanaged<CFError>?
                guard let control = SecAccessControlCreateWithFlags(
                    nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ↓[.privateKeyUsage, access], &error)
                else { return nil }
                let attributes: [String: Any] = [
                    kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
                    kSecAttrTokenID as String: kSecAttrTokenIDSecureEnclave,
                    kSecPrivateKeyAttrs as String: [
                        kSecAttrIsPermanent as String: true,
                        kSecAttrApplicationTag as String: Data(tag.utf8),
                        kSecAttrAccessControl as String: control,
                    ],
                ]
                return SecKeyCreateRandomKey(attributes as CFDictionary, &error)
            }

            func setUp() {
                _ = makeKey(.enclave(tag: "signing", access: .biometryAny))
                _ = makeKey(.software(tag: "cache"))
            }
            """,
            messages: [biometryAny + " (via case .enclave (line 9) → argument `spec` of the call (line 27))"]),
        .nonTriggering(
            "The same payload where the caller of that case gives .biometryCurrentSet",
            """
            import Security

            enum KeySpec {
                case enclave(tag: String, access: SecAccessControlCreateFlags)
                case software(tag: String)
            }

            func makeKey(_ spec: KeySpec) -> SecKey? {
                guard case let .enclave(tag, access) = spec else { return nil }
                var error: Unmanaged<CFError>?
                guard let control = SecAccessControlCreateWithFlags(
                    nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, [.privateKeyUsage, access], &error)
                else { return nil }
                let attributes: [String: Any] = [
                    kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
                    kSecAttrTokenID as String: kSecAttrTokenIDSecureEnclave,
                    kSecPrivateKeyAttrs as String: [
                        kSecAttrIsPermanent as String: true,
                        kSecAttrApplicationTag as String: Data(tag.utf8),
                        kSecAttrAccessControl as String: control,
                    ],
                ]
                return SecKeyCreateRandomKey(attributes as CFDictionary, &error)
            }

            func setUp() {
                _ = makeKey(.enclave(tag: "signing", access: .biometryCurrentSet))
                _ = makeKey(.software(tag: "cache"))
            }
            """),
        .nonTriggering(
            "A public factory of the app's own framework adds .userPresence only when asked, and the app never asks",
            files: frameworkFactoryFiles(appCall: "KeyAccess.make()", app: "Notes")),
        .triggering(
            "The same framework when the app asks for the user: the flag the call chooses is reported",
            files: frameworkFactoryFiles(appCall: "KeyAccess.make(askUser: true)", app: "Notes", marked: true),
            messages: [userPresence + " (via `flags` (line 5) → if `askUser` (line 6) → `flags.insert` (line 7))"]),
        .triggering(
            "A framework that only a demo app embeds is a library: callers outside the scan may ask for the weak flag",
            files: frameworkFactoryFiles(appCall: "KeyAccess.make()", app: "KeyKitDemo", marked: true),
            messages: [userPresence + " (via `flags` (line 5) → if `askUser` (line 6) → `flags.insert` (line 7))"]),
    ]

    /// An Xcode project whose application `app` links and embeds the framework KeyKit, whose
    /// public `KeyAccess.make(askUser:)` inserts `.userPresence` only when asked; the app's one
    /// call is `appCall`. With `marked`, the flags argument carries the finding's mark.
    private static func frameworkFactoryFiles(appCall: String, app: String, marked: Bool = false) -> [String: String] {
        [
            "Keys.xcodeproj/project.pbxproj": MissingFaceIDUsageDescriptionRule.xcodeProject([
                .init(
                    name: app, sources: ["\(app)/Setup.swift"],
                    settings: ["GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_KEY_NSFaceIDUsageDescription": "Sign with your key", "SDKROOT": "iphoneos"],
                    dependencies: ["KeyKit"], links: ["KeyKit"], embeds: ["KeyKit"]),
                .init(name: "KeyKit", productType: "framework", sources: ["KeyKit/KeyAccess.swift"], settings: ["SDKROOT": "iphoneos"]),
            ]),
            "KeyKit/KeyAccess.swift": """
                import Security

                public enum KeyAccess {
                    public static func make(askUser: Bool = false) -> SecAccessControl? {
                        var flags: SecAccessControlCreateFlags = [.privateKeyUsage]
                        if askUser {
                            flags.insert(.userPresence)
                        }
                        return SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, \(marked ? "↓" : "")flags, nil)
                    }
                }
                """,
            "\(app)/Setup.swift": """
                import KeyKit

                func signingKeyAccess() -> SecAccessControl? { \(appCall) }
                """,
        ]
    }
}
