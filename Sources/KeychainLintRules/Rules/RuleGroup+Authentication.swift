import KeychainLintRuleKit
extension RuleGroups {
    /// LocalAuthentication and deprecated API use.
    static let authentication: [any Rule.Type] = [
        SwiftRuleOf<BooleanOnlyLocalAuthenticationRule>.self,
        SwiftRuleOf<FailOpenLocalAuthenticationRule>.self,
        DeprecatedKeychainAPIRule.self,
        ExcessiveAuthenticationReuseRule.self,
        SwiftRuleOf<HardcodedApplicationPasswordRule>.self,
    ]
}
