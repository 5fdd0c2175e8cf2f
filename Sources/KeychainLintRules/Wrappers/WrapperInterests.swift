import KeychainLintAnalysis
import KeychainLintRuleKit
import KeychainLintModel

/// The calls a rule must be handed to judge wrapper settings of some roles: every configure or
/// write call of a model that takes such an argument (searches are never judged), by the name it
/// is called with (an initializer by its type's name or `init`), in files that import the
/// library's module. A declared model's calls are wanted in every file that makes them: its
/// own module's files call it without an import (the prefilter then looks for the call's name).
enum WrapperInterests {
    static func interests(for roles: Set<WrapperArgumentRole>, models: [WrapperModel] = WrapperModelCatalog.builtIn)
        -> [RuleInterest]
    {
        var result: [RuleInterest] = []
        for model in models {
            for call in model.calls where call.effect != .search
                && (call.arguments.contains { roles.contains($0.role) }
                    || model.type(named: call.type)?.properties.contains { roles.contains($0.role) } == true)
            {
                if call.isSetter {
                    if !result.contains(.memberAccess(call.name)) { result.append(.memberAccess(call.name)) }
                    continue
                }
                let names = call.name == "init" ? [call.type, "init"] : [call.name]
                for name in names {
                    let interest: RuleInterest =
                        model.isDeclaredInConfiguration ? .call(name) : .callInModule(name, module: model.module)
                    if !result.contains(interest) { result.append(interest) }
                }
            }
        }
        return result
    }

    /// A rule's interests with its built-in wrapper interests for `roles` replaced by those of
    /// `models` (the built-in models and those the configuration declares): what every
    /// wrapper-aware rule's `interests(models:)` returns.
    static func replacingBuiltIn(in interests: [RuleInterest], roles: Set<WrapperArgumentRole>, models: [WrapperModel])
        -> [RuleInterest]
    {
        let builtIn = Self.interests(for: roles)
        return interests.filter { !builtIn.contains($0) } + Self.interests(for: roles, models: models)
    }
}
