import KeychainLintCore
import KeychainLintRuleKit

/// Every rule keychain-lint knows, in the order `rules` lists them. Rules are grouped by area;
/// each group lives beside its rules.
public enum RuleRegistry {
    public static let all: [any Rule.Type] =
        [SwiftRuleOf<WeakBiometricACLRule>.self]
        + RuleGroups.accessControl
        + RuleGroups.queries
        + RuleGroups.authentication
        + RuleGroups.project
        + [InvalidSuppressionRule.self]
        + RuleGroups.objectiveC

    public static var descriptions: [RuleDescription] { all.map { $0.description } }

    /// The ids a configuration, a suppression or a rule filter may name: every rule's id and
    /// every check's language-neutral id (`weak_biometric_acl`).
    public static let ruleIds: Set<String> = Set(all.map { $0.description.id } + all.map { $0.description.checkId })

    public static func rule(id: String) -> (any Rule.Type)? {
        all.first { $0.description.id == id }
    }
}

/// Namespace for the rule groups (each declared in its own file under Rules/).
public enum RuleGroups {}
