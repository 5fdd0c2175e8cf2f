import KeychainLintAnalysis
import KeychainLintModel
import KeychainLintRuleKit

/// Small questions the access-control rules share (RuleGroups.accessControl).
enum AccessControlRuleSupport {
    /// The free call `SecAccessControlCreateWithFlags(…)` (not a method of the same name).
    static func creationCall(_ input: RuleInput) -> SwiftCall? {
        guard case .call(let call) = input, call.name == AccessControlJudgement.createFunction, call.receiver == nil
        else { return nil }
        return call
    }

    /// A free call named `name`.
    static func freeCall(_ input: RuleInput, named names: Set<String>) -> SwiftCall? {
        guard case .call(let call) = input, let name = call.name, names.contains(name), call.receiver == nil
        else { return nil }
        return call
    }
}
