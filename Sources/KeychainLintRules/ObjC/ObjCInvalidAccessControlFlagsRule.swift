import KeychainLintCore
import KeychainLintRuleKit
import KeychainLintModel
import KeychainLintObjC

/// `objc.invalid_access_control_flags` — `swift.invalid_access_control_flags`' judgement on
/// Objective-C code: flags and protections Security rejects.
public struct ObjCInvalidAccessControlFlagsRule: ObjCRule {
    public static let calls = ["SecAccessControlCreateWithFlags"]

    public init(options: [String: ConfigValue]) {}

    public func check(_ call: ObjCCallSite, in context: ObjCRuleContext) {
        guard call.kind == .function, call.arguments.count > 2 else { return }
        let protection = call.arguments[1].value
        let resolution = context.resolve(protection)
        if let traced = resolution.values.first(where: { InvalidAccessControlFlagsJudgement.invalidProtection($0.value) != nil }),
           let problem = InvalidAccessControlFlagsJudgement.invalidProtection(traced.value) {
            context.report(
                at: protection.range,
                message: InvalidAccessControlFlagsJudgement.protectionMessage(problem)
                    + context.describeTrace(traced.trace),
                confidence: traced.trace.isEmpty ? .high : .medium, trace: traced.trace)
        } else {
            context.noteGaps(resolution, asking: "protection of SecAccessControlCreateWithFlags")
        }
        let flags = call.arguments[2].value
        context.reportFirstJudged(
            context.resolve(flags), at: flags.range, asking: "flags of SecAccessControlCreateWithFlags",
            othersToo: .init(one: "is rejected too", many: "are rejected too")
        ) { value in
            guard let flags = AccessControlFlagSet.interpret(value), let clash = flags.rejectedCombination else { return nil }
            return InvalidAccessControlFlagsJudgement.flagsMessage(flags, clash, spelling: .c)
        }
    }

    public static let description = RuleDescription.objectiveC(
        of: InvalidAccessControlFlagsRule.description,
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
        examples: examples)

    static let examples: [RuleExample] = [
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
