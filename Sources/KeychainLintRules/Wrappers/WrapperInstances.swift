import KeychainLintAnalysis
import KeychainLintModel
import SwiftSyntax

/// Which library type an expression is an instance of, by what it was built from: the library's
/// initializer (`Keychain(service: "x")`), a builder or static factory the model says returns the
/// type (`….accessibility(.always)`, `Valet.valet(with:accessibility:)`), a shared instance
/// (`KeychainWrapper.standard`), or — when the value cannot be followed — the type its
/// declaration names (`let keychain: Keychain`). Never by a method name alone.
struct WrapperInstances {
    let model: WrapperModel
    let context: RuleContext

    /// The library types `expression` can be an instance of.
    func types(of expression: ExprSyntax) -> Set<String> {
        var found: Set<String> = []
        for traced in context.resolve(expression).values {
            if let type = type(of: traced.value) { found.insert(type) }
        }
        if found.isEmpty, let declared = context.resolver.declaredTypeName(of: expression, in: context.file),
            let type = libraryType(named: declared)
        {
            found.insert(type)
        }
        return found
    }

    /// The library type a resolved value is an instance of.
    func type(of value: Value) -> String? {
        switch value {
        case .call(let call):
            // `Keychain(…)`, `KeychainAccess.Keychain(…)`, `Keychain.init(…)`.
            if call.name == "init", let owner = call.receiver.flatMap(typeName), initializable(owner) { return owner }
            if let type = libraryType(named: call.name), initializable(type), call.receiver == nil || isModule(call.receiver) {
                return type
            }
            // A static factory: `Valet.valet(with:accessibility:)`.
            if let owner = call.receiver.flatMap(typeName) {
                return model.calls(named: call.name, on: owner).first { $0.isStatic }?.returns
            }
            // A builder on an instance: `Keychain(service: "x").accessibility(.always)`.
            if let receiver = call.receiver, let owner = type(of: receiver) {
                return model.calls(named: call.name, on: owner).first { !$0.isStatic }?.returns
            }
            return nil
        case .member(let name, let typeText?):
            // `KeychainWrapper.standard`.
            guard let owner = libraryType(named: typeText), model.type(named: owner)?.sharedInstances.contains(name) == true else {
                return nil
            }
            return owner
        default:
            return nil
        }
    }

    /// The library type a written type name denotes (`Keychain`, `KeychainAccess.Keychain`), unless
    /// the app declares a type of that name itself, visible from this file.
    func libraryType(named written: String) -> String? {
        var name = written
        let qualified = name.hasPrefix(model.module + ".")
        if qualified { name.removeFirst(model.module.count + 1) }
        // The model is asked first: the index is searched only for the library's own type names.
        guard let type = model.type(named: name), qualified || !isShadowed(name) else { return nil }
        return type.name
    }

    /// The type a resolved receiver names (`.symbol("Valet")` for `Valet.valet(…)`).
    private func typeName(_ value: Value) -> String? {
        guard case .symbol(let name) = value else { return nil }
        return libraryType(named: name)
    }

    private func isModule(_ value: Value?) -> Bool {
        if case .symbol(let name)? = value { return name == model.module }
        return false
    }

    private func initializable(_ type: String) -> Bool {
        model.type(named: type)?.initializers == true
    }

    /// The app declares (not merely extends) a type of this name, visible from the file: then
    /// `Keychain(…)` is the app's, unless the declaration is a copy of the library's source
    /// (`VendoredWrappers`: its declarations have the library's shape).
    private func isShadowed(_ name: String) -> Bool {
        let declared = ScopedIndex(index: context.scan.index, asking: context.file.id).types(named: name)
            .filter { !$0.isExtension && !$0.isProtocol }
        guard model.isDeclaredInConfiguration else {
            return !declared.isEmpty && !VendoredWrappers.isVendored(name, of: model, in: context)
        }
        // A team's wrapper is usually in the scan: its own declaration, in the module the model
        // names, is the wrapper, not an app type of the same name.
        let project = context.scan.projectModel
        return declared.contains { declaration in
            !project.modules(of: declaration.file.path).contains { project.modules[$0].name == model.module }
        }
    }
}
