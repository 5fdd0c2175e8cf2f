import KeychainLintAnalysis
import KeychainLintRuleKit
import KeychainLintModel
import KeychainLintCore

/// `deprecated_keychain_api` — Keychain and LocalAuthentication API that Apple's documentation marks
/// deprecated, in Swift and Objective-C: the deprecated C constants, and `evaluatedPolicyDomainState`
/// (a property in Swift; a property or a message in Objective-C). Swift's implicit members of
/// `SecAccessControlCreateFlags` (`.touchIDAny`) are judged in `checkSwift`
/// (`DeprecatedKeychainAPIRule+SwiftFlags.swift`).
public struct DeprecatedKeychainAPIRule: Check {
    /// A deprecated name and what replaces it.
    struct Deprecation: Sendable {
        /// The whole message (one sentence: what is deprecated and what to use instead).
        let message: String
        /// Only meaningful as a `SecAccessControlCreateFlags` member.
        let isFlag: Bool
        /// The name is specific to Security: report an implicit member outside a recognised flags
        /// context too, unless the scan declares a member of that name itself.
        let isDistinctive: Bool
        /// The current name the message advises.
        let replacement: String
    }

    static let flagMembers: [String: Deprecation] = [
        "touchIDAny": Deprecation(
            message: "`.touchIDAny` is deprecated: use `.biometryAny`, the same flag under its current name",
            isFlag: true, isDistinctive: true, replacement: "biometryAny"),
        "touchIDCurrentSet": Deprecation(
            message: "`.touchIDCurrentSet` is deprecated: use `.biometryCurrentSet`, the same flag under its current name",
            isFlag: true, isDistinctive: true, replacement: "biometryCurrentSet"),
        "watch": Deprecation(
            message:
                "`.watch` is deprecated: use `.companion` (iOS 18, macOS 15), behind an `if #available` check while the app supports older systems",
            isFlag: true, isDistinctive: false, replacement: "companion"),
    ]

    public static let calls: [CheckedCall] = []
    public static let names: [CheckedName] =
        [.property(DeprecatedKeychainAPIJudgement.domainState)] + DeprecatedKeychainAPIJudgement.constantNames.map(CheckedName.identifier)
    /// The flag members of `SecAccessControlCreateFlags` (Swift-only: see `checkSwift`).
    public static let swiftInterests: [RuleInterest] = flagMembers.keys.sorted().map { .memberAccess($0) }

    /// `.watch` is reported only where flags are expected, and every such place spells
    /// access-control flags: the flags type somewhere in the scan (a typed variable, property,
    /// parameter or return, in any file; a flags value cannot be written without it outside a
    /// call), the creating call, or, in the same file, an array that also holds a flag name no
    /// other type shares. Without any of them no `watch` can be reported, and in an app with a
    /// watch companion the word is in hundreds of files.
    public static let prefilterCompanions: [String: PrefilterCompanions] = [
        "watch": PrefilterCompanions(
            inScan: ["SecAccessControlCreateFlags", "SecAccessControlCreateWithFlags"],
            inFile: FlagsContext.distinctiveFlags.sorted())
    ]

    public init(options: [String: ConfigValue]) {}

    public func check(_ call: ProgramCall, in context: some CheckContext) {}

    /// A deprecated C constant, unless the code declares a variable of that name itself.
    public func check(identifier: ProgramIdentifier, in context: some CheckContext) {
        guard let message = DeprecatedKeychainAPIJudgement.constantMessage(identifier.name, in: context.spelling),
            !context.declaresOwn(identifier)
        else { return }
        report(identifier.name, at: identifier.expression, message: message, in: context)
    }

    /// `context.evaluatedPolicyDomainState` (and Objective-C's `[context evaluatedPolicyDomainState]`).
    public func check(property access: ProgramMemberAccess, in context: some CheckContext) {
        // LAContext's property is read-only: a setting is another class's.
        guard access.name == DeprecatedKeychainAPIJudgement.domainState, access.setting == nil, let base = access.base else { return }
        // A property of that name the code declares itself (a wrapper's snapshot) is not LAContext's,
        // unless the receiver is visibly an LAContext.
        if context.declaresOwnProperty(access), !context.isVisibly(base, anInstanceOf: "LAContext") { return }
        report(
            DeprecatedKeychainAPIJudgement.domainState, at: access.expression,
            message: DeprecatedKeychainAPIJudgement.domainStateMessage(in: context.spelling), in: context)
    }

    /// Reports, unless the use is on the older-systems side of an availability check where the
    /// replacement does not exist (then a `--verbose` note says why it is silent).
    func report(
        _ name: String, at expression: ProgramExpression, message: String, confidence: Confidence? = nil, in context: some CheckContext
    ) {
        if let branch = DeprecatedKeychainAPIJudgement.replacementMissing(for: name, in: context.olderSystemsBranches(around: expression)) {
            let location = context.location(of: expression)
            context.note(
                ScanDiagnostic(
                    kind: .unresolved, file: location.file, position: SourcePosition(line: location.line, column: location.column),
                    message: "\(context.rule.id): `\(name)` is used where `\(branch.condition)` is false, and its replacement does not exist there"))
            return
        }
        context.report(at: expression, message: message, confidence: confidence)
    }

    public static let swiftRule = RuleDescription(
        id: "swift.deprecated_keychain_api",
        name: "Deprecated Keychain / LocalAuthentication API",
        severity: .low,
        confidence: .high,
        resource: "Authentication",
        tags: ["CWE:477"],
        summary:
            "Uses of deprecated Keychain and LocalAuthentication API (.touchIDAny, .touchIDCurrentSet, .watch, kSecUseOperationPrompt, kSecUseAuthenticationUIAllow/Fail, kSecUseNoAuthenticationUI, evaluatedPolicyDomainState), each with its replacement.",
        documentation: RuleDocumentation(
            whatItDoes: """
                Reports each use of one of these deprecated items and names its replacement: \
                `.touchIDAny` → `.biometryAny` and `.touchIDCurrentSet` → `.biometryCurrentSet` (also the C \
                constants `kSecAccessControlTouchIDAny`/`kSecAccessControlTouchIDCurrentSet`), `.watch` → \
                `.companion` (`kSecAccessControlWatch` → `kSecAccessControlCompanion`), `kSecUseOperationPrompt` \
                → `LAContext.localizedReason` with `kSecUseAuthenticationContext`, \
                `kSecUseAuthenticationUIAllow`/`kSecUseAuthenticationUIFail` and `kSecUseNoAuthenticationUI` → \
                an `LAContext` with `interactionNotAllowed`, and `LAContext.evaluatedPolicyDomainState` → \
                `domainState.biometry.stateHash`. A flag member is reported when it is written as \
                `SecAccessControlCreateFlags.name` or as an implicit `.name` where flags are expected: the \
                `flags` argument of `SecAccessControlCreateWithFlags`, an array literal next to other access \
                control flags, a variable, property, parameter or return value declared as \
                `SecAccessControlCreateFlags`, an argument of a function of the scan whose parameter has that \
                type, or set algebra on a known flags value.
                """,
            whyItMatters: """
                Deprecated names keep compiling with warnings but may be removed from a future SDK, and some \
                of them describe behaviour Apple no longer supports in the same way: `kSecUseOperationPrompt` \
                and the `kSecUseAuthenticationUI…` values bypass the `LAContext` that modern code uses to \
                control prompts and reuse an authentication; `.watch` has been renamed `.companion` (the same \
                constraint). The `touchID` names also suggest to readers that only Touch ID is meant, although \
                the same flags cover Face ID and Optic ID.
                """,
            whatToDoInstead: """
                Use the replacement the message names. For the flag renames the replacement is the same bit \
                and behaves identically. For `.watch` → `.companion` and `evaluatedPolicyDomainState` → \
                `domainState.biometry.stateHash`, wrap the new API in `if #available(iOS 18, macOS 15, *)` \
                and keep the old one in the `else` branch while older systems are supported. For the prompt \
                and UI constants, create an `LAContext`, set `localizedReason` or `interactionNotAllowed` on it \
                and pass it with `kSecUseAuthenticationContext`.
                """,
            fixSafety: """
                Automatic for `.touchIDAny` → `.biometryAny`, `.touchIDCurrentSet` → `.biometryCurrentSet` and \
                their C constants: the replacement is the same bit, so behaviour does not change (both need \
                iOS 11.3 / macOS 10.13.4, which every supported SDK has). Not automatic for `.watch` → \
                `.companion` and `evaluatedPolicyDomainState`: the replacements need iOS 18 / macOS 15, so an \
                availability check is required. Not automatic for `kSecUseOperationPrompt`, \
                `kSecUseAuthenticationUIAllow`/`Fail` and `kSecUseNoAuthenticationUI`: the replacement is an \
                `LAContext` passed in the query, which changes the code around the query.
                """,
            notes: [
                "An implicit member outside a flags context is not reported when a wrapper library the file uses has an option of that name and none of the current name (UICKeyChainStore's `AuthenticationPolicy.touchIDCurrentSet`): it is most likely the library's own, and the advice cannot be followed there.",
                "A use on the older-systems side of an availability check (the `else` of `if #available(iOS 11.3, *)`, the body of `guard #available(…) else`, an `#unavailable` branch) is not reported when the checked version is at or below the one that introduced the replacement on that platform: there the deprecated API is the only one (`--verbose` says so). Below a later version (`else` of `#available(iOS 15, *)`) the replacement exists on part of those systems and the use is reported.",
                "`kSecAttrAccessibleAlways` and `kSecAttrAccessibleAlwaysThisDeviceOnly` are deprecated too, but `swift.weak_keychain_accessibility` reports them (not twice). `kSecUseAuthenticationUISkip` is not deprecated and is not reported.",
                "A qualified member of another type (`Device.watch`, `AuthMode.touchIDAny`) is never reported. An implicit `.watch` is reported only where flags are expected, since many types have a `watch` member. An implicit `.touchIDAny`/`.touchIDCurrentSet` outside a recognised flags context is still reported (these names exist only in Security), with medium confidence, unless the scan declares its own member of that name.",
                "The constants are reported wherever they are used (query keys, values, comparisons), unless the scan declares a variable of the same name.",
                "`evaluatedPolicyDomainState` is reported on any receiver, unless the scan declares its own property of that name; then only on a receiver that is visibly an `LAContext`.",
                "Other deprecated LocalAuthentication names outside this list (`LAError.touchIDLockout`, `LAPolicy.deviceOwnerAuthenticationWithWatch`, …) are not reported.",
                "Tagged CWE-477 (use of obsolete function), chosen for this rule.",
            ],
            references: [
                "Apple: SecAccessControlCreateFlags — https://developer.apple.com/documentation/security/secaccesscontrolcreateflags",
                "Apple: kSecUseOperationPrompt — https://developer.apple.com/documentation/security/ksecuseoperationprompt",
                "Apple: kSecUseAuthenticationUI — https://developer.apple.com/documentation/security/ksecuseauthenticationui",
                "Apple: LAContext.interactionNotAllowed — https://developer.apple.com/documentation/localauthentication/lacontext/interactionnotallowed",
                "Apple: LAContext.evaluatedPolicyDomainState — https://developer.apple.com/documentation/localauthentication/lacontext/evaluatedpolicydomainstate",
                "Apple: LADomainStateBiometry.stateHash — https://developer.apple.com/documentation/localauthentication/ladomainstatebiometry/statehash",
                "CWE-477: Use of Obsolete Function — https://cwe.mitre.org/data/definitions/477.html",
            ]),
        remediation:
            "Use the replacement named in the message (.biometryAny, .biometryCurrentSet, .companion, an LAContext passed with kSecUseAuthenticationContext, domainState.biometry.stateHash).",
        examples: examples)

    public static let objectiveCRule = RuleDescription.objectiveC(
        of: swiftRule,
        summary:
            "Uses of deprecated Keychain and LocalAuthentication API (kSecAccessControlTouchIDAny, kSecAccessControlTouchIDCurrentSet, kSecAccessControlWatch, kSecUseOperationPrompt, kSecUseAuthenticationUIAllow/Fail, kSecUseNoAuthenticationUI, evaluatedPolicyDomainState), each with its replacement.",
        whatItDoes: """
            Reports each use in Objective-C of one of these deprecated items and names its replacement: \
            `kSecAccessControlTouchIDAny` → `kSecAccessControlBiometryAny`, \
            `kSecAccessControlTouchIDCurrentSet` → `kSecAccessControlBiometryCurrentSet`, \
            `kSecAccessControlWatch` → `kSecAccessControlCompanion`, `kSecUseOperationPrompt` → the \
            `localizedReason` of an `LAContext` passed with `kSecUseAuthenticationContext`, \
            `kSecUseAuthenticationUIAllow`/`kSecUseAuthenticationUIFail` and `kSecUseNoAuthenticationUI` → \
            an `LAContext` with `interactionNotAllowed`, and `-[LAContext evaluatedPolicyDomainState]` \
            (`context.evaluatedPolicyDomainState` or `[context evaluatedPolicyDomainState]`) → \
            `context.domainState.biometry.stateHash`. The constants are reported wherever they are \
            written: flags expressions (`kSecAccessControlTouchIDAny | kSecAccessControlPrivateKeyUsage`), \
            dictionary keys and values (`(__bridge id)kSecUseOperationPrompt: prompt`), `setObject:forKey:`, \
            returns, `static` constants.
            """,
        whyItMatters: """
            Deprecated names keep compiling with warnings but may be removed from a future SDK, and some of \
            them describe behaviour Apple no longer supports in the same way: `kSecUseOperationPrompt` and \
            the `kSecUseAuthenticationUI…` values bypass the `LAContext` that modern code uses to control \
            prompts and reuse an authentication; `kSecAccessControlWatch` has been renamed \
            `kSecAccessControlCompanion` (the same constraint). The `TouchID` names also suggest to readers \
            that only Touch ID is meant, although the same flags cover Face ID and Optic ID.
            """,
        whatToDoInstead: """
            Use the replacement the message names. The flag renames are the same bit and behave \
            identically. For `kSecAccessControlCompanion` and `domainState.biometry.stateHash` (iOS 18, \
            macOS 15), write `if (@available(iOS 18, macOS 15, *)) { … } else { … }` and keep the old API \
            in the `else` branch while older systems are supported. For the prompt and UI constants, \
            create an `LAContext`, set `localizedReason` or `interactionNotAllowed = YES` on it and pass it \
            with `(__bridge id)kSecUseAuthenticationContext: context`.
            """,
        fixSafety: """
            Automatic for `kSecAccessControlTouchIDAny` → `kSecAccessControlBiometryAny` and \
            `kSecAccessControlTouchIDCurrentSet` → `kSecAccessControlBiometryCurrentSet`: the replacement is \
            the same bit, so behaviour does not change (both need iOS 11.3 / macOS 10.13.4, which every \
            supported SDK has). Not automatic for `kSecAccessControlWatch` → `kSecAccessControlCompanion` \
            and `evaluatedPolicyDomainState`: the replacements need iOS 18 / macOS 15, so an `@available` \
            check is required. Not automatic for `kSecUseOperationPrompt`, \
            `kSecUseAuthenticationUIAllow`/`Fail` and `kSecUseNoAuthenticationUI`: the replacement is an \
            `LAContext` passed in the query, which changes the code around the query.
            """,
        remediation:
            "Use the replacement named in the message (kSecAccessControlBiometryAny, kSecAccessControlBiometryCurrentSet, kSecAccessControlCompanion, an LAContext passed with kSecUseAuthenticationContext, domainState.biometry.stateHash).",
        notes: [
            "A use in the `else` of `if (@available(iOS 11.3, *))` (or of `__builtin_available`) is not reported when the checked version is at or below the one that introduced the replacement on that platform: there the deprecated API is the only one (`--verbose` says so). Below a later version, the replacement exists on part of those systems and the use is reported. The app's deployment target is not read.",
            "In Objective-C the constants are plain identifiers, so there is no ambiguity like Swift's implicit `.watch`: every use is reported with high confidence, unless the file declares a variable of that name itself (a local, parameter or non-`extern` global). A name written only in a `#define` body is not reported there; a use of the macro is not traced back to it.",
            "`kSecAttrAccessibleAlways` and `kSecAttrAccessibleAlwaysThisDeviceOnly` are deprecated too, but `objc.weak_keychain_accessibility` reports them (not twice). `kSecUseAuthenticationUISkip` is not deprecated and is not reported.",
            "`evaluatedPolicyDomainState` is reported on any receiver except `self`/`super` (a class's own property), `obj->…` and an assignment (LAContext's property is read-only). When the file declares its own property or method of that name, only a receiver that is visibly an `LAContext` is reported (`[LAContext new]`, `[[LAContext alloc] init]`, a local, parameter or `self` property declared `LAContext *`).",
        ],
        examples: objectiveCExamples)
}

// MARK: - Examples (they run as tests and appear in `explain`)

extension DeprecatedKeychainAPIRule {
    /// The deprecated C constants, each with its message (Swift wording).
    static let constants: [String: String] = Dictionary(
        uniqueKeysWithValues: DeprecatedKeychainAPIJudgement.constantNames.map { ($0, DeprecatedKeychainAPIJudgement.constantMessage($0)!) })
    /// `evaluatedPolicyDomainState`'s message (Swift wording).
    static let domainStateMessage = DeprecatedKeychainAPIJudgement.domainStateMessage(in: .swift)
    private static let touchIDAny = flagMembers["touchIDAny"]!.message
    private static let touchIDCurrentSet = flagMembers["touchIDCurrentSet"]!.message
    private static let watch = flagMembers["watch"]!.message

    static let examples: [RuleExample] = [
        .triggering(
            "The touchID flag names, implicit, qualified and as C constants",
            """
            let a = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ↓.touchIDCurrentSet, nil)
            let b = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
                                                    [↓SecAccessControlCreateFlags.touchIDAny, .privateKeyUsage], nil)
            let c = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlockedThisDeviceOnly, ↓kSecAccessControlTouchIDAny, nil)
            """,
            messages: [
                touchIDCurrentSet, touchIDAny,
                constants["kSecAccessControlTouchIDAny"]!,
            ],
            alsoTriggers: ["swift.biometric_item_not_device_bound", "swift.weak_biometric_acl"]),
        .triggering(
            "Flags returned by a function and by an enum's `switch self` mapping",
            """
            func defaultFlags() -> SecAccessControlCreateFlags { return ↓.touchIDAny }
            enum ProtectionLevel {
                case high, legacy
                var accessFlags: SecAccessControlCreateFlags {
                    switch self {
                    case .high: return [.biometryCurrentSet, .privateKeyUsage]
                    case .legacy: return ↓.touchIDAny
                    }
                }
            }
            """,
            messages: [touchIDAny, touchIDAny]),
        .triggering(
            ".watch where flags are expected: argument, array, typed variable, helper parameter",
            """
            func makeAccess(flags: SecAccessControlCreateFlags) -> SecAccessControl? {
                SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, flags, nil)
            }
            let a = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ↓.watch, nil)
            let b = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, [.biometryCurrentSet, .or, ↓.watch], nil)
            var flags: SecAccessControlCreateFlags = ↓.watch
            flags.insert(↓.watch)
            let c = makeAccess(flags: ↓.watch)
            """,
            messages: [watch, watch, watch, watch, watch]),
        .triggering(
            "Deprecated query keys and values",
            """
            let query: [String: Any] = [
                kSecClass as String: kSecClassGenericPassword,
                kSecAttrService as String: "com.example.app",
                kSecReturnData as String: true,
                ↓kSecUseOperationPrompt as String: "Unlock your saved login",
                kSecUseAuthenticationUI as String: ↓kSecUseAuthenticationUIFail,
            ]
            var legacy = query
            legacy[↓kSecUseNoAuthenticationUI as String] = true
            legacy[kSecUseAuthenticationUI as String] = ↓kSecUseAuthenticationUIAllow
            """,
            messages: [
                constants["kSecUseOperationPrompt"]!,
                constants["kSecUseAuthenticationUIFail"]!,
                constants["kSecUseNoAuthenticationUI"]!,
                constants["kSecUseAuthenticationUIAllow"]!,
            ]),
        .triggering(
            "LAContext.evaluatedPolicyDomainState",
            """
            func biometryChanged(since saved: Data?) -> Bool {
                let context = LAContext()
                var error: NSError?
                guard context.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: &error) else { return false }
                return ↓context.evaluatedPolicyDomainState != saved
            }
            """,
            messages: [domainStateMessage]),
        .triggering(
            "An implicit .touchIDAny in an unrecognised place is still reported, with medium confidence",
            """
            let legacyFlags = useLegacy ? ↓.touchIDAny : SecAccessControlCreateFlags.biometryAny
            """,
            messages: [touchIDAny]),
        .triggering(
            "Availability checks that leave the replacement available: the `if` side, and an else below a later version",
            """
            func flags() -> SecAccessControlCreateFlags {
                if #available(iOS 15, *) {
                    return .biometryCurrentSet
                } else if #available(iOS 11.3, *) {
                    return ↓.touchIDCurrentSet
                }
                return .devicePasscode
            }
            func prompt(_ query: inout [String: Any]) {
                if #available(iOS 11, *) { query[↓kSecUseOperationPrompt as String] = "Unlock" }
            }
            """,
            messages: [touchIDCurrentSet, constants["kSecUseOperationPrompt"]!]),
        .nonTriggering(
            "Older systems, where the replacement does not exist: else of #available, guard #available, #unavailable",
            """
            func flags() -> SecAccessControlCreateFlags {
                if #available(iOS 11.3, *) {
                    return .biometryCurrentSet
                } else {
                    return .touchIDCurrentSet
                }
            }
            func keyFlags() -> SecAccessControlCreateFlags {
                guard #available(watchOS 4.3, macOS 10.13.4, *) else { return [.touchIDAny, .privateKeyUsage] }
                return [.biometryAny, .privateKeyUsage]
            }
            func legacyQuery() -> [String: Any] {
                if #unavailable(iOS 11) { return [kSecUseOperationPrompt as String: "Unlock"] }
                return [:]
            }
            func legacyState(_ context: LAContext) -> Data? {
                guard #unavailable(iOS 18, macOS 15) else { return context.domainState.biometry.stateHash }
                return context.evaluatedPolicyDomainState
            }
            """),
        .nonTriggering(
            "A wrapper library's own option that has no current name (UICKeyChainStore offers only .touchIDCurrentSet)",
            """
            import UICKeyChainStore

            func protect(_ store: UICKeyChainStore) {
                store.setAccessibility(.whenPasscodeSetThisDeviceOnly, authenticationPolicy: .touchIDCurrentSet)
            }
            """),
        .nonTriggering(
            "The current names, and kSecUseAuthenticationUISkip (not deprecated)",
            """
            let a = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, [.biometryCurrentSet, .or, .companion], nil)
            let query: [String: Any] = [
                kSecClass as String: kSecClassGenericPassword,
                kSecUseAuthenticationUI as String: kSecUseAuthenticationUISkip,
                kSecUseAuthenticationContext as String: context,
            ]
            if #available(iOS 18, macOS 15, *) {
                let hash = context.domainState.biometry.stateHash
            }
            """),
        .nonTriggering(
            "Another type's .watch and .touchIDAny members",
            """
            enum PairedDevice { case phone, watch }
            enum LegacyBiometry { case touchIDAny, touchIDCurrentSet }
            let device: PairedDevice = .watch
            if device == .watch { showWatchFace() }
            let mode = LegacyBiometry.touchIDAny
            let kinds: [LegacyBiometry] = [.touchIDAny, .touchIDCurrentSet]
            notifications.insert(.watch)
            """),
        .nonTriggering(
            "kSecAttrAccessibleAlways is reported by swift.weak_keychain_accessibility, not here",
            """
            let query: [String: Any] = [
                kSecClass as String: kSecClassGenericPassword,
                kSecAttrAccessible as String: kSecAttrAccessibleAlways,
            ]
            let other: [String: Any] = [kSecAttrAccessible as String: kSecAttrAccessibleAlwaysThisDeviceOnly]
            """,
            alsoTriggers: ["swift.weak_keychain_accessibility"]),
        .nonTriggering(
            "Words in comments and strings; an app's own evaluatedPolicyDomainState property",
            """
            // Replaces .touchIDAny and kSecUseOperationPrompt from 1.x.
            let note = "kSecUseNoAuthenticationUI was removed; .watch is now .companion"
            struct BiometrySnapshot { let evaluatedPolicyDomainState: Data? }
            let changed = snapshot.evaluatedPolicyDomainState != saved
            """),
    ]
}

// MARK: - Objective-C examples (they run as tests and appear in `explain`)

extension DeprecatedKeychainAPIRule {
    static func objectiveCMessage(_ name: String) -> String {
        DeprecatedKeychainAPIJudgement.constantMessage(name, in: .c)!
    }

    static let objectiveCExamples: [RuleExample] = [
        .triggeringObjC(
            "The TouchID flag names returned alone and in a flags expression, and kSecAccessControlWatch in a static constant",
            """
            SecAccessControlCreateFlags legacyFlags(BOOL currentSet) {
                if (currentSet) {
                    return ↓kSecAccessControlTouchIDCurrentSet;
                }
                return ↓kSecAccessControlTouchIDAny | kSecAccessControlPrivateKeyUsage;
            }
            static const SecAccessControlCreateFlags kPaired = kSecAccessControlBiometryCurrentSet | kSecAccessControlOr | ↓kSecAccessControlWatch;
            """,
            messages: [
                objectiveCMessage("kSecAccessControlTouchIDCurrentSet"), objectiveCMessage("kSecAccessControlTouchIDAny"), objectiveCMessage("kSecAccessControlWatch"),
            ]),
        .triggeringObjC(
            "Deprecated query keys and values in a literal and in a dictionary built in steps",
            """
            @implementation Keychain
            - (NSData *)readWithPrompt:(NSString *)prompt {
                NSMutableDictionary *query = [@{
                    (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                    (__bridge id)kSecReturnData: @YES,
                    (__bridge id)↓kSecUseOperationPrompt: prompt,
                } mutableCopy];
                query[(__bridge id)kSecUseAuthenticationUI] = (__bridge id)↓kSecUseAuthenticationUIFail;
                [query setObject:@YES forKey:(__bridge id)↓kSecUseNoAuthenticationUI];
                CFDictionarySetValue((__bridge CFMutableDictionaryRef)query, kSecUseAuthenticationUI, ↓kSecUseAuthenticationUIAllow);
                CFTypeRef result = NULL;
                OSStatus status = SecItemCopyMatching((__bridge CFDictionaryRef)query, &result);
                return status == errSecSuccess ? (__bridge_transfer NSData *)result : nil;
            }
            @end
            """,
            messages: [
                objectiveCMessage("kSecUseOperationPrompt"), objectiveCMessage("kSecUseAuthenticationUIFail"), objectiveCMessage("kSecUseNoAuthenticationUI"),
                objectiveCMessage("kSecUseAuthenticationUIAllow"),
            ]),
        .triggeringObjC(
            "evaluatedPolicyDomainState as a property and as a message, and in the `if` side of @available",
            """
            @implementation Keychain
            - (BOOL)biometryChangedSince:(NSData *)saved {
                LAContext *context = [[LAContext alloc] init];
                if (![context canEvaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics error:NULL]) { return NO; }
                if (@available(iOS 9, *)) {
                    return ![↓context.evaluatedPolicyDomainState isEqualToData:saved];
                }
                return ![↓[context evaluatedPolicyDomainState] isEqualToData:saved];
            }
            @end
            """,
            messages: [
                DeprecatedKeychainAPIJudgement.domainStateMessage(in: .c), DeprecatedKeychainAPIJudgement.domainStateMessage(in: .c),
            ]),
        .triggeringObjC(
            "A receiver visibly an LAContext, although the file declares its own evaluatedPolicyDomainState",
            """
            @interface BiometrySnapshot : NSObject
            @property (nonatomic, copy) NSData *evaluatedPolicyDomainState;
            @end
            @implementation BiometrySnapshot
            + (instancetype)current {
                BiometrySnapshot *snapshot = [BiometrySnapshot new];
                LAContext *context = [LAContext new];
                [context canEvaluatePolicy:LAPolicyDeviceOwnerAuthenticationWithBiometrics error:NULL];
                snapshot.evaluatedPolicyDomainState = ↓context.evaluatedPolicyDomainState;
                return snapshot;
            }
            @end
            """,
            messages: [DeprecatedKeychainAPIJudgement.domainStateMessage(in: .c)]),
        .nonTriggeringObjC(
            "Older systems, where the replacement does not exist: the else of @available and __builtin_available",
            """
            SecAccessControlCreateFlags flags(void) {
                if (@available(iOS 11.3, macOS 10.13.4, *)) {
                    return kSecAccessControlBiometryCurrentSet;
                } else {
                    return kSecAccessControlTouchIDCurrentSet;
                }
            }
            NSData *domainState(LAContext *context) {
                if (__builtin_available(iOS 18, macOS 15, *)) {
                    return context.domainState.biometry.stateHash;
                } else {
                    return context.evaluatedPolicyDomainState;
                }
            }
            NSDictionary *legacyQuery(NSString *prompt) {
                if (@available(iOS 11, *)) {
                    return @{ (__bridge id)kSecUseAuthenticationContext: [LAContext new] };
                } else if (prompt) {
                    return @{ (__bridge id)kSecUseOperationPrompt: prompt };
                }
                return @{};
            }
            """),
        .nonTriggeringObjC(
            "The current names, kSecUseAuthenticationUISkip, and a wrapper's own evaluatedPolicyDomainState",
            """
            @interface Snapshot : NSObject
            @property (nonatomic, readonly) NSData *evaluatedPolicyDomainState;
            @end
            @implementation Snapshot
            - (void)storeWithContext:(LAContext *)context previous:(Snapshot *)previous {
                SecAccessControlRef access = SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                    kSecAccessControlBiometryCurrentSet | kSecAccessControlOr | kSecAccessControlCompanion, NULL);
                NSDictionary *query = @{
                    (__bridge id)kSecUseAuthenticationUI: (__bridge id)kSecUseAuthenticationUISkip,
                    (__bridge id)kSecUseAuthenticationContext: context,
                };
                NSData *saved = previous.evaluatedPolicyDomainState;
                NSData *own = [self evaluatedPolicyDomainState];
                // kSecUseOperationPrompt and kSecAccessControlTouchIDAny were removed in 2.0.
                NSString *note = @"kSecUseNoAuthenticationUI";
            }
            @end
            """),
        .nonTriggeringObjC(
            "kSecAttrAccessibleAlways is objc.weak_keychain_accessibility's finding, not this rule's",
            """
            void save(NSData *secret) {
                NSDictionary *query = @{
                    (__bridge id)kSecClass: (__bridge id)kSecClassGenericPassword,
                    (__bridge id)kSecAttrAccessible: (__bridge id)kSecAttrAccessibleAlways,
                    (__bridge id)kSecValueData: secret,
                };
                OSStatus status = SecItemAdd((__bridge CFDictionaryRef)query, NULL);
                NSLog(@"%d", (int)status);
            }
            """,
            alsoTriggers: ["objc.weak_keychain_accessibility"]),
    ]
}
