import KeychainLintModel

/// The judgement of `swift.passcode_fallback_acl` and `objc.passcode_fallback_acl`: access control
/// that lets the device passcode stand in for biometry.
public enum PasscodeFallbackJudgement {
    /// Why a flags value lets the device passcode alone unlock the item, or nil. `.userPresence`
    /// and `[.biometryAny, .or, .devicePasscode]` are swift.weak_biometric_acl's; values Security
    /// rejects are swift.invalid_access_control_flags'.
    public static func fallback(in flags: AccessControlFlagSet, spelling: FlagSpelling = .swift) -> String? {
        fallbackParts(in: flags, spelling: spelling).map { "\($0.headline): \($0.detail)" }
    }

    /// `fallback(in:)` in two parts, so a wrapper's message can name its option between them.
    public static func fallbackParts(in flags: AccessControlFlagSet, spelling: FlagSpelling = .swift) -> (headline: String, detail: String)? {
        guard flags.contains(.devicePasscode), !flags.contains(.userPresence), !flags.isUserPresenceCombination,
            flags.rejectedCombination == nil
        else { return nil }
        let otherConstraints = flags.bits & AccessControlFlagSet.userAuthenticationBits & ~AccessControlFlag.devicePasscode.bit
        if otherConstraints == 0 {
            return ("Passcode-only access control",
                    "`\(spelling.flags(flags))` lets anyone who knows or watches the device passcode read the item; biometry is never required")
        }
        guard flags.contains(.or) else { return nil }
        let bypassed = flags.name(ofFirstBitIn: otherConstraints)
        return ("Access control falls back to the device passcode",
                "`\(spelling.flags(flags))` lets the passcode alone unlock the item, bypassing `\(spelling.flag(bypassed))`")
    }
}
