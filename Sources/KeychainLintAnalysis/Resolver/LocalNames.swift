import KeychainLintModel
import SwiftSyntax

/// What a bare name refers to at a place in the source, for rules that reason about syntax
/// around a value (is this `access` the variable declared there, or a re-binding?). The same
/// lexical lookup the resolver uses.
public enum NameBinding {
    /// A `let`/`var` of a function body or top-level code: its pattern binding.
    case variable(PatternBindingSyntax)
    /// A parameter of the enclosing function or initializer.
    case parameter(FunctionParameterSyntax)
    /// `if let name = …`, `guard let name = …`, `if let name`.
    case optionalBinding(OptionalBindingConditionSyntax)
    /// A local binding the resolver does not follow (closure or loop variable, pattern, …).
    case opaque
    /// Not declared locally: a property, a global, or an SDK symbol.
    case notLocal
}

extension SyntaxQueries {
    /// What `name`, used at `node`, is bound to lexically.
    public static func binding(of name: String, at node: some SyntaxProtocol) -> NameBinding {
        switch LocalScope.lookup(name, from: Syntax(node)) {
        case .variable(_, let binding, _, _)?: .variable(binding)
        case .parameter(let parameter, _)?: .parameter(parameter)
        case .optionalBinding(let condition)?: .optionalBinding(condition)
        case .opaque?, .casePayload?, .conditional?, .tupleElement?: .opaque
        case nil: .notLocal
        }
    }
}
