import KeychainLintRuleKit
extension RuleGroups {
    /// SecAccessControlCreateWithFlags flags and protection.
    static let accessControl: [any Rule.Type] = [
        SwiftRuleOf<PasscodeFallbackACLRule>.self,
        SwiftRuleOf<InvalidAccessControlFlagsRule>.self,
        SwiftRuleOf<BiometricItemNotDeviceBoundRule>.self,
        SwiftRuleOf<KeyWithoutUserAuthenticationRule>.self,
        SwiftRuleOf<UncheckedAccessControlCreationRule>.self,
    ]
}
