extension RuleGroups {
    /// SecItem query dictionaries and status handling.
    static let queries: [any Rule.Type] = []
}
