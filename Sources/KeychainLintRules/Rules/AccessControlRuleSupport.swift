import KeychainLintAnalysis
import KeychainLintModel
import KeychainLintRuleKit

/// Small questions the access-control rules share (RuleGroups.accessControl).
enum AccessControlRuleSupport {
    /// The free call `SecAccessControlCreateWithFlags(…)` (not a method of the same name).
    static func creationCall(_ input: RuleInput) -> SwiftCall? {
        freeCall(input, named: [AccessControlJudgement.createFunction])
    }

    /// A free call named `name` (`QueryRuleSupport.freeCall` without the name).
    static func freeCall(_ input: RuleInput, named names: Set<String>) -> SwiftCall? {
        QueryRuleSupport.freeCall(input, named: names)?.call
    }
}
