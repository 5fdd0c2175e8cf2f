import KeychainLintRuleKit
extension RuleGroups {
    /// SecItem query dictionaries and status handling.
    static let queries: [any Rule.Type] = [
        SwiftRuleOf<ConflictingAccessibilityAttributesRule>.self,
        SwiftRuleOf<WeakKeychainAccessibilityRule>.self,
        SwiftRuleOf<UncheckedKeychainStatusRule>.self,
        SwiftRuleOf<BroadQueryWithoutUISkipRule>.self,
        SwiftRuleOf<ApplicationPasswordQueryMissingContextRule>.self,
    ]
}
