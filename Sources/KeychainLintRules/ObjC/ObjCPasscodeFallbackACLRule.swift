import KeychainLintCore
import KeychainLintRuleKit
import KeychainLintModel
import KeychainLintObjC

/// `objc.passcode_fallback_acl` — `swift.passcode_fallback_acl`'s judgement on Objective-C code.
public struct ObjCPasscodeFallbackACLRule: ObjCRule {
    public static let calls = ["SecAccessControlCreateWithFlags"]

    public init(options: [String: ConfigValue]) {}

    public func check(_ call: ObjCCallSite, in context: ObjCRuleContext) {
        guard call.kind == .function, call.arguments.count > 2 else { return }
        let flags = call.arguments[2].value
        context.reportFirstJudged(
            context.resolve(flags), at: flags.range, asking: "flags of SecAccessControlCreateWithFlags",
            othersToo: .init(one: "allows the passcode too", many: "allow the passcode too")
        ) { value in
            AccessControlFlagSet.interpret(value).flatMap { PasscodeFallbackJudgement.fallback(in: $0, spelling: .c) }
        }
    }

    public static let description = RuleDescription.objectiveC(
        of: PasscodeFallbackACLRule.description,
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
        examples: examples)

    static let examples: [RuleExample] = [
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
