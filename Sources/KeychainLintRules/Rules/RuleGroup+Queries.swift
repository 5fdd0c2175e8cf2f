import KeychainLintRuleKit
extension RuleGroups {
    /// SecItem query dictionaries and status handling.
    static let queries: [any Rule.Type] = [
        ConflictingAccessibilityAttributesRule.self,
        WeakKeychainAccessibilityRule.self,
        SwiftRuleOf<UncheckedKeychainStatusRule>.self,
        BroadQueryWithoutUISkipRule.self,
        ApplicationPasswordQueryMissingContextRule.self,
    ]
}
