import KeychainLintRuleKit
extension RuleGroups {
    /// LocalAuthentication and deprecated API use.
    static let authentication: [any Rule.Type] = [
        BooleanOnlyLocalAuthenticationRule.self,
        FailOpenLocalAuthenticationRule.self,
        SwiftRuleOf<DeprecatedKeychainAPIRule>.self,
        SwiftRuleOf<ExcessiveAuthenticationReuseRule>.self,
        HardcodedApplicationPasswordRule.self,
    ]
}
