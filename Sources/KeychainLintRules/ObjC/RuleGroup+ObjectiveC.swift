import KeychainLintRuleKit
extension RuleGroups {
    /// The Objective-C front end's rules (`objc.`): each shares a Swift rule's judgement.
    static let objectiveC: [any Rule.Type] = [
        ObjCRuleOf<WeakBiometricACLRule>.self,
        ObjCRuleOf<PasscodeFallbackACLRule>.self,
        ObjCRuleOf<InvalidAccessControlFlagsRule>.self,
        ObjCWeakKeychainAccessibilityRule.self,
        ObjCHardcodedApplicationPasswordRule.self,
        ObjCConflictingAccessibilityAttributesRule.self,
        ObjCBiometricItemNotDeviceBoundRule.self,
        ObjCRuleOf<KeyWithoutUserAuthenticationRule>.self,
        ObjCApplicationPasswordQueryMissingContextRule.self,
        ObjCBroadQueryWithoutUISkipRule.self,
        ObjCBooleanOnlyLocalAuthenticationRule.self,
        ObjCFailOpenLocalAuthenticationRule.self,
        ObjCRuleOf<ExcessiveAuthenticationReuseRule>.self,
        ObjCMissingFaceIDUsageDescriptionRule.self,
        ObjCRuleOf<DeprecatedKeychainAPIRule>.self,
        ObjCRuleOf<UncheckedKeychainStatusRule>.self,
        ObjCRuleOf<UncheckedAccessControlCreationRule>.self,
    ]
}
