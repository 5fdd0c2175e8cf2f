import KeychainLintAnalysis
import KeychainLintRuleKit
import KeychainLintModel
import KeychainLintCore

/// `biometric_item_not_device_bound` — biometry-protected items that can leave the device (Apple's
/// sample "Accessing Keychain Items with Face ID or Touch ID"; OWASP MASTG-KNOW-0057), in Swift and
/// Objective-C.
public struct BiometricItemNotDeviceBoundRule: Check {
    public static let calls: [CheckedCall] = [
        .function(AccessControlJudgement.createFunction), .function("SecItemAdd"), .function("SecItemUpdate"),
    ]
    public static let swiftInterests: [RuleInterest] = wrapperInterests

    public init(options: [String: ConfigValue]) {}

    public func check(_ call: ProgramCall, in context: some CheckContext) {
        if call.name == AccessControlJudgement.createFunction {
            checkCreation(call, in: context)
        } else {
            checkSynchronizable(call, in: context)
        }
    }

    /// Swift wrapper libraries' access-control options.
    public func checkSwift(_ input: RuleInput, in context: RuleContext) {
        if let setting = WrapperSetting.of(input, role: .accessControlFlags, in: context) {
            checkWrapper(setting, in: context)
        }
    }

    // MARK: Protection of an access control with user authentication

    private func checkCreation(_ call: ProgramCall, in context: some CheckContext) {
        guard let protectionArgument = call.argument(1), let flagsArgument = call.argument(2) else { return }
        let flagsResolution = context.resolve(flagsArgument)
        guard let flags = BiometricItemNotDeviceBoundJudgement.protectedFlags(flagsResolution.values.map(\.value)) else {
            context.noteGaps(flagsResolution, asking: "flags of SecAccessControlCreateWithFlags")
            return
        }
        let resolution = context.resolve(protectionArgument)
        guard var worst = BiometricItemNotDeviceBoundJudgement.worstProtection(resolution.values) else {
            context.noteGaps(resolution, asking: "protection of SecAccessControlCreateWithFlags")
            return
        }
        var judgedFlags = flags
        // Protection and flags are judged as they occur together: inside a method of a settings
        // type whose instances differ (a key pair's public-key and private-key access), one
        // instance's protection is never paired with another's flags.
        if let cases = context.resolveJointly([protectionArgument, flagsArgument]) {
            let pairs = cases.compactMap { Self.worstPair(protection: $0[0], flags: $0[1]) }
            let occurs = cases.contains { pair in
                pair[0].values.contains { SecItemKeys.accessibilityName($0.value) == worst.name }
                    && pair[1].values.contains { AccessControlFlagSet.interpret($0.value) == flags }
            }
            if !occurs {
                guard let paired = pairs.first(where: { $0.protection.severity == .medium }) ?? pairs.first else {
                    for pair in cases {
                        context.noteGaps(pair[0], asking: "protection of SecAccessControlCreateWithFlags")
                        context.noteGaps(pair[1], asking: "flags of SecAccessControlCreateWithFlags")
                    }
                    let location = context.location(of: protectionArgument)
                    context.noteGaps(
                        Resolution(gaps: [ResolutionGap(
                            file: location.file, line: location.line, column: location.column,
                            reason: "no instance `self` can be has a protection other than `\(BiometricItemNotDeviceBoundJudgement.strongest)` together with user-authentication flags (each instance is judged with its own values)")]),
                        asking: "protection of SecAccessControlCreateWithFlags")
                    return
                }
                worst = paired.protection
                judgedFlags = paired.flags
            }
        }
        var message = BiometricItemNotDeviceBoundJudgement.protectionMessage(
            worst.name, severity: worst.severity, flags: judgedFlags, spelling: context.spelling)
        var confidence: Confidence = worst.trace.isEmpty ? .high : .medium
        var remediation: String?
        var trace = worst.trace
        // The protection and the flags are two options the library offers, and every value of
        // each that makes the pair is only that option (no path of the code gives one itself).
        if let options = LibraryOptionJudgement.combined(
            LibraryOptionJudgement.onlyOption(of: resolution.values) { SecItemKeys.accessibilityName($0) == worst.name },
            LibraryOptionJudgement.onlyOption(of: flagsResolution.values) { AccessControlFlagSet.interpret($0) == judgedFlags })
        {
            message = LibraryOptionJudgement.callerChoosingBoth(options, from: context.location(of: protectionArgument).file) + " "
                + BiometricItemNotDeviceBoundJudgement.libraryProtectionMessage(message) + LibraryOptionJudgement.libraryPermitsIt
            confidence = LibraryOptionJudgement.confidence
            remediation = LibraryOptionJudgement.remediation
            if let flagsTrace = flagsResolution.values.first(where: { AccessControlFlagSet.interpret($0.value) == judgedFlags })?.trace {
                trace += flagsTrace
            }
        }
        context.report(
            at: protectionArgument, message: message + context.describeTrace(worst.trace),
            confidence: confidence, severity: worst.severity, trace: trace, remediation: remediation)
    }

    /// The finding one instance's protection and flags make together, if any.
    private static func worstPair(protection: Resolution, flags: Resolution)
        -> (protection: (name: String, trace: [TraceStep], severity: Severity), flags: AccessControlFlagSet)?
    {
        guard let flags = BiometricItemNotDeviceBoundJudgement.protectedFlags(flags.values.map(\.value)),
            let worst = BiometricItemNotDeviceBoundJudgement.worstProtection(protection.values)
        else { return nil }
        return (worst, flags)
    }

    // MARK: kSecAttrSynchronizable with kSecAttrAccessControl

    /// `kSecAttrSynchronizable` set to true in what `SecItemAdd` or `SecItemUpdate` stores (update's
    /// attributes, not its query), beside `kSecAttrAccessControl`: reported once per call, for the
    /// first such dictionary, with the dictionary's path when it stays in the calling body.
    private func checkSynchronizable(_ call: ProgramCall, in context: some CheckContext) {
        for (query, _, argument) in KeychainDictionaries.stored(by: call, in: context) where query.contains("kSecAttrAccessControl") {
            guard let entry = query.entry("kSecAttrSynchronizable"), AccessControlJudgement.isTrue(entry.value) else { continue }
            // What this pairs is whether an access control is there, which no option's value tells
            // (an option that only chooses its flags leaves it there): worded as certain.
            let message = BiometricItemNotDeviceBoundJudgement.synchronizedMessage + KeychainDictionaries.localTrace(query.trace, in: context)
            let confidence: Confidence = query.trace.isEmpty ? .high : .medium
            if let location = entry.location {
                context.report(
                    at: location, message: message, confidence: confidence, trace: query.trace,
                    snippet: "kSecAttrSynchronizable: \(entry.value) with kSecAttrAccessControl")
            } else {
                context.report(at: argument, message: message, confidence: confidence, trace: query.trace)
            }
            return
        }
    }

    public static let swiftRule = RuleDescription(
        id: "swift.biometric_item_not_device_bound",
        name: "Biometry-protected item can leave the device",
        severity: .medium,
        confidence: .high,
        resource: "Data Storage",
        tags: [],
        summary:
            "An access control with a user-authentication constraint is created with a protection that is not …ThisDeviceOnly (medium) or not WhenPasscodeSetThisDeviceOnly (low), or an access-controlled item is added with kSecAttrSynchronizable: true.",
        documentation: RuleDocumentation(
            whatItDoes: """
                Flags the `protection` argument of `SecAccessControlCreateWithFlags` when the flags include a \
                user-authentication constraint (biometry, passcode, user presence, watch/companion, application \
                password) and the protection is not a `…ThisDeviceOnly` value (medium), or is `…ThisDeviceOnly` \
                but not `kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly` (low). Also flags \
                `kSecAttrSynchronizable: true` (or `kCFBooleanTrue`) in the same `SecItemAdd` attributes (or \
                `SecItemUpdate` attributes to update) as `kSecAttrAccessControl`, at the place the \
                synchronizable key is written. Protection, flags and queries are followed through variables, \
                branches, properties, helpers and other files by the shared resolver.
                """,
            whyItMatters: """
                An item that asks for Face ID, Touch ID or the passcode protects a secret that should only \
                exist on the device where the user enrolled. Accessibility values without `ThisDeviceOnly` make \
                the item eligible for iCloud Keychain and for encrypted backups restored onto another device \
                (Apple's sample "Accessing Keychain Items with Face ID or Touch ID"). \
                `kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly` is the strongest class: the item cannot be \
                stored without a passcode and becomes unavailable when the passcode is removed (Apple's sample; \
                OWASP MASTG-KNOW-0057). `kSecAttrSynchronizable: true` explicitly asks for the item to be \
                copied to the user's other devices.
                """,
            whatToDoInstead: """
                Pass `kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly` as the `protection` argument of \
                `SecAccessControlCreateWithFlags`, as Apple's sample does, and do not set \
                `kSecAttrSynchronizable` on access-controlled items. Through a wrapper library, give it its \
                when-passcode-set, this-device-only accessibility option with the access control (KeychainAccess \
                `.accessibility(.whenPasscodeSetThisDeviceOnly, authenticationPolicy: …)`) and leave its \
                synchronizable switch off. Keep secrets that must follow the user across devices on the server, \
                unlocked by a device-bound key.
                """,
            fixSafety: """
                A fix changes where the item exists: after moving to a ThisDeviceOnly class, the item is no \
                longer restored from backups or synchronized, and WhenPasscodeSet items cannot be written on a \
                device without a passcode. Not automatic.
                """,
            notes: [
                LibraryOptionNote.pairedOptions,
                "Any flag of `constraintNames` counts as user authentication, including `.devicePasscode`, `.companion`/`.watch` and `.applicationPassword`; `.privateKeyUsage`, `.or`, `.and` and `[]` alone do not.",
                "Flag values Security rejects are left to swift.invalid_access_control_flags; unresolved flags or protections produce no finding (`--verbose` shows where resolution stopped).",
                "When several protections can reach the call, the most severe one is reported. `kSecAttrAccessibleAlways*` is reported here too when it protects an access control (it is not device-bound or does not need a passcode); swift.weak_keychain_accessibility reports its lock-screen weakness separately.",
                "For `SecItemUpdate` the second argument (the attributes to update) is checked, since that is what the item gets; `kSecAttrSynchronizable` in the first argument only selects items to update.",
                "Only `true` and `kCFBooleanTrue` count as enabling synchronization; `kSecAttrSynchronizableAny` is a search value and is not flagged.",
                "Protection and flags are judged as they occur together. Inside a method or computed property of a settings type that several instances share (a key pair's public-key and private-key access), each instance is judged with its own protection and flags: the instance the code names (`config.privateKey.accessControl()`); for a method judged on its own, the receivers of its calls in the scan when no other module can call it, otherwise every instance the scan builds (the presets and defaults a library offers, and what the scan's own callers build). A weak pair one of them has is reported with its path; one instance's protection is never paired with another's flags. An instance that code outside the scan builds through a public initializer taking these values holds what that code chooses: nothing is judged about it (`--verbose` says so). An instance counts however its construction is written: `KeyAccess(…)`, `KeyAccess.init(…)`, `Self(…)`, a static factory that returns one construction, and `.init(…)` where the code around it writes the type (a typed constant or variable, a parameter's default, the result type of a function or computed property, an argument of an initializer or function whose parameter type is written); a `.init(…)` whose type is not written there (an argument of a method called on an instance, a value assigned to a property or variable) is not followed: the instance it may build is not known, and `--verbose` says so. When the instances are not all known (a class that can be subclassed, an initializer that delegates to another, a `var` other code may set), protection and flags are each resolved on their own, and a pair no instance has may be reported.",
                "Locals given as protection and flags, assigned in the arms of the same `switch` or `if` (a level that chooses both), are paired by the assignments that can run together on one pass: one `case`'s protection is never paired with another's flags, and a later assignment that runs whenever the other local's does replaces an earlier value. A local built up in steps (`insert`, `+=`), changed through `&` or a method, or assigned in a loop or a closure is resolved on its own.",
                wrapperNote,
            ],
            references: [
                "Apple: Accessing Keychain Items with Face ID or Touch ID — https://developer.apple.com/documentation/localauthentication/accessing-keychain-items-with-face-id-or-touch-id",
                "Apple: Restricting keychain item accessibility — https://developer.apple.com/documentation/security/restricting-keychain-item-accessibility",
                "Apple: kSecAttrSynchronizable — https://developer.apple.com/documentation/security/ksecattrsynchronizable",
                "OWASP MASTG-KNOW-0057: Keychain Services — https://mas.owasp.org/MASTG/knowledge/ios/MASVS-STORAGE/MASTG-KNOW-0057/",
            ]),
        remediation:
            "Create the access control with kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly and do not set kSecAttrSynchronizable on access-controlled items.",
        examples: examples + wrapperExamples)

    public static let objectiveCRule = RuleDescription.objectiveC(
        of: swiftRule,
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
            LibraryOptionNote.pairedOptions,
            "When several protections can reach the call (a lookup table of options, branches, a helper with several `return`s), the most severe one is reported, with its path; one finding per call.",
            "`kSecAccessControlPrivateKeyUsage`, `kSecAccessControlOr`, `kSecAccessControlAnd` and `0` alone are no user-authentication constraint. Flag values Security rejects are left to objc.invalid_access_control_flags; unknown flags or protections (a parameter, another file) produce no finding.",
            "Only `@YES`, `@(YES)`, `YES`, `true` and `kCFBooleanTrue` count as enabling synchronization (the Swift rule's definition); `kSecAttrSynchronizableAny` is a search value and is not flagged, and the search dictionary of SecItemUpdate is not checked.",
            "The access control beside `kSecAttrSynchronizable` need not be resolved: the key alone marks the item as access-controlled.",
            "Protection and flags are judged as they occur together. Inside an instance method of a settings class that several instances share (a key pair's public-key and private-key access), each instance is judged with its own instance state: the instances the method is sent to, or, when it may be sent from anywhere (a header declares it), every instance the scan builds (`[[KeyAccess alloc] initWith…]`, `[KeyAccess new]` in the class's file, and `[[KeyAccess alloc] initWith…]` in the scan's other Objective-C files through an initializer a header declares) when every message of the scan that runs one of the class's initializers is such a construction. One instance's protection is never paired with another's flags. An instance built outside the scan through an initializer a header declares holds what its caller passes: nothing is judged about it (`--verbose` says so). When the instances are not all known (another file sends an initializer to an object it did not build as an instance of the class, another initializer runs one with `[self init…]`, state stored outside the initializers), protection and flags are each resolved on their own, and a pair no instance has may be reported.",
            "Locals given as protection and flags, assigned in the arms of the same `switch` or `if` (a level that chooses both), are paired by the assignments that can run together on one pass: one `case`'s protection is never paired with another's flags, and a later assignment that runs whenever the other local's does replaces an earlier value. A local built up with `|=`, or assigned in a loop or a block, is resolved on its own.",
            ProgramWrapperSetting.objectiveCRecognitionNote,
            "UICKeyChainStore sets its policy only with `setAccessibility:authenticationPolicy:`, whose accessibility becomes the protection of the access control the library creates: a user-authentication policy with an accessibility other than `UICKeyChainStoreAccessibilityWhenPasscodeSetThisDeviceOnly` is reported at the accessibility (medium when it is not ThisDeviceOnly, low when it is). In Objective-C a library instance's settings are judged call by call: a `synchronizable = YES` assigned in another statement is not put together with the policy (no finding).",
        ],
        examples: objectiveCExamples)
}

// MARK: - Objective-C examples (they run as tests and appear in `explain`)

extension BiometricItemNotDeviceBoundRule {
    private static func canLeave(_ name: String, flags: String) -> String {
        "Protected item can leave the device: `\(name)` is not a …ThisDeviceOnly value, so the item protected by `\(flags)` is eligible for iCloud Keychain and for restoring from a backup onto another device"
    }

    private static func outlives(_ name: String, flags: String) -> String {
        "Protected item outlives the device passcode: `\(name)` is device-bound but, unlike `kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly`, keeps the item protected by `\(flags)` when the passcode is removed"
    }

    static let objectiveCExamples: [RuleExample] = [
        .triggering(
            "A library whose public setter takes its protection and its policy as options of its own enums, with no caller in the scan: a caller that chooses both gets an item that can leave the device (low confidence)",
            files: [
                "VaultStore.h": """
                    typedef NS_ENUM(NSInteger, VaultProtection) { VaultProtectionUnlocked = 1, VaultProtectionThisDevice };
                    typedef NS_OPTIONS(NSUInteger, VaultPolicy) { VaultPolicyNone = 0, VaultPolicyBiometryCurrentSet = 1 << 3 };
                    @interface VaultStore : NSObject
                    - (void)setProtection:(VaultProtection)protection policy:(VaultPolicy)policy;
                    - (SecAccessControlRef)makeAccess;
                    @end
                    """,
                "VaultStore.m": """
                    #import "VaultStore.h"
                    @implementation VaultStore {
                        VaultProtection _protection;
                        VaultPolicy _policy;
                    }
                    - (void)setProtection:(VaultProtection)protection policy:(VaultPolicy)policy {
                        _protection = protection;
                        _policy = policy;
                    }
                    - (SecAccessControlRef)makeAccess {
                        NSDictionary *protections = @{@(VaultProtectionUnlocked): (__bridge id)kSecAttrAccessibleWhenUnlocked,
                                                      @(VaultProtectionThisDevice): (__bridge id)kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly};
                        return SecAccessControlCreateWithFlags(NULL, ↓(__bridge CFTypeRef)protections[@(_protection)], (SecAccessControlCreateFlags)_policy, NULL);
                    }
                    @end
                    """,
            ],
            messages: [
                "A caller that chooses both options the library offers (`protection`, any `VaultProtection` callers of public `setProtection:policy:` may pass, line 7; `policy`, any `VaultPolicy` callers of public `setProtection:policy:` may pass, line 8) gets a protected item that can leave the device: `kSecAttrAccessibleWhenUnlocked` is not a …ThisDeviceOnly value, so the item protected by `kSecAccessControlBiometryCurrentSet` is eligible for iCloud Keychain and for restoring from a backup onto another device; the library offers both options and does not keep them apart, but no code of the scan combines them (via `protections` (line 11) → `protections[VaultProtectionUnlocked]` (line 11) → `protection`, any `VaultProtection` callers of public `setProtection:policy:` may pass (line 7))",
            ]),
        .triggering(
            "The same library whose own preset calls the setter with both: the caller in the scan decides, and the finding is certain",
            files: [
                "VaultStore.h": """
                    typedef NS_ENUM(NSInteger, VaultProtection) { VaultProtectionUnlocked = 1, VaultProtectionThisDevice };
                    typedef NS_OPTIONS(NSUInteger, VaultPolicy) { VaultPolicyNone = 0, VaultPolicyBiometryCurrentSet = 1 << 3 };
                    @interface VaultStore : NSObject
                    - (void)setProtection:(VaultProtection)protection policy:(VaultPolicy)policy;
                    - (SecAccessControlRef)makeAccess;
                    @end
                    """,
                "VaultStore.m": """
                    #import "VaultStore.h"
                    @implementation VaultStore {
                        VaultProtection _protection;
                        VaultPolicy _policy;
                    }
                    - (void)setProtection:(VaultProtection)protection policy:(VaultPolicy)policy {
                        _protection = protection;
                        _policy = policy;
                    }
                    - (SecAccessControlRef)makeAccess {
                        NSDictionary *protections = @{@(VaultProtectionUnlocked): (__bridge id)kSecAttrAccessibleWhenUnlocked,
                                                      @(VaultProtectionThisDevice): (__bridge id)kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly};
                        return SecAccessControlCreateWithFlags(NULL, ↓(__bridge CFTypeRef)protections[@(_protection)], (SecAccessControlCreateFlags)_policy, NULL);
                    }
                    @end
                    @implementation VaultStore (Presets)
                    + (instancetype)sharedStore {
                        VaultStore *store = [VaultStore new];
                        [store setProtection:VaultProtectionUnlocked policy:VaultPolicyBiometryCurrentSet];
                        return store;
                    }
                    @end
                    """,
            ],
            messages: [
                "Protected item can leave the device: `kSecAttrAccessibleWhenUnlocked` is not a …ThisDeviceOnly value, so the item protected by `kSecAccessControlBiometryCurrentSet` is eligible for iCloud Keychain and for restoring from a backup onto another device (via `protections` (line 11) → `protections[VaultProtectionUnlocked]` (line 11))",
            ]),
        .nonTriggeringObjC(
            "Protection and flags assigned together in each case of a switch: the biometry flags only ever go with a device-bound protection",
            """
            SecAccessControlRef MakeKeyAccess(int level) {
                CFStringRef protection = kSecAttrAccessibleAfterFirstUnlock;
                SecAccessControlCreateFlags flags = kSecAccessControlPrivateKeyUsage;
                switch (level) {
                    case 1:
                        protection = kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly;
                        flags = kSecAccessControlBiometryCurrentSet | kSecAccessControlPrivateKeyUsage;
                        break;
                    default:
                        protection = kSecAttrAccessibleAfterFirstUnlock;
                        flags = kSecAccessControlPrivateKeyUsage;
                }
                return SecAccessControlCreateWithFlags(NULL, protection, flags, NULL);
            }
            """),
        .triggeringObjC(
            "Protection and flags assigned together, where one case pairs a protection that can leave the device with biometry",
            """
            SecAccessControlRef MakeKeyAccess(int level) {
                CFStringRef protection = kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly;
                SecAccessControlCreateFlags flags = 0;
                switch (level) {
                    case 1:
                        protection = kSecAttrAccessibleAfterFirstUnlock;
                        flags = kSecAccessControlBiometryCurrentSet;
                        break;
                    default:
                        flags = kSecAccessControlPrivateKeyUsage;
                }
                return SecAccessControlCreateWithFlags(NULL, ↓protection, flags, NULL);
            }
            """,
            messages: [canLeave("kSecAttrAccessibleAfterFirstUnlock", flags: "kSecAccessControlBiometryCurrentSet") + " (via assigned (line 6))"]),
        .triggeringObjC(
            "UICKeyChainStore: an authentication policy given with an accessibility that is not WhenPasscodeSetThisDeviceOnly",
            """
            #import <UICKeyChainStore/UICKeyChainStore.h>

            @interface TokenVault : NSObject
            @property (nonatomic, strong) UICKeyChainStore *store;
            @end

            @implementation TokenVault
            - (void)protect {
                [self.store setAccessibility:↓UICKeyChainStoreAccessibilityAfterFirstUnlock
                        authenticationPolicy:UICKeyChainStoreAuthenticationPolicyTouchIDCurrentSet];
                UICKeyChainStore *cards = [[UICKeyChainStore alloc] initWithService:@"com.example.cards"];
                [cards setAccessibility:↓UICKeyChainStoreAccessibilityWhenUnlockedThisDeviceOnly
                   authenticationPolicy:UICKeyChainStoreAuthenticationPolicyTouchIDCurrentSet];
                [cards setAccessibility:UICKeyChainStoreAccessibilityWhenPasscodeSetThisDeviceOnly
                   authenticationPolicy:UICKeyChainStoreAuthenticationPolicyTouchIDCurrentSet];
            }
            @end
            """,
            messages: [
                wrapperProtectionMessage(
                    "`setAccessibility:UICKeyChainStoreAccessibilityAfterFirstUnlock` (UICKeyChainStore)", "kSecAttrAccessibleAfterFirstUnlock",
                    protectedBy: "`authenticationPolicy:UICKeyChainStoreAuthenticationPolicyTouchIDCurrentSet` (UICKeyChainStore) → `kSecAccessControlTouchIDCurrentSet`",
                    severity: .medium),
                wrapperProtectionMessage(
                    "`setAccessibility:UICKeyChainStoreAccessibilityWhenUnlockedThisDeviceOnly` (UICKeyChainStore)",
                    "kSecAttrAccessibleWhenUnlockedThisDeviceOnly",
                    protectedBy: "`authenticationPolicy:UICKeyChainStoreAuthenticationPolicyTouchIDCurrentSet` (UICKeyChainStore) → `kSecAccessControlTouchIDCurrentSet`",
                    severity: .low),
            ]),
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
        .triggering(
            "A settings class's factories, each instance judged with its own protection and flags (the method a header declares may be sent to either): the private key's pair is reported, the public key's protection is not lent to it",
            files: [
                "KeyAccess.h": """
                    #import <Foundation/Foundation.h>
                    #import <Security/Security.h>

                    @interface KeyAccess : NSObject
                    + (instancetype)publicKeyAccess;
                    + (instancetype)privateKeyAccess;
                    - (SecAccessControlRef)makeAccessControl;
                    @end
                    """,
                "KeyAccess.m": """
                    #import "KeyAccess.h"

                    @implementation KeyAccess {
                        CFStringRef _protection;
                        SecAccessControlCreateFlags _flags;
                    }
                    - (instancetype)initWithProtection:(CFStringRef)protection flags:(SecAccessControlCreateFlags)flags {
                        self = [super init];
                        if (self) {
                            _protection = protection;
                            _flags = flags;
                        }
                        return self;
                    }
                    + (instancetype)publicKeyAccess {
                        return [[KeyAccess alloc] initWithProtection:kSecAttrAccessibleAlwaysThisDeviceOnly flags:0];
                    }
                    + (instancetype)privateKeyAccess {
                        return [[KeyAccess alloc] initWithProtection:kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
                                                               flags:kSecAccessControlBiometryCurrentSet | kSecAccessControlPrivateKeyUsage];
                    }
                    - (SecAccessControlRef)makeAccessControl {
                        return SecAccessControlCreateWithFlags(NULL, ↓_protection, _flags, NULL);
                    }
                    @end
                    """,
            ],
            messages: [
                outlives(
                    "kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly",
                    flags: "kSecAccessControlBiometryCurrentSet | kSecAccessControlPrivateKeyUsage")
                    + " (via instance built by `[[KeyAccess alloc] initWithProtection:kSecAttrAccessibleA…` (line 19) → `_protection` (line 10) → argument `protection` of the call (line 19))"
            ],
            alsoTriggers: ["objc.weak_keychain_accessibility"]),
        .triggering(
            "A settings class built in another file through the initializer its header declares, each instance judged with its own protection and flags: the private key's pair is reported, the public key's protection is not lent to it",
            files: [
                "KeyAccess.h": """
                    #import <Foundation/Foundation.h>
                    #import <Security/Security.h>

                    @interface KeyAccess : NSObject
                    - (instancetype)initWithProtection:(CFStringRef)protection flags:(SecAccessControlCreateFlags)flags;
                    - (SecAccessControlRef)makeAccessControl;
                    @end
                    """,
                "KeyAccess.m": """
                    #import "KeyAccess.h"

                    @implementation KeyAccess {
                        CFStringRef _protection;
                        SecAccessControlCreateFlags _flags;
                    }
                    - (instancetype)initWithProtection:(CFStringRef)protection flags:(SecAccessControlCreateFlags)flags {
                        self = [super init];
                        if (self) {
                            _protection = protection;
                            _flags = flags;
                        }
                        return self;
                    }
                    - (SecAccessControlRef)makeAccessControl {
                        return SecAccessControlCreateWithFlags(NULL, ↓_protection, _flags, NULL);
                    }
                    @end
                    """,
                "Keys.m": """
                    #import "KeyAccess.h"

                    KeyAccess *PublicKeyAccess(void) {
                        return [[KeyAccess alloc] initWithProtection:kSecAttrAccessibleAlwaysThisDeviceOnly flags:0];
                    }

                    KeyAccess *PrivateKeyAccess(void) {
                        return [[KeyAccess alloc] initWithProtection:kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
                                                               flags:kSecAccessControlBiometryCurrentSet | kSecAccessControlPrivateKeyUsage];
                    }
                    """,
            ],
            messages: [
                outlives(
                    "kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly",
                    flags: "kSecAccessControlBiometryCurrentSet | kSecAccessControlPrivateKeyUsage")
                    + " (via instance built by `[[KeyAccess alloc] initWithProtection:kSecAttrAccessibleA…` (Keys.m:8) → `_protection` (line 10) → argument `protection` of the call (Keys.m:8))"
            ],
            alsoTriggers: ["objc.weak_keychain_accessibility"]),
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
        .nonTriggering(
            "The same class with the private key's strongest protection and an initializer a header declares: no instance pairs a weak protection with its flags; an instance built outside the scan holds what its caller passes, not known (said under --verbose)",
            files: [
                "KeyAccess.h": """
                    #import <Foundation/Foundation.h>
                    #import <Security/Security.h>

                    @interface KeyAccess : NSObject
                    + (instancetype)publicKeyAccess;
                    + (instancetype)privateKeyAccess;
                    - (instancetype)initWithProtection:(CFStringRef)protection flags:(SecAccessControlCreateFlags)flags;
                    - (SecAccessControlRef)makeAccessControl;
                    @end
                    """,
                "KeyAccess.m": """
                    #import "KeyAccess.h"

                    @implementation KeyAccess {
                        CFStringRef _protection;
                        SecAccessControlCreateFlags _flags;
                    }
                    - (instancetype)initWithProtection:(CFStringRef)protection flags:(SecAccessControlCreateFlags)flags {
                        self = [super init];
                        if (self) {
                            _protection = protection;
                            _flags = flags;
                        }
                        return self;
                    }
                    + (instancetype)publicKeyAccess {
                        return [[KeyAccess alloc] initWithProtection:kSecAttrAccessibleAlwaysThisDeviceOnly flags:0];
                    }
                    + (instancetype)privateKeyAccess {
                        return [[KeyAccess alloc] initWithProtection:kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly
                                                               flags:kSecAccessControlBiometryCurrentSet | kSecAccessControlPrivateKeyUsage];
                    }
                    - (SecAccessControlRef)makeAccessControl {
                        return SecAccessControlCreateWithFlags(NULL, _protection, _flags, NULL);
                    }
                    @end
                    """,
            ],
            alsoTriggers: ["objc.weak_keychain_accessibility"]),
        .nonTriggering(
            "The same class built in another file with the private key's strongest protection: no instance pairs a weak protection with its flags; an instance built outside the scan holds what its caller passes, not known (said under --verbose)",
            files: [
                "KeyAccess.h": """
                    #import <Foundation/Foundation.h>
                    #import <Security/Security.h>

                    @interface KeyAccess : NSObject
                    - (instancetype)initWithProtection:(CFStringRef)protection flags:(SecAccessControlCreateFlags)flags;
                    - (SecAccessControlRef)makeAccessControl;
                    @end
                    """,
                "KeyAccess.m": """
                    #import "KeyAccess.h"

                    @implementation KeyAccess {
                        CFStringRef _protection;
                        SecAccessControlCreateFlags _flags;
                    }
                    - (instancetype)initWithProtection:(CFStringRef)protection flags:(SecAccessControlCreateFlags)flags {
                        self = [super init];
                        if (self) {
                            _protection = protection;
                            _flags = flags;
                        }
                        return self;
                    }
                    - (SecAccessControlRef)makeAccessControl {
                        return SecAccessControlCreateWithFlags(NULL, _protection, _flags, NULL);
                    }
                    @end
                    """,
                "Keys.m": """
                    #import "KeyAccess.h"

                    KeyAccess *PublicKeyAccess(void) {
                        return [[KeyAccess alloc] initWithProtection:kSecAttrAccessibleAlwaysThisDeviceOnly flags:0];
                    }

                    KeyAccess *PrivateKeyAccess(void) {
                        return [[KeyAccess alloc] initWithProtection:kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly
                                                               flags:kSecAccessControlBiometryCurrentSet | kSecAccessControlPrivateKeyUsage];
                    }
                    """,
            ],
            alsoTriggers: ["objc.weak_keychain_accessibility"]),
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


// MARK: - Examples (they run as tests and appear in `explain`)

extension BiometricItemNotDeviceBoundRule {
    private static let synchronized = BiometricItemNotDeviceBoundJudgement.synchronizedMessage

    static let examples: [RuleExample] = [
        .nonTriggering(
            "Protection and flags assigned together in each case of a switch: the biometry flags only ever go with a device-bound protection",
            """
            func makeKeyAccess(level: Int) -> SecAccessControl? {
                var protection = kSecAttrAccessibleAfterFirstUnlock
                var flags: SecAccessControlCreateFlags = .privateKeyUsage
                switch level {
                case 1:
                    protection = kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly
                    flags = [.biometryCurrentSet, .privateKeyUsage]
                default:
                    protection = kSecAttrAccessibleAfterFirstUnlock
                    flags = .privateKeyUsage
                }
                return SecAccessControlCreateWithFlags(nil, protection, flags, nil)
            }
            """),
        .triggering(
            "Protection and flags assigned together, where one case pairs a protection that can leave the device with biometry",
            """
            func makeKeyAccess(level: Int) -> SecAccessControl? {
                var protection = kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly
                var flags: SecAccessControlCreateFlags = []
                switch level {
                case 1:
                    protection = kSecAttrAccessibleAfterFirstUnlock
                    flags = .biometryCurrentSet
                default:
                    flags = .privateKeyUsage
                }
                return SecAccessControlCreateWithFlags(nil, ↓protection, flags, nil)
            }
            """,
            messages: [
                "Protected item can leave the device: `kSecAttrAccessibleAfterFirstUnlock` is not a …ThisDeviceOnly value, so the item protected by `.biometryCurrentSet` is eligible for iCloud Keychain and for restoring from a backup onto another device (via `protection` (line 2) → case 1 (line 5) → assigned (line 6))"
            ]),
        .triggering(
            "A library offering a non-ThisDeviceOnly protection and biometry as two public options that no code of the scan combines: a caller that chooses both gets an item that can leave the device (low confidence)",
            files: [
                "Vault.swift": """
                    public enum Protection {
                        case whenUnlocked, thisDeviceOnly
                        var accessible: CFString {
                            switch self {
                            case .whenUnlocked: return kSecAttrAccessibleWhenUnlocked
                            case .thisDeviceOnly: return kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly
                            }
                        }
                    }

                    public enum Unlock {
                        case none, face
                        var flags: SecAccessControlCreateFlags {
                            switch self {
                            case .none: return []
                            case .face: return .biometryCurrentSet
                            }
                        }
                    }

                    struct KeyOptions {
                        var protection: Protection = .thisDeviceOnly
                        var unlock: Unlock = .none
                    }

                    public final class KeyStore {
                        private let options: KeyOptions
                        public convenience init() { self.init(KeyOptions()) }
                        fileprivate init(_ options: KeyOptions) { self.options = options }

                        public func protection(_ protection: Protection) -> KeyStore {
                            var options = self.options
                            options.protection = protection
                            return KeyStore(options)
                        }

                        public func unlock(_ unlock: Unlock) -> KeyStore {
                            var options = self.options
                            options.unlock = unlock
                            return KeyStore(options)
                        }

                        public func access() -> SecAccessControl? {
                            SecAccessControlCreateWithFlags(nil, ↓options.protection.accessible, options.unlock.flags, nil)
                        }
                    }
                    """,
            ],
            messages: [
                "A caller that chooses both options the library offers (`.whenUnlocked`, which callers of public `protection(_:)` may pass, line 2; `.face`, which callers of public `unlock(_:)` may pass, line 12) gets a protected item that can leave the device: `kSecAttrAccessibleWhenUnlocked` is not a …ThisDeviceOnly value, so the item protected by `.biometryCurrentSet` is eligible for iCloud Keychain and for restoring from a backup onto another device; the library offers both options and does not keep them apart, but no code of the scan combines them (via `Protection.accessible` (line 3) → case .whenUnlocked (line 5) → `KeyOptions.protection` (line 22) → copy given to `KeyStore(…)` (line 34) → assigned (line 33) → `.whenUnlocked`, which callers of public `protection(_:)` may pass (line 2))",
            ]),
        .triggering(
            "The same library whose own factory chooses both: what its code does, worded as certain",
            files: [
                "Vault.swift": """
                    public enum Protection {
                        case whenUnlocked, thisDeviceOnly
                        var accessible: CFString {
                            switch self {
                            case .whenUnlocked: return kSecAttrAccessibleWhenUnlocked
                            case .thisDeviceOnly: return kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly
                            }
                        }
                    }

                    public enum Unlock {
                        case none, face
                        var flags: SecAccessControlCreateFlags {
                            switch self {
                            case .none: return []
                            case .face: return .biometryCurrentSet
                            }
                        }
                    }

                    struct KeyOptions {
                        var protection: Protection = .thisDeviceOnly
                        var unlock: Unlock = .none
                    }

                    public final class KeyStore {
                        private let options: KeyOptions
                        public convenience init() { self.init(KeyOptions()) }
                        fileprivate init(_ options: KeyOptions) { self.options = options }
                        public static func syncedFaceStore() -> KeyStore { KeyStore().protection(.whenUnlocked).unlock(.face) }

                        public func protection(_ protection: Protection) -> KeyStore {
                            var options = self.options
                            options.protection = protection
                            return KeyStore(options)
                        }

                        public func unlock(_ unlock: Unlock) -> KeyStore {
                            var options = self.options
                            options.unlock = unlock
                            return KeyStore(options)
                        }

                        public func access() -> SecAccessControl? {
                            SecAccessControlCreateWithFlags(nil, ↓options.protection.accessible, options.unlock.flags, nil)
                        }
                    }
                    """,
            ],
            messages: [
                "Protected item can leave the device: `kSecAttrAccessibleWhenUnlocked` is not a …ThisDeviceOnly value, so the item protected by `.biometryCurrentSet` is eligible for iCloud Keychain and for restoring from a backup onto another device (via `Protection.accessible` (line 3) → case .whenUnlocked (line 5) → `KeyOptions.protection` (line 22) → copy given to `KeyStore(…)` (line 35) → assigned (line 34) → argument `protection` of the call (line 30))",
            ]),
        .triggering(
            "A .userPresence item with kSecAttrAccessibleWhenUnlocked (medium)",
            """
            var error: Unmanaged<CFError>? = nil
            let access = SecAccessControlCreateWithFlags(nil, ↓kSecAttrAccessibleWhenUnlocked, .userPresence, &error)
            """,
            messages: [
                "Protected item can leave the device: `kSecAttrAccessibleWhenUnlocked` is not a …ThisDeviceOnly value, so the item protected by `.userPresence` is eligible for iCloud Keychain and for restoring from a backup onto another device"
            ],
            alsoTriggers: ["swift.weak_biometric_acl"]),
        .triggering(
            "Device-bound but not WhenPasscodeSet (low); a raw \"ck\" value (medium)",
            """
            var error: Unmanaged<CFError>?
            guard let accessControl = SecAccessControlCreateWithFlags(kCFAllocatorDefault, ↓kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
                                                                      [.biometryCurrentSet, .privateKeyUsage], &error) else { return }
            let legacy = SecAccessControlCreateWithFlags(nil, ↓"ck" as CFString, .applicationPassword, nil)
            """,
            messages: [
                "Protected item outlives the device passcode: `kSecAttrAccessibleWhenUnlockedThisDeviceOnly` is device-bound but, unlike `kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly`, keeps the item protected by `[.biometryCurrentSet, .privateKeyUsage]` when the passcode is removed",
                "Protected item can leave the device: `kSecAttrAccessibleAfterFirstUnlock` is not a …ThisDeviceOnly value, so the item protected by `.applicationPassword` is eligible for iCloud Keychain and for restoring from a backup onto another device",
            ]),
        .triggering(
            "A protection chosen by a branch; the worst value is reported",
            """
            func makeAccess(syncAcrossDevices: Bool) -> SecAccessControl? {
                let protection = syncAcrossDevices ? kSecAttrAccessibleAfterFirstUnlock : kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly
                return SecAccessControlCreateWithFlags(nil, ↓protection, .biometryCurrentSet, nil)
            }
            """,
            messages: [
                "Protected item can leave the device: `kSecAttrAccessibleAfterFirstUnlock` is not a …ThisDeviceOnly value, so the item protected by `.biometryCurrentSet` is eligible for iCloud Keychain and for restoring from a backup onto another device (via `protection` (line 2) → if `syncAcrossDevices` (line 2))"
            ]),
        .triggering(
            "kSecAttrSynchronizable: true in the same query as kSecAttrAccessControl, literal and by subscript",
            """
            func save(_ secret: Data, access: SecAccessControl) -> OSStatus {
                let query: [String: Any] = [
                    kSecClass as String: kSecClassGenericPassword,
                    kSecAttrAccessControl as String: access,
                    ↓kSecAttrSynchronizable as String: true,
                    kSecValueData as String: secret,
                ]
                return SecItemAdd(query as CFDictionary, nil)
            }
            func update(_ secret: Data, access: SecAccessControl) -> OSStatus {
                var attributes: [String: Any] = [kSecValueData as String: secret]
                attributes[kSecAttrAccessControl as String] = access
                attributes[↓kSecAttrSynchronizable as String] = kCFBooleanTrue
                return SecItemUpdate([kSecClass as String: kSecClassGenericPassword] as CFDictionary, attributes as CFDictionary)
            }
            """,
            messages: [
                synchronized + " (via `query` (line 2))",
                synchronized + " (via `attributes` (line 11))",
            ]),
        .triggering(
            "The protection is a constant in another file",
            files: [
                "Constants.swift": """
                    let defaultProtection = kSecAttrAccessibleWhenUnlocked
                    """,
                "Vault.swift": """
                    let access = SecAccessControlCreateWithFlags(nil, ↓defaultProtection, .biometryCurrentSet, nil)
                    """,
            ],
            messages: [
                "Protected item can leave the device: `kSecAttrAccessibleWhenUnlocked` is not a …ThisDeviceOnly value, so the item protected by `.biometryCurrentSet` is eligible for iCloud Keychain and for restoring from a backup onto another device (via `defaultProtection` (Constants.swift:1))"
            ]),
        .triggering(
            "A settings type's presets, each judged with its own protection and flags: the private key's pair is reported, the public key's protection is not lent to it",
            """
            public struct KeyAccess {
                let protection: CFString
                let flags: SecAccessControlCreateFlags

                public static let publicKey = KeyAccess(protection: kSecAttrAccessibleAlwaysThisDeviceOnly, flags: [])
                public static let privateKey = KeyAccess(protection: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly, flags: [.biometryCurrentSet, .privateKeyUsage])

                public func make() -> SecAccessControl? {
                    SecAccessControlCreateWithFlags(nil, ↓protection, flags, nil)
                }
            }
            """,
            messages: [
                "Protected item outlives the device passcode: `kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly` is device-bound but, unlike `kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly`, keeps the item protected by `[.biometryCurrentSet, .privateKeyUsage]` when the passcode is removed (via `KeyAccess.protection` (line 2) → argument `protection` of the call (line 6))"
            ],
            alsoTriggers: ["swift.weak_keychain_accessibility"]),
        .triggering(
            "Presets written `.init(…)` with their type in the declaration and `Self(…)`, each judged with its own protection and flags",
            files: [
                "KeyAccess.swift": """
                    public struct KeyAccess {
                        let protection: CFString
                        let flags: SecAccessControlCreateFlags

                        public static let publicKey: KeyAccess = .init(protection: kSecAttrAccessibleAlwaysThisDeviceOnly, flags: [])
                        public static let privateKey = Self(protection: kSecAttrAccessibleWhenUnlockedThisDeviceOnly, flags: .biometryCurrentSet)
                        public static var legacyKey: Self { .init(protection: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags: .userPresence) }

                        public func make() -> SecAccessControl? {
                            SecAccessControlCreateWithFlags(nil, ↓protection, flags, nil)
                        }
                    }
                    """,
            ],
            messages: [
                "Protected item outlives the device passcode: `kSecAttrAccessibleWhenUnlockedThisDeviceOnly` is device-bound but, unlike `kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly`, keeps the item protected by `.biometryCurrentSet` when the passcode is removed (via `KeyAccess.protection` (line 2) → argument `protection` of the call (line 6))"
            ],
            alsoTriggers: ["swift.weak_keychain_accessibility", "swift.weak_biometric_acl"]),
        .nonTriggering(
            "WhenPasscodeSetThisDeviceOnly, as in Apple's sample and OWASP MASTG-KNOW-0057",
            """
            var error: Unmanaged<CFError>?
            guard let accessControl = SecAccessControlCreateWithFlags(kCFAllocatorDefault,
                                                                      kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                                                                      SecAccessControlCreateFlags.biometryCurrentSet,
                                                                      &error) else { return }
            let access = SecAccessControlCreateWithFlags(nil, "akpu" as CFString, [.biometryCurrentSet, .privateKeyUsage], nil)
            """),
        .nonTriggering(
            "No user-authentication constraint: only .privateKeyUsage, or no flags",
            """
            let a = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleAfterFirstUnlock, .privateKeyUsage, nil)
            let b = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlocked, [], nil)
            """),
        .nonTriggering(
            "Unknown protection or flags stay silent; a rejected combination is another rule's",
            """
            func make(protection: CFString) -> SecAccessControl? {
                SecAccessControlCreateWithFlags(nil, protection, .biometryCurrentSet, nil)
            }
            let x = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlocked, policy.flags, nil)
            let y = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlocked, [.biometryAny, .biometryCurrentSet], nil)
            """,
            alsoTriggers: ["swift.invalid_access_control_flags"]),
        .nonTriggering(
            "Presets written `.init(…)` and `Self(…)` whose pairs are all strong; an instance built by a `.init(…)` whose context does not write its type is not known (said under --verbose)",
            files: [
                "KeyAccess.swift": """
                    public struct KeyAccess {
                        let protection: CFString
                        let flags: SecAccessControlCreateFlags

                        public static let publicKey: KeyAccess = .init(protection: kSecAttrAccessibleAlwaysThisDeviceOnly, flags: [])
                        public static let privateKey = Self(protection: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags: .biometryCurrentSet)

                        public func make() -> SecAccessControl? {
                            SecAccessControlCreateWithFlags(nil, protection, flags, nil)
                        }
                    }
                    """,
                "Setup.swift": """
                    final class Vault {
                        func keep(_ access: KeyAccess) {}
                    }
                    func setUp(_ vault: Vault) {
                        vault.keep(.init(protection: kSecAttrAccessibleWhenUnlocked, flags: .biometryCurrentSet))
                    }
                    """,
            ],
            alsoTriggers: ["swift.weak_keychain_accessibility"]),
        .nonTriggering(
            "A library's presets with a public initializer: the public key's protection is not paired with the private key's flags; an instance its users build holds what they choose, not known (said under --verbose)",
            """
            public struct KeyAccess {
                public let protection: CFString
                public let flags: SecAccessControlCreateFlags

                public init(protection: CFString, flags: SecAccessControlCreateFlags) {
                    self.protection = protection
                    self.flags = flags
                }

                public static let publicKey = KeyAccess(protection: kSecAttrAccessibleAlwaysThisDeviceOnly, flags: [])
                public static let privateKey = KeyAccess(protection: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags: [.biometryCurrentSet, .privateKeyUsage])

                public func make() -> SecAccessControl? {
                    SecAccessControlCreateWithFlags(nil, protection, flags, nil)
                }
            }
            """,
            alsoTriggers: ["swift.weak_keychain_accessibility"]),
        .nonTriggering(
            "Synchronizable items without access control, false, and kSecAttrSynchronizableAny in a search",
            """
            let shared: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrSynchronizable as String: true]
            let sharedStatus = SecItemAdd(shared as CFDictionary, nil)
            let local: [String: Any] = [kSecAttrAccessControl as String: access, kSecAttrSynchronizable as String: false]
            let localStatus = SecItemAdd(local as CFDictionary, nil)
            let updateStatus = SecItemUpdate([kSecAttrSynchronizable as String: kSecAttrSynchronizableAny] as CFDictionary,
                                             [kSecAttrAccessControl as String: access] as CFDictionary)
            """),
    ]
}
