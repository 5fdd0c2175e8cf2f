import KeychainLintRuleKit
extension RuleGroups {
    /// SecItem query dictionaries and status handling.
    static let queries: [any Check.Type] = [
        ConflictingAccessibilityAttributesRule.self,
        WeakKeychainAccessibilityRule.self,
        UncheckedKeychainStatusRule.self,
        BroadQueryWithoutUISkipRule.self,
        ApplicationPasswordQueryMissingContextRule.self,
    ]
}
