extension RuleGroups {
    /// SecAccessControlCreateWithFlags flags and protection.
    static let accessControl: [any Rule.Type] = []
}
