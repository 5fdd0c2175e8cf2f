import KeychainLintRuleKit
extension RuleGroups {
    /// Info.plist / Xcode project checks.
    static let project: [any Rule.Type] = [SwiftRuleOf<MissingFaceIDUsageDescriptionRule>.self]
}
