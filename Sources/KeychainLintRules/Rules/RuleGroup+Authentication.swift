import KeychainLintRuleKit
extension RuleGroups {
    /// LocalAuthentication and deprecated API use.
    static let authentication: [any Check.Type] = [
        BooleanOnlyLocalAuthenticationRule.self,
        FailOpenLocalAuthenticationRule.self,
        DeprecatedKeychainAPIRule.self,
        ExcessiveAuthenticationReuseRule.self,
        HardcodedApplicationPasswordRule.self,
    ]
}
