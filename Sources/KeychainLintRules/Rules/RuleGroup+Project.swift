import KeychainLintRuleKit
extension RuleGroups {
    /// Info.plist / Xcode project checks.
    static let project: [any Check.Type] = [MissingFaceIDUsageDescriptionRule.self]
}
