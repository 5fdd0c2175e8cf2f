import KeychainLintRuleKit
extension RuleGroups {
    /// SecAccessControlCreateWithFlags flags and protection.
    static let accessControl: [any Check.Type] = [
        PasscodeFallbackACLRule.self,
        InvalidAccessControlFlagsRule.self,
        BiometricItemNotDeviceBoundRule.self,
        KeyWithoutUserAuthenticationRule.self,
        UncheckedAccessControlCreationRule.self,
    ]
}
