import KeychainLintAnalysis
import KeychainLintRuleKit
import KeychainLintModel
import KeychainLintCore

/// `invalid_access_control_flags` — flags and protections Security rejects (Apple's open-source
/// `SecAccessControl.c`), in Swift and Objective-C.
public struct InvalidAccessControlFlagsRule: Check {
    public static let calls: [CheckedCall] = [.function(AccessControlJudgement.createFunction)]
    public static let swiftInterests: [RuleInterest] = wrapperInterests

    public init(options: [String: ConfigValue]) {}

    public func check(_ call: ProgramCall, in context: some CheckContext) {
        if let protection = call.argument(1) {
            checkProtection(protection, in: context)
        }
        if let flags = call.argument(2) {
            checkFlags(flags, in: context)
        }
    }

    /// Swift wrapper libraries' access-control options and protections.
    public func checkSwift(_ input: RuleInput, in context: RuleContext) {
        if let setting = WrapperSetting.of(input, role: .accessControlFlags, in: context) { checkWrapper(setting, in: context) }
        checkWrapperProtection(input, in: context)
    }

    private func checkFlags(_ expression: ProgramExpression, in context: some CheckContext) {
        context.reportFirstJudged(
            context.resolve(expression), at: expression, asking: "flags of SecAccessControlCreateWithFlags",
            othersToo: .init(one: "is rejected too", many: "are rejected too")
        ) { value in
            guard let flags = AccessControlFlagSet.interpret(value), let clash = flags.rejectedCombination else { return nil }
            return InvalidAccessControlFlagsJudgement.flagsMessage(flags, clash, spelling: context.spelling)
        }
    }

    private func checkProtection(_ expression: ProgramExpression, in context: some CheckContext) {
        let resolution = context.resolve(expression)
        for traced in resolution.values {
            guard let problem = InvalidAccessControlFlagsJudgement.invalidProtection(traced.value) else { continue }
            context.report(
                at: expression,
                message: InvalidAccessControlFlagsJudgement.protectionMessage(problem)
                    + context.describeTrace(traced.trace),
                confidence: traced.trace.isEmpty ? .high : .medium, trace: traced.trace)
            return
        }
        context.noteGaps(resolution, asking: "protection of SecAccessControlCreateWithFlags")
    }

    public static let swiftRule = RuleDescription(
        id: "swift.invalid_access_control_flags",
        name: "Flag combination that Security rejects",
        severity: .high,
        confidence: .high,
        resource: "Correctness",
        tags: [],
        summary:
            "SecAccessControlCreateWithFlags is given flags Security rejects with errSecParam (.or with .and, two biometry constraints, .userPresence with another constraint) or a protection that is not an accessibility constant, so it returns nil and the item is never stored.",
        documentation: RuleDocumentation(
            whatItDoes: """
                Flags the `flags` argument of `SecAccessControlCreateWithFlags` when a value it can take is a \
                combination Security refuses: `.or` together with `.and`; two biometry constraints \
                (`.biometryAny` with `.biometryCurrentSet`, in any spelling such as `.touchIDAny`); \
                `.userPresence` with any flag other than `.applicationPassword` or `.privateKeyUsage` (for \
                example `[.userPresence, .devicePasscode]`). The message names the two clashing \
                flags. Also flags a `protection` argument that is certainly not an accessibility constant: \
                another Security constant (`kSecAttrAccessible` itself, `kSecClassGenericPassword`), a string \
                that is not one of the raw accessibility values (`"ak"`, `"akpu"`, …), a number, a Boolean, \
                or `nil`. Values are followed through variables, branches, properties, functions and \
                other files like every rule that asks the shared resolver.
                """,
            whyItMatters: """
                `SecAccessControlCreateWithFlags` checks its arguments and returns nil with errSecParam (-50) \
                for these values (Apple's open-source Security framework, `SecAccessControl.c`). The item is \
                never stored with the intended protection: code that force-unwraps the result crashes, code \
                that puts the Optional into the query fails to add the item, and code that falls back to a \
                plain `kSecAttrAccessible` stores the secret without any user authentication.
                """,
            whatToDoInstead: """
                Choose one conjunction (`.or` or `.and`), one biometry constraint (`.biometryCurrentSet` \
                preferably), and use `.userPresence` only alone or with `.applicationPassword` / \
                `.privateKeyUsage`. Pass the accessibility (for example \
                `kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly`) as the `protection` argument. Pass an \
                `error` pointer and log the error Security returns.
                """,
            fixSafety: """
                No automatic fix: which of the two clashing flags was meant cannot be known from the code.
                """,
            notes: [
                "The rejected combinations are exactly those `SecAccessControlCreateWithFlags` checks before building the constraints, in its order: conjunctions first, then biometry, then `.userPresence`; the message names the first clash found.",
                "`.userPresence` with `.or` or `.and` is rejected too (the check allows only `.applicationPassword` and `.privateKeyUsage` beside it).",
                "A protection value the resolver cannot identify stays silent: an unfamiliar `kSecAttrAccessible…` symbol (Security also accepts private values such as `kSecAttrAccessibleUntilReboot`), a dictionary (Security accepts a protection dictionary), or any unresolved call or variable.",
                "A value swift.weak_biometric_acl also reports (`[.userPresence, .devicePasscode]`) gets both findings: one says the value is weak, this one that it does not work at all.",
                "One finding per argument: the first rejected value, with the number of other rejected values that can reach the call.",
                wrapperNote,
            ],
            references: [
                "Apple open source: Security framework, SecAccessControl.c (SecAccessControlCreateWithFlags, SecAccessControlSetProtection)",
                "Apple: SecAccessControlCreateWithFlags — https://developer.apple.com/documentation/security/secaccesscontrolcreatewithflags(_:_:_:_:)",
                "Apple: SecAccessControlCreateFlags — https://developer.apple.com/documentation/security/secaccesscontrolcreateflags",
            ]),
        remediation:
            "Use one conjunction, one biometry constraint, .userPresence only alone or with .applicationPassword/.privateKeyUsage, and an accessibility constant as protection; pass &error and log it.",
        examples: examples + wrapperExamples)

    public static let objectiveCRule = RuleDescription.objectiveC(
        of: swiftRule,
        summary:
            "SecAccessControlCreateWithFlags is given flags Security rejects (kSecAccessControlOr with kSecAccessControlAnd, two biometry constraints, kSecAccessControlUserPresence with another constraint) or a protection that is not an accessibility constant: it returns NULL and the item is never protected.",
        whatItDoes: """
            Flags the `flags` argument of `SecAccessControlCreateWithFlags` in Objective-C when a value it can \
            take is a combination Security rejects with errSecParam, and the `protection` argument when it \
            certainly is not a `kSecAttrAccessible…` constant (another Security constant, a string, a number, \
            NULL). Values are followed as objc.weak_biometric_acl follows them.
            """,
        whatToDoInstead: """
            Use one conjunction, one biometry constraint, `kSecAccessControlUserPresence` only alone or with \
            `kSecAccessControlApplicationPassword`/`kSecAccessControlPrivateKeyUsage`, and an accessibility \
            constant as the protection; pass `&error` and log it when the result is NULL.
            """,
        remediation:
            "Use one conjunction, one biometry constraint, kSecAccessControlUserPresence only alone or with ApplicationPassword/PrivateKeyUsage, and a kSecAttrAccessible… protection; pass &error and log it.",
        examples: objectiveCExamples)
}

// MARK: - Objective-C examples (they run as tests and appear in `explain`)

extension InvalidAccessControlFlagsRule {
    static let objectiveCExamples: [RuleExample] = [
        .triggeringObjC(
            "Two biometry constraints, and kSecAttrAccessible itself as the protection",
            """
            void store(void) {
                SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
                    ↓kSecAccessControlBiometryAny | kSecAccessControlBiometryCurrentSet, NULL);
                SecAccessControlCreateWithFlags(NULL, ↓(__bridge CFTypeRef)kSecAttrAccessible, kSecAccessControlBiometryCurrentSet, NULL);
            }
            """,
            messages: [
                "Security rejects `kSecAccessControlBiometryAny | kSecAccessControlBiometryCurrentSet`: `kSecAccessControlBiometryAny` with `kSecAccessControlBiometryCurrentSet` makes SecAccessControlCreateWithFlags return nil (errSecParam, only one biometry constraint may be set), so the item is never protected or stored",
                "`kSecAttrAccessible` is not an accessibility constant: SecAccessControlCreateWithFlags rejects this protection with errSecParam and returns nil; pass a kSecAttrAccessible… value such as kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly",
            ]),
        .nonTriggeringObjC(
            "Valid combinations",
            """
            void store(void) {
                SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
                    kSecAccessControlBiometryCurrentSet | kSecAccessControlApplicationPassword, NULL);
                SecAccessControlCreateWithFlags(NULL, kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
                    kSecAccessControlBiometryCurrentSet | kSecAccessControlPrivateKeyUsage, NULL);
            }
            """,
            alsoTriggers: ["objc.biometric_item_not_device_bound"]),
        .triggeringObjC(
            "A protection that may be NULL where it is passed",
            """
            CFTypeRef protection(int option) {
                switch (option) {
                case 1: return kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly;
                default: return NULL;
                }
            }
            void store(int option) {
                CFTypeRef accessible = protection(option);
                SecAccessControlCreateWithFlags(NULL, ↓accessible, kSecAccessControlBiometryCurrentSet, NULL);
            }
            """,
            messages: [
                "`nil` is not an accessibility constant: SecAccessControlCreateWithFlags rejects this protection with errSecParam and returns nil; pass a kSecAttrAccessible… value such as kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly (via `accessible` (line 8) → `protection()` (line 1))",
            ]),
        .nonTriggeringObjC(
            "A protection that may be NULL, checked before it is passed (in the condition, or by an early return)",
            """
            CFTypeRef protection(int option) {
                switch (option) {
                case 1: return kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly;
                default: return NULL;
                }
            }
            void store(int option, BOOL biometric) {
                CFTypeRef accessible = protection(option);
                if (biometric && accessible) {
                    SecAccessControlCreateWithFlags(NULL, accessible, kSecAccessControlBiometryCurrentSet, NULL);
                }
            }
            void storeLater(int option) {
                CFTypeRef accessible = protection(option);
                if (accessible == NULL) {
                    return;
                }
                SecAccessControlCreateWithFlags(NULL, accessible, kSecAccessControlBiometryCurrentSet, NULL);
            }
            """),
    ]
}


// MARK: - Examples (they run as tests and appear in `explain`)

extension InvalidAccessControlFlagsRule {
    static let examples: [RuleExample] = [
        .triggering(
            "[.userPresence, .devicePasscode] is not allowed",
            """
            var error: Unmanaged<CFError>? = nil
            let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlocked, ↓[.userPresence, .devicePasscode], &error)
            """,
            messages: [
                "Security rejects `[.userPresence, .devicePasscode]`: `.userPresence` with `.devicePasscode` makes SecAccessControlCreateWithFlags return nil (errSecParam, `.userPresence` combines only with `.applicationPassword` and `.privateKeyUsage`), so the item is never protected or stored"
            ]),
        .triggering(
            ".or together with .and; two biometry constraints in deprecated and C spellings",
            """
            let a = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                                                    ↓[.biometryCurrentSet, .or, .devicePasscode, .and, .applicationPassword], nil)
            let b = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                                                    ↓[.touchIDAny, .biometryCurrentSet], nil)
            let c = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                                                    ↓SecAccessControlCreateFlags(rawValue: 0b1010), nil)
            """,
            messages: [
                "Security rejects `[.biometryCurrentSet, .or, .devicePasscode, .and, .applicationPassword]`: `.or` with `.and` makes SecAccessControlCreateWithFlags return nil (errSecParam, only one of `.or` and `.and` may be set), so the item is never protected or stored",
                "Security rejects `[.touchIDAny, .biometryCurrentSet]`: `.touchIDAny` with `.biometryCurrentSet` makes SecAccessControlCreateWithFlags return nil (errSecParam, only one biometry constraint may be set), so the item is never protected or stored",
                "Security rejects `rawValue 10`: `.biometryAny` with `.biometryCurrentSet` makes SecAccessControlCreateWithFlags return nil (errSecParam, only one biometry constraint may be set), so the item is never protected or stored",
            ],
            alsoTriggers: ["swift.deprecated_keychain_api"]),
        .triggering(
            "A biometry flag added to a property on one path",
            """
            final class TokenStore {
                var strictFlags: SecAccessControlCreateFlags = [.biometryCurrentSet, .privateKeyUsage]
                func access(legacyDevices: Bool) -> SecAccessControl? {
                    var flags = strictFlags
                    if legacyDevices { flags.insert(.biometryAny) }
                    return SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ↓flags, nil)
                }
            }
            """,
            messages: [
                "Security rejects `[.biometryCurrentSet, .privateKeyUsage, .biometryAny]`: `.biometryCurrentSet` with `.biometryAny` makes SecAccessControlCreateWithFlags return nil (errSecParam, only one biometry constraint may be set), so the item is never protected or stored (via `flags` (line 4) → if `legacyDevices` (line 5) → `flags.insert` (line 5) → `TokenStore.strictFlags` (line 2))"
            ]),
        .triggering(
            "A protection that is not an accessibility constant: the key instead of a value, the constant's name as a string, a made-up string",
            """
            let a = SecAccessControlCreateWithFlags(nil, ↓kSecAttrAccessible, .biometryCurrentSet, nil)
            let b = SecAccessControlCreateWithFlags(nil, ↓"kSecAttrAccessibleWhenUnlocked" as CFString, .biometryCurrentSet, nil)
            let c = SecAccessControlCreateWithFlags(nil, ↓"whenUnlocked" as CFString, .biometryCurrentSet, nil)
            """,
            messages: [
                "`kSecAttrAccessible` is not an accessibility constant: SecAccessControlCreateWithFlags rejects this protection with errSecParam and returns nil; pass a kSecAttrAccessible… value such as kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly",
                "`\"kSecAttrAccessibleWhenUnlocked\"` is not an accessibility constant: SecAccessControlCreateWithFlags rejects this protection with errSecParam and returns nil; pass a kSecAttrAccessible… value such as kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly",
                "`\"whenUnlocked\"` is not an accessibility constant: SecAccessControlCreateWithFlags rejects this protection with errSecParam and returns nil; pass a kSecAttrAccessible… value such as kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly",
            ]),
        .triggering(
            "A protection constant declared in another file",
            files: [
                "Config.swift": """
                    enum KeychainConfig {
                        static let protection = kSecClassGenericPassword
                    }
                    """,
                "Store.swift": """
                    let access = SecAccessControlCreateWithFlags(nil, ↓KeychainConfig.protection, .biometryCurrentSet, nil)
                    """,
            ],
            messages: [
                "`kSecClassGenericPassword` is not an accessibility constant: SecAccessControlCreateWithFlags rejects this protection with errSecParam and returns nil; pass a kSecAttrAccessible… value such as kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly (via `KeychainConfig.protection` (Config.swift:2))"
            ]),
        .nonTriggering(
            "Combinations Security accepts",
            """
            let a = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, [.userPresence, .applicationPassword], nil)
            let b = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, [.userPresence, .privateKeyUsage], nil)
            let c = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, [.biometryCurrentSet, .or, .devicePasscode], nil)
            let d = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, [.biometryAny, .touchIDAny], nil)
            let e = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, [], nil)
            """,
            alsoTriggers: ["swift.weak_biometric_acl", "swift.passcode_fallback_acl", "swift.deprecated_keychain_api"]),
        .nonTriggering(
            "Every accessibility constant and raw value is a valid protection",
            """
            let a = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly, .privateKeyUsage, nil)
            let b = SecAccessControlCreateWithFlags(nil, "akpu" as CFString, .biometryCurrentSet, nil)
            let c = SecAccessControlCreateWithFlags(nil, String(kSecAttrAccessibleWhenUnlocked) as CFString, .privateKeyUsage, nil)
            let d = SecAccessControlCreateWithFlags(nil, "cku" as CFString, [], nil)
            """),
        .nonTriggering(
            "Unknown protections and flags stay silent",
            """
            func make(protection: CFString, flags: SecAccessControlCreateFlags) -> SecAccessControl? {
                SecAccessControlCreateWithFlags(nil, protection, flags, nil)
            }
            let x = SecAccessControlCreateWithFlags(nil, settings.protection, settings.flags, nil)
            let y = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleUntilReboot, .biometryCurrentSet, nil)
            """),
        .nonTriggering(
            "Clashing flags in a comparison or a string are not a creation",
            """
            let text = "SecAccessControlCreateWithFlags(nil, kSecAttrAccessible, [.or, .and], nil)"
            if flags == [.biometryAny, .biometryCurrentSet] { print("both") }
            // SecAccessControlCreateWithFlags(nil, p, [.userPresence, .devicePasscode], nil)
            """),
    ]
}
