import KeychainLintRuleKit
extension RuleGroups {
    /// LocalAuthentication and deprecated API use.
    static let authentication: [any Rule.Type] = [
        SwiftRuleOf<BooleanOnlyLocalAuthenticationRule>.self,
        SwiftRuleOf<FailOpenLocalAuthenticationRule>.self,
        SwiftRuleOf<DeprecatedKeychainAPIRule>.self,
        SwiftRuleOf<ExcessiveAuthenticationReuseRule>.self,
        SwiftRuleOf<HardcodedApplicationPasswordRule>.self,
    ]
}
