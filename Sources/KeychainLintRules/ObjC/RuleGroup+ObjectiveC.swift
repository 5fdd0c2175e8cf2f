extension RuleGroups {
    /// The Objective-C front end's rules (`objc.`): each shares a Swift rule's judgement.
    static let objectiveC: [any Rule.Type] = [
        ObjCWeakBiometricACLRule.self,
        ObjCPasscodeFallbackACLRule.self,
        ObjCInvalidAccessControlFlagsRule.self,
        ObjCWeakKeychainAccessibilityRule.self,
        ObjCHardcodedApplicationPasswordRule.self,
        ObjCDeprecatedKeychainAPIRule.self,
        ObjCUncheckedKeychainStatusRule.self,
        ObjCUncheckedAccessControlCreationRule.self,
    ]
}
