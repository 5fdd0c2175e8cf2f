import KeychainLintCore
import KeychainLintModel

/// The judgement of `swift.weak_biometric_acl` and `objc.weak_biometric_acl`: biometry flags that survive
/// a new enrolment.
public enum WeakBiometricACLJudgement {
    /// The `weakBiometricFlags` default.
    public static let defaultWeakFlags: [String] = ["biometryAny", "touchIDAny", "userPresence"]

    /// The option listing which flag names count as weak.
    public static let weakBiometricFlags = RuleOption<[String]>.nameList(
        "weakBiometricFlags", allowed: AccessControlFlag.constraintNames, default: defaultWeakFlags,
        help: "SecAccessControlCreateFlags names that count as weak (default: biometryAny, touchIDAny, userPresence).")

    /// The configured flag names, in a fixed order so messages are deterministic.
    public static func weakFlags(in options: [String: ConfigValue]) -> [String] {
        let configured = weakBiometricFlags.value(in: options)
        return AccessControlFlag.constraintNames.filter(configured.contains)
    }

    /// Why a flags value is weak under the configured list (`weakFlags`, from `weakFlags(in:)`), or
    /// nil; flags spelled as the code's language writes them.
    public static func weakness(of flags: AccessControlFlagSet, weakFlags: [String], in spelling: FlagSpelling = .swift) -> String? {
        let userPresence = spelling.flag("userPresence")
        if weakFlags.contains("userPresence") {
            if flags.contains(.userPresence) {
                return "`\(userPresence)` falls back to the device passcode and accepts biometrics enrolled after the item was created"
            }
            if flags.isUserPresenceCombination {
                return "`\(spelling.flags(flags))` is `\(userPresence)`: it falls back to the device passcode and accepts biometrics enrolled after the item was created"
            }
        }
        for name in weakFlags where name != "userPresence" {
            guard let flag = AccessControlFlag.named(name), flags.contains(flag) else { continue }
            let spelled = flags.spelling(of: flag)
            switch flag.bit {
            case AccessControlFlag.biometryAny.bit:
                let alias = spelled == "touchIDAny" ? " (deprecated alias of `\(spelling.flag("biometryAny"))`)" : ""
                return "`\(spelling.flag(spelled))`\(alias) accepts biometrics enrolled after the item was created, so a newly added finger or face unlocks it"
            default:
                return "`\(spelling.flag(spelled))` is in the configured weakBiometricFlags"
            }
        }
        return nil
    }
}
