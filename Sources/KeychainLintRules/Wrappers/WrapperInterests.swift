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
                // A class method of an Objective-C library is also called from Swift on a copy
                // of the library under another class name, in files that never name the module:
                // the call's own name, a word with companions (`commonWordCompanions`).
                if call.isStatic, !model.headers.isEmpty, call.selector != nil, !result.contains(.call(call.name)) {
                    result.append(.call(call.name))
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

    /// The words of built-in models' calls that are too common to let a file through alone: a
    /// property the app assigns (`accessibility`, `synchronizable`) and, for Objective-C, the first
    /// piece of a selector (`setAccessibility`). A file with such a word is read only when it also
    /// names the library's module or one of its types (an `import`, an `#import` of its header, or
    /// the type): a call of the library counts only in such a file anyway. Every wrapper-aware
    /// rule's adapter adds these to the check's own companions. A class method of an Objective-C
    /// library (`+[SAMKeychain setAccessibilityType:]`) is also sent to a copy of the library under
    /// another class name (`ObjCWrapperCalls.copiedType`), which the file need not name otherwise:
    /// its word also counts in a scan some file of which names one of the library class's
    /// write methods (`setPassword`), as a copy's header declares them.
    static let commonWordCompanions: [String: PrefilterCompanions] = {
        var result: [String: PrefilterCompanions] = [:]
        for model in WrapperModelCatalog.builtIn {
            var words: [String] = []
            var copyWords: [String: [String]] = [:]
            for call in model.calls where call.effect != .search {
                if call.isStatic, !model.headers.isEmpty, let selector = call.selector, let first = selector.split(separator: ":").first {
                    copyWords[String(first), default: []] += model.calls
                        .filter { $0.type == call.type && $0.isStatic && $0.effect == .write && $0.selector == nil }.map(\.name)
                }
                if call.isSetter {
                    words.append(call.name)
                    if !model.headers.isEmpty { words.append("set" + call.name.prefix(1).uppercased() + call.name.dropFirst()) }
                } else if let selector = call.selector, let first = selector.split(separator: ":").first {
                    words.append(String(first))
                }
            }
            let names = [model.module] + model.types.map(\.name)
            for word in words where !names.contains(word) {
                var companions = result[word] ?? PrefilterCompanions(inScan: [])
                for name in names where !companions.inFile.contains(name) { companions.inFile.append(name) }
                for name in copyWords[word] ?? [] where !companions.inScan.contains(name) { companions.inScan.append(name) }
                result[word] = companions
            }
        }
        return result
    }()
}
