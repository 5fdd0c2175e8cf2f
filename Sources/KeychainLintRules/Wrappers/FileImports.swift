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
