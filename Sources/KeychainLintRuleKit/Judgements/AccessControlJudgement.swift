import KeychainLintModel

/// Small judgements the access-control rules of both languages share (RuleGroups.accessControl).
public enum AccessControlJudgement {
    /// The function that creates an access control.
    public static let createFunction = "SecAccessControlCreateWithFlags"

    /// The flags a resolved `SecAccessControlCreateWithFlags(…)` value was created with, when
    /// the value is such a call and its third argument is certainly a flags value.
    public static func creationFlags(_ value: Value) -> AccessControlFlagSet? {
        guard case .call(let call) = value, call.name == createFunction, call.receiver == nil, call.arguments.count >= 3
        else { return nil }
        return AccessControlFlagSet.interpret(call.arguments[2].value)
    }

    /// `true`, `kCFBooleanTrue` (any cast or `!` already stripped by the resolver).
    public static func isTrue(_ value: Value?) -> Bool {
        switch value {
        case .bool(true)?: true
        case .symbol("kCFBooleanTrue")?: true
        default: false
        }
    }
}
