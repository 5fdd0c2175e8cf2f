import KeychainLintAnalysis
import KeychainLintModel
import SwiftSyntax

/// The modules a file imports, read from its syntax: top-level `import` declarations, also inside
/// `#if` clauses (`#if canImport(KeychainAccess)`), whatever the clause's condition, as the
/// resolver treats every clause as possible. A wrapper model applies only in such a file.
enum FileImports {
    private struct MemoKey: Hashable {}

    /// Memoized per file (a rule context serves one file).
    static func modules(in context: RuleContext) -> Set<String> {
        context.memo(MemoKey()) { modules(of: context.file.tree.statements) }
    }

    private struct OwnModulesKey: Hashable {}

    /// Whether a model's calls are recognised in the context's file: the file imports the model's
    /// module, or the model is declared in the configuration and the file belongs to that module
    /// (by the project model: a team's wrapper used inside its own module needs no import).
    /// A built-in model is also seen where the scan holds a copy of the library's source,
    /// recognised by its declarations' shape (`VendoredWrappers`).
    static func sees(_ model: WrapperModel, in context: RuleContext) -> Bool {
        if modules(in: context).contains(model.module) { return true }
        guard model.isDeclaredInConfiguration else { return VendoredWrappers.isVendored(model, in: context) }
        return ownModules(in: context).contains(model.module)
    }

    /// The names of the modules the project model puts the context's file in (memoized per file).
    static func ownModules(in context: RuleContext) -> Set<String> {
        context.memo(OwnModulesKey()) { () -> Set<String> in
            let project = context.scan.projectModel
            return Set(project.modules(of: context.file.path).map { project.modules[$0].name })
        }
    }

    private struct SeenModelsKey: Hashable {}

    /// The scan's models the file sees (`sees`), each with whether only through a copy of the
    /// library (`seesOnlyAsCopy`), in the scan's order (memoized per file: asked for every call
    /// a wrapper check looks at).
    static func seenModels(in context: RuleContext) -> [(model: WrapperModel, onlyAsCopy: Bool)] {
        context.memo(SeenModelsKey()) { context.scan.wrapperModels.flatMap { seen([$0], in: context) } }
    }

    /// `models` the file sees, each with whether only through a copy of the library.
    static func seen(_ models: [WrapperModel], in context: RuleContext) -> [(model: WrapperModel, onlyAsCopy: Bool)] {
        models.filter { sees($0, in: context) }.map { ($0, seesOnlyAsCopy($0, in: context)) }
    }

    /// The file sees a built-in model only through a copy of the library's source in the scan
    /// (it does not import the module).
    static func seesOnlyAsCopy(_ model: WrapperModel, in context: RuleContext) -> Bool {
        !model.isDeclaredInConfiguration && !modules(in: context).contains(model.module)
    }

    static func modules(of statements: CodeBlockItemListSyntax) -> Set<String> {
        var found: Set<String> = []
        for statement in statements {
            if let declaration = statement.item.as(ImportDeclSyntax.self), let first = declaration.path.first {
                found.insert(first.name.text)
            } else if let conditional = statement.item.as(IfConfigDeclSyntax.self) {
                for clause in conditional.clauses {
                    if case .statements(let inner)? = clause.elements { found.formUnion(modules(of: inner)) }
                }
            }
        }
        return found
    }
}
