import KeychainLintAnalysis
import KeychainLintModel

/// Small questions the access-control rules share (RuleGroups.accessControl).
enum AccessControlRuleSupport {
    static let createFunction = "SecAccessControlCreateWithFlags"

    /// The free call `SecAccessControlCreateWithFlags(…)` (not a method of the same name).
    static func creationCall(_ input: RuleInput) -> SwiftCall? {
        guard case .call(let call) = input, call.name == createFunction, call.receiver == nil
        else { return nil }
        return call
    }

    /// A free call named `name`.
    static func freeCall(_ input: RuleInput, named names: Set<String>) -> SwiftCall? {
        guard case .call(let call) = input, let name = call.name, names.contains(name), call.receiver == nil
        else { return nil }
        return call
    }

    /// The flags a resolved `SecAccessControlCreateWithFlags(…)` value was created with, when
    /// the value is such a call and its third argument is certainly a flags value.
    static func creationFlags(_ value: Value) -> AccessControlFlagSet? {
        guard case .call(let call) = value, call.name == createFunction, call.receiver == nil, call.arguments.count >= 3
        else { return nil }
        return AccessControlFlagSet.interpret(call.arguments[2].value)
    }

    /// `true`, `kCFBooleanTrue` (any cast or `!` already stripped by the resolver).
    static func isTrue(_ value: Value?) -> Bool {
        switch value {
        case .bool(true)?: true
        case .symbol("kCFBooleanTrue")?: true
        default: false
        }
    }
}
