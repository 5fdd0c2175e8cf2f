import KeychainLintAnalysis
import KeychainLintModel
import KeychainLintRuleKit
import SwiftSyntax

/// A wrapper library whose source was copied into the app (a `Helpers/Keychain` folder holding
/// SwiftKeychainWrapper's `KeychainWrapper.swift`): the app never imports the module, and the
/// library's types are declared in the scan. Such a copy is recognised by its declarations' shape,
/// and calls of it are then judged with the library's model.
///
/// The shape test, for a model type `T` (`KeychainWrapper`), passes when the scan, as visible from
/// the asking file, declares (not merely extends)
/// 1. a class, struct or actor named `T`;
/// 2. every accessibility option set the model's calls on `T` take (`KeychainItemAccessibility`),
///    as an enumeration whose cases include every spelling the model lists for it (all seven
///    accessibility levels);
/// 3. for every call of `T` the model lists as configuring or writing with an accessibility,
///    access-control or synchronizable argument, a method of `T` of that name (in its declaration
///    or an extension) with a parameter for each of those arguments given by label
///    (`set(_:forKey:withAccessibility:)`);
/// and the model has at least one such option set and call, so that the test says something. A
/// type of the library's name whose members differ (an app's own `KeychainWrapper` with
/// `set(_:forKey:)` and no accessibility enumeration) is the app's and is not taken for the library.
enum VendoredWrappers {
    private struct MemoKey: Hashable { let library: String; let type: String }

    /// Whether the scan's declaration of the model's type `type`, visible from the file, is a copy
    /// of the library (memoized per file and type).
    static func isVendored(_ type: String, of model: WrapperModel, in context: RuleContext) -> Bool {
        guard !model.isDeclaredInConfiguration else { return false }
        return context.memo(MemoKey(library: model.library, type: type)) {
            hasShape(type, of: model, index: ScopedIndex(index: context.scan.index, asking: context.file.id))
        }
    }

    /// Whether some type of the model is declared in the scan with the library's shape.
    static func isVendored(_ model: WrapperModel, in context: RuleContext) -> Bool {
        model.types.contains { isVendored($0.name, of: model, in: context) }
    }

    static func hasShape(_ type: String, of model: WrapperModel, index: ScopedIndex) -> Bool {
        let roles: Set<WrapperArgumentRole> = [.accessibility, .accessControlFlags, .synchronizable]
        let calls = model.calls.filter { $0.type == type && $0.effect != .search && !$0.isSetter && $0.name != "init" }
            .filter { $0.arguments.contains { roles.contains($0.role) } }
        let optionSets = Set(calls.flatMap(\.arguments).compactMap(\.options)).compactMap(model.optionSet(named:))
            .filter { $0.meaning == .accessibility }
        guard !calls.isEmpty, !optionSets.isEmpty else { return false }
        // A copy declares the library's type and its accessibility enumerations as types: the text
        // index says whether the scan may, without parsing the files that extend or mention them.
        for name in [type] + optionSets.map(\.name) {
            guard !index.index.files(declaring: name, as: .type).isEmpty else { return false }
        }
        let declared = index.types(named: type).filter { !$0.isExtension && !$0.isProtocol }
        guard !declared.isEmpty else { return false }
        for optionSet in optionSets {
            let enumerations = index.types(named: optionSet.name).filter { !$0.isExtension && !$0.isProtocol }
            guard enumerations.contains(where: { Set(optionSet.values.keys).isSubset(of: $0.enumCases) }) else { return false }
        }
        for call in calls {
            let labels = call.arguments.filter { roles.contains($0.role) }.compactMap { argument -> String? in
                if case .label(let label) = argument.place { return label }
                return nil
            }
            let methods = index.methods(named: call.name, inType: type).filter { $0.isStatic == call.isStatic }
            guard methods.contains(where: { method in labels.allSatisfy { label in method.shapes.contains { $0.label == label } } }) else {
                return false
            }
        }
        return true
    }
}

extension VendoredWrappers {
    /// The library types whose copies the shape test can recognise: each model type with an
    /// accessibility option set among its calls' arguments, and that option set's name.
    static func recognisableTypes(models: [WrapperModel] = WrapperModelCatalog.builtIn) -> [(type: String, optionSets: [String])] {
        var result: [(type: String, optionSets: [String])] = []
        for model in models where !model.isDeclaredInConfiguration {
            for type in model.types {
                let optionSets = Set(model.calls.filter { $0.type == type.name && $0.effect != .search && !$0.isSetter }
                    .flatMap(\.arguments).compactMap(\.options))
                    .filter { model.optionSet(named: $0)?.meaning == .accessibility }.sorted()
                if !optionSets.isEmpty, !result.contains(where: { $0.type == type.name }) { result.append((type.name, optionSets)) }
            }
        }
        return result
    }

    /// A copy is called in files that never name the module: they pass the prefilter by naming the
    /// library's type (`KeychainWrapper`), …
    static func interests(models: [WrapperModel] = WrapperModelCatalog.builtIn) -> [RuleInterest] {
        recognisableTypes(models: models).map { RuleInterest.call($0.type) }
    }

    /// … but only in a scan that declares both the library's type and its accessibility
    /// enumeration under their names (`Keychain` and `Accessibility`, `KeychainWrapper` and
    /// `KeychainItemAccessibility`), as a copy must: an app's own `Keychain` type alone lets no
    /// file through, nor do an app's calls of the library, nor another keychain library with its
    /// own names.
    static func prefilterCompanions(models: [WrapperModel] = WrapperModelCatalog.builtIn) -> [String: PrefilterCompanions] {
        var result: [String: PrefilterCompanions] = [:]
        // A type named like a module (`KeychainSwift`) is already a word that lets a file through
        // on its own: it must not become one that needs a companion.
        let modules = Set(models.map(\.module))
        for (type, optionSets) in recognisableTypes(models: models) where !modules.contains(type) {
            let words = Set(optionSets + [type])
            result[type] = PrefilterCompanions(inScan: [], declaredInScan: words.sorted())
        }
        return result
    }
}

extension RuleContext {
    public func isInLibraryCopy(_ call: ProgramCall) -> Bool {
        guard case .swift(let expression) = call.expression, let enclosing = SyntaxQueries.enclosingTypeName(of: expression.syntax)
        else { return false }
        let ownModules = FileImports.ownModules(in: self)
        return scan.wrapperModels.contains { model in
            model.type(named: enclosing) != nil && !ownModules.contains(model.module)
                && VendoredWrappers.isVendored(enclosing, of: model, in: self)
        }
    }
}
