import KeychainLintRuleKit
extension RuleGroups {
    /// The checks whose Objective-C rules (`objc.`, `ObjCRuleOf`) the Objective-C front end runs:
    /// each shares its Swift rule's judgement.
    static let objectiveC: [any Check.Type] = [
        WeakBiometricACLRule.self,
        PasscodeFallbackACLRule.self,
        InvalidAccessControlFlagsRule.self,
        WeakKeychainAccessibilityRule.self,
        HardcodedApplicationPasswordRule.self,
        ConflictingAccessibilityAttributesRule.self,
        BiometricItemNotDeviceBoundRule.self,
        KeyWithoutUserAuthenticationRule.self,
        ApplicationPasswordQueryMissingContextRule.self,
        BroadQueryWithoutUISkipRule.self,
        BooleanOnlyLocalAuthenticationRule.self,
        FailOpenLocalAuthenticationRule.self,
        ExcessiveAuthenticationReuseRule.self,
        MissingFaceIDUsageDescriptionRule.self,
        DeprecatedKeychainAPIRule.self,
        UncheckedKeychainStatusRule.self,
        UncheckedAccessControlCreationRule.self,
    ]
}
