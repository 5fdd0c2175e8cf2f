import KeychainLintCore

/// Every rule keychain-lint knows, in the order `rules` lists them.
public enum RuleRegistry {
    public static let all: [any Rule.Type] = [
        WeakBiometricACLRule.self,
        InvalidSuppressionRule.self,
    ]

    public static var descriptions: [RuleDescription] { all.map { $0.description } }

    public static let ruleIds: Set<String> = Set(all.map { $0.description.id })

    public static func rule(id: String) -> (any Rule.Type)? {
        all.first { $0.description.id == id }
    }
}
