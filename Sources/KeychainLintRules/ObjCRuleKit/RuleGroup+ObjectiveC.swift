import KeychainLintRuleKit
extension RuleGroups {
    /// The Objective-C front end's rules (`objc.`): each shares a Swift rule's judgement.
    static let objectiveC: [any Rule.Type] = [
        ObjCRuleOf<WeakBiometricACLRule>.self,
        ObjCRuleOf<PasscodeFallbackACLRule>.self,
        ObjCRuleOf<InvalidAccessControlFlagsRule>.self,
        ObjCRuleOf<WeakKeychainAccessibilityRule>.self,
        ObjCRuleOf<HardcodedApplicationPasswordRule>.self,
        ObjCRuleOf<ConflictingAccessibilityAttributesRule>.self,
        ObjCRuleOf<BiometricItemNotDeviceBoundRule>.self,
        ObjCRuleOf<KeyWithoutUserAuthenticationRule>.self,
        ObjCRuleOf<ApplicationPasswordQueryMissingContextRule>.self,
        ObjCRuleOf<BroadQueryWithoutUISkipRule>.self,
        ObjCRuleOf<BooleanOnlyLocalAuthenticationRule>.self,
        ObjCRuleOf<FailOpenLocalAuthenticationRule>.self,
        ObjCRuleOf<ExcessiveAuthenticationReuseRule>.self,
        ObjCRuleOf<MissingFaceIDUsageDescriptionRule>.self,
        ObjCRuleOf<DeprecatedKeychainAPIRule>.self,
        ObjCRuleOf<UncheckedKeychainStatusRule>.self,
        ObjCRuleOf<UncheckedAccessControlCreationRule>.self,
    ]
}
